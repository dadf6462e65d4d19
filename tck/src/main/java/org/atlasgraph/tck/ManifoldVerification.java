package org.atlasgraph.tck;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Optional;
import org.atlasgraph.api.ChartPoint;
import org.atlasgraph.api.Manifold;
import org.atlasgraph.api.spi.ManifoldProvider;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * The conformance kit as an abstract JUnit 5 class: a provider's test extends it, supplies {@link #createManifold()}
 * and optionally {@link #settings()} and fixtures, and gets one test per rule of {@link ManifoldVerificationRules}.
 *
 * <pre>{@code
 * class SphereConformanceTest extends ManifoldVerification {
 *     @Override protected Manifold createManifold() { return Sphere.of(5); }
 *     @Override protected List<double[]> invalidAmbientPoints() { return List.of(new double[] {2, 0, 0, 0, 0}); }
 *     @Override protected Optional<ManifoldProvider> provider() { return Optional.of(new SphereProvider()); }
 * }
 * }</pre>
 *
 * <p>The work is done by {@link ConformanceKit}; this class only maps its results onto JUnit: a passed rule passes, a
 * failed rule fails with the kit's message {@code [ID] statement · measured vs bound · where · hint}, and a skipped
 * rule (a missing capability or fixture, or an {@link Level#UNTESTED} rule) is reported as an aborted test whose
 * reason says what to provide. A manifold declares its length scale and, if it is approximate (a learned atlas), its
 * accuracy as capabilities ({@code LengthScale}, {@code Accuracy}); {@link #settings()} applies them exactly as
 * {@link ConformanceKit#forManifold} and {@code atlas tck} do, and may be overridden for other seeds or sample counts.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
public abstract class ManifoldVerification implements ManifoldVerificationRules {
    private Manifold manifold;
    private ConformanceKit kit;

    /** For subclasses. */
    protected ManifoldVerification() {
    }

    /**
     * Creates the manifold under test; called once per test class.
     *
     * @return the manifold
     */
    protected abstract Manifold createManifold();

    /**
     * The settings of the run; by default {@link TckSettings#forManifold}: the manifold's declared {@code LengthScale}
     * (1 without one) and {@code Accuracy} ({@code Accuracy.EXACT} without one), as in {@code atlas tck}. Called once,
     * after {@link #createManifold()}.
     *
     * @return seed, samples, length scale and tolerances
     */
    protected TckSettings settings() {
        return TckSettings.forManifold(manifold());
    }

    /**
     * Test points for a manifold without a {@code Sampler} capability; ignored when it has one.
     *
     * @return points of {@link #manifold()}
     */
    protected List<ChartPoint> points() {
        return List.of();
    }

    /** @return well-formed ambient arrays that are not on the manifold (ERR-5); empty skips ERR-5 */
    protected List<double[]> invalidAmbientPoints() {
        return List.of();
    }

    /** @return the provider that makes the manifold (SPI-1…3); empty skips the SPI rules */
    protected Optional<ManifoldProvider> provider() {
        return Optional.empty();
    }

    /** @return parameter values the provider must reject, each naming a parameter (SPI-3) */
    protected List<InvalidParameters> invalidParameters() {
        return List.of();
    }

    /** @return the manifold under test, created once by {@link #createManifold()} */
    protected final Manifold manifold() {
        return manifold;
    }

    /** @return the engine behind the tests, for subclasses that add checks of their own */
    protected final ConformanceKit kit() {
        return kit;
    }

    /** Creates the manifold and the kit once for all rules of the class. */
    @BeforeAll
    final void createKit() {
        manifold = createManifold();
        TckFixtures fixtures = TckFixtures.none().withPoints(points()).withInvalidAmbientPoints(invalidAmbientPoints());
        Optional<ManifoldProvider> p = provider();
        if (p.isPresent()) {
            fixtures = fixtures.withProvider(p.get(), invalidParameters());
        }
        kit = new ConformanceKit(manifold, settings(), fixtures);
    }

    private void verify(RuleId id) {
        RuleResult result = kit.check(id);
        Assumptions.assumeTrue(result.status() != Status.SKIPPED, result::message);
        assertThat(result.status()).withFailMessage(result::message).isEqualTo(Status.PASSED);
    }

    /** {@inheritDoc} */
    @Override
    @Test
    @DisplayName("MAN-1 locate(embed(p)) is p (as a point, in whatever chart)")
    public void required_MAN1_locateOfEmbedIsTheSamePoint() {
        verify(RuleId.MAN_1);
    }

    /** {@inheritDoc} */
    @Override
    @Test
    @DisplayName("MAN-2 coordinatesIn(chart of p, embed(p)) = ξ_p")
    public void required_MAN2_coordinatesInOwnChartAreTheCoordinates() {
        verify(RuleId.MAN_2);
    }

    /** {@inheritDoc} */
    @Override
    @Test
    @DisplayName("MAN-3 points have charts of dimension d, embed to finite arrays of length D and pass checkPoint")
    public void required_MAN3_pointsHaveConsistentShapes() {
        verify(RuleId.MAN_3);
    }

    /** {@inheritDoc} */
    @Override
    @Test
    @DisplayName("CHT-1 located and sampled points lie in their chart's domain of trust")
    public void required_CHT1_locatedPointsLieInTheirChart() {
        verify(RuleId.CHT_1);
    }

    /** {@inheritDoc} */
    @Override
    @Test
    @DisplayName("CHT-2 tangentCoordinates(ξ, pushForward(ξ, τ)) = τ")
    public void required_CHT2_tangentCoordinatesInvertPushForward() {
        verify(RuleId.CHT_2);
    }

    /** {@inheritDoc} */
    @Override
    @Test
    @DisplayName("CHT-3 tangentCoordinates is the metric projection: g_x(Dφ⁻¹w, v − Dφ⁻¹τ) = 0 for "
            + "τ = tangentCoordinates(ξ, v)")
    public void required_CHT3_tangentCoordinatesAreTheMetricProjection() {
        verify(RuleId.CHT_3);
    }

    /** {@inheritDoc} */
    @Override
    @Test
    @DisplayName("RET-1 Ret_p(0) = p")
    public void required_RET1_zeroStepReturnsBasePoint() {
        verify(RuleId.RET_1);
    }

    /** {@inheritDoc} */
    @Override
    @Test
    @DisplayName("RET-2 Ret_p(tτ) agrees with Exp_p(tτ) to first order (defect O(t²))")
    public void stochastic_RET2_retractionAgreesWithExpToFirstOrder() {
        verify(RuleId.RET_2);
    }

    /** {@inheritDoc} */
    @Override
    @Test
    @DisplayName("RET-3 Ret_p(τ) is a finite point of M inside its chart's domain of trust for ‖τ‖ up "
            + "to the length scale")
    public void required_RET3_retractionGivesValidPointsInTheirChart() {
        verify(RuleId.RET_3);
    }

    /** {@inheritDoc} */
    @Override
    @Test
    @DisplayName("RET-4 after many retraction steps (10⁶ by default) the point still passes checkPoint and "
            + "round-trips through coordinatesIn of its own chart")
    public void optional_RET4_longWalksDoNotDrift() {
        verify(RuleId.RET_4);
    }

    /** {@inheritDoc} */
    @Override
    @Test
    @DisplayName("RET-5 Ret_p(τ) lies in the image of its chart, a valid point, for steps of several length "
            + "scales")
    public void required_RET5_longStepsStayInTheImageOfTheirChart() {
        verify(RuleId.RET_5);
    }

    /** {@inheritDoc} */
    @Override
    @Test
    @DisplayName("INV-1 Log^Ret_p(Ret_p(τ)) = τ for τ near 0")
    public void stochastic_INV1_inverseRetractionUndoesRetraction() {
        verify(RuleId.INV_1);
    }

    /** {@inheritDoc} */
    @Override
    @Test
    @DisplayName("INV-2 Ret_p(Log^Ret_p(q)) = q for q near p, q in another chart")
    public void stochastic_INV2_retractionUndoesInverseRetraction() {
        verify(RuleId.INV_2);
    }

    /** {@inheritDoc} */
    @Override
    @Test
    @DisplayName("VT-1 T_{p→q} is linear: T(aσ + bρ) = aT(σ) + bT(ρ)")
    public void required_VT1_transportIsLinear() {
        verify(RuleId.VT_1);
    }

    /** {@inheritDoc} */
    @Override
    @Test
    @DisplayName("VT-2 T_{p→p} is the identity (also when p is expressed in another chart)")
    public void required_VT2_transportToSamePointIsIdentity() {
        verify(RuleId.VT_2);
    }

    /** {@inheritDoc} */
    @Override
    @Test
    @DisplayName("VT-3 ‖T_{p→q}σ‖ = ‖σ‖ + O(‖σ‖t) for q = Ret_p(tτ)")
    public void stochastic_VT3_transportPreservesNormToFirstOrder() {
        verify(RuleId.VT_3);
    }

    /** {@inheritDoc} */
    @Override
    @Test
    @DisplayName("VT-4 T_{p→q}σ agrees with exact parallel transport to first order: O(‖σ‖t)")
    public void optional_VT4_transportAgreesWithParallelTransportToFirstOrder() {
        verify(RuleId.VT_4);
    }

    /** {@inheritDoc} */
    @Override
    @Test
    @DisplayName("VT-5 at the centre of a chart with stationary metric, T_{p→q}σ agrees with parallel "
            + "transport to second order: O(‖σ‖t²) (App. B)")
    public void optional_VT5_transportIsSecondOrderAtStationaryCentres() {
        verify(RuleId.VT_5);
    }

    /** {@inheritDoc} */
    @Override
    @Test
    @DisplayName("GEO-1 Exp_p(Log_p q) = q for the exact geometry")
    public void optional_GEO1_expOfLogIsTheIdentity() {
        verify(RuleId.GEO_1);
    }

    /** {@inheritDoc} */
    @Override
    @Test
    @DisplayName("GEO-2 ‖Log_p q‖_g = d(p, q) for the exact geometry")
    public void optional_GEO2_lengthOfLogIsTheDistance() {
        verify(RuleId.GEO_2);
    }

    /** {@inheritDoc} */
    @Override
    @Test
    @DisplayName("GEO-3 exact parallel transport is an isometry: g_q(Pu, Pv) = g_p(u, v)")
    public void optional_GEO3_parallelTransportIsAnIsometry() {
        verify(RuleId.GEO_3);
    }

    /** {@inheritDoc} */
    @Override
    @Test
    @DisplayName("TRN-1 ψ_βα(ψ_αβ(ξ)) = ξ on the overlap")
    public void optional_TRN1_transitionsAreMutuallyInverse() {
        verify(RuleId.TRN_1);
    }

    /** {@inheritDoc} */
    @Override
    @Test
    @DisplayName("TRN-2 φ_β⁻¹(ψ_αβ(ξ)) = φ_α⁻¹(ξ): a transition maps a point to the same point, also off the charts' "
            + "centres")
    public void optional_TRN2_transitionsPreserveThePoint() {
        verify(RuleId.TRN_2);
    }

    /** {@inheritDoc} */
    @Override
    @Test
    @DisplayName("TRN-3 Dψ_αβ(ξ)τ agrees with central finite differences of ψ_αβ")
    public void optional_TRN3_transitionDifferentialMatchesFiniteDifferences() {
        verify(RuleId.TRN_3);
    }

    /** {@inheritDoc} */
    @Override
    @Test
    @DisplayName("TRN-4 ψ_βγ(ψ_αβ(ξ)) = ψ_αγ(ξ) where three charts hold the point (cocycle)")
    public void optional_TRN4_transitionsComposeOnTripleOverlaps() {
        verify(RuleId.TRN_4);
    }

    /** {@inheritDoc} */
    @Override
    @Test
    @DisplayName("MET-1 ḡ_ξ is symmetric positive definite")
    public void required_MET1_metricIsSymmetricPositiveDefinite() {
        verify(RuleId.MET_1);
    }

    /** {@inheritDoc} */
    @Override
    @Test
    @DisplayName("MET-2 ḡ_ξ(u, v) = g_x(Dφ⁻¹u, Dφ⁻¹v), the stated ambient metric of the pushed-forward vectors "
            + "(eq. 2.2)")
    public void required_MET2_metricIsThePullBackOfTheAmbientMetric() {
        verify(RuleId.MET_2);
    }

    /** {@inheritDoc} */
    @Override
    @Test
    @DisplayName("MET-3 raise(ω) = G⁻¹ω: ḡ(raise(ω), v) = ω·v")
    public void required_MET3_raiseInvertsTheMetric() {
        verify(RuleId.MET_3);
    }

    /** {@inheritDoc} */
    @Override
    @Test
    @DisplayName("MET-4 riemannianGradient(e) represents e: ḡ(grad, w) = e·Dφ⁻¹w")
    public void required_MET4_riemannianGradientRepresentsTheDifferential() {
        verify(RuleId.MET_4);
    }

    /** {@inheritDoc} */
    @Override
    @Test
    @DisplayName("DST-1 d(p, q) = d(q, p)")
    public void required_DST1_distanceIsSymmetric() {
        verify(RuleId.DST_1);
    }

    /** {@inheritDoc} */
    @Override
    @Test
    @DisplayName("DST-2 d(p, p) = 0, also across charts, and d ≥ 0")
    public void required_DST2_distanceIsZeroOnTheDiagonal() {
        verify(RuleId.DST_2);
    }

    /** {@inheritDoc} */
    @Override
    @Test
    @DisplayName("DST-3 d(p, r) ≤ d(p, q) + d(q, r) within tolerance")
    public void required_DST3_distanceSatisfiesTriangleInequality() {
        verify(RuleId.DST_3);
    }

    /** {@inheritDoc} */
    @Override
    @Test
    @DisplayName("DST-4 d(p, q) equals the exact geodesic distance")
    public void optional_DST4_distanceMatchesExactDistance() {
        verify(RuleId.DST_4);
    }

    /** {@inheritDoc} */
    @Override
    @Test
    @DisplayName("DST-5 an approximate distance converges to the geodesic distance as the atlas is refined (§4.2.3)")
    public void untested_DST5_approximateDistanceConvergesUnderRefinement() {
        verify(RuleId.DST_5);
    }

    /** {@inheritDoc} */
    @Override
    @Test
    @DisplayName("ERR-1 ambient arrays of the wrong length are rejected by locate and coordinatesIn, naming 'ambient'")
    public void required_ERR1_wrongLengthAmbientIsRejected() {
        verify(RuleId.ERR_1);
    }

    /** {@inheritDoc} */
    @Override
    @Test
    @DisplayName("ERR-2 ambient arrays with NaN or ±∞ are rejected by locate and coordinatesIn, naming 'ambient'")
    public void required_ERR2_nonFiniteAmbientIsRejected() {
        verify(RuleId.ERR_2);
    }

    /** {@inheritDoc} */
    @Override
    @Test
    @DisplayName("ERR-3 coordinates, tangents, covectors and ambient vectors of the wrong length given "
            + "to a chart, a transition or the metric are rejected, naming the input")
    public void required_ERR3_wrongLengthCoordinatesAreRejected() {
        verify(RuleId.ERR_3);
    }

    /** {@inheritDoc} */
    @Override
    @Test
    @DisplayName("ERR-4 a tangent vector in another chart than its base point is rejected by retract, "
            + "transport and inner, naming it")
    public void required_ERR4_tangentInWrongChartIsRejected() {
        verify(RuleId.ERR_4);
    }

    /** {@inheritDoc} */
    @Override
    @Test
    @DisplayName("ERR-5 off-manifold ambient points are reported by checkPoint and rejected by locate "
            + "and coordinatesIn, naming 'ambient'")
    public void optional_ERR5_offManifoldAmbientIsRejected() {
        verify(RuleId.ERR_5);
    }

    /** {@inheritDoc} */
    @Override
    @Test
    @DisplayName("ERR-6 outputs are finite on valid inputs (far points and large steps included), or "
            + "the call fails loudly with IllegalArgumentException or ArithmeticException")
    public void required_ERR6_outputsAreFinite() {
        verify(RuleId.ERR_6);
    }

    /** {@inheritDoc} */
    @Override
    @Test
    @DisplayName("SPI-1 the provider is discoverable by its name through ServiceLoader")
    public void optional_SPI1_providerIsDiscoverable() {
        verify(RuleId.SPI_1);
    }

    /** {@inheritDoc} */
    @Override
    @Test
    @DisplayName("SPI-2 the provider's name is unique on the class path, lower-case, and its parameters are described")
    public void optional_SPI2_providerNameIsUniqueAndWellFormed() {
        verify(RuleId.SPI_2);
    }

    /** {@inheritDoc} */
    @Override
    @Test
    @DisplayName("SPI-3 bad parameters are rejected with an IllegalArgumentException naming the parameter")
    public void optional_SPI3_badParametersAreRejectedByName() {
        verify(RuleId.SPI_3);
    }
}

package org.atlasgraph.grassmann;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.Map;
import java.util.Optional;
import java.util.SplittableRandom;
import org.atlasgraph.api.AmbientMetric;
import org.atlasgraph.api.ChartPoint;
import org.atlasgraph.api.Coordinates;
import org.atlasgraph.api.Manifold;
import org.atlasgraph.api.TangentVector;
import org.atlasgraph.api.capability.Accuracy;
import org.atlasgraph.api.capability.AmbientSchemes;
import org.atlasgraph.api.capability.ChartCentring;
import org.atlasgraph.api.capability.ExactGeometry;
import org.atlasgraph.api.capability.GeodesicPowerDistribution;
import org.atlasgraph.api.capability.Geodesics;
import org.atlasgraph.api.capability.LengthScale;
import org.atlasgraph.api.capability.OnlineMeanStep;
import org.atlasgraph.api.capability.Sampler;
import org.atlasgraph.api.check.Defect;
import org.atlasgraph.api.check.InvalidInputException;
import org.atlasgraph.api.check.NotOnManifoldException;
import org.atlasgraph.api.spi.Providers;
import org.atlasgraph.api.validate.ValidatingManifold;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class GrassmannTest {
    private static final long SEED = 3;
    private static final double TOL = 1e-11;
    /** The bound for subspace agreement through a chart change. */
    private static final double PROJECTOR_TOL = 1e-10;

    @ParameterizedTest(name = "Gr({0},{1})")
    @CsvSource({"5,2", "3,1", "4,3", "30,5", "60,30"})
    void coordinatesInOfEmbedIsTheIdentityInEveryKindOfChart(int n, int k) {
        Grassmann g = Grassmann.of(n, k);
        SplittableRandom rng = new SplittableRandom(SEED + n);
        for (boolean adHoc : new boolean[] {false, true}) {
            GrassmannChart chart = GrassmannKernelsTest.randomChart(rng, n, k, adHoc, 0.5);
            ChartPoint p = new ChartPoint(chart, Coordinates.of(Reference.scaled(Reference.gaussian(rng, n - k, k),
                    0.3)));
            ChartPoint back = g.coordinatesIn(chart, g.embed(p)).orElseThrow();
            assertThat(Reference.maxAbsDifference(back.xi().toArray(), p.xi().toArray()))
                    .as("ingest(embed(p)) = p, adHoc=" + adHoc).isLessThan(TOL);
        }
    }

    @Test
    void locateUsesTheEhresmannChartOfAlg7WhenInsideItsDomainOfTrust() {
        Grassmann g = Grassmann.of(5, 2);
        // span{e1 + 0.2 e0, e3 + 0.1 e4}: Alg. 7 picks rows {1, 3}, with coordinates well inside |b| < 1.
        double[] x = {0.2, 0, 1, 0, 0, 0, 0, 1, 0, 0.1};
        ChartPoint p = g.locate(x);
        assertThat(p.chart().id().value()).as("chart").isEqualTo("E{1,3}");
        assertThat(p.xi().toArray()).as("X_L X_U⁻¹").containsExactly(new double[] {0.2, 0, 0, 0, 0, 0.1},
                within(1e-15));
        assertThat(Reference.projectorDistance(g.embed(p), x, 5, 2)).as("embed(locate(X)) spans X")
                .isLessThan(PROJECTOR_TOL);
    }

    @Test
    void locateCentresAnAdHocChartAtPointsOutsideTheDomainOfTrust() {
        int n = 8;
        int k = 3;
        Grassmann g = Grassmann.of(n, k);
        GrassmannAtlas atlas = new GrassmannAtlas(n, k);
        SplittableRandom rng = new SplittableRandom(SEED);
        int inside = 0;
        int outside = 0;
        for (int trial = 0; trial < 20; trial++) {
            double[] x = Reference.gaussian(rng, n, k);
            GrassmannChart best = atlas.ehresmann(atlas.identifyChart(Dense.thinQr(x, n, k).q()));
            double[] expected = Reference.ingest(best, x);
            ChartPoint p = g.locate(x);
            if (Reference.maxAbs(expected) < 1) {
                inside++;
                assertThat(p.chart()).as("Alg. 7 chart when |a| < 1").isEqualTo(best);
                assertThat(Reference.maxAbsDifference(p.xi().toArray(), expected)).as("Alg. 8").isLessThan(TOL);
            } else {
                outside++;
                assertThat(p.chart().id().value()).as("ad hoc chart when some |a| ≥ 1").startsWith("adhoc-");
                assertThat(p.xi().maxAbs()).as("at the centre").isZero();
            }
            assertThat(Reference.projectorDistance(g.embed(p), x, n, k)).as("same subspace").isLessThan(PROJECTOR_TOL);
        }
        assertThat(inside).as("trials inside the trust domain").isPositive();
        assertThat(outside).as("trials outside the trust domain").isPositive();
    }

    @Test
    void retractionChangesChartWhenACoordinateReachesOne() {
        Grassmann g = Grassmann.of(5, 2);
        GrassmannChart chart = (GrassmannChart) g.locate(new double[] {1, 0, 0, 1, 0, 0, 0, 0, 0, 0}).chart();
        ChartPoint p = new ChartPoint(chart, Coordinates.of(0.5, 0, 0, 0.2, 0, 0));
        TangentVector small = p.tangent(Coordinates.of(0.1, 0, 0, 0, 0, 0));
        assertThat(g.retraction().retract(p, small).orElseThrow().chart()).as("stays inside").isEqualTo(chart);
        TangentVector large = p.tangent(Coordinates.of(0.6, 0, 0, 0, 0, 0));
        ChartPoint q = g.retraction().retract(p, large).orElseThrow();
        assertThat(q.chart().id().value()).as("new chart").startsWith("adhoc-");
        assertThat(q.xi().maxAbs()).as("at the new centre").isZero();
        assertThat(Reference.projectorDistance(g.embed(q), chart.lift(new double[] {1.1, 0, 0, 0.2, 0, 0}), 5, 2))
                .as("Ret = φ⁻¹(B + τ)").isLessThan(PROJECTOR_TOL);
        TangentVector back = g.inverseRetraction().inverseRetract(q, p).orElseThrow();
        ChartPoint again = g.retraction().retract(q, back).orElseThrow();
        assertThat(g.capability(Geodesics.class).orElseThrow().distance(again, p))
                .as("Ret_q(Log^Ret_q p) = p across charts").isLessThan(1e-12);
        TangentVector moved = g.vectorTransport().transport(p, small, q);
        assertThat(moved.chart()).as("transported into q's chart").isEqualTo(q.chart());
        assertThat(g.metric().norm(q, moved)).as("transport across charts ≈ isometric")
                .isCloseTo(g.metric().norm(p, small), within(0.05));
    }

    @Test
    void coordinatesInReportsAChartChangeForSingularBlocksAndRejectsRankDeficientBases() {
        Grassmann g = Grassmann.of(4, 2);
        GrassmannChart e01 = GrassmannChart.ehresmann(4, 2, new int[] {0, 1});
        double[] farAway = {0, 0, 0, 0, 1, 0, 0, 1};
        assertThat(g.coordinatesIn(e01, farAway)).as("span{e2, e3} is not in E{0,1}").isEmpty();
        double[] rankOne = {1, 2, 1, 2, 1, 2, 1, 2};
        assertThatThrownBy(() -> g.coordinatesIn(e01, rankOne)).isInstanceOf(NotOnManifoldException.class)
                .hasMessageContaining("ambient: expected full column rank (condition number σ_max/σ_min at most "
                        + "1.000e+10), found condition number σ_max/σ_min = ")
                .hasMessageNotContaining("off by");
        assertThatThrownBy(() -> g.locate(rankOne)).isInstanceOf(NotOnManifoldException.class)
                .hasMessageContaining("ambient: expected full column rank");
        Optional<Defect> defect = g.checkPoint(rankOne);
        assertThat(defect).as("rank 1 of 2").isPresent();
        assertThat(defect.get().measured()).as("condition number").isGreaterThan(Grassmann.CONDITION_LIMIT);
        assertThat(g.checkPoint(farAway)).as("full rank").isEmpty();
        // An exactly rank-deficient basis breaks EJML's QR down: a value (infinite condition number), not an error.
        assertThat(g.checkPoint(new double[8])).as("zero basis").get().extracting(Defect::measured)
                .isEqualTo(Double.POSITIVE_INFINITY);
        assertThatThrownBy(() -> g.locate(new double[8])).as("a zero basis is reported as rank deficient")
                .hasMessage("ambient: expected full column rank (condition number σ_max/σ_min at most 1.000e+10), "
                        + "found condition number σ_max/σ_min = Infinity");
        assertThat(g.checkPoint(new double[] {1, 0, 0, 0, 0, 0, 0, 0})).as("zero column").get()
                .extracting(Defect::measured).isEqualTo(Double.POSITIVE_INFINITY);
    }

    @Test
    void rejectsBadShapesAndValuesNamingTheArgument() {
        assertThatThrownBy(() -> Grassmann.of(5, 0)).isInstanceOf(InvalidInputException.class)
                .hasMessage("k: expected an integer ≥ 1 (Gr(n,k) needs 1 ≤ k < n), found 0");
        assertThatThrownBy(() -> Grassmann.of(3, 3)).isInstanceOf(InvalidInputException.class)
                .hasMessage("n: expected an integer > k = 3 (Gr(n,k) needs 1 ≤ k < n), found 3");
        assertThatThrownBy(() -> Grassmann.of(100_000, 100_000 - 1)).isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("n·k: expected at most");
        Grassmann g = Grassmann.of(4, 2);
        assertThatThrownBy(() -> g.locate(new double[6])).isInstanceOf(InvalidInputException.class)
                .hasMessage("ambient: expected length 8 (n·k for Gr(4,2)), found 6");
        double[] nan = {1, 0, 0, 1, 0, Double.NaN, 0, 0};
        assertThatThrownBy(() -> g.locate(nan)).isInstanceOf(InvalidInputException.class)
                .hasMessage("ambient[5]: expected a finite value, found NaN");
        GrassmannChart e01 = GrassmannChart.ehresmann(4, 2, new int[] {0, 1});
        assertThatThrownBy(() -> g.coordinatesIn(e01, new double[] {1, 0, 0, 1, Double.POSITIVE_INFINITY, 0, 0, 0}))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("ambient[4]: expected a finite value");
        GrassmannChart other = GrassmannChart.ehresmann(5, 2, new int[] {0, 1});
        assertThatThrownBy(() -> g.coordinatesIn(other, new double[8])).isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("chart: expected a chart of Gr(4,2)");
        assertThatThrownBy(() -> e01.toAmbient(Coordinates.zeros(3))).isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("xi: expected length 4");
    }

    @Test
    void providerIsFoundByServiceLoaderAndValidatesItsParameters() {
        Providers providers = Providers.onClassPath();
        Manifold m = providers.create("grassmann", Map.of("n", "7", "k", "3"));
        assertThat(m.name()).as("name").isEqualTo("Gr(7,3)");
        assertThat(m.dimension()).as("d = (n − k)k").isEqualTo(12);
        assertThat(m.ambientDimension()).as("D = nk").isEqualTo(21);
        assertThatThrownBy(() -> providers.create("grassmann", Map.of("n", "3", "k", "3")))
                .isInstanceOf(InvalidInputException.class)
                .hasMessage("parameter 'n' of provider 'grassmann': expected an integer n > k = 3, found 3");
        assertThatThrownBy(() -> providers.create("grassmann", Map.of("k", "-1")))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("parameter 'k'");
        assertThat(m.capability(GeodesicPowerDistribution.class).orElseThrow().deltaMax())
                .as("delta-max defaults to paper").isEqualTo(DeltaMax.PAPER.value(7, 3));
        Manifold diameter = providers.create("grassmann", Map.of("n", "7", "k", "3", "delta-max", "Diameter"));
        assertThat(diameter.capability(GeodesicPowerDistribution.class).orElseThrow().deltaMax())
                .as("delta-max=diameter").isEqualTo(DeltaMax.DIAMETER.value(7, 3));
        assertThatThrownBy(() -> providers.create("grassmann", Map.of("delta-max", "uniform")))
                .isInstanceOf(InvalidInputException.class).hasMessage("parameter 'delta-max' of provider "
                        + "'grassmann': expected one of [paper, diameter], found uniform");
    }

    @Test
    void offersTheCapabilitiesItsJavadocLists() {
        Grassmann g = Grassmann.of(6, 2);
        assertThat(g.ambientMetric()).as("metric induced by R^{n×k}").isSameAs(AmbientMetric.INDUCED);
        assertThat(g.capability(ExactGeometry.class)).as("exact geometry").isPresent();
        assertThat(g.capability(Geodesics.class).orElseThrow().isExact()).as("geodesics from exact geometry")
                .isTrue();
        assertThat(g.capability(AmbientSchemes.class).orElseThrow().schemes().keySet()).as("schemes besides exp")
                .containsExactly("gifee", "retraction", "opca");
        assertThat(g.capability(OnlineMeanStep.class)).as("fused online-mean step").isPresent();
        assertThat(g.capability(Sampler.class)).as("sampler").isPresent();
        assertThat(g.capability(GeodesicPowerDistribution.class)).as("GPD").isPresent();
        assertThat(g.capability(ChartCentring.class)).as("chart centring").isPresent();
        assertThat(g.capability(Accuracy.class)).as("exact: held to Accuracy.EXACT, declares none").isEmpty();
        assertThat(g.capability(LengthScale.class)).as("unit length scale, the kit's default").isEmpty();
        assertThatThrownBy(() -> Grassmann.of(6, 2, null)).isInstanceOf(InvalidInputException.class)
                .hasMessage("deltaMax: expected one of [PAPER, DIAMETER], found null");
    }

    @Test
    void everyAnswerPassesTheValidatingDecorator() {
        Manifold g = ValidatingManifold.of(Grassmann.of(8, 3));
        SplittableRandom rng = new SplittableRandom(SEED);
        ChartPoint p = g.locate(Reference.gaussian(rng, 8, 3));
        for (int step = 0; step < 20; step++) {
            TangentVector tau = p.tangent(Coordinates.of(Reference.scaled(Reference.gaussian(rng, 5, 3), 0.4)));
            ChartPoint q = g.retraction().retract(p, tau).orElseThrow();
            TangentVector back = g.inverseRetraction().inverseRetract(q, p).orElseThrow();
            TangentVector moved = g.vectorTransport().transport(p, tau, q);
            assertThat(g.metric().inner(q, moved, back)).as("finite inner product, step %d", step).isFinite();
            TangentVector gradient = g.metric().riemannianGradient(q, Reference.gaussian(rng, 8, 3));
            assertThat(g.metric().norm(q, gradient)).as("gradient norm, step %d", step).isPositive();
            assertThat(g.checkPoint(g.embed(q))).as("embed passes checkPoint, step %d", step).isEmpty();
            p = q;
        }
    }

    /** What kit rule ERR-4 checks, which it skips on Gr(5,2) when every sampled point locates in its own chart. */
    @Test
    void rejectsTangentVectorsOfAnotherChartNamingThem() {
        Grassmann g = Grassmann.of(5, 2);
        ChartPoint p = g.locate(new double[] {0.2, 0, 1, 0, 0, 0, 0, 1, 0, 0.1});
        ChartPoint same = g.capability(ChartCentring.class).orElseThrow().centredAt(p);
        TangentVector foreign = same.tangent(Coordinates.of(0.1, 0, 0, 0, 0, 0.1));
        TangentVector own = p.tangent(Coordinates.of(0, 0.1, 0, 0, 0, 0));
        assertThatThrownBy(() -> g.retraction().retract(p, foreign)).as("retract")
                .isInstanceOf(InvalidInputException.class).hasMessageStartingWith("tau: ");
        assertThatThrownBy(() -> g.vectorTransport().transport(p, foreign, same)).as("transport")
                .isInstanceOf(InvalidInputException.class).hasMessageStartingWith("tau: ");
        assertThatThrownBy(() -> g.metric().inner(p, foreign, own)).as("inner, u")
                .isInstanceOf(InvalidInputException.class).hasMessageStartingWith("u: ");
        assertThatThrownBy(() -> g.metric().inner(p, own, foreign)).as("inner, v")
                .isInstanceOf(InvalidInputException.class).hasMessageStartingWith("v: ");
    }

    @Test
    void chartCentringPutsThePointAtTheCentreOfANewAdHocChart() {
        Grassmann g = Grassmann.of(5, 2);
        ChartPoint p = g.locate(new double[] {0.2, 0, 1, 0, 0, 0, 0, 1, 0, 0.1});
        ChartCentring centring = g.capability(ChartCentring.class).orElseThrow();
        ChartPoint centred = centring.centredAt(p);
        assertThat(centred.chart().id().value()).as("new ad hoc chart").startsWith("adhoc-");
        assertThat(centred.xi().maxAbs()).as("at its centre").isZero();
        assertThat(Reference.projectorDistance(g.embed(centred), g.embed(p), 5, 2)).as("the same point")
                .isLessThan(PROJECTOR_TOL);
        ChartPoint foreign = new ChartPoint(GrassmannChart.ehresmann(6, 2, new int[] {0, 1}), Coordinates.zeros(8));
        assertThatThrownBy(() -> centring.centredAt(foreign)).isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("chart: expected a chart of Gr(5,2)");
    }

    @Test
    void onlineFrechetMeanOnTheAtlasTracksTheExpScheme() {
        int n = 30;
        int k = 5;
        Grassmann g = Grassmann.of(n, k);
        SplittableRandom rng = new SplittableRandom(SEED);
        double[] x = g.uniform(rng);
        ExactGeometry exact = g.capability(ExactGeometry.class).orElseThrow();
        GeodesicPowerDistribution gpd = g.capability(GeodesicPowerDistribution.class).orElseThrow();
        double[] first = gpd.sample(x, 2, rng);
        ChartPoint atlasMean = g.locate(first);
        double[] expMean = first;
        for (int i = 1; i < 300; i++) {
            double[] sample = gpd.sample(x, 2, rng);
            ChartPoint s = g.coordinatesIn(atlasMean.chart(), sample).orElseThrow();
            TangentVector tau = g.inverseRetraction().inverseRetract(atlasMean, s).orElseThrow();
            atlasMean = g.retraction().retract(atlasMean, tau.scale(1.0 / (i + 1))).orElseThrow();
            expMean = exact.geodesicStep(expMean, sample, 1.0 / (i + 1));
        }
        double gap = exact.distance(g.embed(atlasMean), expMean);
        double error = exact.distance(expMean, x);
        // Both are first-order schemes for the same estimator: their gap is second order, far below the error.
        assertThat(gap).as("ATLAS_Frechet vs MANOPT after 300 samples (error " + error + ")").isLessThan(error / 10);
    }
}

package org.atlasgraph.tck;

/**
 * The rules of the kit, one method per rule, in the manner of the Reactive Streams TCK: the method's Javadoc is the
 * rule's statement, its paper reference and what to check when it fails. {@link ManifoldVerification} implements each
 * method as a JUnit test; method names are {@code level_AREAn_behaviour} and the IDs are those of {@link RuleId}.
 *
 * <p>Notation: p a test point in chart α with coordinates ξ_p and ambient image x = φ⁻¹(ξ_p); g the metric the
 * manifold states ({@code Manifold.ambientMetric()}, not necessarily the one induced by R^D); τ and σ representative
 * tangent vectors of unit norm ‖Dφ⁻¹τ‖_g = 1 (measured in the ambient space with g, not with the provider's
 * Metric); t a step size; s the length scale of {@link TckSettings}. Tolerances are the {@code Accuracy} of the
 * settings ({@code Accuracy.EXACT} unless the manifold declares another) and the named constants of the checks.
 * Every primitive is called through {@code ValidatingManifold}, except in the ERR rules.
 */
public interface ManifoldVerificationRules {
    /**
     * MAN-1 (required): locate(embed(p)) is p (as a point, in whatever chart).
     *
     * <p>Ingesting the embedding of a test point gives back the same point: the exact (or, without exact geometry,
     * the Euclidean ambient) distance between {@code locate(embed(p))} and p is at most the round-trip tolerance
     * times the length scale. Points are compared as points, so a lazy atlas may answer in a new chart. §2.1.2.
     *
     * <p>If this fails, check: does locate() pick the right chart and invert toAmbient() exactly?
     */
    void required_MAN1_locateOfEmbedIsTheSamePoint();

    /**
     * MAN-2 (required): coordinatesIn(chart of p, embed(p)) = ξ_p.
     *
     * <p>{@code coordinatesIn(chart of p, embed(p))} is present and equals ξ_p, measured as {@code ‖Dφ⁻¹(ξ' −
     * ξ_p)‖} against the round-trip tolerance. §2.1.1.
     *
     * <p>If this fails, check: is coordinatesIn() the inverse of Chart.toAmbient() on the chart's own points?
     */
    void required_MAN2_coordinatesInOwnChartAreTheCoordinates();

    /**
     * MAN-3 (required): points have charts of dimension d, embed to finite arrays of length D and pass checkPoint.
     *
     * <p>1 ≤ d ≤ D; every test point's chart has dimension d, {@code embed} returns a finite array of length D, and
     * {@code checkPoint} accepts it.
     *
     * <p>If this fails, check: do dimension(), ambientDimension(), Chart.dimension() and checkPoint() agree with
     * each other?
     */
    void required_MAN3_pointsHaveConsistentShapes();

    /**
     * CHT-1 (required): located and sampled points lie in their chart's domain of trust.
     *
     * <p>Sampled points and points returned by {@code locate} lie inside their chart's domain of trust ({@code
     * Chart.contains}), so that the next quasi-Euclidean update starts inside a chart (§2.4; the sphere's 45° rule,
     * Grassmann's {@code |a_ij| < 1}).
     *
     * <p>If this fails, check: does locate() (or the sampler) prefer a chart whose contains() holds at the point?
     */
    void required_CHT1_locatedPointsLieInTheirChart();

    /**
     * CHT-2 (required): tangentCoordinates(ξ, pushForward(ξ, τ)) = τ.
     *
     * <p>For a random unit τ, {@code ‖Dφ⁻¹(tangentCoordinates(ξ, Dφ⁻¹τ) − τ)‖_g} is within the round-trip tolerance:
     * the way back from ambient vectors to representatives inverts the way out (§4.2.4).
     *
     * <p>If this fails, check: is Chart.tangentCoordinates() a left inverse of Chart.pushForward() at the same ξ
     * (same base point, same basis, no stray scale)?
     */
    void required_CHT2_tangentCoordinatesInvertPushForward();

    /**
     * CHT-3 (required): tangentCoordinates is the metric projection: g_x(Dφ⁻¹w, v − Dφ⁻¹τ) = 0 for
     * τ = tangentCoordinates(ξ, v).
     *
     * <p>For a random ambient v (not tangent) and a random unit tangent w, the residual {@code v − Dφ⁻¹τ} is
     * orthogonal to w in the stated metric g, relative to {@code ‖Dφ⁻¹τ‖_g + √|g_x(v, v)|}. For the induced metric
     * this is the least-squares inverse of §4.2.4; for another metric (Minkowski for the hyperboloid) the Euclidean
     * least squares fails it.
     *
     * <p>If this fails, check: does Chart.tangentCoordinates() project orthogonally in Manifold.ambientMetric(), not
     * in the Euclidean product of R^D (the two differ when the metric is not the induced one)?
     */
    void required_CHT3_tangentCoordinatesAreTheMetricProjection();

    /**
     * RET-1 (required): Ret_p(0) = p.
     *
     * <p>{@code Ret_p(0) = p} to the round-trip tolerance (§2.2).
     *
     * <p>If this fails, check: does retract() add a bias or re-project the base point?
     */
    void required_RET1_zeroStepReturnsBasePoint();

    /**
     * RET-2 (stochastic): Ret_p(tτ) agrees with Exp_p(tτ) to first order (defect O(t²)).
     *
     * <p>D Ret_p(0) = id (Claim 2.1, App. A.1): for unit τ the defect of {@code Ret_p(tτ)} shrinks like t², checked
     * as a log-log slope ≥ 2 − slope tolerance over t ∈ [1e-4, 1e-1] ({@link SlopeFit}, best window printed on
     * failure). With exact geometry the defect is {@code d(Ret_p(tτ), Exp_p(tτ))}; without it the chart-coordinate
     * defect {@code ‖Dφ⁻¹(φ_α(Ret_p(tτ)) − ξ_p − tτ)‖}. A defect at rounding level throughout (an exact retraction)
     * passes.
     *
     * <p>If this fails, check: is D Ret_p(0) the identity, i.e. is τ added unscaled in p's chart and pushed forward
     * by Dφ⁻¹?
     */
    void stochastic_RET2_retractionAgreesWithExpToFirstOrder();

    /**
     * RET-3 (required): Ret_p(τ) is a finite point of M inside its chart's domain of trust for ‖τ‖ up to the length
     * scale.
     *
     * <p>For ‖τ‖ ∈ {0.25, 0.5, 1} × length scale, {@code Ret_p(τ)} has a chart of dimension d, embeds to a finite
     * point that passes {@code checkPoint}, and lies inside its chart's domain of trust: a step that leaves the
     * chart must change chart (§2.4, Alg. 1).
     *
     * <p>If this fails, check: does retract() call AtlasGraph.changeChart() when ξ + τ leaves the chart, and does
     * that chart contain the result?
     */
    void required_RET3_retractionGivesValidPointsInTheirChart();

    /**
     * RET-4 (optional): after many retraction steps (10⁶ by default) the point still passes checkPoint and
     * round-trips through coordinatesIn of its own chart.
     *
     * <p>On an exact atlas: a walk of {@link TckSettings#driftSteps()} steps of 1e-3·s from the first test point, in
     * legs of 1000 steps (a random direction, or back toward the start beyond 2s from it), changes chart now and then;
     * at eight checkpoints and at the end the point passes {@code checkPoint} and
     * {@code ‖Dφ⁻¹(coordinatesIn(own chart, embed(p)) − ξ)‖_g ≤ 1e-10·s}. A chart built from its predecessor
     * accumulates rounding that a few steps cannot show. Skipped for approximate atlases, whose round trips hold
     * only to their declared bound and whose charts end where their data end.
     *
     * <p>If this fails, check: does a chart change build the new chart from scratch at a point of M
     * (re-normalized, re-orthonormalized), or from its predecessor so that rounding accumulates?
     */
    void optional_RET4_longWalksDoNotDrift();

    /**
     * RET-5 (required): Ret_p(τ) lies in the image of its chart, a valid point, for steps of several length scales.
     *
     * <p>For ‖τ‖ ∈ {2, 4, 8} × s, {@code Ret_p(τ)} is present (on an exact atlas), lies in the image of its chart
     * ({@code Chart.inImage}), embeds to a finite point and passes {@code checkPoint}. A chart with a bounded image
     * (a Beltrami–Klein ball) cannot take such a step at once: the generic retraction walks it across chart changes
     * (§2.4).
     *
     * <p>If this fails, check: does retract() stop where ξ + sτ leaves the domain of trust, change chart there and
     * carry the rest of the step (as QuasiEuclideanRetraction does), instead of adding τ past the edge of a bounded
     * image?
     */
    void required_RET5_longStepsStayInTheImageOfTheirChart();

    /**
     * INV-1 (stochastic): Log^Ret_p(Ret_p(τ)) = τ for τ near 0.
     *
     * <p>{@code Log^Ret_p(Ret_p(τ)) = τ} in p's chart, relative to ‖τ‖, for ‖τ‖ ∈ {1e-3, 0.1, 0.5} × length scale,
     * including steps that changed chart (§2.2, §4.2.5).
     *
     * <p>If this fails, check: does inverseRetract() express q in p's chart before subtracting ξ_p, also after a
     * chart change?
     */
    void stochastic_INV1_inverseRetractionUndoesRetraction();

    /**
     * INV-2 (stochastic): Ret_p(Log^Ret_p(q)) = q for q near p, q in another chart.
     *
     * <p>{@code Ret_p(Log^Ret_p(q)) = q} for q near p located afresh (so usually in another chart), relative to
     * d(p, q) (§4.2.5); with approximate tolerances relative to max(d(p, q), length scale), because learned charts
     * disagree on overlaps by their fit residual however close q is to p.
     *
     * <p>If this fails, check: does inverseRetract() carry q into p's chart with the transition ψ_βα (not ψ_αβ)?
     */
    void stochastic_INV2_retractionUndoesInverseRetraction();

    /**
     * VT-1 (required): T_{p→q} is linear: T(aσ + bρ) = aT(σ) + bT(ρ).
     *
     * <p>{@code T(aσ + bρ) = aT(σ) + bT(ρ)} to rounding, to a destination in p's chart and to one in another chart
     * (§2.4.1).
     *
     * <p>If this fails, check: does transport() add or normalize anything, or depend on σ other than linearly?
     */
    void required_VT1_transportIsLinear();

    /**
     * VT-2 (required): T_{p→p} is the identity (also when p is expressed in another chart).
     *
     * <p>{@code T_{p→p}σ = σ} to rounding; and transported to the same point expressed in another chart, σ becomes
     * the representative of the same tangent vector there (round-trip tolerance), compared through the exact
     * exponential map where it exists so that quotient representatives do not matter (§2.4.1, §4.2.4).
     *
     * <p>If this fails, check: does transport() scale σ, and does it push σ through Dψ_αβ when q's chart differs
     * from p's?
     */
    void required_VT2_transportToSamePointIsIdentity();

    /**
     * VT-3 (stochastic): ‖T_{p→q}σ‖ = ‖σ‖ + O(‖σ‖t) for q = Ret_p(tτ).
     *
     * <p>For q = Ret_p(tτ), {@code |‖T_{p→q}σ‖/‖σ‖ − 1|} shrinks at least like t (slope ≥ 1 − slope tolerance),
     * norms measured in the ambient space (App. B).
     *
     * <p>If this fails, check: does transport() rescale σ by a factor that does not tend to 1 as q → p?
     */
    void stochastic_VT3_transportPreservesNormToFirstOrder();

    /**
     * VT-4 (optional): T_{p→q}σ agrees with exact parallel transport to first order: O(‖σ‖t).
     *
     * <p>Where the manifold has {@code ExactGeometry}: {@code ‖Dφ_q⁻¹T_{p→q}σ − P_{p→q}Dφ_p⁻¹σ‖_g = O(‖σ‖t)} for
     * q = Ret_p(tτ), at every test point (slope ≥ 1 − slope tolerance). The identity transport of §2.4.1 differs
     * from parallel transport by the Christoffel term {@code τ^m σ^l ∫Γ^k_ml dt}, which is first order in general
     * (App. B).
     *
     * <p>If this fails, check: does transport() differ from parallel transport by more than the Christoffel term,
     * e.g. a missing Dψ_αβ or a wrong base point in pushForward?
     */
    void optional_VT4_transportAgreesWithParallelTransportToFirstOrder();

    /**
     * VT-5 (optional): at the centre of a chart with stationary metric, T_{p→q}σ agrees with parallel transport to
     * second order: O(‖σ‖t²) (App. B).
     *
     * <p>Where the manifold has {@code ExactGeometry}, at test points where the chart's metric is stationary (normal,
     * gnomonic or Klein coordinates at their centre): the same defect is O(‖σ‖t²) (slope ≥ 2 − slope tolerance), App.
     * B's bound, which needs Γ = 0 at p. Stationarity is decided numerically: central differences (h = 1e-4) of the
     * pulled-back metric along the radial and three random directions must all be below 1e-6. Skipped when no test
     * point is stationary.
     *
     * <p>If this fails, check: the identity transport of §2.4.1 is second-order only where the Christoffel symbols
     * vanish; does transport() add a first-order term there?
     */
    void optional_VT5_transportIsSecondOrderAtStationaryCentres();

    /**
     * GEO-1 (optional): Exp_p(Log_p q) = q for the exact geometry.
     *
     * <p>Where the manifold has {@code ExactGeometry}, the reference of RET-2, VT-4, VT-5 and DST-4: for
     * {@code q = Exp_p(v)} with ‖v‖_g ∈ {0.1, 0.5, 1} × s, {@code d(Exp_p(Log_p q), q) ≤ round-trip tolerance ×
     * d(p, q)}.
     *
     * <p>If this fails, check: is ExactGeometry.log() the inverse of ExactGeometry.exp(), in direction as well as in
     * length?
     */
    void optional_GEO1_expOfLogIsTheIdentity();

    /**
     * GEO-2 (optional): ‖Log_p q‖_g = d(p, q) for the exact geometry.
     *
     * <p>For the same pairs, {@code |‖Log_p q‖_g − d(p, q)| ≤ round-trip tolerance × d(p, q)}, the length measured
     * in the stated metric g.
     *
     * <p>If this fails, check: do ExactGeometry.log() and ExactGeometry.distance() use the same metric, the stated
     * ambientMetric()?
     */
    void optional_GEO2_lengthOfLogIsTheDistance();

    /**
     * GEO-3 (optional): exact parallel transport is an isometry: g_q(Pu, Pv) = g_p(u, v).
     *
     * <p>For the same pairs and random unit tangents u, w at p, {@code g_q(Pu, Pw) = g_p(u, w)} and
     * {@code g_q(Pu, Pu) = 1} to rounding (1e-9): the reference of VT-4 and VT-5 must itself be isometric, else a
     * first-order transport could match a non-isometric one.
     *
     * <p>If this fails, check: does ExactGeometry.parallelTransport() keep inner products in the stated
     * ambientMetric(), with no factor that depends on d(p, q)?
     */
    void optional_GEO3_parallelTransportIsAnIsometry();

    /**
     * TRN-1 (optional): ψ_βα(ψ_αβ(ξ)) = ξ on the overlap.
     *
     * <p>{@code ψ_βα(ψ_αβ(ξ)) = ξ} (round-trip tolerance) for test points p in chart α and a chart β found near p
     * that represents p (eq. 2.1). Skipped when no second chart with transitions is found.
     *
     * <p>If this fails, check: is transition(β, α) the inverse of transition(α, β), not the same map or a
     * re-labelled copy?
     */
    void optional_TRN1_transitionsAreMutuallyInverse();

    /**
     * TRN-2 (optional): φ_β⁻¹(ψ_αβ(ξ)) = φ_α⁻¹(ξ): a transition maps a point to the same point, also off the charts'
     * centres.
     *
     * <p>{@code φ_β⁻¹(ψ_αβ(ξ)) = φ_α⁻¹(ξ)}, compared as points (round-trip tolerance): a transition maps a point to
     * the same point (eq. 2.1). β ranges over the chart of p located afresh and the charts of points located a short
     * step from p, so ξ and ψ_αβ(ξ) are tested at chart centres and away from them.
     *
     * <p>If this fails, check: does Transition.apply() compute φ_β∘φ_α⁻¹ with the right charts (from() first, then
     * to())?
     */
    void optional_TRN2_transitionsPreserveThePoint();

    /**
     * TRN-3 (optional): Dψ_αβ(ξ)τ agrees with central finite differences of ψ_αβ.
     *
     * <p>{@code Transition.pushForward(ξ, τ)} agrees with central differences of {@code Transition.apply} (h =
     * 1e-5) to 1e-6 relative (or the round-trip tolerance, if larger) (§2.4.1, §4.2.4).
     *
     * <p>If this fails, check: is Transition.pushForward() the derivative of Transition.apply() (chain rule through
     * φ_α⁻¹ and φ_β)?
     */
    void optional_TRN3_transitionDifferentialMatchesFiniteDifferences();

    /**
     * TRN-4 (optional): ψ_βγ(ψ_αβ(ξ)) = ψ_αγ(ξ) where three charts hold the point (cocycle).
     *
     * <p>For p in chart α and two other charts β, γ found near p that also hold it, the transitions compose:
     * {@code ‖Dφ_γ⁻¹(ψ_βγ(ψ_αβ(ξ_p)) − ψ_αγ(ξ_p))‖_g ≤ round-trip tolerance × s}. It tests transitions between two
     * charts neither of which is the test point's own, which TRN-1…3 do not. Skipped when no triple is found.
     *
     * <p>If this fails, check: does transition(β, γ) compute φ_γ∘φ_β⁻¹ for the charts it is given, also between two
     * charts neither of which is the one a point was located in?
     */
    void optional_TRN4_transitionsComposeOnTripleOverlaps();

    /**
     * MET-1 (required): ḡ_ξ is symmetric positive definite.
     *
     * <p>ḡ_ξ is symmetric to rounding and positive definite with λ_min/λ_max ≥ 1e-12: from the full Gram matrix of
     * the coordinate basis for d ≤ 100, from random and basis probes above (eq. 2.2).
     *
     * <p>If this fails, check: does Metric.inner() use both arguments symmetrically, and is the Gram matrix of the
     * pushed-forward basis formed with the right signs?
     */
    void required_MET1_metricIsSymmetricPositiveDefinite();

    /**
     * MET-2 (required): ḡ_ξ(u, v) = g_x(Dφ⁻¹u, Dφ⁻¹v), the stated ambient metric of the pushed-forward vectors
     * (eq. 2.2).
     *
     * <p>{@code Metric.inner(p, u, v) = g_x(Dφ⁻¹u, Dφ⁻¹v)} to rounding, with g the metric the manifold states
     * ({@code Manifold.ambientMetric()}): the chart metric is its pull-back, eq. (2.2). Only for
     * {@code AmbientMetric.INDUCED} is that the Euclidean product of the pushed-forward vectors.
     *
     * <p>If this fails, check: does Metric.inner() pull back Manifold.ambientMetric() (not the Euclidean product of
     * R^D) through Chart.pushForward() at the same ξ?
     */
    void required_MET2_metricIsThePullBackOfTheAmbientMetric();

    /**
     * MET-3 (required): raise(ω) = G⁻¹ω: ḡ(raise(ω), v) = ω·v.
     *
     * <p>{@code g_x(Dφ⁻¹raise(ω), Dφ⁻¹v) = ω·v} to rounding: raise applies G⁻¹, turning chart partial derivatives
     * into the Riemannian gradient (§2.3).
     *
     * <p>If this fails, check: does Metric.raise() apply the inverse of the metric at ξ (not the metric, not the
     * identity)?
     */
    void required_MET3_raiseInvertsTheMetric();

    /**
     * MET-4 (required): riemannianGradient(e) represents e: ḡ(grad, w) = e·Dφ⁻¹w.
     *
     * <p>For a random Euclidean gradient e ∈ R^D and a random unit tangent w, the Riemannian gradient
     * {@code grad = Metric.riemannianGradient(p, e)} satisfies {@code g_x(Dφ⁻¹grad, Dφ⁻¹w) = e·Dφ⁻¹w} to rounding,
     * relative to {@code ‖grad‖_g + |e·Dφ⁻¹w|}: it is {@code G⁻¹Dφ⁻¹ᵀe} (Manopt's egrad2rgrad), which equals the
     * projection of e only when the metric is the induced one.
     *
     * <p>If this fails, check: does Metric.riemannianGradient() raise the pulled-back covector (G⁻¹Dφ⁻¹ᵀe) rather
     * than project e with tangentCoordinates(), which is right only for the induced metric?
     */
    void required_MET4_riemannianGradientRepresentsTheDifferential();

    /**
     * DST-1 (required): d(p, q) = d(q, p).
     *
     * <p>{@code d(p, q) = d(q, p)} within the relative distance tolerance, for far and near pairs. DST-1…4 test the
     * distance of the manifold's {@code Geodesics} capability and are skipped without it.
     *
     * <p>If this fails, check: does distance() treat its arguments asymmetrically (e.g. walk the atlas from p's
     * chart only)?
     */
    void required_DST1_distanceIsSymmetric();

    /**
     * DST-2 (required): d(p, p) = 0, also across charts, and d ≥ 0.
     *
     * <p>{@code d(p, p) = 0} and {@code d(p, p') = 0} for p' the same point in another chart (round-trip tolerance
     * × length scale), and {@code d ≥ 0}.
     *
     * <p>If this fails, check: does distance() compare points by chart id or coordinates instead of as points?
     */
    void required_DST2_distanceIsZeroOnTheDiagonal();

    /**
     * DST-3 (required): d(p, r) ≤ d(p, q) + d(q, r) within tolerance.
     *
     * <p>{@code d(p, r) ≤ (d(p, q) + d(q, r))(1 + distance tolerance)} for far triples and nearly collinear ones
     * (p, Ret_p(τ), Ret_p(2τ)), where the inequality is tight.
     *
     * <p>If this fails, check: is distance() a length (not a squared length or an energy)?
     */
    void required_DST3_distanceSatisfiesTriangleInequality();

    /**
     * DST-4 (optional): d(p, q) equals the exact geodesic distance.
     *
     * <p>Where the manifold has both {@code Geodesics} and {@code ExactGeometry}:
     * {@code |d(p, q) − d_exact(p, q)| ≤ distance tolerance × d_exact}.
     *
     * <p>If this fails, check: does Geodesics.distance() agree with ExactGeometry.distance() on the embedded points?
     */
    void optional_DST4_distanceMatchesExactDistance();

    /**
     * DST-5 (untested): an approximate distance converges to the geodesic distance as the atlas is refined
     * (§4.2.3).
     *
     * <p>An approximate distance (the naive approximate distance of §4.2.3, Alg. 2) converges to the geodesic
     * distance as the atlas is refined. Listed for completeness; not verified by this kit, which sees one atlas.
     *
     * <p>If this fails, check: compare against a finer atlas of the same data
     */
    void untested_DST5_approximateDistanceConvergesUnderRefinement();

    /**
     * ERR-1 (required): ambient arrays of the wrong length are rejected by locate and coordinatesIn, naming
     * 'ambient'.
     *
     * <p>{@code locate} and {@code coordinatesIn} reject ambient arrays of length 0, D − 1 and D + 1 with an {@link
     * IllegalArgumentException} whose message names {@code ambient} in the house format {@code "ambient: expected
     * …, found …"}.
     *
     * <p>If this fails, check: validate with Checks.requireFiniteOfLength("ambient", …) at the start of locate()
     * and coordinatesIn()
     */
    void required_ERR1_wrongLengthAmbientIsRejected();

    /**
     * ERR-2 (required): ambient arrays with NaN or ±∞ are rejected by locate and coordinatesIn, naming 'ambient'.
     *
     * <p>{@code locate} and {@code coordinatesIn} reject ambient arrays with NaN, +∞ or −∞ in the first or last
     * entry, naming {@code ambient} (e.g. {@code "ambient[0]: expected a finite value, found NaN"}).
     *
     * <p>If this fails, check: validate with Checks.requireFiniteOfLength("ambient", …) before any arithmetic
     */
    void required_ERR2_nonFiniteAmbientIsRejected();

    /**
     * ERR-3 (required): coordinates, tangents, covectors and ambient vectors of the wrong length given to a chart,
     * a transition or the metric are rejected, naming the input.
     *
     * <p>{@code Chart.toAmbient}, {@code Chart.pushForward}, {@code Chart.tangentCoordinates}, {@code
     * Metric.raise}, {@code Transition.apply} and {@code Transition.pushForward} reject inputs of length d ± 1 (D ±
     * 1 for ambient vectors), naming {@code xi}, {@code tau}, {@code ambient} or {@code covector}.
     *
     * <p>If this fails, check: check xi, tau, ambient and covector lengths at the top of Chart, Transition and
     * Metric methods
     */
    void required_ERR3_wrongLengthCoordinatesAreRejected();

    /**
     * ERR-4 (required): a tangent vector in another chart than its base point is rejected by retract, transport and
     * inner, naming it.
     *
     * <p>{@code retract}, {@code transport} and {@code Metric.inner} reject a tangent vector expressed in another
     * chart than its base point's, naming {@code tau}, {@code u} or {@code v}. Skipped when the atlas never offers
     * a second chart.
     *
     * <p>If this fails, check: call p.requireTangent("tau", tau) at the public boundary
     */
    void required_ERR4_tangentInWrongChartIsRejected();

    /**
     * ERR-5 (optional): off-manifold ambient points are reported by checkPoint and rejected by locate and
     * coordinatesIn, naming 'ambient'.
     *
     * <p>For every point of the {@code invalidAmbientPoints()} fixture, {@code checkPoint} reports a defect and
     * {@code locate} and {@code coordinatesIn} reject it naming {@code ambient}. Skipped when the fixture is empty.
     *
     * <p>If this fails, check: call Checks.requireOnManifold("ambient", x, this::checkPoint) in locate() and
     * coordinatesIn()
     */
    void optional_ERR5_offManifoldAmbientIsRejected();

    /**
     * ERR-6 (required): outputs are finite on valid inputs (far points and large steps included), or the call fails
     * loudly with IllegalArgumentException or ArithmeticException.
     *
     * <p>On valid input, including far point pairs, coordinates of a far point in p's chart and steps of 3, 30 and
     * 300 length scales, every output of {@code embed}, {@code pushForward}, {@code toAmbient}, {@code inner},
     * {@code distance}, {@code inverseRetract} and {@code retract} is finite, or the call fails loudly with an
     * IllegalArgumentException or ArithmeticException: never a silent NaN.
     *
     * <p>If this fails, check: wrap computed arrays with Coordinates.ofComputed / Checks.requireFiniteResult; look
     * for 0/0 or acos(&gt;1) far from the chart centre
     */
    void required_ERR6_outputsAreFinite();

    /**
     * SPI-1 (optional): the provider is discoverable by its name through ServiceLoader.
     *
     * <p>The {@code provider()} fixture is found by {@link java.util.ServiceLoader} and by {@code
     * Providers.named(name)}, and creates a manifold from its default parameters when all have defaults. Skipped
     * without the fixture.
     *
     * <p>If this fails, check: register the class in META-INF/services/org.atlasgraph.api.spi.ManifoldProvider
     */
    void optional_SPI1_providerIsDiscoverable();

    /**
     * SPI-2 (optional): the provider's name is unique on the class path, lower-case, and its parameters are
     * described.
     *
     * <p>The provider's name is lower-case words joined by hyphens and no other provider on the class path has it;
     * its description and every parameter's description are non-blank and parameter names are distinct.
     *
     * <p>If this fails, check: choose a lower-case name such as "my-manifold" that no other provider uses
     */
    void optional_SPI2_providerNameIsUniqueAndWellFormed();

    /**
     * SPI-3 (optional): bad parameters are rejected with an IllegalArgumentException naming the parameter.
     *
     * <p>Every {@code invalidParameters()} fixture is rejected by {@code create} with an {@link
     * IllegalArgumentException} whose message names the parameter in quotes ({@code parameter 'n' of provider
     * 'sphere': …}). Skipped when the fixture is empty.
     *
     * <p>If this fails, check: throw parameters.outOfRange("name", "what is allowed") in create()
     */
    void optional_SPI3_badParametersAreRejectedByName();
}

package org.atlasgraph.tck;

/**
 * The rules of the kit, each with a stable {@code AREA-n} ID, a {@link Level}, a one-line statement and a hint for the
 * provider author when it fails. IDs are stable forever: a retired ID is never reused, new rules get new numbers.
 *
 * <p>Areas: {@code MAN} points and ingestion, {@code CHT} charts, {@code RET} retraction (§2.2, §2.4, Claim 2.1,
 * App. A), {@code INV} inverse retraction (§4.2.5), {@code VT} vector transport (§2.4.1, App. B), {@code GEO} the
 * closed-form geometry the other rules use as reference, {@code TRN} transition maps (eq. 2.1), {@code MET} metric
 * (eq. 2.2), {@code DST} distance, {@code ERR} input validation, {@code SPI} provider discovery.
 * {@link ManifoldVerificationRules} documents each rule at length. The enum's order is the order of reports; it is not
 * part of a rule's identity (each rule draws its random directions from a seed derived from its ID).
 */
public enum RuleId {
    /** See {@link ManifoldVerificationRules#required_MAN1_locateOfEmbedIsTheSamePoint()}. */
    MAN_1("MAN-1", Level.REQUIRED, "locate(embed(p)) is p (as a point, in whatever chart)",
            "does locate() pick the right chart and invert toAmbient() exactly?"),
    /** See {@link ManifoldVerificationRules#required_MAN2_coordinatesInOwnChartAreTheCoordinates()}. */
    MAN_2("MAN-2", Level.REQUIRED, "coordinatesIn(chart of p, embed(p)) = ξ_p",
            "is coordinatesIn() the inverse of Chart.toAmbient() on the chart's own points?"),
    /** See {@link ManifoldVerificationRules#required_MAN3_pointsHaveConsistentShapes()}. */
    MAN_3("MAN-3", Level.REQUIRED,
            "points have charts of dimension d, embed to finite arrays of length D and pass checkPoint",
            "do dimension(), ambientDimension(), Chart.dimension() and checkPoint() agree with each other?"),
    /** See {@link ManifoldVerificationRules#required_CHT1_locatedPointsLieInTheirChart()}. */
    CHT_1("CHT-1", Level.REQUIRED, "located and sampled points lie in their chart's domain of trust",
            "does locate() (or the sampler) prefer a chart whose contains() holds at the point?"),
    /** See {@link ManifoldVerificationRules#required_CHT2_tangentCoordinatesInvertPushForward()}. */
    CHT_2("CHT-2", Level.REQUIRED, "tangentCoordinates(ξ, pushForward(ξ, τ)) = τ",
            "is Chart.tangentCoordinates() a left inverse of Chart.pushForward() at the same ξ (same base point, same "
                    + "basis, no stray scale)?"),
    /** See {@link ManifoldVerificationRules#required_CHT3_tangentCoordinatesAreTheMetricProjection()}. */
    CHT_3("CHT-3", Level.REQUIRED,
            "tangentCoordinates is the metric projection: g_x(Dφ⁻¹w, v − Dφ⁻¹τ) = 0 for τ = tangentCoordinates(ξ, v)",
            "does Chart.tangentCoordinates() project orthogonally in Manifold.ambientMetric(), not in the Euclidean "
                    + "product of R^D (the two differ when the metric is not the induced one)?"),
    /** See {@link ManifoldVerificationRules#required_RET1_zeroStepReturnsBasePoint()}. */
    RET_1("RET-1", Level.REQUIRED, "Ret_p(0) = p", "does retract() add a bias or re-project the base point?"),
    /** See {@link ManifoldVerificationRules#stochastic_RET2_retractionAgreesWithExpToFirstOrder()}. */
    RET_2("RET-2", Level.STOCHASTIC, "Ret_p(tτ) agrees with Exp_p(tτ) to first order (defect O(t²))",
            "is D Ret_p(0) the identity, i.e. is τ added unscaled in p's chart and pushed forward by Dφ⁻¹?"),
    /** See {@link ManifoldVerificationRules#required_RET3_retractionGivesValidPointsInTheirChart()}. */
    RET_3("RET-3", Level.REQUIRED,
            "Ret_p(τ) is a finite point of M inside its chart's domain of trust for ‖τ‖ up to the length scale",
            "does retract() call AtlasGraph.changeChart() when ξ + τ leaves the chart, and does that chart contain "
                    + "the result?"),
    /** See {@link ManifoldVerificationRules#optional_RET4_longWalksDoNotDrift()}. */
    RET_4("RET-4", Level.OPTIONAL,
            "after many retraction steps (10⁶ by default) the point still passes checkPoint and round-trips through "
                    + "coordinatesIn of its own chart",
            "does a chart change build the new chart from scratch at a point of M (re-normalized, re-orthonormalized), "
                    + "or from its predecessor so that rounding accumulates?"),
    /** See {@link ManifoldVerificationRules#required_RET5_longStepsStayInTheImageOfTheirChart()}. */
    RET_5("RET-5", Level.REQUIRED,
            "Ret_p(τ) lies in the image of its chart, a valid point, for steps of several length scales",
            "does retract() stop where ξ + sτ leaves the domain of trust, change chart there and carry the rest of "
                    + "the step (as QuasiEuclideanRetraction does), instead of adding τ past the edge of a bounded "
                    + "image?"),
    /** See {@link ManifoldVerificationRules#stochastic_INV1_inverseRetractionUndoesRetraction()}. */
    INV_1("INV-1", Level.STOCHASTIC, "Log^Ret_p(Ret_p(τ)) = τ for τ near 0",
            "does inverseRetract() express q in p's chart before subtracting ξ_p, also after a chart change?"),
    /** See {@link ManifoldVerificationRules#stochastic_INV2_retractionUndoesInverseRetraction()}. */
    INV_2("INV-2", Level.STOCHASTIC, "Ret_p(Log^Ret_p(q)) = q for q near p, q in another chart",
            "does inverseRetract() carry q into p's chart with the transition ψ_βα (not ψ_αβ)?"),
    /** See {@link ManifoldVerificationRules#required_VT1_transportIsLinear()}. */
    VT_1("VT-1", Level.REQUIRED, "T_{p→q} is linear: T(aσ + bρ) = aT(σ) + bT(ρ)",
            "does transport() add or normalize anything, or depend on σ other than linearly?"),
    /** See {@link ManifoldVerificationRules#required_VT2_transportToSamePointIsIdentity()}. */
    VT_2("VT-2", Level.REQUIRED, "T_{p→p} is the identity (also when p is expressed in another chart)",
            "does transport() scale σ, and does it push σ through Dψ_αβ when q's chart differs from p's?"),
    /** See {@link ManifoldVerificationRules#stochastic_VT3_transportPreservesNormToFirstOrder()}. */
    VT_3("VT-3", Level.STOCHASTIC, "‖T_{p→q}σ‖ = ‖σ‖ + O(‖σ‖t) for q = Ret_p(tτ)",
            "does transport() rescale σ by a factor that does not tend to 1 as q → p?"),
    /** See {@link ManifoldVerificationRules#optional_VT4_transportAgreesWithParallelTransportToFirstOrder()}. */
    VT_4("VT-4", Level.OPTIONAL, "T_{p→q}σ agrees with exact parallel transport to first order: O(‖σ‖t)",
            "does transport() differ from parallel transport by more than the Christoffel term, e.g. a missing "
                    + "Dψ_αβ or a wrong base point in pushForward?"),
    /** See {@link ManifoldVerificationRules#optional_VT5_transportIsSecondOrderAtStationaryCentres()}. */
    VT_5("VT-5", Level.OPTIONAL,
            "at the centre of a chart with stationary metric, T_{p→q}σ agrees with parallel transport to second "
                    + "order: O(‖σ‖t²) (App. B)",
            "the identity transport of §2.4.1 is second-order only where the Christoffel symbols vanish; does "
                    + "transport() add a first-order term there?"),
    /** See {@link ManifoldVerificationRules#optional_GEO1_expOfLogIsTheIdentity()}. */
    GEO_1("GEO-1", Level.OPTIONAL, "Exp_p(Log_p q) = q for the exact geometry",
            "is ExactGeometry.log() the inverse of ExactGeometry.exp(), in direction as well as in length?"),
    /** See {@link ManifoldVerificationRules#optional_GEO2_lengthOfLogIsTheDistance()}. */
    GEO_2("GEO-2", Level.OPTIONAL, "‖Log_p q‖_g = d(p, q) for the exact geometry",
            "do ExactGeometry.log() and ExactGeometry.distance() use the same metric, the stated ambientMetric()?"),
    /** See {@link ManifoldVerificationRules#optional_GEO3_parallelTransportIsAnIsometry()}. */
    GEO_3("GEO-3", Level.OPTIONAL, "exact parallel transport is an isometry: g_q(Pu, Pv) = g_p(u, v)",
            "does ExactGeometry.parallelTransport() keep inner products in the stated ambientMetric(), with no "
                    + "factor that depends on d(p, q)?"),
    /** See {@link ManifoldVerificationRules#optional_TRN1_transitionsAreMutuallyInverse()}. */
    TRN_1("TRN-1", Level.OPTIONAL, "ψ_βα(ψ_αβ(ξ)) = ξ on the overlap",
            "is transition(β, α) the inverse of transition(α, β), not the same map or a re-labelled copy?"),
    /** See {@link ManifoldVerificationRules#optional_TRN2_transitionsPreserveThePoint()}. */
    TRN_2("TRN-2", Level.OPTIONAL, "φ_β⁻¹(ψ_αβ(ξ)) = φ_α⁻¹(ξ): a transition maps a point to the same point, also "
            + "off the charts' centres",
            "does Transition.apply() compute φ_β∘φ_α⁻¹ with the right charts (from() first, then to())?"),
    /** See {@link ManifoldVerificationRules#optional_TRN3_transitionDifferentialMatchesFiniteDifferences()}. */
    TRN_3("TRN-3", Level.OPTIONAL, "Dψ_αβ(ξ)τ agrees with central finite differences of ψ_αβ",
            "is Transition.pushForward() the derivative of Transition.apply() (chain rule through φ_α⁻¹ and φ_β)?"),
    /** See {@link ManifoldVerificationRules#optional_TRN4_transitionsComposeOnTripleOverlaps()}. */
    TRN_4("TRN-4", Level.OPTIONAL, "ψ_βγ(ψ_αβ(ξ)) = ψ_αγ(ξ) where three charts hold the point (cocycle)",
            "does transition(β, γ) compute φ_γ∘φ_β⁻¹ for the charts it is given, also between two charts neither of "
                    + "which is the one a point was located in?"),
    /** See {@link ManifoldVerificationRules#required_MET1_metricIsSymmetricPositiveDefinite()}. */
    MET_1("MET-1", Level.REQUIRED, "ḡ_ξ is symmetric positive definite",
            "does Metric.inner() use both arguments symmetrically, and is the Gram matrix of the pushed-forward "
                    + "basis formed with the right signs?"),
    /** See {@link ManifoldVerificationRules#required_MET2_metricIsThePullBackOfTheAmbientMetric()}. */
    MET_2("MET-2", Level.REQUIRED, "ḡ_ξ(u, v) = g_x(Dφ⁻¹u, Dφ⁻¹v), the stated ambient metric of the pushed-forward "
            + "vectors (eq. 2.2)", "does Metric.inner() pull back Manifold.ambientMetric() (not the Euclidean product "
            + "of R^D) through Chart.pushForward() at the same ξ?"),
    /** See {@link ManifoldVerificationRules#required_MET3_raiseInvertsTheMetric()}. */
    MET_3("MET-3", Level.REQUIRED, "raise(ω) = G⁻¹ω: ḡ(raise(ω), v) = ω·v",
            "does Metric.raise() apply the inverse of the metric at ξ (not the metric, not the identity)?"),
    /** See {@link ManifoldVerificationRules#required_MET4_riemannianGradientRepresentsTheDifferential()}. */
    MET_4("MET-4", Level.REQUIRED, "riemannianGradient(e) represents e: ḡ(grad, w) = e·Dφ⁻¹w",
            "does Metric.riemannianGradient() raise the pulled-back covector (G⁻¹Dφ⁻¹ᵀe) rather than project e "
                    + "with tangentCoordinates(), which is right only for the induced metric?"),
    /** See {@link ManifoldVerificationRules#required_DST1_distanceIsSymmetric()}. */
    DST_1("DST-1", Level.REQUIRED, "d(p, q) = d(q, p)",
            "does distance() treat its arguments asymmetrically (e.g. walk the atlas from p's chart only)?"),
    /** See {@link ManifoldVerificationRules#required_DST2_distanceIsZeroOnTheDiagonal()}. */
    DST_2("DST-2", Level.REQUIRED, "d(p, p) = 0, also across charts, and d ≥ 0",
            "does distance() compare points by chart id or coordinates instead of as points?"),
    /** See {@link ManifoldVerificationRules#required_DST3_distanceSatisfiesTriangleInequality()}. */
    DST_3("DST-3", Level.REQUIRED, "d(p, r) ≤ d(p, q) + d(q, r) within tolerance",
            "is distance() a length (not a squared length or an energy)?"),
    /** See {@link ManifoldVerificationRules#optional_DST4_distanceMatchesExactDistance()}. */
    DST_4("DST-4", Level.OPTIONAL, "d(p, q) equals the exact geodesic distance",
            "does Geodesics.distance() agree with ExactGeometry.distance() on the embedded points?"),
    /** See {@link ManifoldVerificationRules#untested_DST5_approximateDistanceConvergesUnderRefinement()}. */
    DST_5("DST-5", Level.UNTESTED,
            "an approximate distance converges to the geodesic distance as the atlas is refined (§4.2.3)",
            "compare against a finer atlas of the same data"),
    /** See {@link ManifoldVerificationRules#required_ERR1_wrongLengthAmbientIsRejected()}. */
    ERR_1("ERR-1", Level.REQUIRED,
            "ambient arrays of the wrong length are rejected by locate and coordinatesIn, naming 'ambient'",
            "validate with Checks.requireFiniteOfLength(\"ambient\", …) at the start of locate() and "
                    + "coordinatesIn()"),
    /** See {@link ManifoldVerificationRules#required_ERR2_nonFiniteAmbientIsRejected()}. */
    ERR_2("ERR-2", Level.REQUIRED,
            "ambient arrays with NaN or ±∞ are rejected by locate and coordinatesIn, naming 'ambient'",
            "validate with Checks.requireFiniteOfLength(\"ambient\", …) before any arithmetic"),
    /** See {@link ManifoldVerificationRules#required_ERR3_wrongLengthCoordinatesAreRejected()}. */
    ERR_3("ERR-3", Level.REQUIRED,
            "coordinates, tangents, covectors and ambient vectors of the wrong length given to a chart, a "
                    + "transition or the metric are rejected, naming the input",
            "check xi, tau, ambient and covector lengths at the top of Chart, Transition and Metric methods"),
    /** See {@link ManifoldVerificationRules#required_ERR4_tangentInWrongChartIsRejected()}. */
    ERR_4("ERR-4", Level.REQUIRED,
            "a tangent vector in another chart than its base point is rejected by retract, transport and inner, "
                    + "naming it", "call p.requireTangent(\"tau\", tau) at the public boundary"),
    /** See {@link ManifoldVerificationRules#optional_ERR5_offManifoldAmbientIsRejected()}. */
    ERR_5("ERR-5", Level.OPTIONAL,
            "off-manifold ambient points are reported by checkPoint and rejected by locate and coordinatesIn, "
                    + "naming 'ambient'",
            "call Checks.requireOnManifold(\"ambient\", x, this::checkPoint) in locate() and coordinatesIn()"),
    /** See {@link ManifoldVerificationRules#required_ERR6_outputsAreFinite()}. */
    ERR_6("ERR-6", Level.REQUIRED,
            "outputs are finite on valid inputs (far points and large steps included), or the call fails "
                    + "loudly with IllegalArgumentException or ArithmeticException",
            "wrap computed arrays with Coordinates.ofComputed / Checks.requireFiniteResult; look for 0/0 or "
                    + "acos(>1) far from the chart centre"),
    /** See {@link ManifoldVerificationRules#optional_SPI1_providerIsDiscoverable()}. */
    SPI_1("SPI-1", Level.OPTIONAL, "the provider is discoverable by its name through ServiceLoader",
            "register the class in META-INF/services/org.atlasgraph.api.spi.ManifoldProvider"),
    /** See {@link ManifoldVerificationRules#optional_SPI2_providerNameIsUniqueAndWellFormed()}. */
    SPI_2("SPI-2", Level.OPTIONAL,
            "the provider's name is unique on the class path, lower-case, and its parameters are described",
            "choose a lower-case name such as \"my-manifold\" that no other provider uses"),
    /** See {@link ManifoldVerificationRules#optional_SPI3_badParametersAreRejectedByName()}. */
    SPI_3("SPI-3", Level.OPTIONAL, "bad parameters are rejected with an IllegalArgumentException naming the parameter",
            "throw parameters.outOfRange(\"name\", \"what is allowed\") in create()");

    private final String id;
    private final Level level;
    private final String statement;
    private final String hint;

    RuleId(String id, Level level, String statement, String hint) {
        this.id = id;
        this.level = level;
        this.statement = statement;
        this.hint = hint;
    }

    /** @return the stable ID, e.g. {@code "RET-1"} */
    public String id() {
        return id;
    }

    /** @return how the rule binds */
    public Level level() {
        return level;
    }

    /** @return the one-line statement, e.g. {@code "Ret_p(0) = p"} */
    public String statement() {
        return statement;
    }

    /** @return what a provider author should check first when the rule fails */
    public String hint() {
        return hint;
    }

    /** @return {@code "ID statement"}, the display name of the rule's JUnit test */
    public String displayName() {
        return id + " " + statement;
    }
}

package org.atlasgraph.api;

import java.util.Optional;
import org.atlasgraph.api.check.Checks;
import org.atlasgraph.api.check.Defect;
import org.atlasgraph.api.check.InvalidInputException;
import org.atlasgraph.api.check.NotOnManifoldException;
import org.atlasgraph.api.primitive.Distance;
import org.atlasgraph.api.primitive.ExactGeometry;
import org.atlasgraph.api.primitive.InverseRetraction;
import org.atlasgraph.api.primitive.Metric;
import org.atlasgraph.api.primitive.Retraction;
import org.atlasgraph.api.primitive.VectorTransport;

/**
 * A Riemannian manifold M of dimension d embedded in R^D, represented by an atlas graph (§2) and computed on in chart
 * coordinates.
 *
 * <p>Points cross the public boundary in two forms: {@link ChartPoint}s, on which the primitives act, and ambient
 * arrays of length D (a unit vector for the sphere, an n×k matrix whose columns span the subspace, row-major, for the
 * Grassmannian, a point of R^D for a point cloud), which {@link #locate} and {@link #coordinatesIn} ingest and
 * {@link #embed} returns. The primitives are small interchangeable values in the manner of ManifoldsBase: a manifold
 * offers defaults (the quasi-Euclidean ones of §2.4) and algorithms may be handed others, such as the exact ones.
 */
public interface Manifold {
    /** @return a short human-readable name such as {@code "S^2"} or {@code "Gr(5,2)"} */
    String name();

    /** @return d, the intrinsic dimension (the length of chart coordinates) */
    int dimension();

    /** @return D, the length of ambient arrays */
    int ambientDimension();

    /** @return the atlas graph */
    AtlasGraph atlas();

    /**
     * Ingests an ambient point into the chart the atlas prefers for it (Grassmann: Alg. 7 then Alg. 8).
     *
     * @param ambient a point of length D (not modified)
     * @return its chart point
     * @throws InvalidInputException  if the length is wrong or an entry is not finite
     * @throws NotOnManifoldException if {@link #checkPoint} reports a defect
     */
    ChartPoint locate(double[] ambient);

    /**
     * Ingests an ambient point into a given chart (Grassmann: {@code X ↦ X_L X_U⁻¹} after rotating by the chart's Q,
     * App. G.1). "Cannot do it here" is a value: a point outside the chart's overlap (a rank-deficient X_U) gives empty,
     * which means "change chart", not failure.
     *
     * @param chart   the chart
     * @param ambient a point of length D (not modified)
     * @return its coordinates in {@code chart}, or empty when the chart cannot represent it
     * @throws InvalidInputException if the length is wrong or an entry is not finite
     */
    Optional<ChartPoint> coordinatesIn(Chart chart, double[] ambient);

    /**
     * One step of an online mean toward an ambient sample (Alg. 1's {@code A ← A + (Ã − A)·t}): the sample is ingested
     * into p's chart, the quasi-Euclidean difference τ = ξ_x − ξ_p is taken there, and the result is
     * {@code retraction().retract(p, t·τ)}, which changes chart when the step leaves p's domain of trust.
     *
     * <p>The default composes {@link #coordinatesIn}, {@link #inverseRetraction()} and {@link #retraction()} and
     * returns exactly what they return. A provider may override it with a fused kernel that gives the same point (up
     * to rounding) without the intermediate values; it must validate {@code ambient} as {@link #coordinatesIn} does.
     *
     * @param p       the current point
     * @param ambient the sample, a point of length D (not modified)
     * @param t       the fraction of the way to go, finite (1/(i+1) for the (i+1)-th sample of an online mean)
     * @return the new point, or empty when p's chart cannot represent the sample (change chart and try again)
     * @throws InvalidInputException if the length of {@code ambient} is wrong, an entry or t is not finite
     */
    default Optional<ChartPoint> stepToward(ChartPoint p, double[] ambient, double t) {
        Checks.requireFinite("t", t);
        return coordinatesIn(p.chart(), ambient)
                .map(x -> retraction().retract(p, inverseRetraction().inverseRetract(p, x).scale(t)));
    }

    /**
     * The ambient representation of a point, {@code φ⁻¹(ξ)}.
     *
     * @param p a point
     * @return a new array of length D
     */
    default double[] embed(ChartPoint p) {
        return p.chart().toAmbient(p.xi());
    }

    /**
     * Whether an ambient array of length D with finite entries represents a point of the manifold.
     *
     * @param ambient the candidate (not modified)
     * @return empty if it does, else what is violated and by how much
     */
    Optional<Defect> checkPoint(double[] ambient);

    /** @return the default retraction, the quasi-Euclidean update with chart changes (§2.4) */
    Retraction retraction();

    /** @return the default inverse retraction, a difference of coordinates within a chart (§4.2.5) */
    InverseRetraction inverseRetraction();

    /** @return the default vector transport: identity within a chart, differentials across charts (§2.4.1, §4.2.4) */
    VectorTransport vectorTransport();

    /** @return the Riemannian metric in chart coordinates (§2.3) */
    Metric metric();

    /** @return the geodesic distance, exact where a closed form exists and approximate otherwise */
    Distance distance();

    /** @return closed-form exp, log, parallel transport and distance, when the manifold has them */
    Optional<ExactGeometry> exact();

    /** @return a sampler for the manifold's reference distribution, when it has one */
    Optional<Sampler> sampler();

    /**
     * Whether the atlas is approximate, and if so the accuracy it states for itself (§4.1: learned charts and
     * transitions that need not compose to the identity). Checkers that know only the manifold, such as the
     * conformance kit run from the command line, test an approximate atlas against these bounds; without them a
     * learned atlas would fail every round trip by its fit residual.
     *
     * <p>The default is empty: the atlas is exact, its round trips hold to rounding. A provider that overrides this
     * derives the bounds from quantities of the atlas itself (not tuned to pass a test) and says how in
     * {@link Approximation#justification()}.
     *
     * @return the declaration of an approximate atlas, or empty for an exact one
     */
    default Optional<Approximation> approximation() {
        return Optional.empty();
    }
}

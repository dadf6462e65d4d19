package org.atlasgraph.api;

import java.util.Optional;
import org.atlasgraph.api.check.Checks;
import org.atlasgraph.api.check.Defect;
import org.atlasgraph.api.check.InvalidInputException;
import org.atlasgraph.api.check.NotOnManifoldException;

/**
 * A Riemannian manifold M of dimension d, represented in R^D by an atlas graph (§2) and computed on in chart
 * coordinates.
 *
 * <p>Points cross the public boundary in two forms: {@link ChartPoint}s, on which the primitives act, and ambient
 * arrays of length D (a unit vector for the sphere, an n×k matrix whose columns span the subspace, row-major, for the
 * Grassmannian, a point of R^D for a point cloud), which {@link #locate} and {@link #coordinatesIn} ingest and
 * {@link #embed} returns.
 *
 * <p>The interface is a handful of verbs in the manner of ManifoldsBase: ingestion, the four first-order primitives
 * (each a small interchangeable value: a manifold offers defaults, algorithms may be handed others) and the metric the
 * manifold states ({@link #ambientMetric()}; it need not be the one induced by R^D). Everything a manifold may or may
 * not have (closed-form geodesics, a sampler, a fused update kernel, an accuracy declaration) is a named
 * {@link Capability} behind {@link #capability}. Providers extend {@code AtlasManifold} of the {@code base} package,
 * which supplies the generic primitives of §2.4 so that a provider writes only what is its own.
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
     * App. G.1). "Cannot do it here" is a value: a point outside the chart's image (a rank-deficient X_U) gives empty,
     * which means "change chart", not failure.
     *
     * @param chart   the chart
     * @param ambient a point of length D (not modified)
     * @return its coordinates in {@code chart}, or empty when the chart cannot represent it
     * @throws InvalidInputException if the length is wrong or an entry is not finite
     */
    Optional<ChartPoint> coordinatesIn(Chart chart, double[] ambient);

    /**
     * The ambient representation of a point, {@code φ⁻¹(ξ)}.
     *
     * @param p a point
     * @return a new array of length D
     */
    default double[] embed(ChartPoint p) {
        Checks.requireNonNull("p", p, "a chart point");
        return p.chart().toAmbient(p.xi());
    }

    /**
     * Whether an ambient array of length D with finite entries represents a point of the manifold.
     *
     * @param ambient the candidate (not modified)
     * @return empty if it does, else what is violated and by how much
     */
    Optional<Defect> checkPoint(double[] ambient);

    /**
     * The Riemannian metric g_x this manifold has, on ambient tangent vectors. It defines every metric quantity: the
     * chart metric {@link #metric()} is its pull-back {@code ḡ_ξ(u, v) = g_x(Dφ⁻¹u, Dφ⁻¹v)} (eq. 2.2), and
     * {@link Chart#tangentCoordinates} is the projection orthogonal in it. Many manifolds here carry the metric
     * induced by R^D ({@link AmbientMetric#INDUCED}); hyperbolic space in the hyperboloid model (Minkowski) and SPD
     * matrices with the affine-invariant metric do not.
     *
     * @return the metric on ambient tangent vectors
     */
    AmbientMetric ambientMetric();

    /** @return the default retraction, the quasi-Euclidean update with chart changes (§2.4) */
    Retraction retraction();

    /** @return the default inverse retraction, a difference of coordinates within a chart (§4.2.5) */
    InverseRetraction inverseRetraction();

    /** @return the default vector transport: identity within a chart, differentials across charts (§2.4.1, §4.2.4) */
    VectorTransport vectorTransport();

    /** @return the Riemannian metric in chart coordinates (§2.3), the pull-back of {@link #ambientMetric()} */
    Metric metric();

    /**
     * A named optional capability: closed-form geodesics ({@code ExactGeometry}), geodesic log, transport and distance
     * ({@code Geodesics}), a sampler, a fused online-mean step, a declared length scale or accuracy (see
     * {@code org.atlasgraph.api.capability}). "Does not have it" is a value, never an exception.
     *
     * @param type the capability's interface
     * @param <C>  the capability type
     * @return the manifold's implementation, or empty when it has none
     */
    default <C extends Capability> Optional<C> capability(Class<C> type) {
        Checks.requireNonNull("type", type, "a capability interface");
        return Optional.empty();
    }
}

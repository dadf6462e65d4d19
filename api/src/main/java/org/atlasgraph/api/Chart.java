package org.atlasgraph.api;

/**
 * A compressed coordinate chart V ⊂ R^d of an embedded manifold M ⊂ R^D (§2.1.2), with its parametrization φ⁻¹.
 *
 * <p>A chart knows its domain of trust ({@link #contains}: Grassmann {@code |a_ij| < 1}, point cloud quartic {@code < 0},
 * §3.1.1, §4.2.2), where the retraction changes chart; the map φ⁻¹ into the ambient space; and its differential, which
 * carries representative tangent vectors τ ∈ R^d to ambient tangent vectors and back (§2.3, §4.2.4). The Riemannian
 * metric of every provider here is the one induced by the embedding, so the metric ḡ_ξ of eq. (2.2) equals
 * {@code Dφ⁻¹(ξ)ᵀ Dφ⁻¹(ξ)}.
 *
 * <p>Implementations are immutable and implement {@code equals}/{@code hashCode} by {@link #id()}.
 */
public interface Chart {
    /** @return this chart's identity in the atlas graph */
    ChartId id();

    /** @return d, the dimension of the chart (and of the manifold) */
    int dimension();

    /**
     * Whether ξ lies inside the transition boundary, where quasi-Euclidean updates stay in this chart. A point outside
     * is still representable; the retraction then changes chart (§2.4, {@link AtlasGraph#changeChart}).
     *
     * @param xi coordinates of dimension d
     * @return {@code true} inside the chart's domain of trust
     */
    boolean contains(Coordinates xi);

    /**
     * The parametrization φ⁻¹: V → M ⊂ R^D.
     *
     * @param xi coordinates of dimension d
     * @return a new ambient array of length D (the manifold's ambient representation, e.g. a unit vector or an
     *     orthonormal n×k basis in row-major order)
     */
    double[] toAmbient(Coordinates xi);

    /**
     * The differential {@code Dφ⁻¹(ξ)τ}: the ambient tangent vector at {@code toAmbient(xi)} represented by τ.
     *
     * @param xi  base coordinates
     * @param tau representative tangent vector of dimension d
     * @return a new ambient array of length D, tangent (horizontal, for quotient manifolds) at {@code toAmbient(xi)}
     */
    double[] pushForward(Coordinates xi, Coordinates tau);

    /**
     * The least-squares inverse of {@link #pushForward}: {@code [Dφ⁻¹(ξ)]⁺ v}, the representative of the ambient
     * vector {@code v} after projection onto the tangent space at {@code toAmbient(xi)} (§4.2.4). Because the metric
     * is induced by the embedding, this also turns a Euclidean gradient in R^D into the Riemannian gradient in chart
     * coordinates.
     *
     * @param xi      base coordinates
     * @param ambient an ambient vector of length D (not modified)
     * @return its representative tangent vector of dimension d
     */
    Coordinates tangentCoordinates(Coordinates xi, double[] ambient);
}

package org.atlasgraph.api;

import org.atlasgraph.api.check.Checks;
import org.atlasgraph.api.check.InvalidInputException;

/**
 * A compressed coordinate chart V ⊂ R^d of a manifold M represented in R^D (§2.1.2), with its parametrization φ⁻¹.
 *
 * <p>A chart knows its image V ({@link #inImage}: all of R^d for gnomonic and Ehresmann charts, a ball for
 * Beltrami–Klein-type charts), its domain of trust inside V ({@link #contains}: Grassmann {@code |a_ij| < 1}, point
 * cloud quartic {@code < 0}, §3.1.1, §4.2.2), where the retraction changes chart; the map φ⁻¹ into the ambient space;
 * and its differential, which carries representative tangent vectors τ ∈ R^d to ambient tangent vectors and back
 * (§2.3, §4.2.4). The metric is the manifold's ({@link Manifold#ambientMetric()}), not necessarily the one induced by
 * R^D: the chart metric is {@code ḡ_ξ(u, v) = g_x(Dφ⁻¹u, Dφ⁻¹v)}.
 *
 * <p>Implementations are immutable and implement {@code equals}/{@code hashCode} by {@link #id()}.
 */
public interface Chart {
    /** @return this chart's identity in the atlas graph */
    ChartId id();

    /** @return d, the dimension of the chart (and of the manifold) */
    int dimension();

    /**
     * Whether ξ lies inside the domain of trust, where quasi-Euclidean updates stay in this chart. A point outside is
     * still representable while it is in the {@linkplain #inImage image}; the retraction then changes chart (§2.4,
     * {@link AtlasGraph#changeChart}). The domain of trust lies inside the image.
     *
     * @param xi coordinates of dimension d
     * @return {@code true} inside the chart's domain of trust
     */
    boolean contains(Coordinates xi);

    /**
     * Whether ξ lies in V, the image of the chart, where φ⁻¹ is defined. The default is all of R^d; a chart with a
     * bounded image (the Beltrami–Klein chart of hyperbolic space: the open unit ball) overrides it, and the generic
     * retraction then never steps outside it: it stops at the edge of the domain of trust, changes chart and goes on.
     *
     * @param xi coordinates of dimension d
     * @return {@code true} where {@link #toAmbient} is defined
     */
    default boolean inImage(Coordinates xi) {
        Checks.requireNonNull("xi", xi, "coordinates in the chart");
        return true;
    }

    /**
     * The parametrization φ⁻¹: V → M ⊂ R^D.
     *
     * @param xi coordinates of dimension d, in the image
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
     * The metric projection, inverse of {@link #pushForward} on tangent vectors: the representative of the orthogonal
     * projection of {@code v} onto the tangent space at {@code toAmbient(xi)}, orthogonal in the manifold's
     * {@link Manifold#ambientMetric()}. For the induced metric that is the least-squares inverse
     * {@code [Dφ⁻¹(ξ)]⁺ v} (§4.2.4). TCK rule CHT-2 checks {@code tangentCoordinates ∘ pushForward = id}.
     *
     * @param xi      base coordinates
     * @param ambient an ambient vector of length D (not modified)
     * @return its representative tangent vector of dimension d
     */
    Coordinates tangentCoordinates(Coordinates xi, double[] ambient);

    /**
     * The pull-back of an ambient covector, {@code Dφ⁻¹(ξ)ᵀ e}: the chart differential of the linear function
     * {@code x ↦ e·x}, i.e. the partial derivatives in ξ of a function whose Euclidean gradient in R^D is e.
     * {@link Metric#riemannianGradient} raises it into the Riemannian gradient. The default pushes the d coordinate
     * vectors forward (d calls of {@link #pushForward}); charts with large d override it.
     *
     * @param xi        base coordinates
     * @param covector  an ambient covector of length D, such as a Euclidean gradient (not modified)
     * @return the covector in chart coordinates, of dimension d
     * @throws InvalidInputException if the covector's length is not D
     */
    default Coordinates pullBack(Coordinates xi, double[] covector) {
        Checks.requireNonNull("xi", xi, "coordinates in the chart");
        Checks.requireNonNull("covector", covector, "an ambient covector");
        int d = dimension();
        double[] omega = new double[d];
        double[] e = new double[d];
        for (int i = 0; i < d; i++) {
            e[i] = 1;
            double[] column = pushForward(xi, Coordinates.of(e));
            e[i] = 0;
            if (column.length != covector.length) {
                throw new InvalidInputException("covector", "length " + column.length + " (ambient dimension)",
                        String.valueOf(covector.length));
            }
            double s = 0;
            for (int j = 0; j < column.length; j++) {
                s += column[j] * covector[j];
            }
            omega[i] = s;
        }
        return Coordinates.ofComputed("pullBack", omega);
    }
}

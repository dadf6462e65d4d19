package org.atlasgraph.api;

import org.atlasgraph.api.check.Checks;

/**
 * The Riemannian metric in chart coordinates, {@code ḡ_ξ(τ, σ) = g_x(Dφ⁻¹τ, Dφ⁻¹σ)} (eq. 2.2), the pull-back of the
 * manifold's {@link Manifold#ambientMetric()}. It is an operator rather than a d×d matrix because d can be large
 * (Gr(2000,500) has d = 750,000). TCK rule MET-1 checks symmetry and positive definiteness, MET-2 agreement with the
 * ambient metric of the pushed-forward vectors, MET-3 {@link #raise}, MET-4 {@link #riemannianGradient}.
 */
public interface Metric {
    /**
     * @param p a point
     * @param u a tangent vector at p
     * @param v a tangent vector at p
     * @return {@code ḡ_ξ(u, v)}
     */
    double inner(ChartPoint p, TangentVector u, TangentVector v);

    /**
     * Raises an index: the tangent vector {@code G⁻¹ω} whose inner product with every v equals {@code ω·v}. This turns
     * the chart gradient of a function (its partial derivatives in ξ) into the Riemannian gradient.
     *
     * @param p        a point
     * @param covector partial derivatives at p, of dimension d
     * @return the Riemannian gradient representative at p
     */
    TangentVector raise(ChartPoint p, Coordinates covector);

    /**
     * The Riemannian gradient of a function given by its Euclidean gradient in R^D (Manopt's {@code egrad2rgrad}):
     * the tangent vector whose inner product with every v equals {@code e·Dφ⁻¹v}, i.e. {@code G⁻¹ Dφ⁻¹ᵀ e}. Correct
     * for any metric; where the metric is induced by R^D it is the orthogonal projection of e, which implementations
     * may use instead.
     *
     * @param p                 a point
     * @param euclideanGradient ∇f at {@code φ⁻¹(ξ_p)}, of length D (not modified)
     * @return {@code grad f(p)} in p's chart
     * @throws org.atlasgraph.api.check.InvalidInputException if the gradient has the wrong length or a non-finite
     *     entry
     */
    default TangentVector riemannianGradient(ChartPoint p, double[] euclideanGradient) {
        Checks.requireNonNull("p", p, "a chart point");
        Checks.requireFinite("euclidean gradient", euclideanGradient);
        return raise(p, p.chart().pullBack(p.xi(), euclideanGradient));
    }

    /**
     * @param p a point
     * @param v a tangent vector at p
     * @return {@code ‖v‖_ḡ}
     */
    default double norm(ChartPoint p, TangentVector v) {
        return Math.sqrt(inner(p, v, v));
    }
}

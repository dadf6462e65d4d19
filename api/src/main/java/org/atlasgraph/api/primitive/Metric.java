package org.atlasgraph.api.primitive;

import org.atlasgraph.api.ChartPoint;
import org.atlasgraph.api.Coordinates;
import org.atlasgraph.api.TangentVector;

/**
 * The Riemannian metric in chart coordinates, {@code ḡ_ξ(τ, σ) = g_p(Dφ⁻¹τ, Dφ⁻¹σ)} (eq. 2.2). It is an operator rather
 * than a d×d matrix because d can be large (Gr(2000,500) has d = 750,000). TCK rule MET-1 checks symmetry and positive
 * definiteness, MET-2 agreement with the ambient inner product of the pushed-forward vectors.
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
     * @param p a point
     * @param v a tangent vector at p
     * @return {@code ‖v‖_ḡ}
     */
    default double norm(ChartPoint p, TangentVector v) {
        return Math.sqrt(inner(p, v, v));
    }
}

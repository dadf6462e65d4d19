package org.atlasgraph.api.primitive;

import java.util.Map;

/**
 * Closed-form Riemannian geometry on the ambient representation: exp, log, parallel transport along geodesics, the
 * inner product and the geodesic distance. It is optional ({@code Manifold.exact()}); where it exists the TCK uses it
 * as the reference for the atlas-graph primitives and the benchmarks use it as the baseline (§3.2).
 *
 * <p>Points are ambient arrays of length D; tangent vectors are ambient arrays of length D that are tangent at their
 * base point (horizontal at the given representative, for quotients such as the Grassmannian), the same form that
 * {@code Chart.pushForward} returns.
 */
public interface ExactGeometry {
    /**
     * @param p an ambient point (not modified)
     * @param v a tangent vector at p (not modified)
     * @return {@code Exp_p(v)}
     */
    double[] exp(double[] p, double[] v);

    /**
     * @param p an ambient point (not modified)
     * @param q an ambient point within the injectivity radius of p (not modified)
     * @return {@code Log_p(q)}, tangent at p
     */
    double[] log(double[] p, double[] q);

    /**
     * @param p an ambient point (not modified)
     * @param v a tangent vector at p (not modified)
     * @param q the end of the minimizing geodesic from p (not modified)
     * @return the parallel transport of v along that geodesic, tangent at q
     */
    double[] parallelTransport(double[] p, double[] v, double[] q);

    /**
     * @param p an ambient point (not modified)
     * @param u a tangent vector at p
     * @param v a tangent vector at p
     * @return {@code g_p(u, v)}
     */
    double inner(double[] p, double[] u, double[] v);

    /**
     * @param p an ambient point (not modified)
     * @param q an ambient point (not modified)
     * @return the geodesic distance
     */
    double distance(double[] p, double[] q);

    /**
     * The geodesic step {@code Exp_p(t·Log_p q)}, the "exp" scheme of an online mean.
     *
     * @return a new ambient point
     */
    default double[] geodesicStep(double[] p, double[] q, double t) {
        double[] v = log(p, q);
        for (int i = 0; i < v.length; i++) {
            v[i] *= t;
        }
        return exp(p, v);
    }

    /**
     * The ambient update schemes this manifold offers, by name. Always contains {@code "exp"} (the geodesic step);
     * the Grassmannian adds {@code "gifee"} and {@code "retraction"} (Fig. S1).
     *
     * @return an unmodifiable map from scheme name to step
     */
    default Map<String, AmbientStep> steps() {
        return Map.of("exp", this::geodesicStep);
    }
}

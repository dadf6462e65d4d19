package org.atlasgraph.api.capability;

import org.atlasgraph.api.Capability;

/**
 * Closed-form Riemannian geometry on the ambient representation: exp, log, parallel transport along geodesics and the
 * geodesic distance, in the manifold's own metric ({@code Manifold.ambientMetric()}). Where it exists the TCK uses it
 * as the reference for the atlas-graph primitives (rules GEO-1…GEO-3 check it against itself) and the benchmarks use
 * it as the baseline (§3.2); {@code AtlasManifold} derives {@link Geodesics} from it.
 *
 * <p>Points are ambient arrays of length D; tangent vectors are ambient arrays of length D that are tangent at their
 * base point (horizontal at the given representative, for quotients such as the Grassmannian), the same form that
 * {@code Chart.pushForward} returns.
 */
public interface ExactGeometry extends Capability {
    /**
     * @param p an ambient point (not modified)
     * @param v a tangent vector at p (not modified)
     * @return {@code Exp_p(v)}
     */
    double[] exp(double[] p, double[] v);

    /**
     * @param p an ambient point (not modified)
     * @param q an ambient point within the injectivity radius of p (not modified)
     * @return {@code Log_p(q)}, tangent at p, of metric norm {@code distance(p, q)}
     */
    double[] log(double[] p, double[] q);

    /**
     * @param p an ambient point (not modified)
     * @param v a tangent vector at p (not modified)
     * @param q the end of the minimizing geodesic from p (not modified)
     * @return the parallel transport of v along that geodesic, tangent at q (an isometry)
     */
    double[] parallelTransport(double[] p, double[] v, double[] q);

    /**
     * @param p an ambient point (not modified)
     * @param q an ambient point (not modified)
     * @return the geodesic distance
     */
    double distance(double[] p, double[] q);

    /**
     * The geodesic step {@code Exp_p(t·Log_p q)}, the "exp" scheme of an online mean.
     *
     * @param p an ambient point (not modified)
     * @param q an ambient point (not modified)
     * @param t the fraction of the way to go
     * @return a new ambient point
     */
    default double[] geodesicStep(double[] p, double[] q, double t) {
        double[] v = log(p, q);
        for (int i = 0; i < v.length; i++) {
            v[i] *= t;
        }
        return exp(p, v);
    }
}

package org.atlasgraph.api.capability;

import java.util.Optional;
import org.atlasgraph.api.Capability;
import org.atlasgraph.api.ChartPoint;
import org.atlasgraph.api.Distance;
import org.atlasgraph.api.TangentVector;

/**
 * The Riemannian logarithm, parallel transport and geodesic distance on chart points: closed forms where the manifold
 * has {@link ExactGeometry} (derived by {@code AtlasManifold}), the shortest-path approximations of Alg. 2 and Alg. 3
 * on a learned atlas. Unlike the inverse retraction and vector transport, which are first order, these answer for
 * distant points too; algorithms that need Riemannian quantities (Karcher means, principal flows) use them.
 */
public interface Geodesics extends Capability, Distance {
    /**
     * @param p the base point
     * @param q a point
     * @return {@code Log_p(q)} in p's chart, of metric norm {@code distance(p, q)}; empty where the manifold cannot
     *     join the points (a learned atlas whose data do not connect them)
     */
    Optional<TangentVector> log(ChartPoint p, ChartPoint q);

    /**
     * @param p   the base point of τ
     * @param tau a tangent vector at p, in p's chart
     * @param q   the destination
     * @return the parallel transport of τ along the minimizing geodesic, in q's chart; empty where the manifold
     *     cannot join the points
     */
    Optional<TangentVector> parallelTransport(ChartPoint p, TangentVector tau, ChartPoint q);

    /** @return whether these are closed forms (true) or approximations whose error {@link Accuracy} states */
    boolean isExact();
}

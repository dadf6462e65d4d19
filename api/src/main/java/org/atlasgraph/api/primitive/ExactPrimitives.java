package org.atlasgraph.api.primitive;

import java.util.Optional;
import org.atlasgraph.api.ChartPoint;
import org.atlasgraph.api.Manifold;
import org.atlasgraph.api.check.Checks;

/**
 * Adapters that turn a manifold's {@link ExactGeometry} into chart-level primitives, so that any algorithm can be run
 * with the exact exp/log/parallel transport as a baseline (ManifoldsBase's {@code ExponentialRetraction}). Each call
 * goes through the ambient representation: embed, push forward, apply the closed form, ingest.
 */
public final class ExactPrimitives {
    private ExactPrimitives() {
    }

    /**
     * @return {@code Exp_p(τ)}; the result stays in p's chart while the chart contains it, else it is located afresh
     */
    public static Retraction retraction(Manifold manifold, ExactGeometry exact) {
        return (p, tau) -> {
            Checks.requireSameChart("tau", p, tau);
            double[] x = exact.exp(manifold.embed(p), p.chart().pushForward(p.xi(), tau.tau()));
            Optional<ChartPoint> inP = manifold.coordinatesIn(p.chart(), x)
                    .filter(q -> p.chart().contains(q.xi()));
            return inP.orElseGet(() -> manifold.locate(x));
        };
    }

    /** @return {@code Log_p(q)} expressed in p's chart */
    public static InverseRetraction inverseRetraction(Manifold manifold, ExactGeometry exact) {
        return (p, q) -> p.tangent(p.chart().tangentCoordinates(p.xi(),
                exact.log(manifold.embed(p), manifold.embed(q))));
    }

    /** @return parallel transport along the minimizing geodesic, expressed in q's chart */
    public static VectorTransport parallelTransport(Manifold manifold, ExactGeometry exact) {
        return (p, tau, q) -> {
            Checks.requireSameChart("tau", p, tau);
            double[] v = exact.parallelTransport(manifold.embed(p), p.chart().pushForward(p.xi(), tau.tau()),
                    manifold.embed(q));
            return q.tangent(q.chart().tangentCoordinates(q.xi(), v));
        };
    }

    /** @return the exact geodesic distance of the embedded points */
    public static Distance distance(Manifold manifold, ExactGeometry exact) {
        return (p, q) -> exact.distance(manifold.embed(p), manifold.embed(q));
    }
}

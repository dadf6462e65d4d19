package org.atlasgraph.api.base;

import java.util.Optional;
import org.atlasgraph.api.ChartPoint;
import org.atlasgraph.api.Distance;
import org.atlasgraph.api.InverseRetraction;
import org.atlasgraph.api.Manifold;
import org.atlasgraph.api.Retraction;
import org.atlasgraph.api.TangentVector;
import org.atlasgraph.api.VectorTransport;
import org.atlasgraph.api.capability.ExactGeometry;
import org.atlasgraph.api.capability.Geodesics;
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
     * @param manifold the manifold
     * @param exact    its closed forms
     * @return {@code Exp_p(τ)}; the result stays in p's chart while the chart contains it, else it is located afresh
     */
    public static Retraction retraction(Manifold manifold, ExactGeometry exact) {
        return (p, tau) -> {
            point("p", p).requireTangent("tau", tau);
            double[] x = exact.exp(manifold.embed(p), p.chart().pushForward(p.xi(), tau.tau()));
            Optional<ChartPoint> inP = manifold.coordinatesIn(p.chart(), x)
                    .filter(q -> p.chart().contains(q.xi()));
            return Optional.of(inP.orElseGet(() -> manifold.locate(x)));
        };
    }

    /**
     * @param manifold the manifold
     * @param exact    its closed forms
     * @return {@code Log_p(q)} expressed in p's chart
     */
    public static InverseRetraction inverseRetraction(Manifold manifold, ExactGeometry exact) {
        return (p, q) -> Optional.of(log(manifold, exact, p, q));
    }

    /**
     * @param manifold the manifold
     * @param exact    its closed forms
     * @return parallel transport along the minimizing geodesic, expressed in q's chart
     */
    public static VectorTransport parallelTransport(Manifold manifold, ExactGeometry exact) {
        return (p, tau, q) -> transport(manifold, exact, p, tau, q);
    }

    /**
     * @param manifold the manifold
     * @param exact    its closed forms
     * @return the exact geodesic distance of the embedded points
     */
    public static Distance distance(Manifold manifold, ExactGeometry exact) {
        return (p, q) -> exact.distance(manifold.embed(point("p", p)), manifold.embed(point("q", q)));
    }

    /**
     * @param manifold the manifold
     * @param exact    its closed forms
     * @return log, parallel transport and distance on chart points from the closed forms
     */
    public static Geodesics geodesics(Manifold manifold, ExactGeometry exact) {
        return new Geodesics() {
            @Override
            public Optional<TangentVector> log(ChartPoint p, ChartPoint q) {
                return Optional.of(ExactPrimitives.log(manifold, exact, p, q));
            }

            @Override
            public Optional<TangentVector> parallelTransport(ChartPoint p, TangentVector tau, ChartPoint q) {
                return Optional.of(transport(manifold, exact, p, tau, q));
            }

            @Override
            public double distance(ChartPoint p, ChartPoint q) {
                return exact.distance(manifold.embed(point("p", p)), manifold.embed(point("q", q)));
            }

            @Override
            public boolean isExact() {
                return true;
            }
        };
    }

    /** @return p, or an error naming the argument when it is {@code null} */
    private static ChartPoint point(String name, ChartPoint p) {
        return Checks.requireNonNull(name, p, "a chart point");
    }

    private static TangentVector log(Manifold manifold, ExactGeometry exact, ChartPoint p, ChartPoint q) {
        point("p", p);
        point("q", q);
        return p.tangent(p.chart().tangentCoordinates(p.xi(), exact.log(manifold.embed(p), manifold.embed(q))));
    }

    private static TangentVector transport(Manifold manifold, ExactGeometry exact, ChartPoint p, TangentVector tau,
                                           ChartPoint q) {
        point("p", p).requireTangent("tau", tau);
        point("q", q);
        double[] v = exact.parallelTransport(manifold.embed(p), p.chart().pushForward(p.xi(), tau.tau()),
                manifold.embed(q));
        return q.tangent(q.chart().tangentCoordinates(q.xi(), v));
    }
}

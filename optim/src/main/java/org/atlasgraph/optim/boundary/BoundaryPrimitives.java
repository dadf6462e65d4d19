package org.atlasgraph.optim.boundary;

import java.util.Optional;
import org.atlasgraph.api.ChartPoint;
import org.atlasgraph.api.Coordinates;
import org.atlasgraph.api.InverseRetraction;
import org.atlasgraph.api.Manifold;
import org.atlasgraph.api.Metric;
import org.atlasgraph.api.Retraction;
import org.atlasgraph.api.TangentVector;
import org.atlasgraph.api.VectorTransport;

/**
 * The primitives the principal boundary computes with, and the few tangent-space operations it builds from them.
 *
 * @param manifold   the manifold (embedding and ingestion)
 * @param retraction Euler steps
 * @param log        the logarithm across the class separation, taken once to start the chain between the flows
 * @param localLog   logarithms between nearby points: a flow point and its neighbours, the links of chains, a query
 *                   point and its nearest boundary point
 * @param localTransport transports between nearby points: along graph edges and chain links, between consecutive
 *                   curve points
 * @param metric     inner products in chart coordinates
 */
record BoundaryPrimitives(Manifold manifold, Retraction retraction, InverseRetraction log, InverseRetraction localLog,
                          VectorTransport localTransport, Metric metric) {
    /**
     * The first-order logarithm used between nearby points (a flow point and its neighbours, the links of a chain, a
     * query point and its nearest boundary point): the quasi-Euclidean difference {@code ξ_q − ξ_p} when q is in p's
     * chart or the transition from q's chart carries it into p's domain of trust, else the chord {@code x_q − x_p}
     * projected on the tangent space at p. Both agree with Log_p(q) to first order. Why not the manifold's inverse
     * retraction: on a learned atlas it answers a point outside p's chart with a shortest-path search (Alg. 3), and a
     * flow step takes many logarithms; and why not {@code coordinatesIn}: it validates its ambient input against every
     * chart.
     *
     * @param manifold the manifold
     * @return the logarithm
     */
    static InverseRetraction firstOrderLog(Manifold manifold) {
        return (p, q) -> {
            if (q.sameChart(p)) {
                return Optional.of(p.tangent(q.xi().minus(p.xi())));
            }
            Optional<Coordinates> inP = manifold.atlas().transition(q.chart(), p.chart()).flatMap(t -> t.apply(q.xi()))
                    .filter(xi -> p.chart().contains(xi));
            return Optional.of(inP.isPresent() ? p.tangent(inP.get().minus(p.xi()))
                    : chord(manifold, p, manifold.embed(q)));
        };
    }

    /**
     * {@code Log_p(q)} for a distant q by the given logarithm (the manifold's inverse retraction by default) where it
     * can express q in p's chart; otherwise the first-order substitute, the chord {@code x_q − x_p} projected onto the
     * tangent space at p.
     */
    TangentVector farLog(ChartPoint p, ChartPoint q) {
        return log.inverseRetract(p, q).orElseGet(() -> chord(manifold, p, manifold.embed(q)));
    }

    /**
     * @return {@code Ret_p(τ)}, or empty where the step would cross the manifold's edge (a learned atlas where its
     *     data end)
     */
    Optional<ChartPoint> retract(ChartPoint p, TangentVector tau) {
        return retraction.retract(p, tau);
    }

    /**
     * The first-order transport used between nearby points: the manifold's vector transport within one chart (the
     * identity on representatives, §2.4.1), and across charts the differentials of §4.2.4,
     * {@code [Dφ_q⁻¹(ξ_q)]⁺ Dφ_p⁻¹(ξ_p) τ}, which is first-order accurate between nearby points. Why not the
     * manifold's transport across charts: a learned atlas answers charts that do not overlap with a shortest-path
     * search.
     *
     * @param manifold the manifold
     * @return the transport
     */
    static VectorTransport firstOrderTransport(Manifold manifold) {
        VectorTransport withinChart = manifold.vectorTransport();
        return (p, tau, q) -> q.sameChart(p) ? withinChart.transport(p, tau, q)
                : q.tangent(q.chart().tangentCoordinates(q.xi(), p.chart().pushForward(p.xi(), tau.tau())));
    }

    /** @return the transport of τ from p to a nearby q */
    TangentVector nearTransport(ChartPoint p, TangentVector tau, ChartPoint q) {
        return localTransport.transport(p, tau, q);
    }

    /**
     * @return the logarithm {@code Log_p(q)} of a nearby q: the local logarithm's, or the projected chord where a
     *     local logarithm of the caller's cannot express q in p's chart
     */
    TangentVector near(ChartPoint p, ChartPoint q) {
        return localLog.inverseRetract(p, q).orElseGet(() -> chord(manifold, p, manifold.embed(q)));
    }

    /** @return the chord from p to an ambient point, projected onto the tangent space at p */
    static TangentVector chord(Manifold manifold, ChartPoint p, double[] x) {
        double[] xp = manifold.embed(p);
        double[] v = new double[xp.length];
        for (int i = 0; i < v.length; i++) {
            v[i] = x[i] - xp[i];
        }
        return p.tangent(p.chart().tangentCoordinates(p.xi(), v));
    }

    double inner(ChartPoint p, TangentVector u, TangentVector v) {
        return metric.inner(p, u, v);
    }

    double norm(ChartPoint p, TangentVector v) {
        return metric.norm(p, v);
    }

    /** @return v / ‖v‖, or empty when ‖v‖ is zero */
    Optional<TangentVector> unit(ChartPoint p, TangentVector v) {
        double n = norm(p, v);
        return n > 0 ? Optional.of(v.scale(1 / n)) : Optional.empty();
    }

    /** @return the component of v orthogonal to the unit vector u: {@code v − ⟨v, u⟩ u} */
    TangentVector orthogonalPart(ChartPoint p, TangentVector v, TangentVector u) {
        return v.minus(u.scale(inner(p, v, u)));
    }

    /** @return the d×d Gram matrix {@code ḡ(e_i, e_j)} of the coordinate basis at p, row-major */
    double[] gram(ChartPoint p) {
        int d = p.chart().dimension();
        TangentVector[] basis = new TangentVector[d];
        for (int i = 0; i < d; i++) {
            double[] e = new double[d];
            e[i] = 1;
            basis[i] = p.tangent(Coordinates.of(e));
        }
        double[] g = new double[d * d];
        for (int i = 0; i < d; i++) {
            for (int j = i; j < d; j++) {
                double v = inner(p, basis[i], basis[j]);
                g[i * d + j] = v;
                g[j * d + i] = v;
            }
        }
        return g;
    }
}

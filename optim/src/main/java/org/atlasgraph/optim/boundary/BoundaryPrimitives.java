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
import org.atlasgraph.api.base.Vectors;
import org.atlasgraph.api.capability.ChartCentring;
import org.atlasgraph.api.capability.ExactGeometry;
import org.atlasgraph.api.capability.Geodesics;

/**
 * The primitives the principal boundary computes with, and the few tangent-space operations it builds from them.
 *
 * <p>Two regimes, chosen once from the manifold's capabilities, so that the result depends on the data and the
 * manifold's geometry only, not on where the data sit in R^D:
 * <ul>
 *   <li><em>intrinsic</em> where the manifold has exact {@link Geodesics} (the sphere, the Grassmannian, hyperbolic
 *       space), or approximate ones and a metric not induced by R^D: nearness by the Riemannian distance (its closed
 *       form on ambient arrays where the manifold has {@link ExactGeometry}), logarithms and transports between nearby
 *       points by the exact Riemannian logarithm and parallel transport (with approximate geodesics: the chart
 *       difference within a chart, else the manifold's inverse retraction, else the Riemannian logarithm, and the
 *       manifold's vector transport). Every point is held in a chart centred at it
 *       ({@link ChartCentring}) where the manifold can centre charts: the primitives of a centred chart are those of
 *       the point itself (a chart fixed to the coordinate axes, such as an Ehresmann chart of the Grassmannian, would
 *       make them depend on the orientation of the data).</li>
 * </ul>
 *   <li><em>chordal</em> otherwise, for a manifold that states the metric induced by R^D
 *       ({@code AmbientMetric.isInduced()}) and has no closed-form geodesics (a learned atlas, whose charts are fitted
 *       to Euclidean neighbourhoods of its data and whose approximate geodesics are shortest-path searches, too costly
 *       for the many nearness queries of a fit): nearness by the chord ‖x − y‖, which agrees with the geodesic distance
 *       to first order and is invariant under the isometries of R^D that preserve the data's surface; logarithms
 *       between nearby points by chart differences or the projected chord, transports by the differentials of
 *       §4.2.4.</li>
 * </ul>
 * A manifold with neither the induced metric nor any geodesics is rejected ({@link PrincipalBoundary#on}). Either way
 * an isometry of the manifold that moves the data moves the boundary with them.
 *
 * @param manifold       the manifold (embedding and ingestion)
 * @param retraction     Euler steps
 * @param log            the logarithm across the class separation, taken once to start the chain between the flows
 * @param localLog       logarithms between nearby points: a flow point and its neighbours, the links of chains, a
 *                       query point and its nearest boundary point
 * @param localTransport transports between nearby points: along graph edges and chain links, between consecutive
 *                       curve points
 * @param metric         inner products in chart coordinates
 * @param chordal        whether nearness is measured by chords ({@link #chordal(Manifold)})
 * @param geodesics      the Riemannian logarithm and distance, required in the intrinsic regime
 * @param exact          closed forms on ambient arrays, for fast distances where the manifold has them
 * @param centring       re-centres a chart at a point, where the manifold can
 */
record BoundaryPrimitives(Manifold manifold, Retraction retraction, InverseRetraction log, InverseRetraction localLog,
                          VectorTransport localTransport, Metric metric, boolean chordal,
                          Optional<Geodesics> geodesics, Optional<ExactGeometry> exact,
                          Optional<ChartCentring> centring) {
    /**
     * @param manifold a manifold
     * @return whether nearness on it is measured by chords: it states the induced metric and has no exact geodesics
     */
    static boolean chordal(Manifold manifold) {
        return manifold.ambientMetric().isInduced() && !exactGeodesics(manifold);
    }

    /**
     * @param manifold a manifold
     * @return whether it has closed-form geodesics
     */
    static boolean exactGeodesics(Manifold manifold) {
        return manifold.capability(Geodesics.class).map(Geodesics::isExact).orElse(false);
    }

    /**
     * The default logarithm between nearby points. Chordal: the quasi-Euclidean difference {@code ξ_q − ξ_p} when q is
     * in p's chart or the transition from q's chart carries it into p's domain of trust, else the chord
     * {@code x_q − x_p} projected on the tangent space at p; both agree with Log_p(q) to first order, and neither
     * searches (on a learned atlas the inverse retraction answers a point outside p's chart with a shortest-path
     * search, Alg. 3, and a flow step takes many logarithms). Intrinsic with exact geodesics: the Riemannian logarithm
     * (closed form, the same in every chart). Intrinsic with approximate geodesics: the chart difference within a
     * chart, else the manifold's inverse retraction, else the Riemannian logarithm.
     *
     * @param manifold the manifold
     * @return the logarithm, never empty where the manifold has {@link Geodesics}
     */
    static InverseRetraction defaultLocalLog(Manifold manifold) {
        if (chordal(manifold)) {
            return (p, q) -> {
                if (q.sameChart(p)) {
                    return Optional.of(p.tangent(q.xi().minus(p.xi())));
                }
                Optional<Coordinates> inP = manifold.atlas().transition(q.chart(), p.chart())
                        .flatMap(t -> t.apply(q.xi())).filter(xi -> p.chart().contains(xi));
                return Optional.of(inP.isPresent() ? p.tangent(inP.get().minus(p.xi()))
                        : chord(manifold, p, manifold.embed(q)));
            };
        }
        InverseRetraction inverse = manifold.inverseRetraction();
        Optional<Geodesics> geodesics = manifold.capability(Geodesics.class);
        if (exactGeodesics(manifold)) {
            Geodesics exact = geodesics.orElseThrow();
            return (p, q) -> {
                Optional<TangentVector> v = exact.log(p, q);
                return v.isPresent() ? v : inverse.inverseRetract(p, q);
            };
        }
        return (p, q) -> {
            if (q.sameChart(p)) {
                return Optional.of(p.tangent(q.xi().minus(p.xi())));
            }
            Optional<TangentVector> v = inverse.inverseRetract(p, q);
            return v.isPresent() ? v : geodesics.flatMap(g -> g.log(p, q));
        };
    }

    /**
     * The default transport between nearby points. Chordal: the manifold's vector transport within one chart (the
     * identity on representatives, §2.4.1), and across charts the differentials of §4.2.4,
     * {@code [Dφ_q⁻¹(ξ_q)]⁺ Dφ_p⁻¹(ξ_p) τ}, first-order accurate between nearby points (the learned atlas's own
     * transport would search a path between charts that do not overlap). Intrinsic: the parallel transport of exact
     * geodesics, else the manifold's vector transport.
     *
     * @param manifold the manifold
     * @return the transport
     */
    static VectorTransport defaultLocalTransport(Manifold manifold) {
        VectorTransport transport = manifold.vectorTransport();
        if (exactGeodesics(manifold)) {
            Geodesics exact = manifold.capability(Geodesics.class).orElseThrow();
            return (p, tau, q) -> exact.parallelTransport(p, tau, q).orElseGet(() -> transport.transport(p, tau, q));
        }
        if (!chordal(manifold)) {
            return transport;
        }
        return (p, tau, q) -> q.sameChart(p) ? transport.transport(p, tau, q)
                : q.tangent(q.chart().tangentCoordinates(q.xi(), p.chart().pushForward(p.xi(), tau.tau())));
    }

    /**
     * The distance that decides nearness: the chord in the chordal regime, else the Riemannian distance (closed form
     * on the ambient arrays where there is one).
     *
     * @param p  a point
     * @param xp its ambient representation
     * @param q  a point
     * @param xq its ambient representation
     * @return the distance, +∞ where the manifold cannot join the points
     */
    double distance(ChartPoint p, double[] xp, ChartPoint q, double[] xq) {
        if (chordal) {
            return Vectors.distance(xp, xq);
        }
        if (exact.isPresent()) {
            return exact.get().distance(xp, xq);
        }
        return geodesics.orElseThrow().distance(p, q);
    }

    /**
     * @param q a point
     * @return the same point in a chart centred at it where the manifold can centre charts, else q as it is
     */
    ChartPoint centred(ChartPoint q) {
        return centring.isPresent() && q.xi().maxAbs() != 0 ? centring.get().centredAt(q) : q;
    }

    /**
     * The chart a point reached by a step is held in: one centred at it where the manifold can centre charts, else the
     * chart the atlas prefers for it (on a learned atlas the chart that fits the data best there; after a step, a
     * chart's domain of trust can reach beyond where its quadratic fits the data).
     *
     * @param q a point
     * @return the same point in that chart
     */
    ChartPoint canonical(ChartPoint q) {
        return centring.isPresent() ? centred(q) : manifold.locate(manifold.embed(q));
    }

    /**
     * {@code Log_p(q)} for a distant q by the given logarithm (the manifold's inverse retraction by default) where it
     * can express q in p's chart; otherwise by the fallback of {@link #near}.
     */
    TangentVector farLog(ChartPoint p, ChartPoint q) {
        return log.inverseRetract(p, q).orElseGet(() -> fallback(p, q));
    }

    /**
     * @return {@code Ret_p(τ)}, or empty where the step would cross the manifold's edge (a learned atlas where its
     *     data end); in the intrinsic regime in a chart centred at it ({@link #centred})
     */
    Optional<ChartPoint> retract(ChartPoint p, TangentVector tau) {
        Optional<ChartPoint> q = retraction.retract(p, tau);
        return chordal ? q : q.map(this::centred);
    }

    /** @return the transport of τ from p to a nearby q */
    TangentVector nearTransport(ChartPoint p, TangentVector tau, ChartPoint q) {
        return localTransport.transport(p, tau, q);
    }

    /**
     * @return the logarithm {@code Log_p(q)} of a nearby q: the local logarithm's, or where a local logarithm of the
     *     caller's cannot express q in p's chart, the projected chord (chordal) or the Riemannian logarithm
     */
    TangentVector near(ChartPoint p, ChartPoint q) {
        return localLog.inverseRetract(p, q).orElseGet(() -> fallback(p, q));
    }

    private TangentVector fallback(ChartPoint p, ChartPoint q) {
        if (chordal) {
            return chord(manifold, p, manifold.embed(q));
        }
        return geodesics.flatMap(g -> g.log(p, q)).orElseThrow(() -> new ArithmeticException("principal boundary: "
                + manifold.name() + " has no logarithm from " + p.chart().id() + " to " + q.chart().id()));
    }

    /** @return the chord from p to an ambient point, projected onto the tangent space at p */
    static TangentVector chord(Manifold manifold, ChartPoint p, double[] x) {
        return p.tangent(p.chart().tangentCoordinates(p.xi(), Vectors.minus(x, manifold.embed(p))));
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

package org.atlasgraph.pointcloud;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.atlasgraph.api.base.Vectors;

/**
 * Geodesic distance, logarithm and long-range vector transport on a learned atlas along approximate geodesics: Alg. 3
 * of §4.2.5 on a path found in two steps, with three changes.
 *
 * <ol>
 *   <li>The path: Alg. 3 walks a shortest path of the dense neighbour graph of Alg. 2, whose size grows like a grid in
 *   d dimensions. Here a route through the charts is found on a coarse {@link LandmarkGraph} (a few landmarks per
 *   chart; skipped when one end's chart represents the other end) and refined in the charts into an approximate
 *   geodesic by {@link PathRelaxation}, so the cost grows with the number of charts and links, not like a grid, and
 *   the path no longer zig-zags along graph edges (measured against great circles on learned atlases of 20,000 points:
 *   mean error 0.40% → 0.28% on S², 0.65% → 0.28% on S³; against ground-truth geodesics of the Klein bottle, 0.55% →
 *   0.23%). A path is computed from the end that comes first (chart index, then coordinates) and reversed for the
 *   other, so that distances are symmetric and a logarithm has the length of the distance.</li>
 *   <li>Distances are sums of naive distances (§4.2.3) of the path's straight links, each measured in one chart.</li>
 *   <li>Alg. 3 carries the accumulated logarithm ξ' from chart to chart with the transition map of points
 *   {@code L_ĩᵀ(½MK(ξ'⊗ξ') + Lξ' + c)}, which adds the chart offsets c to a tangent vector; a tangent vector must be
 *   carried by the differential, {@code [Dφ̃_ĩ⁻¹]⁺ Dφ̃_i⁻¹} as in §4.2.4, which is what we do.</li>
 * </ol>
 *
 * <p>Two flavours of the same walk: the retraction logarithm sums coordinate differences and carries them by the
 * identity within a chart (the paper's Alg. 3, the inverse of chains of quasi-Euclidean updates), and the Riemannian
 * logarithm uses the second-order logarithm {@code Δ + ½Γ(Δ, Δ)} of each link, parallel transport along it for the
 * carry (Christoffel symbols of the chart's quadratic surface), and the path length as its norm.
 *
 * <p>Instances are immutable and may be shared between threads; the landmark graph is built on the first query that
 * needs a route.
 */
final class ShortestPathLogarithm {
    private final PathRelaxation relaxation;
    private final List<QuadraticChart> charts;
    private final int[][] neighbours;
    private final double tolerance;
    private volatile LandmarkGraph graph;

    /**
     * @param charts     the atlas's charts, by index
     * @param neighbours for each chart, the indices of the charts it overlaps
     * @param tolerance  the atlas's off-atlas tolerance
     */
    ShortestPathLogarithm(List<QuadraticChart> charts, int[][] neighbours, double tolerance) {
        this.charts = charts;
        this.neighbours = neighbours;
        this.tolerance = tolerance;
        this.relaxation = new PathRelaxation(charts, neighbours, tolerance);
    }

    /** @return the landmark graph, built on first use */
    LandmarkGraph graph() {
        LandmarkGraph g = graph;
        if (g == null) {
            synchronized (this) {
                g = graph;
                if (g == null) {
                    g = LandmarkGraph.build(charts, neighbours, tolerance);
                    graph = g;
                }
            }
        }
        return g;
    }

    /** A point on the atlas: its chart, its coordinates there and its ambient position. */
    record Node(QuadraticChart chart, double[] xi, double[] x) {
        static Node of(QuadraticChart chart, double[] xi) {
            return new Node(chart, xi, chart.ambientOf(xi));
        }
    }

    /** A straight coordinate segment in one chart. */
    record Segment(QuadraticChart chart, double[] start, double[] end) {
        double length() {
            return chart.naiveDistance(start, end);
        }
    }

    /**
     * @return the approximate geodesic from p to q as straight segments, each in a chart that represents both its
     *     ends; empty when no route of the landmark graph joins them
     */
    Optional<List<Segment>> segments(Node p, Node q) {
        boolean swap = precedes(q, p);
        Node a = swap ? q : p;
        Node b = swap ? p : q;
        Optional<List<Node>> route = relaxation.direct(a, b) ? Optional.of(List.of(a, b))
                : graph().route(a, b).map(LandmarkGraph.Route::nodes);
        if (route.isEmpty()) {
            return Optional.empty();
        }
        List<Segment> segments = relaxation.segments(relaxation.relax(route.get()));
        if (swap) {
            List<Segment> reversed = new ArrayList<>(segments.size());
            for (int i = segments.size() - 1; i >= 0; i--) {
                Segment s = segments.get(i);
                reversed.add(new Segment(s.chart(), s.end(), s.start()));
            }
            segments = reversed;
        }
        return Optional.of(segments);
    }

    /** @return whether a comes before b: by chart index, then by coordinates */
    private static boolean precedes(Node a, Node b) {
        int c = Integer.compare(a.chart().index(), b.chart().index());
        return c != 0 ? c < 0 : Arrays.compare(a.xi(), b.xi()) < 0;
    }

    /** @return the length of the approximate geodesic, the geodesic distance; +∞ when no route joins p and q */
    double distance(Node p, Node q) {
        Optional<List<Segment>> path = segments(p, q);
        if (path.isEmpty()) {
            return Double.POSITIVE_INFINITY;
        }
        double total = 0;
        for (Segment s : path.get()) {
            total += s.length();
        }
        return total;
    }

    /**
     * The logarithm of q at p: the walk of Alg. 3 from q back to p.
     *
     * @param riemannian whether to apply the second-order corrections and give the result the length of the path
     * @return a representative tangent vector at p, in p's chart; empty when no path joins p and q
     */
    Optional<double[]> logarithm(Node p, Node q, boolean riemannian) {
        Optional<List<Segment>> found = segments(p, q);
        if (found.isEmpty()) {
            return Optional.empty();
        }
        List<Segment> path = found.get();
        double[] acc = null;
        double length = 0;
        for (int k = path.size() - 1; k >= 0; k--) {
            Segment s = path.get(k);
            double[] delta = Vectors.minus(s.end(), s.start());
            double[] local = riemannian ? localLogarithm(s.chart(), s.start(), s.end()) : delta;
            if (acc != null) {
                Segment after = path.get(k + 1);
                double[] carried = carry(after.chart(), after.start(), s.chart(), s.end(), acc);
                if (riemannian) {
                    carried = parallel(s.chart(), s.end(), s.start(), carried);
                }
                local = Vectors.plus(local, carried);
            }
            acc = local;
            length += riemannian ? s.length() : 0;
        }
        Segment first = path.get(0);
        acc = carry(first.chart(), first.start(), p.chart(), p.xi(), acc);
        return Optional.of(riemannian ? withLength(p.chart(), p.xi(), acc, length) : acc);
    }

    /**
     * Transports a tangent vector at p to q along the approximate geodesic: between charts by the differentials of
     * §4.2.4; along each segment by the identity (the paper's transport) or, if {@code parallel}, by the
     * parallel-transport equation of the chart's surface, after which the metric norm of the vector is restored.
     *
     * @return the representative at q, in q's chart; empty when no path joins p and q
     */
    Optional<double[]> transport(Node p, double[] tau, Node q, boolean parallel) {
        Optional<List<Segment>> found = segments(p, q);
        if (found.isEmpty()) {
            return Optional.empty();
        }
        List<Segment> path = found.get();
        double[] v = carry(p.chart(), p.xi(), path.get(0).chart(), path.get(0).start(), tau);
        for (int k = 0; k < path.size(); k++) {
            Segment s = path.get(k);
            if (k > 0) {
                Segment before = path.get(k - 1);
                v = carry(before.chart(), before.end(), s.chart(), s.start(), v);
            }
            if (parallel) {
                v = parallel(s.chart(), s.start(), s.end(), v);
            }
        }
        Segment lastSegment = path.get(path.size() - 1);
        v = carry(lastSegment.chart(), lastSegment.end(), q.chart(), q.xi(), v);
        if (parallel) {
            v = withLength(q.chart(), q.xi(), v, Math.sqrt(p.chart().metricInner(p.xi(), tau, tau)));
        }
        return Optional.of(v);
    }

    /** Sub-steps of the midpoint rule per unit of ‖Δ‖/ρ when integrating the parallel-transport equation. */
    private static final int PARALLEL_STEPS_PER_RADIUS = 8;

    /**
     * Parallel transport along the straight coordinate segment from ξ₀ to ξ₁ in one chart: the equation
     * {@code v' = −Γ_ξ(Δ, v)} integrated by the midpoint rule.
     */
    static double[] parallel(QuadraticChart chart, double[] from, double[] to, double[] v) {
        double[] delta = Vectors.minus(to, from);
        int steps = Math.max(1, (int) Math.ceil(PARALLEL_STEPS_PER_RADIUS * Vectors.norm(delta)
                / chart.coordinateRadius()));
        double[] h = Vectors.scaled(delta, 1.0 / steps);
        double[] out = v.clone();
        for (int s = 0; s < steps; s++) {
            double[] at = Vectors.plus(from, Vectors.scaled(h, s));
            double[] mid = Vectors.plus(at, Vectors.scaled(h, 0.5));
            double[] half = Vectors.minus(out, Vectors.scaled(chart.christoffel(at, h, out), 0.5));
            out = Vectors.minus(out, chart.christoffel(mid, h, half));
        }
        return out;
    }

    /**
     * The logarithm in one chart to second order: {@code Δ + ½Γ_ξ(Δ, Δ)}, rescaled to the naive distance, which
     * measures the length of the segment on the chart's surface to all orders.
     */
    static double[] localLogarithm(QuadraticChart chart, double[] from, double[] to) {
        double[] delta = Vectors.minus(to, from);
        double[] v = Vectors.plus(delta, Vectors.scaled(chart.christoffel(from, delta, delta), 0.5));
        return withLength(chart, from, v, chart.naiveDistance(from, to));
    }

    /** @return v scaled to metric norm {@code length} at ξ (v itself when it is zero) */
    static double[] withLength(QuadraticChart chart, double[] xi, double[] v, double length) {
        double norm = Math.sqrt(chart.metricInner(xi, v, v));
        return norm == 0 ? v : Vectors.scaled(v, length / norm);
    }

    /** @return {@code [Dφ̃_to⁻¹(ξ_to)]⁺ Dφ̃_from⁻¹(ξ_from) v}; the identity within one chart */
    static double[] carry(QuadraticChart from, double[] xiFrom, QuadraticChart to, double[] xiTo, double[] v) {
        if (from.equals(to)) {
            return v.clone();
        }
        return to.tangentCoordinatesOf(xiTo, from.jacobianTimes(xiFrom, v));
    }
}

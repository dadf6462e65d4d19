package org.atlasgraph.pointcloud;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import org.atlasgraph.api.base.CsrDijkstra;
import org.atlasgraph.api.base.Vectors;

/**
 * Geodesic distance, logarithm and long-range vector transport on a learned atlas by shortest paths in the dense
 * neighbour graph: Alg. 3 of §4.2.5, with three changes.
 *
 * <ol>
 *   <li>The endpoints join the graph as virtual vertices, linked to every vertex within reach by naive distances
 *   measured in the endpoint's own chart, instead of being snapped to the nearest vertex (which adds up to δ at each
 *   end). The search is A* with the larger of two admissible bounds: the chord length (a naive distance is the
 *   length of a curve between its endpoints) and the landmark (ALT) bound of a few precomputed shortest-path
 *   trees.</li>
 *   <li>The vertex path is shortened: from each path node the walk jumps, in one chart, to the farthest later node that
 *   chart can still represent. Distances are then sums of naive distances of long straight coordinate segments, which
 *   removes the zig-zag (metrication) error of a grid polyline.</li>
 *   <li>Alg. 3 carries the accumulated logarithm ξ' from chart to chart with the transition map of points
 *   {@code L_ĩᵀ(½MK(ξ'⊗ξ') + Lξ' + c)}, which adds the chart offsets c to a tangent vector; a tangent vector must be
 *   carried by the differential, {@code [Dφ̃_ĩ⁻¹]⁺ Dφ̃_i⁻¹} as in §4.2.4, which is what we do.</li>
 * </ol>
 *
 * <p>Two flavours of the same walk: the retraction logarithm sums coordinate differences and carries them by the
 * identity within a chart (the paper's Alg. 3, the inverse of chains of quasi-Euclidean updates), and the Riemannian
 * logarithm uses the second-order logarithm {@code Δ + ½Γ(Δ, Δ)} of each segment, parallel transport along it for the
 * carry (Christoffel symbols of the chart's quadratic surface), and the path length as its norm.
 */
final class ShortestPathLogarithm {
    /** Scales the A* heuristic below the chord so that round-off never makes it inadmissible. */
    private static final double HEURISTIC_FACTOR = 0.999;

    /** Landmarks of the A* heuristic; a few suffice to tighten the bound on every route. */
    static final int LANDMARKS = 8;

    private final DenseNeighbourGraph graph;
    private final int[][] neighbours;
    private final double tolerance;
    /** Graph distances from each landmark to every vertex (+∞ where unreachable). */
    private final double[][] landmarkDistances;

    ShortestPathLogarithm(DenseNeighbourGraph graph, int[][] neighbours, double tolerance) {
        this.graph = graph;
        this.neighbours = neighbours;
        this.tolerance = tolerance;
        this.landmarkDistances = landmarks(graph);
    }

    /**
     * Chooses landmarks by farthest-point traversal of the graph and records their distances to every vertex, for the
     * ALT lower bound {@code |d(L, v) − d(L, q)| ≤ d(v, q)} (triangle inequality in the undirected graph). On a curved
     * manifold the chord length is a loose bound and A* with it alone explores nearly as much as Dijkstra.
     */
    private static double[][] landmarks(DenseNeighbourGraph graph) {
        int n = graph.vertexCount();
        int count = Math.min(LANDMARKS, n);
        double[][] dist = new double[count][];
        double[] nearest = new double[n];
        Arrays.fill(nearest, Double.POSITIVE_INFINITY);
        int next = 0;
        for (int k = 0; k < count; k++) {
            dist[k] = graph.search.distancesFrom(next);
            int far = 0;
            double farDist = -1;
            for (int v = 0; v < n; v++) {
                nearest[v] = Math.min(nearest[v], dist[k][v]);
                double key = Double.isInfinite(nearest[v]) ? Double.MAX_VALUE : nearest[v];
                if (key > farDist) {
                    farDist = key;
                    far = v;
                }
            }
            next = far;
        }
        return dist;
    }

    /** @return the number of vertices of the dense neighbour graph */
    int graphSize() {
        return graph.vertexCount();
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
     * @return the shortened path from p to q as straight segments, the first in p's chart; empty when no path of the
     *     graph joins them
     */
    Optional<List<Segment>> segments(Node p, Node q) {
        Optional<List<Node>> found = search(p, q);
        if (found.isEmpty()) {
            return Optional.empty();
        }
        List<Node> nodes = found.get();
        List<Segment> out = new ArrayList<>();
        int i = 0;
        QuadraticChart chart = p.chart();
        double[] start = p.xi();
        int last = nodes.size() - 1;
        while (i < last) {
            double[] next = DenseNeighbourGraph.representation(chart, nodes.get(i + 1).x(), tolerance);
            if (next == null) {
                // the next node lies outside this chart: continue in the next node's chart, which represents node i
                chart = nodes.get(i + 1).chart();
                start = DenseNeighbourGraph.representation(chart, nodes.get(i).x(), tolerance);
                if (start == null) {
                    start = chart.coordinatesOf(nodes.get(i).x());
                }
                next = nodes.get(i + 1).chart().equals(chart) ? nodes.get(i + 1).xi() : next;
            }
            int j = i + 1;
            double[] end = next;
            while (j < last) {
                double[] further = DenseNeighbourGraph.representation(chart, nodes.get(j + 1).x(), tolerance);
                if (further == null) {
                    break;
                }
                j++;
                end = further;
            }
            if (j == last && q.chart().equals(chart)) {
                end = q.xi();
            }
            out.add(new Segment(chart, start, end));
            i = j;
            if (i < last) {
                Node at = nodes.get(i);
                chart = at.chart();
                start = at.xi();
            }
        }
        return Optional.of(out);
    }

    /** @return the length of the shortened path, the approximate geodesic distance; +∞ when no path joins them */
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
        if (acc == null) {
            return Optional.of(new double[p.chart().dimension()]);
        }
        return Optional.of(riemannian ? withLength(p.chart(), p.xi(), acc, length) : acc);
    }

    /**
     * Transports a tangent vector at p to q along the shortened path: between charts by the differentials of §4.2.4;
     * along each segment by the identity (the paper's transport) or, if {@code parallel}, by the parallel-transport
     * equation of the chart's surface, after which the metric norm of the vector is restored.
     *
     * @return the representative at q, in q's chart; empty when no path joins p and q
     */
    Optional<double[]> transport(Node p, double[] tau, Node q, boolean parallel) {
        Optional<List<Segment>> found = segments(p, q);
        if (found.isEmpty()) {
            return Optional.empty();
        }
        List<Segment> path = found.get();
        double[] v = tau;
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

    /**
     * A* from p to q over the graph with p and q as virtual end vertices: p reaches the vertices it links to at their
     * link weights, and q is a virtual vertex reached from the vertices it links to.
     *
     * @return p, the vertices of the path, q; empty when no path joins them
     */
    private Optional<List<Node>> search(Node p, Node q) {
        int n = graph.vertexCount();
        int sink = n;
        double[] toSink = new double[n];
        Arrays.fill(toSink, Double.NaN);
        int[] sinkLinks = link(q, toSink);
        double[] fromSource = new double[n];
        Arrays.fill(fromSource, Double.NaN);
        int[] sourceLinks = link(p, fromSource);
        if (sinkLinks.length == 0 || sourceLinks.length == 0) {
            return Optional.empty();
        }
        double[] sinkFromLandmark = new double[landmarkDistances.length];
        for (int k = 0; k < landmarkDistances.length; k++) {
            double best = Double.POSITIVE_INFINITY;
            for (int v : sinkLinks) {
                best = Math.min(best, landmarkDistances[k][v] + toSink[v]);
            }
            sinkFromLandmark[k] = best;
        }
        CsrDijkstra.Search search = graph.search.search(1, v -> heuristic(v, q, sinkFromLandmark),
                Double.POSITIVE_INFINITY);
        for (int v : sourceLinks) {
            search.offer(v, fromSource[v], -1, -1);
        }
        for (int v = search.next(); v >= 0 && v != sink; v = search.next()) {
            if (!Double.isNaN(toSink[v])) {
                search.offer(sink, search.cost(v) + toSink[v], v, -1);
            }
        }
        if (search.cost(sink) == Double.POSITIVE_INFINITY) {
            return Optional.empty();
        }
        List<Node> path = new ArrayList<>();
        path.add(q);
        for (int v = search.parent(sink); v >= 0; v = search.parent(v)) {
            path.add(new Node(graph.charts.get(graph.vertexChart[v]), graph.vertexXi[v], graph.vertexX[v]));
        }
        path.add(p);
        Collections.reverse(path);
        return Optional.of(path);
    }

    /** A lower bound on the remaining distance: the chord, or the landmark bound where it is larger. */
    private double heuristic(int v, Node q, double[] sinkFromLandmark) {
        double h = Vectors.distance(graph.vertexX[v], q.x());
        for (int k = 0; k < sinkFromLandmark.length; k++) {
            double a = landmarkDistances[k][v];
            double b = sinkFromLandmark[k];
            if (a != Double.POSITIVE_INFINITY && b != Double.POSITIVE_INFINITY) {
                h = Math.max(h, Math.abs(a - b));
            }
        }
        return HEURISTIC_FACTOR * h;
    }

    /**
     * Links an endpoint to the graph vertices within reach of it that its chart can represent, weighted by naive
     * distances in its chart; falls back to the nearest representable vertices when none is within reach.
     *
     * @param weights filled with the link weight per vertex (NaN where there is no link)
     * @return the linked vertices, empty when there are none
     */
    private int[] link(Node end, double[] weights) {
        QuadraticChart chart = end.chart();
        double reach = DenseNeighbourGraph.REACH * DenseNeighbourGraph.spacing(chart);
        int index = chart.index();
        List<Integer> linked = new ArrayList<>();
        double nearestDist = Double.POSITIVE_INFINITY;
        int nearest = -1;
        double[] nearestXi = null;
        for (int pass = 0; pass <= neighbours[index].length; pass++) {
            int c = pass == 0 ? index : neighbours[index][pass - 1];
            for (int v : graph.chartVertices[c]) {
                double dist = Vectors.distance(end.x(), graph.vertexX[v]);
                if (dist >= reach && dist >= nearestDist) {
                    continue;
                }
                double[] xi = DenseNeighbourGraph.representation(chart, graph.vertexX[v], tolerance);
                if (xi == null) {
                    continue;
                }
                if (dist < reach) {
                    if (Double.isNaN(weights[v])) {
                        linked.add(v);
                    }
                    weights[v] = chart.naiveDistance(end.xi(), xi);
                } else {
                    nearestDist = dist;
                    nearest = v;
                    nearestXi = xi;
                }
            }
        }
        if (linked.isEmpty() && nearest >= 0) {
            weights[nearest] = chart.naiveDistance(end.xi(), nearestXi);
            linked.add(nearest);
        }
        return linked.stream().mapToInt(Integer::intValue).toArray();
    }
}

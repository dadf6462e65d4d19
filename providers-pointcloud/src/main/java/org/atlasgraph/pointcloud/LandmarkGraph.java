package org.atlasgraph.pointcloud;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import org.atlasgraph.api.base.CsrDijkstra;

/**
 * The graph on which the shortest-path logarithm finds its route between charts (§4.2.5), in place of the dense
 * neighbour graph G_NN of Alg. 2: a few landmarks per chart, joined by edges whose lengths are naive approximate
 * distances in chart coordinates (§4.2.3). The route only says which way round the manifold to go;
 * {@link PathRelaxation} then refines it in the charts into an approximate geodesic, so the graph can be coarse.
 *
 * <p>Why not Alg. 2's grid: a grid of spacing δ in every chart has (2ρ/δ)^d vertices per chart and, with edges of
 * length up to a few δ, a number of edges per vertex that grows like 5^d as well; on a 20,000-point atlas of S³ it had
 * 6,845 vertices, took 9 s to build and 1.5–3 ms per query (17–23 ms as the CLI measured it), and at d ≥ 4 it no longer
 * fits. Here each chart has its origin and the 2d points ±{@value #LANDMARK_OFFSET}·ρ_t along its tangent axes (those
 * inside its domain of trust), so the graph has at most k(2d + 1) vertices for k charts; each landmark keeps its
 * {@value #NEAREST} nearest neighbours among the landmarks of its own chart and those of the overlapping charts that
 * both charts represent (so every edge is a straight segment in each of its two charts; with one side only, noisy data
 * let a chart represent a landmark of the next layer of a rolled sheet, and the route cut across: mean error 10% on the
 * noisy roll of the learning suite, 1.1% with both), which bounds the edges by 2·{@value #NEAREST} per landmark. A
 * query therefore costs O(k·d) in the graph, plus the links of its ends, which follow the same rule ({@link #link}).
 *
 * <p>The search is A* with the landmark (ALT) lower bound of {@value #REFERENCES} reference vertices chosen by
 * farthest-point traversal. The ends p and q are virtual vertices: p is a source joined to the landmarks its chart
 * represents, q a sink reached from the landmarks its chart represents, each at the naive distance in the end's chart.
 * For a virtual sink t with links w of weight t_w the bound must use both {@code min_w(d(R, w) + t_w)} (for
 * {@code d(R, t) − d(R, v)}) and {@code max_w(d(R, w) − t_w)} (for {@code d(R, v) − d(R, t)}): with the first in both
 * places, as before, the bound exceeded the remaining cost for sinks whose links lie at different distances from a
 * reference and A* returned paths up to 0.9% longer than the shortest (85 of 512 pairs on the Klein atlas). With both,
 * each term is a potential difference, so the bound is consistent (h(u) ≤ w(u, v) + h(v) on every edge and h ≤ t_w on
 * every sink link) and A* settles every vertex at its shortest cost. The chord ‖x_v − x_q‖, which the earlier search
 * also used, is dropped: an edge measured in a chart ends at the projection of its far end onto that chart's surface
 * and may be shorter than the chord, so the chord is not consistent.
 *
 * <p>Instances are immutable and may be shared between threads.
 */
final class LandmarkGraph {
    /** Distance of the axis landmarks from a chart's origin, as a fraction of its trust radius ρ_t. */
    static final double LANDMARK_OFFSET = 0.5;
    /** Edges each landmark keeps to its nearest neighbours (an edge is kept when either end keeps it). */
    static final int NEAREST = 8;
    /** Reference vertices of the A* lower bound. */
    static final int REFERENCES = 8;

    private final List<QuadraticChart> charts;
    private final int[][] neighbours;
    private final double tolerance;
    private final int[] vertexChart;
    private final double[][] vertexXi;
    private final double[][] vertexX;
    private final int[][] chartVertices;
    private final CsrDijkstra search;
    private final int edgeCount;
    /** Graph distances from each reference vertex to every vertex (+∞ where unreachable). */
    private final double[][] referenceDistances;

    private LandmarkGraph(List<QuadraticChart> charts, int[][] neighbours, double tolerance, int[] vertexChart,
                          double[][] vertexXi, double[][] vertexX, int[][] chartVertices, CsrDijkstra search,
                          int edgeCount) {
        this.charts = charts;
        this.neighbours = neighbours;
        this.tolerance = tolerance;
        this.vertexChart = vertexChart;
        this.vertexXi = vertexXi;
        this.vertexX = vertexX;
        this.chartVertices = chartVertices;
        this.search = search;
        this.edgeCount = edgeCount;
        this.referenceDistances = references(search);
    }

    /**
     * Builds the graph: O(k·d·m·(2d + 1)) representations for k charts with m overlapping charts each.
     *
     * @param charts     the atlas's charts, by index
     * @param neighbours for each chart, the indices of the charts it overlaps
     * @param tolerance  the atlas's off-atlas tolerance
     * @return the graph
     */
    static LandmarkGraph build(List<QuadraticChart> charts, int[][] neighbours, double tolerance) {
        List<Integer> vChart = new ArrayList<>();
        List<double[]> vXi = new ArrayList<>();
        int[][] chartVertices = new int[charts.size()][];
        for (QuadraticChart chart : charts) {
            int d = chart.dimension();
            List<Integer> mine = new ArrayList<>();
            for (int a = -1; a < d; a++) {
                for (int sign = -1; sign <= 1; sign += 2) {
                    if (a < 0 && sign > 0) {
                        continue;
                    }
                    double[] xi = new double[d];
                    if (a >= 0) {
                        xi[a] = sign * LANDMARK_OFFSET * chart.trustRadius();
                    }
                    if (a < 0 || chart.inside(xi)) {
                        mine.add(vChart.size());
                        vChart.add(chart.index());
                        vXi.add(xi);
                    }
                }
            }
            chartVertices[chart.index()] = mine.stream().mapToInt(Integer::intValue).toArray();
        }
        int n = vChart.size();
        int[] vertexChart = vChart.stream().mapToInt(Integer::intValue).toArray();
        double[][] vertexXi = vXi.toArray(new double[0][]);
        double[][] vertexX = new double[n][];
        for (int v = 0; v < n; v++) {
            vertexX[v] = charts.get(vertexChart[v]).ambientOf(vertexXi[v]);
        }
        List<List<double[]>> candidates = new ArrayList<>(n);
        for (int v = 0; v < n; v++) {
            candidates.add(new ArrayList<>());
        }
        for (int u = 0; u < n; u++) {
            int cu = vertexChart[u];
            for (int pass = 0; pass <= neighbours[cu].length; pass++) {
                int c = pass == 0 ? cu : neighbours[cu][pass - 1];
                for (int v : chartVertices[c]) {
                    if (v <= u) {
                        continue;
                    }
                    double w = weight(charts, tolerance, vertexChart, vertexXi, vertexX, u, v);
                    if (!Double.isNaN(w)) {
                        candidates.get(u).add(new double[] {v, w});
                        candidates.get(v).add(new double[] {u, w});
                    }
                }
            }
        }
        boolean[][] kept = new boolean[n][];
        for (int u = 0; u < n; u++) {
            List<double[]> c = candidates.get(u);
            c.sort((a, b) -> Double.compare(a[1], b[1]) != 0 ? Double.compare(a[1], b[1]) : Double.compare(a[0], b[0]));
            kept[u] = new boolean[c.size()];
            Arrays.fill(kept[u], 0, Math.min(NEAREST, c.size()), true);
        }
        int[] offsets = new int[n + 1];
        List<int[]> targets = new ArrayList<>(n);
        List<double[]> weights = new ArrayList<>(n);
        for (int u = 0; u < n; u++) {
            List<double[]> c = candidates.get(u);
            int[] t = new int[c.size()];
            double[] w = new double[c.size()];
            int m = 0;
            for (int i = 0; i < c.size(); i++) {
                int v = (int) c.get(i)[0];
                if (kept[u][i] || keeps(candidates.get(v), kept[v], u)) {
                    t[m] = v;
                    w[m++] = c.get(i)[1];
                }
            }
            targets.add(Arrays.copyOf(t, m));
            weights.add(Arrays.copyOf(w, m));
            offsets[u + 1] = offsets[u] + m;
        }
        int[] allTargets = new int[offsets[n]];
        double[] allWeights = new double[offsets[n]];
        for (int u = 0; u < n; u++) {
            System.arraycopy(targets.get(u), 0, allTargets, offsets[u], targets.get(u).length);
            System.arraycopy(weights.get(u), 0, allWeights, offsets[u], weights.get(u).length);
        }
        return new LandmarkGraph(charts, neighbours, tolerance, vertexChart, vertexXi, vertexX, chartVertices,
                new CsrDijkstra(offsets, allTargets, allWeights), offsets[n] / 2);
    }

    /** @return whether v's sorted candidate list keeps its edge to u */
    private static boolean keeps(List<double[]> candidatesOfV, boolean[] keptOfV, int u) {
        for (int i = 0; i < candidatesOfV.size(); i++) {
            if ((int) candidatesOfV.get(i)[0] == u) {
                return keptOfV[i];
            }
        }
        return false;
    }

    /**
     * @return the naive distance between two landmarks of one chart; for two charts, the mean of the naive distances
     *     measured in each, or NaN unless each chart represents the other's landmark
     */
    private static double weight(List<QuadraticChart> charts, double tolerance, int[] vertexChart,
                                 double[][] vertexXi, double[][] vertexX, int u, int v) {
        QuadraticChart cu = charts.get(vertexChart[u]);
        QuadraticChart cv = charts.get(vertexChart[v]);
        if (cu.equals(cv)) {
            return cu.naiveDistance(vertexXi[u], vertexXi[v]);
        }
        double[] vInU = ChartMembership.represent(cu, vertexX[v], tolerance);
        if (vInU == null) {
            return Double.NaN;
        }
        double[] uInV = ChartMembership.represent(cv, vertexX[u], tolerance);
        if (uInV == null) {
            return Double.NaN;
        }
        return (cu.naiveDistance(vertexXi[u], vInU) + cv.naiveDistance(uInV, vertexXi[v])) / 2;
    }

    /**
     * Chooses reference vertices by farthest-point traversal and records their distances to every vertex, for the ALT
     * lower bound.
     */
    private static double[][] references(CsrDijkstra search) {
        int n = search.vertexCount();
        int count = Math.min(REFERENCES, n);
        double[][] dist = new double[count][];
        double[] nearest = new double[n];
        Arrays.fill(nearest, Double.POSITIVE_INFINITY);
        int next = 0;
        for (int k = 0; k < count; k++) {
            dist[k] = search.distancesFrom(next);
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

    /**
     * @param source a landmark
     * @return the graph distances from it to every landmark (+∞ where no path reaches), by Dijkstra's algorithm
     */
    double[] distancesFrom(int source) {
        return search.distancesFrom(source);
    }

    /** @return the number of landmarks */
    int vertexCount() {
        return vertexChart.length;
    }

    /** @return the number of (undirected) edges */
    int edgeCount() {
        return edgeCount;
    }

    /**
     * A route between two points of the atlas.
     *
     * @param nodes p, the landmarks of the route, q; every two consecutive points represented by the chart of one of
     *              them
     * @param cost  the route's length in the graph: the naive distances of its links and edges
     */
    record Route(List<ShortestPathLogarithm.Node> nodes, double cost) {
    }

    /**
     * The shortest route from p to q through the landmarks, by A* with the consistent ALT bound.
     *
     * @param p the start, a point on its chart's surface
     * @param q the end
     * @return the route; empty when p's or q's chart represents no landmark or no route joins them
     */
    Optional<Route> route(ShortestPathLogarithm.Node p, ShortestPathLogarithm.Node q) {
        int n = vertexCount();
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
        int refs = referenceDistances.length;
        double[] toSinkLow = new double[refs];
        double[] toSinkHigh = new double[refs];
        for (int k = 0; k < refs; k++) {
            double low = Double.POSITIVE_INFINITY;
            double high = Double.NEGATIVE_INFINITY;
            for (int w : sinkLinks) {
                low = Math.min(low, referenceDistances[k][w] + toSink[w]);
                high = Math.max(high, referenceDistances[k][w] - toSink[w]);
            }
            toSinkLow[k] = low;
            toSinkHigh[k] = high;
        }
        CsrDijkstra.Search s = search.search(1, v -> bound(v, toSinkLow, toSinkHigh), Double.POSITIVE_INFINITY);
        for (int v : sourceLinks) {
            s.offer(v, fromSource[v], -1, -1);
        }
        for (int v = s.next(); v >= 0 && v != sink; v = s.next()) {
            if (!Double.isNaN(toSink[v])) {
                s.offer(sink, s.cost(v) + toSink[v], v, -1);
            }
        }
        if (s.cost(sink) == Double.POSITIVE_INFINITY) {
            return Optional.empty();
        }
        List<ShortestPathLogarithm.Node> path = new ArrayList<>();
        path.add(q);
        for (int v = s.parent(sink); v >= 0; v = s.parent(v)) {
            path.add(new ShortestPathLogarithm.Node(charts.get(vertexChart[v]), vertexXi[v], vertexX[v]));
        }
        path.add(p);
        Collections.reverse(path);
        return Optional.of(new Route(path, s.cost(sink)));
    }

    /**
     * The ALT bound on the cost from landmark v to the sink: for every reference R,
     * {@code max(min_w(d(R, w) + t_w) − d(R, v), d(R, v) − max_w(d(R, w) − t_w))}, and at least 0. A reference that
     * does not reach v, or no sink link, gives no bound.
     */
    private double bound(int v, double[] toSinkLow, double[] toSinkHigh) {
        double h = 0;
        for (int k = 0; k < referenceDistances.length; k++) {
            double a = referenceDistances[k][v];
            if (a != Double.POSITIVE_INFINITY && toSinkLow[k] != Double.POSITIVE_INFINITY) {
                h = Math.max(h, Math.max(toSinkLow[k] - a, a - toSinkHigh[k]));
            }
        }
        return h;
    }

    /**
     * Links an end of a route to the landmarks of its chart, and to those of the overlapping charts that its chart
     * represents and whose chart represents the end, weighted by naive distances in its chart. Why both, as for an
     * edge: a chart whose surface passes near a second sheet of the manifold represents points there, and a link on
     * that one side alone was a short cut across the sheets (on the noisy roll of 12,000 points in R^100 one such
     * link made a distance of 7.9 come out as 2.1; with both sides required every query kept to its sheet).
     *
     * @param end     the end
     * @param weights filled with the link weight per landmark (NaN where there is no link)
     * @return the linked landmarks, empty when there are none
     */
    int[] link(ShortestPathLogarithm.Node end, double[] weights) {
        QuadraticChart chart = end.chart();
        int index = chart.index();
        int[] linked = new int[16];
        int count = 0;
        for (int pass = 0; pass <= neighbours[index].length; pass++) {
            int c = pass == 0 ? index : neighbours[index][pass - 1];
            for (int v : chartVertices[c]) {
                double[] xi = c == index ? vertexXi[v] : ChartMembership.represent(chart, vertexX[v], tolerance);
                if (xi == null || c != index && ChartMembership.represent(charts.get(c), end.x(), tolerance) == null) {
                    continue;
                }
                weights[v] = chart.naiveDistance(end.xi(), xi);
                if (count == linked.length) {
                    linked = Arrays.copyOf(linked, 2 * count);
                }
                linked[count++] = v;
            }
        }
        return Arrays.copyOf(linked, count);
    }
}

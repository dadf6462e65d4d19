package org.atlasgraph.pointcloud;

import java.util.ArrayList;
import java.util.List;
import org.atlasgraph.api.base.CsrDijkstra;
import org.atlasgraph.api.base.Vectors;
import org.jgrapht.Graph;
import org.jgrapht.Graphs;
import org.jgrapht.graph.DefaultWeightedEdge;
import org.jgrapht.graph.SimpleWeightedGraph;

/**
 * The dense neighbour graph G_NN of Alg. 2: in every chart, the points of a regular grid of spacing δ in the chart's
 * coordinates that lie inside its transition boundary (quartic &lt; 0) become vertices at their ambient positions;
 * vertices closer than ε in R^D are joined by edges weighted by the naive approximate distance (§4.2.3).
 *
 * <p>Deviations from Alg. 2, each for a reason: δ and ε scale with each chart's radius ({@link #SPACING} and
 * {@link #REACH}) instead of the absolute δ = 0.1, ε = 0.6 tuned for the Klein patches, so the graph has a similar
 * number of vertices per chart on any data; only vertices of overlapping charts are compared (the paper compares all
 * pairs, O(V²)); an edge is kept only when each endpoint can be expressed in the other's chart, and its weight is the
 * mean of the naive distances measured in the two charts, so that the weight is symmetric. The graph is built as a
 * JGraphT {@link SimpleWeightedGraph}; searches run on a compressed snapshot of its adjacency ({@link CsrDijkstra}).
 */
final class DenseNeighbourGraph {
    /** Grid spacing δ as a fraction of the chart radius r (the paper: 0.1 for r = 1.1). */
    static final double SPACING = 0.25;
    /** Edge length bound ε as a multiple of δ: reaches the second ring of grid neighbours (the paper: 6δ). */
    static final double REACH = 2.1;
    /** Upper bound on grid points tried per chart, which caps the cost in higher intrinsic dimension. */
    static final int MAX_GRID = 40000;

    final List<QuadraticChart> charts;
    final int[] vertexChart;
    final double[][] vertexXi;
    final double[][] vertexX;
    final int[][] chartVertices;
    /** The graph's adjacency in CSR form, for the shortest-path searches of Alg. 3. */
    final CsrDijkstra search;

    private DenseNeighbourGraph(List<QuadraticChart> charts, int[] vertexChart, double[][] vertexXi,
                                double[][] vertexX, int[][] chartVertices, Graph<Integer, DefaultWeightedEdge> graph) {
        this.charts = charts;
        this.vertexChart = vertexChart;
        this.vertexXi = vertexXi;
        this.vertexX = vertexX;
        this.chartVertices = chartVertices;
        int n = vertexChart.length;
        int[] offsets = new int[n + 1];
        List<int[]> adjacency = new ArrayList<>(n);
        for (int v = 0; v < n; v++) {
            List<Integer> nb = Graphs.neighborListOf(graph, v);
            int[] a = new int[nb.size()];
            for (int i = 0; i < a.length; i++) {
                a[i] = nb.get(i);
            }
            adjacency.add(a);
            offsets[v + 1] = offsets[v] + a.length;
        }
        int[] targets = new int[offsets[n]];
        double[] weights = new double[offsets[n]];
        for (int v = 0; v < n; v++) {
            int[] a = adjacency.get(v);
            for (int i = 0; i < a.length; i++) {
                targets[offsets[v] + i] = a[i];
                weights[offsets[v] + i] = graph.getEdgeWeight(graph.getEdge(v, a[i]));
            }
        }
        this.search = new CsrDijkstra(offsets, targets, weights);
    }

    /** @return the grid spacing δ of a chart */
    static double spacing(QuadraticChart chart) {
        return SPACING * chart.radius();
    }

    /**
     * Builds G_NN.
     *
     * @param charts     the atlas's charts
     * @param neighbours for each chart, the indices of the charts it overlaps
     * @param tolerance  the largest distance from a chart's surface at which a point counts as representable there
     */
    static DenseNeighbourGraph build(List<QuadraticChart> charts, int[][] neighbours, double tolerance) {
        List<Integer> vChart = new ArrayList<>();
        List<double[]> vXi = new ArrayList<>();
        List<double[]> vX = new ArrayList<>();
        int[][] chartVertices = new int[charts.size()][];
        for (QuadraticChart chart : charts) {
            int d = chart.dimension();
            double step = spacing(chart);
            double rho = chart.coordinateRadius();
            int half = (int) Math.floor(rho / step);
            while (Math.pow(2 * half + 1, d) > MAX_GRID) {
                step *= 1.25;
                half = (int) Math.floor(rho / step);
            }
            int side = 2 * half + 1;
            int total = (int) Math.pow(side, d);
            List<Integer> mine = new ArrayList<>();
            int[] digits = new int[d];
            for (int code = 0; code < total; code++) {
                int rest = code;
                double[] xi = new double[d];
                for (int a = 0; a < d; a++) {
                    digits[a] = rest % side;
                    rest /= side;
                    xi[a] = (digits[a] - half) * step;
                }
                if (chart.inside(xi)) {
                    mine.add(vChart.size());
                    vChart.add(chart.index());
                    vXi.add(xi);
                    vX.add(chart.ambientOf(xi));
                }
            }
            chartVertices[chart.index()] = mine.stream().mapToInt(Integer::intValue).toArray();
        }
        int n = vChart.size();
        int[] vertexChart = vChart.stream().mapToInt(Integer::intValue).toArray();
        double[][] vertexXi = vXi.toArray(new double[0][]);
        double[][] vertexX = vX.toArray(new double[0][]);
        Graph<Integer, DefaultWeightedEdge> graph = new SimpleWeightedGraph<>(DefaultWeightedEdge.class);
        for (int v = 0; v < n; v++) {
            graph.addVertex(v);
        }
        for (QuadraticChart chart : charts) {
            int i = chart.index();
            double reach = REACH * spacing(chart);
            for (int u : chartVertices[i]) {
                addEdges(graph, charts, vertexChart, vertexXi, vertexX, u, chartVertices[i], reach, tolerance);
                for (int j : neighbours[i]) {
                    addEdges(graph, charts, vertexChart, vertexXi, vertexX, u, chartVertices[j], reach, tolerance);
                }
            }
        }
        return new DenseNeighbourGraph(charts, vertexChart, vertexXi, vertexX, chartVertices, graph);
    }

    private static void addEdges(Graph<Integer, DefaultWeightedEdge> graph, List<QuadraticChart> charts,
                                 int[] vertexChart, double[][] vertexXi, double[][] vertexX, int u, int[] candidates,
                                 double reach, double tolerance) {
        double reach2 = reach * reach;
        QuadraticChart cu = charts.get(vertexChart[u]);
        for (int v : candidates) {
            if (v <= u || Vectors.squaredDistance(vertexX[u], vertexX[v]) >= reach2 || graph.containsEdge(u, v)) {
                continue;
            }
            QuadraticChart cv = charts.get(vertexChart[v]);
            double[] vInU = representation(cu, vertexX[v], tolerance);
            double[] uInV = representation(cv, vertexX[u], tolerance);
            if (vInU == null || uInV == null) {
                continue;
            }
            double w = 0.5 * (cu.naiveDistance(vertexXi[u], vInU) + cv.naiveDistance(uInV, vertexXi[v]));
            graph.setEdgeWeight(graph.addEdge(u, v), w);
        }
    }

    /**
     * @return the coordinates ξ = Lᵀ(x − c) of an ambient point in a chart, or {@code null} when the chart cannot
     *     represent it strictly: ξ outside the disc ‖ξ‖ ≤ ρ of the fitted points, or x farther than {@code tolerance}
     *     from the chart's surface. Paths, transitions and the graph use this strict test, so that every coordinate
     *     they measure with is a projection inside the fitted disc; locating also accepts points within the
     *     tolerance of the patch's rim ({@link QuadraticChart#located}).
     */
    static double[] representation(QuadraticChart chart, double[] x, double tolerance) {
        double[] xi = chart.coordinatesOf(x);
        if (!chart.trusted(xi) || Vectors.distance(x, chart.ambientOf(xi)) > tolerance) {
            return null;
        }
        return xi;
    }

    /** @return the number of vertices */
    int vertexCount() {
        return vertexChart.length;
    }
}

package org.atlasgraph.optim.boundary;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.atlasgraph.api.ChartPoint;
import org.atlasgraph.api.Coordinates;
import org.atlasgraph.api.TangentVector;
import org.atlasgraph.api.base.CsrDijkstra;

/**
 * Logarithms of all of a class's points within distance h of a flow point, by shortest paths through the class's
 * k-nearest-neighbour graph: Alg. 3 of §4.2.5 in single-source form.
 *
 * <p>Alg. 3 approximates {@code Log_p(q)} for a distant q by summing the local logarithms of the steps of a shortest
 * path, each carried back to p by vector transport. A flow step needs the logarithms of every neighbour within h, and
 * h must exceed the half-width of a class for its local covariance to be elongated along it; on the Klein bottle of
 * patches that is several chart radii, where neither a chart difference nor the chord projected on the tangent plane is
 * a usable logarithm (the projection folds the θ-loop onto its tangent line and the principal direction flips with θ).
 * One Dijkstra search from the flow point over this graph gives all of them at once: a node's logarithm is its parent's
 * plus the edge's local logarithm carried by the product of the edge transports along the tree, kept as a d×d matrix
 * per node. The edges' local logarithms and transport matrices depend only on the data and are computed once. The
 * graph is kept in CSR form and searched by the shared {@link CsrDijkstra}, the search the learned atlas's Alg. 3 uses.
 */
final class NeighbourGraph {
    /** Graph degree: enough edges for the shortest paths to follow the surface rather than zig-zag. */
    static final int DEGREE = 10;
    /**
     * How much longer than the geodesic a graph path may be and still be searched. A neighbour is a point whose
     * accumulated logarithm has metric norm ≤ h; graph paths zig-zag, more so across directions in which the sample
     * is sparse, so the search reaches beyond h and the kernel is applied to the logarithm, whose vector sum cancels
     * the zig-zags.
     */
    static final double SEARCH_INFLATION = 1.5;

    private final ClassSample sample;
    private final int d;
    /** The graph, its edges i → j weighted by the distance of {@link BoundaryPrimitives#distance}. */
    private final CsrDijkstra graph;
    /** edgeLog[e] for the edge e from i to j: Log_{x_i}(x_j), in x_i's chart. */
    private final double[][] edgeLog;
    /** edgeTransport[e] for the edge e from i to j: the d×d row-major transport from x_j's chart to x_i's. */
    private final double[][] edgeTransport;

    private NeighbourGraph(ClassSample sample, int d, CsrDijkstra graph, double[][] edgeLog,
                           double[][] edgeTransport) {
        this.sample = sample;
        this.d = d;
        this.graph = graph;
        this.edgeLog = edgeLog;
        this.edgeTransport = edgeTransport;
    }

    /** Builds the symmetric k-nearest-neighbour graph of a class and its edges' geometry. */
    static NeighbourGraph of(ClassSample sample, BoundaryPrimitives g) {
        int n = sample.size();
        int k = Math.min(DEGREE, n - 1);
        List<List<Integer>> nb = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            nb.add(new ArrayList<>());
        }
        for (int i = 0; i < n; i++) {
            for (int j : sample.nearestIndices(sample.point(i), sample.ambient(i), k + 1)) {
                if (j != i) {
                    if (!nb.get(i).contains(j)) {
                        nb.get(i).add(j);
                    }
                    if (!nb.get(j).contains(i)) {
                        nb.get(j).add(i);
                    }
                }
            }
        }
        int d = sample.point(0).chart().dimension();
        int[] offsets = new int[n + 1];
        for (int i = 0; i < n; i++) {
            offsets[i + 1] = offsets[i] + nb.get(i).size();
        }
        int edges = offsets[n];
        int[] targets = new int[edges];
        double[] length = new double[edges];
        double[][] log = new double[edges][];
        double[][] transport = new double[edges][];
        for (int i = 0; i < n; i++) {
            List<Integer> list = nb.get(i);
            ChartPoint xi = sample.point(i);
            for (int a = 0; a < list.size(); a++) {
                int e = offsets[i] + a;
                int j = list.get(a);
                targets[e] = j;
                length[e] = sample.distance(i, j);
                log[e] = g.near(xi, sample.point(j)).tau().toArray();
                transport[e] = transportMatrix(sample.point(j), xi, d, g);
            }
        }
        return new NeighbourGraph(sample, d, new CsrDijkstra(offsets, targets, length), log, transport);
    }

    /** @return the d×d matrix (row-major) of the vector transport from p's chart to q's chart */
    static double[] transportMatrix(ChartPoint p, ChartPoint q, int d, BoundaryPrimitives g) {
        double[] m = new double[d * d];
        for (int c = 0; c < d; c++) {
            double[] e = new double[d];
            e[c] = 1;
            TangentVector t = g.nearTransport(p, p.tangent(Coordinates.of(e)), q);
            for (int r = 0; r < d; r++) {
                m[r * d + c] = t.tau().get(r);
            }
        }
        return m;
    }

    /**
     * The logarithms at p of the class's points within distance h of p: those reached by a search to graph distance
     * {@link #SEARCH_INFLATION}·h whose logarithm has metric norm at most h.
     *
     * @param p the flow point
     * @param h the kernel radius
     * @return the logarithms, in p's chart (empty when no point is within reach)
     */
    List<TangentVector> logsWithin(ChartPoint p, double h, BoundaryPrimitives g) {
        int n = sample.size();
        int dd = d * d;
        double[] log = new double[n * d];
        double[] carry = new double[n * dd];
        double reach = SEARCH_INFLATION * h;
        CsrDijkstra.Search search = graph.search(0, v -> 0, reach);
        double[] gram = g.gram(p);
        double[] x = g.manifold().embed(p);
        for (int i : sample.nearestIndices(p, x, Math.min(DEGREE, n))) {
            double len = sample.distance(i, p, x);
            if (len <= reach) {
                System.arraycopy(g.near(p, sample.point(i)).tau().toArray(), 0, log, i * d, d);
                System.arraycopy(transportMatrix(sample.point(i), p, d, g), 0, carry, i * dd, dd);
                search.offer(i, len, -1, -1);
            }
        }
        List<TangentVector> out = new ArrayList<>();
        for (int i = search.next(); i >= 0; i = search.next()) {
            int parent = search.parent(i);
            if (parent >= 0) {
                int e = search.parentEdge(i);
                extend(log, carry, parent, i, edgeLog[e], edgeTransport[e]);
            }
            if (quadratic(gram, log, i * d) <= h * h) {
                out.add(p.tangent(Coordinates.ofComputed("neighbour log", Arrays.copyOfRange(log, i * d, i * d + d))));
            }
        }
        return out;
    }

    /**
     * Extends the tree by the edge i → j: {@code log_j = log_i + C_i · Log_{x_i}(x_j)} and {@code C_j = C_i · T_{j→i}},
     * in the flat arrays of d-vectors and row-major d×d matrices.
     */
    private void extend(double[] log, double[] carry, int i, int j, double[] edgeLog, double[] edgeTransport) {
        int dd = d * d;
        for (int r = 0; r < d; r++) {
            double s = log[i * d + r];
            for (int c = 0; c < d; c++) {
                s += carry[i * dd + r * d + c] * edgeLog[c];
            }
            log[j * d + r] = s;
            for (int c = 0; c < d; c++) {
                double t = 0;
                for (int k = 0; k < d; k++) {
                    t += carry[i * dd + r * d + k] * edgeTransport[k * d + c];
                }
                carry[j * dd + r * d + c] = t;
            }
        }
    }

    /** @return vᵀGv for a d×d row-major G and the d-vector v stored at {@code offset} */
    private double quadratic(double[] gram, double[] v, int offset) {
        double s = 0;
        for (int i = 0; i < d; i++) {
            for (int j = 0; j < d; j++) {
                s += v[offset + i] * gram[i * d + j] * v[offset + j];
            }
        }
        return s;
    }
}

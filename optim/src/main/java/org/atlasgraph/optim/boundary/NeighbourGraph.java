package org.atlasgraph.optim.boundary;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.PriorityQueue;
import org.atlasgraph.api.ChartPoint;
import org.atlasgraph.api.Coordinates;
import org.atlasgraph.api.TangentVector;

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
 * per node. The edges' local logarithms and transport matrices depend only on the data and are computed once.
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
    private final int[][] adjacency;
    private final double[][] edgeLength;
    /** edgeLog[i][e]: Log_{x_i}(x_j) for the e-th neighbour j of i, in x_i's chart. */
    private final double[][][] edgeLog;
    /** edgeTransport[i][e]: the d×d matrix (row-major) of the transport from x_j's chart to x_i's chart. */
    private final double[][][] edgeTransport;

    private NeighbourGraph(ClassSample sample, int d, int[][] adjacency, double[][] edgeLength, double[][][] edgeLog,
                           double[][][] edgeTransport) {
        this.sample = sample;
        this.d = d;
        this.adjacency = adjacency;
        this.edgeLength = edgeLength;
        this.edgeLog = edgeLog;
        this.edgeTransport = edgeTransport;
    }

    /** Builds the symmetric k-nearest-neighbour graph of a class (chord distances) and its edges' geometry. */
    static NeighbourGraph of(ClassSample sample, BoundaryPrimitives g) {
        int n = sample.size();
        int k = Math.min(DEGREE, n - 1);
        List<List<Integer>> nb = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            nb.add(new ArrayList<>());
        }
        for (int i = 0; i < n; i++) {
            for (int j : sample.nearestIndices(sample.ambient(i), k + 1)) {
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
        int[][] adjacency = new int[n][];
        double[][] length = new double[n][];
        double[][][] log = new double[n][][];
        double[][][] transport = new double[n][][];
        for (int i = 0; i < n; i++) {
            List<Integer> list = nb.get(i);
            adjacency[i] = list.stream().mapToInt(Integer::intValue).toArray();
            length[i] = new double[list.size()];
            log[i] = new double[list.size()][];
            transport[i] = new double[list.size()][];
            ChartPoint xi = sample.point(i);
            for (int e = 0; e < list.size(); e++) {
                int j = list.get(e);
                length[i][e] = Math.sqrt(ClassSample.squaredDistance(sample.ambient(i), sample.ambient(j)));
                log[i][e] = g.localLog().inverseRetract(xi, sample.point(j)).tau().toArray();
                transport[i][e] = transportMatrix(sample.point(j), xi, d, g);
            }
        }
        return new NeighbourGraph(sample, d, adjacency, length, log, transport);
    }

    /** @return the d×d matrix (row-major) of the vector transport from p's chart to q's chart */
    static double[] transportMatrix(ChartPoint p, ChartPoint q, int d, BoundaryPrimitives g) {
        double[] m = new double[d * d];
        for (int c = 0; c < d; c++) {
            double[] e = new double[d];
            e[c] = 1;
            TangentVector t = g.transport().transport(p, p.tangent(Coordinates.of(e)), q);
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
        double[] dist = new double[n];
        Arrays.fill(dist, Double.POSITIVE_INFINITY);
        double[][] log = new double[n][];
        double[][] carry = new double[n][];
        boolean[] done = new boolean[n];
        PriorityQueue<double[]> queue = new PriorityQueue<>((a, b) -> Double.compare(a[0], b[0]));
        double reach = SEARCH_INFLATION * h;
        double[] gram = g.gram(p);
        double[] x = g.manifold().embed(p);
        for (int i : sample.nearestIndices(x, Math.min(DEGREE, n))) {
            double len = Math.sqrt(ClassSample.squaredDistance(sample.ambient(i), x));
            if (len <= reach && len < dist[i]) {
                dist[i] = len;
                log[i] = g.localLog().inverseRetract(p, sample.point(i)).tau().toArray();
                carry[i] = transportMatrix(sample.point(i), p, d, g);
                queue.add(new double[] {len, i});
            }
        }
        List<TangentVector> out = new ArrayList<>();
        while (!queue.isEmpty()) {
            double[] top = queue.poll();
            int i = (int) top[1];
            if (done[i] || top[0] > dist[i]) {
                continue;
            }
            done[i] = true;
            if (quadratic(gram, log[i]) <= h * h) {
                out.add(p.tangent(Coordinates.ofComputed("neighbour log", log[i].clone())));
            }
            for (int e = 0; e < adjacency[i].length; e++) {
                int j = adjacency[i][e];
                double nd = dist[i] + edgeLength[i][e];
                if (done[j] || nd > reach || nd >= dist[j]) {
                    continue;
                }
                dist[j] = nd;
                log[j] = plusTimes(log[i], carry[i], edgeLog[i][e]);
                carry[j] = times(carry[i], edgeTransport[i][e]);
                queue.add(new double[] {nd, j});
            }
        }
        return out;
    }

    /** @return vᵀGv for a d×d row-major G */
    private double quadratic(double[] gram, double[] v) {
        double s = 0;
        for (int i = 0; i < d; i++) {
            for (int j = 0; j < d; j++) {
                s += v[i] * gram[i * d + j] * v[j];
            }
        }
        return s;
    }

    /** @return a + M v for a d-vector a, a d×d row-major M and a d-vector v */
    private double[] plusTimes(double[] a, double[] m, double[] v) {
        double[] r = a.clone();
        for (int i = 0; i < d; i++) {
            for (int j = 0; j < d; j++) {
                r[i] += m[i * d + j] * v[j];
            }
        }
        return r;
    }

    /** @return the product A B of d×d row-major matrices */
    private double[] times(double[] a, double[] b) {
        double[] r = new double[d * d];
        for (int i = 0; i < d; i++) {
            for (int k = 0; k < d; k++) {
                double aik = a[i * d + k];
                for (int j = 0; j < d; j++) {
                    r[i * d + j] += aik * b[k * d + j];
                }
            }
        }
        return r;
    }
}

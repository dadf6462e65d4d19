package org.atlasgraph.report;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.atlasgraph.api.check.InvalidInputException;

/**
 * The bottleneck distance between persistence diagrams, exact, and the paper's aggregate over dimensions (App. F.3).
 *
 * <p>{@code d_B(A, B) = min over matchings max over matched pairs ‖a − b‖_∞}, where a point may also be matched to
 * the diagonal at cost {@code (death − birth) / 2}. Computed as the least candidate cost c (a pairwise or diagonal
 * cost) for which the bipartite graph of {@code A ∪ diag(B)} against {@code B ∪ diag(A)} with the edges of cost
 * {@code ≤ c} has a perfect matching (Hopcroft–Karp), by bisection over the sorted candidates: O(N² log N) candidates
 * and checks of O(N^2.5) for N points. Essential points are matched among themselves, in order of birth, which is
 * optimal on a line; when their counts differ the distance is {@code +∞}.
 */
public final class BottleneckDistance {
    private BottleneckDistance() {
    }

    /**
     * The bottleneck distance between two diagrams.
     *
     * @param a one diagram
     * @param b another (of any dimension; normally the same)
     * @return {@code d_B(a, b) ≥ 0}, {@code +∞} when the numbers of essential classes differ
     * @throws InvalidInputException if a diagram is null
     */
    public static double between(PersistenceDiagram a, PersistenceDiagram b) {
        if (a == null || b == null) {
            throw new InvalidInputException(a == null ? "a" : "b", "a persistence diagram", "null");
        }
        double[] essentialA = essentialBirths(a);
        double[] essentialB = essentialBirths(b);
        if (essentialA.length != essentialB.length) {
            return Double.POSITIVE_INFINITY;
        }
        double essential = 0;
        for (int i = 0; i < essentialA.length; i++) {
            essential = Math.max(essential, Math.abs(essentialA[i] - essentialB[i]));
        }
        return Math.max(essential, finite(finitePoints(a), finitePoints(b)));
    }

    /**
     * The aggregate bottleneck distance of App. F.3: {@code sqrt(Σ_k d_B(P_k, Q_k)²)} over the dimensions both have.
     *
     * @param p diagrams of one point cloud
     * @param q diagrams of another
     * @return the aggregate distance
     * @throws InvalidInputException if either is null
     */
    public static double aggregate(PersistenceDiagrams p, PersistenceDiagrams q) {
        if (p == null || q == null) {
            throw new InvalidInputException(p == null ? "p" : "q", "persistence diagrams", "null");
        }
        int top = Math.min(p.maxDimension(), q.maxDimension());
        double sum = 0;
        for (int k = 0; k <= top; k++) {
            double d = between(p.dimension(k), q.dimension(k));
            sum += d * d;
        }
        return Math.sqrt(sum);
    }

    private static double[] essentialBirths(PersistenceDiagram d) {
        return d.intervals().stream().filter(PersistenceInterval::isEssential)
                .mapToDouble(PersistenceInterval::birth).sorted().toArray();
    }

    private static double[][] finitePoints(PersistenceDiagram d) {
        return d.intervals().stream().filter(i -> !i.isEssential())
                .map(i -> new double[] {i.birth(), i.death()}).toArray(double[][]::new);
    }

    /** The bottleneck distance between diagrams of finite points. */
    static double finite(double[][] a, double[][] b) {
        int n = a.length;
        int m = b.length;
        if (n + m == 0) {
            return 0;
        }
        double[][] cost = new double[n][m];
        List<Double> candidates = new ArrayList<>();
        candidates.add(0.0);
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < m; j++) {
                cost[i][j] = Math.max(Math.abs(a[i][0] - b[j][0]), Math.abs(a[i][1] - b[j][1]));
                candidates.add(cost[i][j]);
            }
        }
        double[] diagA = new double[n];
        double[] diagB = new double[m];
        for (int i = 0; i < n; i++) {
            diagA[i] = (a[i][1] - a[i][0]) / 2;
            candidates.add(diagA[i]);
        }
        for (int j = 0; j < m; j++) {
            diagB[j] = (b[j][1] - b[j][0]) / 2;
            candidates.add(diagB[j]);
        }
        double[] sorted = candidates.stream().mapToDouble(Double::doubleValue).sorted().distinct().toArray();
        int lo = 0;
        int hi = sorted.length - 1;
        // The largest candidate always admits a perfect matching (every point to the diagonal).
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (perfectMatching(cost, diagA, diagB, sorted[mid])) {
                hi = mid;
            } else {
                lo = mid + 1;
            }
        }
        return sorted[lo];
    }

    /**
     * Whether the graph of edges with cost ≤ c has a perfect matching. Left vertices: a_0..a_{n−1}, then the diagonal
     * copies of b (n..n+m−1); right: b_0..b_{m−1}, then the diagonal copies of a (m..m+n−1).
     */
    private static boolean perfectMatching(double[][] cost, double[] diagA, double[] diagB, double c) {
        int n = diagA.length;
        int m = diagB.length;
        int size = n + m;
        int[][] adjacency = new int[size][];
        int[] buffer = new int[size];
        for (int i = 0; i < n; i++) {
            int k = 0;
            for (int j = 0; j < m; j++) {
                if (cost[i][j] <= c) {
                    buffer[k++] = j;
                }
            }
            if (diagA[i] <= c) {
                buffer[k++] = m + i;
            }
            adjacency[i] = Arrays.copyOf(buffer, k);
        }
        for (int j = 0; j < m; j++) {
            int k = 0;
            if (diagB[j] <= c) {
                buffer[k++] = j;
            }
            for (int i = 0; i < n; i++) {
                buffer[k++] = m + i;
            }
            adjacency[n + j] = Arrays.copyOf(buffer, k);
        }
        return HopcroftKarp.maximumMatching(adjacency, size) == size;
    }

    /** Hopcroft–Karp maximum bipartite matching with left and right vertex sets of equal size. */
    static final class HopcroftKarp {
        private HopcroftKarp() {
        }

        static int maximumMatching(int[][] adjacency, int rightSize) {
            int leftSize = adjacency.length;
            int[] matchLeft = new int[leftSize];
            int[] matchRight = new int[rightSize];
            Arrays.fill(matchLeft, -1);
            Arrays.fill(matchRight, -1);
            int[] layer = new int[leftSize];
            int[] queue = new int[leftSize];
            int[] next = new int[leftSize];
            int[] stack = new int[leftSize + 1];
            int matched = 0;
            while (true) {
                // Breadth-first layering from the free left vertices.
                int head = 0;
                int tail = 0;
                boolean found = false;
                for (int u = 0; u < leftSize; u++) {
                    if (matchLeft[u] < 0) {
                        layer[u] = 0;
                        queue[tail++] = u;
                    } else {
                        layer[u] = -1;
                    }
                }
                while (head < tail) {
                    int u = queue[head++];
                    for (int v : adjacency[u]) {
                        int w = matchRight[v];
                        if (w < 0) {
                            found = true;
                        } else if (layer[w] < 0) {
                            layer[w] = layer[u] + 1;
                            queue[tail++] = w;
                        }
                    }
                }
                if (!found) {
                    return matched;
                }
                Arrays.fill(next, 0);
                for (int u = 0; u < leftSize; u++) {
                    if (matchLeft[u] < 0 && augment(u, adjacency, matchLeft, matchRight, layer, next, stack)) {
                        matched++;
                    }
                }
            }
        }

        /** Depth-first search for an augmenting path along the layers, iterative to bound the stack. */
        private static boolean augment(int root, int[][] adjacency, int[] matchLeft, int[] matchRight, int[] layer,
                                       int[] next, int[] stack) {
            int top = 0;
            stack[top++] = root;
            while (top > 0) {
                int u = stack[top - 1];
                if (next[u] == adjacency[u].length) {
                    layer[u] = -1;
                    top--;
                    continue;
                }
                int v = adjacency[u][next[u]++];
                int w = matchRight[v];
                if (w < 0) {
                    // Augment along the stack: each left vertex takes the right vertex it last tried.
                    for (int s = top - 1; s >= 0; s--) {
                        int left = stack[s];
                        int right = adjacency[left][next[left] - 1];
                        matchRight[right] = left;
                        matchLeft[left] = right;
                    }
                    return true;
                }
                if (layer[w] == layer[u] + 1) {
                    stack[top++] = w;
                }
            }
            return false;
        }
    }
}

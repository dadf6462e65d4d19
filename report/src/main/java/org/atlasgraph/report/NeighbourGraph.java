package org.atlasgraph.report;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.IntStream;
import org.atlasgraph.api.base.CsrDijkstra;
import org.atlasgraph.api.base.Vectors;
import org.atlasgraph.api.check.InvalidInputException;

/**
 * The symmetric k-nearest-neighbour graph of a point cloud with Euclidean edge lengths, and shortest-path distances
 * on it: the geodesic distance that App. F takes on each baseline's embedding (Fig. 4B–D).
 *
 * <p>Vertices i and j are joined when either is among the other's k nearest points. When that graph falls into
 * several components (t-SNE and UMAP tear clusters apart), they are joined by the shortest edges between components,
 * Borůvka's rule, as scikit-learn's Isomap does, so that every pair has a finite distance; {@link #joins()} counts
 * these edges, and the report should say so when it is not zero.
 */
public final class NeighbourGraph {
    /**
     * The default number of neighbours for geodesics on embeddings of a few thousand points. App. F uses 5 on an even
     * grid of 10⁶ points; on N random points of a surface a 5-NN graph's paths zig-zag: on 2,000 uniform points of a
     * unit square they are 15% longer than the straight segments on average (on the Klein bottle of patches 15%, and
     * 79% for the worst of 200 pairs), which would be charged to the baselines. With 15 neighbours the excess is 2.4%
     * on average (13% at worst; 2.0% and 5% at N = 10,000), the graphs stay connected and local (no path on the Klein
     * sample came out shorter than the surface distance), and 15 ≈ 2 ln N at N = 2,000.
     */
    public static final int DEFAULT_NEIGHBOURS = 15;

    private final int size;
    private final int neighbours;
    private final int joins;
    private final int edges;
    private final CsrDijkstra dijkstra;

    private NeighbourGraph(int size, int neighbours, int joins, int[] offsets, int[] targets, double[] weights) {
        this.size = size;
        this.neighbours = neighbours;
        this.joins = joins;
        this.edges = targets.length / 2;
        this.dijkstra = new CsrDijkstra(offsets, targets, weights);
    }

    /**
     * Builds the graph.
     *
     * @param points rows of equal length, at least 2 (not modified)
     * @param k      neighbours per point, in {@code [1, n − 1]}
     * @return the graph
     * @throws InvalidInputException if the cloud is invalid or k is out of range
     */
    public static NeighbourGraph of(double[][] points, int k) {
        double[][] p = PointClouds.copyOf("points", points, 2);
        int n = p.length;
        if (k < 1 || k >= n) {
            throw new InvalidInputException("k", "1 ≤ k ≤ n − 1 = " + (n - 1), String.valueOf(k));
        }
        NearestNeighbours index = NearestNeighbours.of(p);
        int[][] knn = new int[n][];
        IntStream.range(0, n).parallel().forEach(i -> knn[i] = index.neighbours(i, k));
        List<int[]> extra = joinComponents(p, knn);
        // Adjacency as sorted, de-duplicated lists: i–j appears once per direction.
        int[][] keys = new int[n][];
        int[] counts = new int[n];
        for (int i = 0; i < n; i++) {
            for (int j : knn[i]) {
                counts[i]++;
                counts[j]++;
            }
        }
        for (int[] e : extra) {
            counts[e[0]]++;
            counts[e[1]]++;
        }
        for (int i = 0; i < n; i++) {
            keys[i] = new int[counts[i]];
        }
        Arrays.fill(counts, 0);
        for (int i = 0; i < n; i++) {
            for (int j : knn[i]) {
                keys[i][counts[i]++] = j;
                keys[j][counts[j]++] = i;
            }
        }
        for (int[] e : extra) {
            keys[e[0]][counts[e[0]]++] = e[1];
            keys[e[1]][counts[e[1]]++] = e[0];
        }
        int[] offsets = new int[n + 1];
        int[][] adjacency = new int[n][];
        for (int i = 0; i < n; i++) {
            adjacency[i] = Arrays.stream(keys[i]).distinct().sorted().toArray();
            offsets[i + 1] = offsets[i] + adjacency[i].length;
        }
        int[] targets = new int[offsets[n]];
        double[] weights = new double[offsets[n]];
        for (int i = 0; i < n; i++) {
            for (int a = 0; a < adjacency[i].length; a++) {
                int j = adjacency[i][a];
                targets[offsets[i] + a] = j;
                weights[offsets[i] + a] = Vectors.distance(p[i], p[j]);
            }
        }
        return new NeighbourGraph(n, k, extra.size(), offsets, targets, weights);
    }

    /** @return n, the number of vertices */
    public int size() {
        return size;
    }

    /** @return k, the number of nearest neighbours each point was joined to */
    public int neighbours() {
        return neighbours;
    }

    /** @return the number of edges added to join components (0 when the k-NN graph was connected) */
    public int joins() {
        return joins;
    }

    /** @return the number of undirected edges */
    public int edges() {
        return edges;
    }

    /**
     * Shortest-path distances between pairs of vertices; pairs sharing a first vertex share one search.
     *
     * @param pairs rows {i, j} of vertex indices in {@code [0, n)} (not modified)
     * @return one distance per row
     * @throws InvalidInputException if a row is not a pair of valid indices
     */
    public double[] distances(int[][] pairs) {
        for (int r = 0; r < pairs.length; r++) {
            int[] pr = pairs[r];
            if (pr == null || pr.length != 2 || pr[0] < 0 || pr[0] >= size || pr[1] < 0 || pr[1] >= size) {
                throw new InvalidInputException("pairs[" + r + "]", "two indices in [0, " + size + ")",
                        pr == null ? "null" : Arrays.toString(pr));
            }
        }
        double[] out = new double[pairs.length];
        Integer[] order = new Integer[pairs.length];
        Arrays.setAll(order, r -> r);
        Arrays.sort(order, (a, b) -> Integer.compare(pairs[a][0], pairs[b][0]));
        int r = 0;
        while (r < order.length) {
            int source = pairs[order[r]][0];
            int end = r;
            while (end < order.length && pairs[order[end]][0] == source) {
                end++;
            }
            int[] wanted = new int[end - r];
            for (int s = r; s < end; s++) {
                wanted[s - r] = pairs[order[s]][1];
            }
            CsrDijkstra.Search search = settle(dijkstra, new int[] {source}, new double[] {0}, wanted);
            for (int s = r; s < end; s++) {
                out[order[s]] = search.cost(pairs[order[s]][1]);
            }
            r = end;
        }
        return out;
    }

    /**
     * Runs Dijkstra's search from sources at initial costs until every wanted vertex is settled (or nothing is left
     * to settle); the shared stepping of {@link NeighbourGraph} and {@link SurfaceGeodesics}.
     *
     * @return the search, whose costs and parents are final for the settled vertices
     */
    static CsrDijkstra.Search settle(CsrDijkstra dijkstra, int[] sources, double[] initial, int[] wanted) {
        CsrDijkstra.Search search = dijkstra.search(0, v -> 0, Double.POSITIVE_INFINITY);
        for (int s = 0; s < sources.length; s++) {
            search.offer(sources[s], initial[s], -1, -1);
        }
        int[] sorted = Arrays.stream(wanted).distinct().sorted().toArray();
        boolean[] done = new boolean[sorted.length];
        int remaining = sorted.length;
        for (int v = search.next(); v >= 0 && remaining > 0; v = search.next()) {
            int at = Arrays.binarySearch(sorted, v);
            if (at >= 0 && !done[at]) {
                done[at] = true;
                remaining--;
            }
        }
        return search;
    }

    /** @return shortest-path distances from one vertex to all (thread-safe) */
    double[] distancesFrom(int source) {
        return dijkstra.distancesFrom(source);
    }

    /**
     * Borůvka rounds over the components of the k-NN graph: each round adds, for every component, its shortest edge
     * to another component, until one component remains. Brute force over pairs, O(n²) per round; it runs only when
     * the graph is disconnected.
     */
    private static List<int[]> joinComponents(double[][] p, int[][] knn) {
        int n = p.length;
        UnionFind uf = new UnionFind(n);
        for (int i = 0; i < n; i++) {
            for (int j : knn[i]) {
                uf.union(i, j);
            }
        }
        List<int[]> added = new ArrayList<>();
        while (uf.components() > 1) {
            int[] root = new int[n];
            for (int i = 0; i < n; i++) {
                root[i] = uf.find(i);
            }
            double[] best = new double[n];
            int[][] bestEdge = new int[n][];
            Arrays.fill(best, Double.POSITIVE_INFINITY);
            for (int i = 0; i < n; i++) {
                for (int j = i + 1; j < n; j++) {
                    if (root[i] != root[j]) {
                        double d = Vectors.distance(p[i], p[j]);
                        if (d < best[root[i]]) {
                            best[root[i]] = d;
                            bestEdge[root[i]] = new int[] {i, j};
                        }
                        if (d < best[root[j]]) {
                            best[root[j]] = d;
                            bestEdge[root[j]] = new int[] {i, j};
                        }
                    }
                }
            }
            for (int c = 0; c < n; c++) {
                int[] e = bestEdge[c];
                if (e != null && uf.union(e[0], e[1])) {
                    added.add(e);
                }
            }
        }
        return added;
    }

    /** Disjoint sets with path halving and union by size. */
    private static final class UnionFind {
        private final int[] parent;
        private final int[] size;
        private int components;

        UnionFind(int n) {
            parent = new int[n];
            size = new int[n];
            for (int i = 0; i < n; i++) {
                parent[i] = i;
                size[i] = 1;
            }
            components = n;
        }

        int find(int x) {
            while (parent[x] != x) {
                parent[x] = parent[parent[x]];
                x = parent[x];
            }
            return x;
        }

        boolean union(int a, int b) {
            int ra = find(a);
            int rb = find(b);
            if (ra == rb) {
                return false;
            }
            if (size[ra] < size[rb]) {
                int t = ra;
                ra = rb;
                rb = t;
            }
            parent[rb] = ra;
            size[ra] += size[rb];
            components--;
            return true;
        }

        int components() {
            return components;
        }
    }
}

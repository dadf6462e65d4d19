package org.atlasgraph.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.SplittableRandom;
import org.atlasgraph.api.base.Vectors;
import org.atlasgraph.api.check.InvalidInputException;
import org.jgrapht.alg.shortestpath.FloydWarshallShortestPaths;
import org.jgrapht.graph.DefaultWeightedEdge;
import org.jgrapht.graph.SimpleWeightedGraph;
import org.junit.jupiter.api.Test;

class NeighbourGraphTest {
    private static final long SEED = 4242L;

    @Test
    void shortestPathsMatchFloydWarshallOnTheSameSymmetricKnnGraph() {
        SplittableRandom rng = new SplittableRandom(SEED);
        double[][] p = new double[120][];
        for (int i = 0; i < p.length; i++) {
            p[i] = new double[] {rng.nextDouble(), rng.nextDouble()};
        }
        int k = 4;
        NeighbourGraph graph = NeighbourGraph.of(p, k);
        // Independent reference: JGraphT's Floyd–Warshall on the graph rebuilt from a brute-force k-NN scan.
        SimpleWeightedGraph<Integer, DefaultWeightedEdge> reference = new SimpleWeightedGraph<>(
                DefaultWeightedEdge.class);
        for (int i = 0; i < p.length; i++) {
            reference.addVertex(i);
        }
        for (int i = 0; i < p.length; i++) {
            final int q = i;
            int[] nearest = java.util.stream.IntStream.range(0, p.length).filter(j -> j != q).boxed()
                    .sorted((a, b) -> Double.compare(Vectors.distance(p[q], p[a]),
                            Vectors.distance(p[q], p[b])))
                    .limit(k).mapToInt(Integer::intValue).toArray();
            for (int j : nearest) {
                if (!reference.containsEdge(i, j)) {
                    reference.setEdgeWeight(reference.addEdge(i, j), Vectors.distance(p[i], p[j]));
                }
            }
        }
        FloydWarshallShortestPaths<Integer, DefaultWeightedEdge> all = new FloydWarshallShortestPaths<>(reference);
        int[][] pairs = new int[60][];
        for (int r = 0; r < pairs.length; r++) {
            pairs[r] = new int[] {rng.nextInt(p.length), rng.nextInt(p.length)};
        }
        double[] d = graph.distances(pairs);
        for (int r = 0; r < pairs.length; r++) {
            double expected = all.getPathWeight(pairs[r][0], pairs[r][1]);
            if (Double.isInfinite(expected)) {
                continue;
            }
            assertThat(d[r]).as("pair %d: Dijkstra vs Floyd–Warshall", r).isCloseTo(expected, within(1e-12));
        }
        assertThat(graph.edges()).as("undirected edges").isEqualTo(reference.edgeSet().size() + graph.joins());
    }

    @Test
    void joinsFarApartClustersByTheirClosestPair() {
        double[][] p = {{0, 0}, {0.1, 0}, {0, 0.1}, {10, 0}, {10.1, 0}, {10, 0.1}};
        NeighbourGraph graph = NeighbourGraph.of(p, 2);
        assertThat(graph.joins()).as("edges added to join two triangles").isEqualTo(1);
        // The closest pair between the clusters is (0.1, 0)–(10, 0), 9.9 apart.
        assertThat(graph.distances(new int[][] {{0, 3}})[0]).as("path 0 → 1 → 3")
                .isCloseTo(0.1 + 9.9, within(1e-12));
    }

    @Test
    void pathsOnAUniformSquareSampleAreAtMostAFewPercentLongerThanStraightLines() {
        SplittableRandom rng = new SplittableRandom(SEED);
        double[][] p = new double[2000][];
        for (int i = 0; i < p.length; i++) {
            p[i] = new double[] {rng.nextDouble(), rng.nextDouble()};
        }
        NeighbourGraph graph = NeighbourGraph.of(p, NeighbourGraph.DEFAULT_NEIGHBOURS);
        int[][] pairs = new int[200][];
        for (int r = 0; r < pairs.length; r++) {
            pairs[r] = new int[] {rng.nextInt(p.length), rng.nextInt(p.length)};
        }
        double[] d = graph.distances(pairs);
        double sum = 0;
        int counted = 0;
        for (int r = 0; r < pairs.length; r++) {
            double straight = Vectors.distance(p[pairs[r][0]], p[pairs[r][1]]);
            assertThat(d[r]).as("pair %d: a path is never shorter than the segment", r)
                    .isGreaterThanOrEqualTo(straight - 1e-12);
            if (straight > 0.05) {
                sum += d[r] / straight;
                counted++;
            }
        }
        assertThat(sum / counted).as("mean stretch of 15-NN paths (measured 1.024)").isLessThan(1.04);
        assertThat(graph.joins()).as("the sample's 15-NN graph is connected").isZero();
    }

    @Test
    void rejectsBadNeighbourCountsAndPairs() {
        double[][] p = {{0}, {1}, {2}};
        assertThatThrownBy(() -> NeighbourGraph.of(p, 3)).isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("k: expected 1 ≤ k ≤ n − 1 = 2, found 3");
        assertThatThrownBy(() -> NeighbourGraph.of(p, 1).distances(new int[][] {{0, 5}}))
                .isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("pairs[0]: expected two indices in [0, 3), found [0, 5]");
    }
}

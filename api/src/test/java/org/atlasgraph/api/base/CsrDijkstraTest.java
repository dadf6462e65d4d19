package org.atlasgraph.api.base;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.atlasgraph.api.check.InvalidInputException;
import org.junit.jupiter.api.Test;

/**
 * The CSR search against Floyd–Warshall on seeded random graphs (an independent all-pairs algorithm), with and
 * without a consistent lower bound, bounded, with several sources and a virtual end vertex.
 */
class CsrDijkstraTest {
    private static final long SEED = 17;
    private static final int GRAPHS = 20;
    private static final int VERTICES = 40;
    /** Costs are sums of up to {@value #VERTICES} weights below 1: both algorithms add them in path order. */
    private static final double TOL = 1e-12;

    /** A random undirected graph with weights in [0, 1) and its adjacency matrix (+∞ where there is no edge). */
    private record RandomGraph(CsrDijkstra csr, double[][] matrix, double[][] points) {
        static RandomGraph of(Random rng, int n, double density) {
            double[][] points = new double[n][];
            for (int v = 0; v < n; v++) {
                points[v] = new double[] {rng.nextDouble(), rng.nextDouble()};
            }
            double[][] m = new double[n][n];
            for (double[] row : m) {
                Arrays.fill(row, Double.POSITIVE_INFINITY);
            }
            for (int u = 0; u < n; u++) {
                for (int v = u + 1; v < n; v++) {
                    if (rng.nextDouble() < density) {
                        // at least the Euclidean distance of the points, so that it is a consistent lower bound
                        double w = Vectors.distance(points[u], points[v]) * (1 + rng.nextDouble());
                        m[u][v] = w;
                        m[v][u] = w;
                    }
                }
            }
            int[] offsets = new int[n + 1];
            List<Integer> targets = new ArrayList<>();
            List<Double> weights = new ArrayList<>();
            for (int u = 0; u < n; u++) {
                for (int v = 0; v < n; v++) {
                    if (m[u][v] < Double.POSITIVE_INFINITY) {
                        targets.add(v);
                        weights.add(m[u][v]);
                    }
                }
                offsets[u + 1] = targets.size();
            }
            return new RandomGraph(new CsrDijkstra(offsets, targets.stream().mapToInt(Integer::intValue).toArray(),
                    weights.stream().mapToDouble(Double::doubleValue).toArray()), m, points);
        }

        double[][] floydWarshall() {
            int n = matrix.length;
            double[][] d = new double[n][];
            for (int u = 0; u < n; u++) {
                d[u] = matrix[u].clone();
                d[u][u] = 0;
            }
            for (int k = 0; k < n; k++) {
                for (int u = 0; u < n; u++) {
                    for (int v = 0; v < n; v++) {
                        d[u][v] = Math.min(d[u][v], d[u][k] + d[k][v]);
                    }
                }
            }
            return d;
        }
    }

    @Test
    void distancesFromASourceAreThoseOfFloydWarshall() {
        Random rng = new Random(SEED);
        for (int g = 0; g < GRAPHS; g++) {
            RandomGraph graph = RandomGraph.of(rng, VERTICES, 0.08);
            double[][] expected = graph.floydWarshall();
            for (int s = 0; s < VERTICES; s++) {
                double[] got = graph.csr().distancesFrom(s);
                for (int v = 0; v < VERTICES; v++) {
                    if (expected[s][v] == Double.POSITIVE_INFINITY) {
                        assertThat(got[v]).as("graph %d: %d unreachable from %d", g, v, s).isInfinite();
                    } else {
                        assertThat(got[v]).as("graph %d: d(%d, %d)", g, s, v).isCloseTo(expected[s][v], within(TOL));
                    }
                }
            }
        }
    }

    @Test
    void aStarWithAConsistentBoundFindsTheShortestPathToAVirtualEnd() {
        Random rng = new Random(SEED + 1);
        double[] sourceCost = {0.3, 0};
        for (int g = 0; g < GRAPHS; g++) {
            RandomGraph graph = RandomGraph.of(rng, VERTICES, 0.15);
            double[][] all = graph.floydWarshall();
            // sources 0 and 1 at costs 0.3 and 0; the end lies at vertex 2's position and is reached from vertex 2
            // at cost 0 and from vertex 3 at their Euclidean distance, so that the Euclidean distance to the end is
            // a consistent bound
            double[] goal = graph.points()[2];
            double[] exit = {0, Vectors.distance(graph.points()[3], goal)};
            double expected = Double.POSITIVE_INFINITY;
            for (int s = 0; s < 2; s++) {
                for (int x = 0; x < 2; x++) {
                    expected = Math.min(expected, sourceCost[s] + all[s][2 + x] + exit[x]);
                }
            }
            int end = VERTICES;
            for (boolean guided : new boolean[] {false, true}) {
                CsrDijkstra.Search s = graph.csr().search(1,
                        guided ? v -> Vectors.distance(graph.points()[v], goal) : v -> 0, Double.POSITIVE_INFINITY);
                s.offer(0, sourceCost[0], -1, -1);
                s.offer(1, sourceCost[1], -1, -1);
                for (int v = s.next(); v >= 0 && v != end; v = s.next()) {
                    if (v == 2 || v == 3) {
                        s.offer(end, s.cost(v) + exit[v - 2], v, -1);
                    }
                }
                if (expected == Double.POSITIVE_INFINITY) {
                    assertThat(s.cost(end)).as("graph %d: end unreachable (guided %s)", g, guided).isInfinite();
                    continue;
                }
                assertThat(s.cost(end)).as("graph %d: cost of the end (guided %s)", g, guided)
                        .isCloseTo(expected, within(TOL));
                int v = s.parent(end);
                assertThat(v).as("graph %d: the end is reached from vertex 2 or 3", g).isBetween(2, 3);
                assertThat(s.parentEdge(end)).as("the end is reached by an offered edge").isEqualTo(-1);
                for (; s.parent(v) >= 0; v = s.parent(v)) {
                    assertThat(s.parentEdge(v)).as("graph %d: an edge of the graph leads to %d", g, v).isNotNegative();
                    assertThat(s.cost(v)).as("graph %d: cost of %d along its parent's edge", g, v)
                            .isCloseTo(s.cost(s.parent(v)) + graph.matrix()[s.parent(v)][v], within(TOL));
                }
                assertThat(s.cost(v)).as("graph %d: the path starts at a source at its offered cost", g)
                        .isEqualTo(sourceCost[v]);
            }
        }
    }

    @Test
    void aBoundedSearchSettlesExactlyTheVerticesWithinTheBound() {
        Random rng = new Random(SEED + 2);
        RandomGraph graph = RandomGraph.of(rng, VERTICES, 0.1);
        double[] expected = graph.floydWarshall()[5];
        double bound = 0.8;
        CsrDijkstra.Search s = graph.csr().search(0, v -> 0, bound);
        s.offer(5, 0, -1, -1);
        boolean[] settled = new boolean[VERTICES];
        double previous = 0;
        for (int v = s.next(); v >= 0; v = s.next()) {
            settled[v] = true;
            assertThat(s.cost(v)).as("vertices settle cheapest first").isGreaterThanOrEqualTo(previous);
            previous = s.cost(v);
        }
        for (int v = 0; v < VERTICES; v++) {
            assertThat(settled[v]).as("vertex %d at distance %s settled within %s", v, expected[v], bound)
                    .isEqualTo(expected[v] <= bound);
        }
    }

    @Test
    void rejectsMalformedArraysNamingThem() {
        assertThatThrownBy(() -> new CsrDijkstra(new int[] {0, 2}, new int[] {0}, new double[] {1}))
                .isInstanceOf(InvalidInputException.class).hasMessageStartingWith("offsets: expected n + 1");
        assertThatThrownBy(() -> new CsrDijkstra(new int[] {0, 1}, new int[] {0}, new double[] {1, 2}))
                .isInstanceOf(InvalidInputException.class).hasMessageStartingWith("weights: expected one weight");
        assertThatThrownBy(() -> new CsrDijkstra(new int[] {0, 1}, new int[] {1}, new double[] {1}))
                .isInstanceOf(InvalidInputException.class)
                .hasMessage("targets[0]: expected a vertex in [0, 1), found 1");
        assertThatThrownBy(() -> new CsrDijkstra(new int[] {0, 1}, new int[] {0}, new double[] {-1}))
                .isInstanceOf(InvalidInputException.class)
                .hasMessage("weights[0]: expected a finite weight ≥ 0, found -1.0");
        assertThatThrownBy(() -> new CsrDijkstra(new int[] {0, 2, 1}, new int[] {0}, new double[] {1}))
                .isInstanceOf(InvalidInputException.class)
                .hasMessage("offsets[2]: expected at least offsets[1] = 2, found 1");
    }
}

package org.atlasgraph.pointcloud;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.atlasgraph.api.ChartPoint;
import org.atlasgraph.pointcloud.data.KleinPatches;
import org.junit.jupiter.api.Test;

/**
 * The route search of the geodesics on a learned Klein atlas: A* with the landmark bound returns shortest routes, and
 * the graph stays small.
 */
class LandmarkGraphTest {
    private static final long SEED = 1;
    /** Pairs of random patches, as many as the migration engineer checked the previous bound on. */
    private static final int PAIRS = 512;

    /**
     * Against Dijkstra's algorithm without a bound, from every landmark p links to: the previous bound was not
     * consistent and returned paths up to 0.88% longer on 85 of 512 pairs; a consistent bound returns the shortest.
     */
    @Test
    void routesAreShortestPaths() {
        PointCloudAtlas atlas = PointCloudAtlas.builder(KleinPatches.sample(3000, SEED).points()).seed(SEED).build();
        LandmarkGraph graph = LandmarkGraph.build(atlas.charts(), neighbours(atlas), atlas.offAtlasTolerance());
        int n = graph.vertexCount();
        Random rng = new Random(SEED);
        int routed = 0;
        for (int i = 0; i < PAIRS; i++) {
            ShortestPathLogarithm.Node p = node(atlas, rng);
            ShortestPathLogarithm.Node q = node(atlas, rng);
            double[] fromP = new double[n];
            double[] toQ = new double[n];
            Arrays.fill(fromP, Double.NaN);
            Arrays.fill(toQ, Double.NaN);
            int[] sources = graph.link(p, fromP);
            int[] sinks = graph.link(q, toQ);
            double shortest = Double.POSITIVE_INFINITY;
            for (int s : sources) {
                double[] dist = graph.distancesFrom(s);
                for (int t : sinks) {
                    shortest = Math.min(shortest, fromP[s] + dist[t] + toQ[t]);
                }
            }
            double expected = shortest;
            double found = graph.route(p, q).map(LandmarkGraph.Route::cost).orElse(Double.POSITIVE_INFINITY);
            assertThat(found).as("route cost of pair %d", i).isCloseTo(expected, within(1e-12 * expected));
            routed += Double.isFinite(found) ? 1 : 0;
        }
        assertThat(routed).as("pairs with a route").isEqualTo(PAIRS);
    }

    @Test
    void hasAtMostTwoDPlusOneLandmarksPerChartAndBoundedDegree() {
        PointCloudAtlas atlas = TestClouds.sphereAtlas();
        LandmarkGraph graph = LandmarkGraph.build(atlas.charts(), neighbours(atlas), atlas.offAtlasTolerance());
        int k = atlas.charts().size();
        assertThat(graph.vertexCount()).as("landmarks").isLessThanOrEqualTo(k * (2 * atlas.dimension() + 1))
                .isGreaterThanOrEqualTo(k);
        assertThat(graph.edgeCount()).as("edges").isLessThanOrEqualTo(LandmarkGraph.NEAREST * graph.vertexCount());
    }

    private static ShortestPathLogarithm.Node node(PointCloudAtlas atlas, Random rng) {
        ChartPoint p = atlas.locate(KleinPatches.patch(Math.PI * rng.nextDouble(), 2 * Math.PI * rng.nextDouble()));
        return ShortestPathLogarithm.Node.of((QuadraticChart) p.chart(), p.xi().toArray());
    }

    /** @return for each chart, the charts it overlaps, from the model */
    static int[][] neighbours(PointCloudAtlas atlas) {
        List<List<Integer>> adjacency = new ArrayList<>();
        for (int i = 0; i < atlas.charts().size(); i++) {
            adjacency.add(new ArrayList<>());
        }
        for (AtlasModel.Overlap o : atlas.model().overlaps()) {
            adjacency.get(o.first()).add(o.second());
            adjacency.get(o.second()).add(o.first());
        }
        return adjacency.stream().map(l -> l.stream().mapToInt(Integer::intValue).sorted().toArray())
                .toArray(int[][]::new);
    }
}

package org.atlasgraph.pointcloud;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.Random;
import java.util.concurrent.ForkJoinPool;
import java.util.stream.IntStream;
import org.atlasgraph.api.base.Vectors;
import org.atlasgraph.pointcloud.data.KleinPatches;
import org.atlasgraph.pointcloud.io.AtlasJson;
import org.junit.jupiter.api.Test;

/**
 * The learner's allocation-free and parallel kernels against the plain formulas they replace: the residual against
 * the distance to the surface image, the incidence of confined balls against the inverse of the member lists made
 * afresh, the SVM on reused feature rows against fresh ones, and the whole learning of a noisy cloud (every
 * confinement round) on one thread against the common pool.
 */
class LearnerKernelsTest {
    private static final long SEED = 23;

    @Test
    void residualIsBitForBitTheDistanceToTheSurfaceImage() {
        PointCloudAtlas atlas = TestClouds.sphereAtlas();
        Random rng = new Random(SEED);
        double[] dirty = {Double.NaN, 7};
        for (QuadraticChart chart : atlas.charts()) {
            for (int s = 0; s < 20; s++) {
                double[] x = Vectors.plus(chart.model().centre(), Vectors.scaled(TestClouds.unit(rng),
                        rng.nextDouble() * chart.radius()));
                double expected = Vectors.distance(x, chart.ambientOf(chart.coordinatesOf(x)));
                assertThat(chart.residual(x)).as("residual of a point near chart %s", chart.id())
                        .isEqualTo(expected);
                assertThat(chart.residual(x, dirty)).as("residual with a scratch array that held other values")
                        .isEqualTo(expected);
            }
        }
    }

    @Test
    void incidenceOfConfinedBallsEqualsTheInverseMadeAfresh() {
        Random rng = new Random(SEED);
        int n = 500;
        int[][] before = new int[40][];
        for (int c = 0; c < before.length; c++) {
            before[c] = IntStream.range(0, n).filter(i -> rng.nextDouble() < 0.2).toArray();
        }
        AtlasLearner.Incidence first = AtlasLearner.Incidence.of(before, n);
        for (int i = 0; i < n; i++) {
            int point = i;
            int[] holding = IntStream.range(0, before.length)
                    .filter(c -> Arrays.binarySearch(before[c], point) >= 0).toArray();
            assertThat(first.charts()[i]).as("charts holding point %d, ascending", i).containsExactly(holding);
            for (int j = 0; j < holding.length; j++) {
                assertThat(before[holding[j]][first.positions()[i][j]]).as("position of point %d in ball %d", i,
                        holding[j]).isEqualTo(i);
            }
        }
        // every third ball confined to a random subsequence (some to nothing), the others the very same arrays
        int[][] after = before.clone();
        for (int c = 0; c < after.length; c += 3) {
            double keep = c % 2 == 0 ? 0.7 : 0;
            after[c] = Arrays.stream(before[c]).filter(i -> rng.nextDouble() < keep).toArray();
        }
        assertIncidence(first.after(after), AtlasLearner.Incidence.of(after, n), "confined balls");
        // a ball that gained a point is no subsequence: the incidence is made afresh
        int[][] grown = after.clone();
        grown[1] = IntStream.concat(Arrays.stream(after[1]), IntStream.of(n - 1)).distinct().toArray();
        grown[1] = Arrays.stream(grown[1]).sorted().toArray();
        assertIncidence(first.after(after).after(grown), AtlasLearner.Incidence.of(grown, n), "a grown ball");
    }

    private static void assertIncidence(AtlasLearner.Incidence actual, AtlasLearner.Incidence expected, String what) {
        for (int i = 0; i < expected.charts().length; i++) {
            assertThat(actual.charts()[i]).as("%s: charts of point %d", what, i)
                    .containsExactly(expected.charts()[i]);
            assertThat(actual.positions()[i]).as("%s: positions of point %d", what, i)
                    .containsExactly(expected.positions()[i]);
        }
    }

    @Test
    void svmTrainedOnReusedFeatureRowsEqualsTheOneOnFreshRows() {
        Random rng = new Random(SEED);
        int n = 4;
        BoundarySvm.FeatureRows rows = new BoundarySvm.FeatureRows();
        for (int trial = 0; trial < 3; trial++) {
            // each trial writes over the rows of the one before, with more points (the rows grow) or fewer
            int count = 60 + 40 * ((trial + 1) % 3);
            BoundarySvm.TrainingSet fresh = new BoundarySvm.TrainingSet(n);
            BoundarySvm.TrainingSet reused = new BoundarySvm.TrainingSet(n, rows);
            for (int s = 0; s < count; s++) {
                double[] y = new double[n];
                for (int i = 0; i < n; i++) {
                    y[i] = rng.nextGaussian() * 0.5;
                }
                boolean inside = Vectors.norm(y) < 0.6 + 0.1 * rng.nextGaussian();
                fresh.add(y, inside);
                reused.add(y, inside);
            }
            BoundarySvm.Quadric expected = fresh.train(SEED + trial);
            BoundarySvm.Quadric actual = reused.train(SEED + trial);
            assertThat(actual.matrix()).as("trial %d: quadric matrix", trial).containsExactly(expected.matrix());
            assertThat(actual.linear()).as("trial %d: quadric linear part", trial).containsExactly(expected.linear());
            assertThat(actual.constant()).as("trial %d: quadric constant", trial).isEqualTo(expected.constant());
            assertThat(expected.matrix()).as("trial %d: a trained quadric, not the unit ball", trial)
                    .isNotEqualTo(BoundarySvm.Quadric.ball(n).matrix());
        }
    }

    @Test
    void noisyLearningIsTheSameOnOneThreadAsInTheCommonPool() throws Exception {
        // 2000 noisy Klein patches: the residuals set the tolerance, and all three confinement rounds run
        double[][] points = KleinPatches.sample(2000, SEED, 0.02).points();
        String pooled = AtlasJson.toJson(PointCloudAtlas.builder(points).seed(SEED).build().model());
        ForkJoinPool one = new ForkJoinPool(1);
        try {
            String single = one.submit(() -> AtlasJson.toJson(PointCloudAtlas.builder(points).seed(SEED).build()
                    .model())).get();
            assertThat(single).as("the atlas learned on one thread, as JSON").isEqualTo(pooled);
        } finally {
            one.shutdown();
        }
    }
}

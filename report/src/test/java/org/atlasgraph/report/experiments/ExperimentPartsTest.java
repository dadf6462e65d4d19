package org.atlasgraph.report.experiments;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The small computations of the report's parts against closed forms. */
class ExperimentPartsTest {
    @Test
    void checkpointsAreEverySampleToTenThenAboutTwelvePerDecadeEndingAtTheCount() {
        long[] c = FrechetExperiment.checkpoints(1000);
        assertThat(Arrays.copyOf(c, 10)).as("first ten").containsExactly(1, 2, 3, 4, 5, 6, 7, 8, 9, 10);
        assertThat(c[c.length - 1]).as("last").isEqualTo(1000);
        for (int i = 1; i < c.length; i++) {
            assertThat(c[i]).as("increasing at %d", i).isGreaterThan(c[i - 1]);
        }
        long inSecondDecade = Arrays.stream(c).filter(x -> x > 100 && x <= 1000).count();
        assertThat(inSecondDecade).as("checkpoints in (100, 1000]").isBetween(11L, 13L);
        assertThat(FrechetExperiment.checkpoints(1)).as("a single sample").containsExactly(1);
    }

    @Test
    void theLogLogSlopeOfAPowerLawIsItsExponent() {
        double[] k = {10, 25, 50, 100};
        double[] quadratic = Arrays.stream(k).map(x -> 3 * x * x).toArray();
        assertThat(FrechetExperiment.logLogSlope(k, quadratic)).as("slope of 3k²").isCloseTo(2, within(1e-12));
        assertThat(FrechetExperiment.logLogSlope(new double[] {1}, new double[] {1})).as("one point").isNaN();
    }

    @Test
    void randomPairsJoinTwoDifferentPointsInRange() {
        int[][] pairs = DistanceExperiment.randomPairs(5, 2000, 9);
        int[] seen = new int[5];
        for (int[] p : pairs) {
            assertThat(p[0]).as("first index").isBetween(0, 4);
            assertThat(p[1]).as("second index").isBetween(0, 4).isNotEqualTo(p[0]);
            seen[p[1]]++;
        }
        assertThat(seen).as("every point appears as a second index").doesNotContain(0);
        assertThat(DistanceExperiment.randomPairs(5, 10, 9)).as("seeded").isDeepEqualTo(
                DistanceExperiment.randomPairs(5, 10, 9));
    }

    @Test
    void localSpectraOfACurvedSurfaceInSixDimensionsDropAfterTwo() {
        SplittableRandom rng = new SplittableRandom(2);
        double[][] points = new double[3000][];
        for (int i = 0; i < points.length; i++) {
            double u = rng.nextDouble() * 2 - 1;
            double v = rng.nextDouble() * 2 - 1;
            // A paraboloid graph over the plane, rotated so that no coordinate axis is special.
            double[] x = {u, v, 0.3 * (u * u + v * v), 0, 0, 0};
            double c = Math.cos(0.7);
            double s = Math.sin(0.7);
            points[i] = new double[] {c * x[0] - s * x[3], x[1], x[2], s * x[0] + c * x[3],
                1e-3 * rng.nextGaussian(), 1e-3 * rng.nextGaussian()};
        }
        LocalSpectra.Result r = LocalSpectra.of(points, 4);
        assertThat(r.neighbours()).as("neighbourhood sizes double").containsExactly(12, 24, 48, 96);
        assertThat(r.largestGap()).as("largest drop after index 2 at every scale").containsOnly(2);
        for (double[] spectrum : r.spectra()) {
            assertThat(spectrum[0]).as("normalized first value").isCloseTo(1, within(1e-12));
        }
    }
}

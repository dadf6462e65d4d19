package org.atlasgraph.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.atlasgraph.api.check.InvalidInputException;
import org.junit.jupiter.api.Test;

class BettiNumbersTest {
    private static final long SEED = 1L;
    private static final int DENSE = 20000;
    private static final double INF = Double.POSITIVE_INFINITY;


    @Test
    void countsIntervalsWhoseDeathIsAtLeastRhoTimesTheirBirth() {
        PersistenceDiagrams d = new PersistenceDiagrams(2, List.of(
                new PersistenceDiagram(0, List.of(new PersistenceInterval(0, INF), new PersistenceInterval(0, 1),
                        new PersistenceInterval(0, 1.2), new PersistenceInterval(0, 0.9))),
                new PersistenceDiagram(1, List.of(new PersistenceInterval(1, 2.2), new PersistenceInterval(1, 2.1),
                        new PersistenceInterval(2, INF)))));
        assertThat(BettiNumbers.of(d).toArray()).as("ratio 2.2 counts (1,2.2) and the essential class, not (1,2.1)")
                .containsExactly(1, 2);
    }

    @Test
    void aComponentCountsWhenItMergesFarBeyondTheTypicalSpacing() {
        List<PersistenceInterval> h0 = new ArrayList<>();
        h0.add(new PersistenceInterval(0, INF));
        for (int i = 0; i < 20; i++) {
            h0.add(new PersistenceInterval(0, 1 + 0.01 * i));
        }
        h0.add(new PersistenceInterval(0, 10));
        PersistenceDiagrams d = new PersistenceDiagrams(2, List.of(new PersistenceDiagram(0, h0)));
        assertThat(BettiNumbers.of(d).get(0)).as("two clusters 10 apart, spacing ~1").isEqualTo(2);
    }

    @Test
    void rejectsARatioAtMostOne() {
        PersistenceDiagrams d = new PersistenceDiagrams(2, List.of(new PersistenceDiagram(0, List.of())));
        assertThatThrownBy(() -> BettiNumbers.of(d, 1.0)).isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("ratio: expected a finite value > 1, found 1.0");
    }

    @Test
    void circleIsOneComponentWithOneLoop() {
        SplittableRandom rng = new SplittableRandom(SEED);
        double[][] p = new double[DENSE][];
        for (int i = 0; i < DENSE; i++) {
            double a = 2 * Math.PI * rng.nextDouble();
            p[i] = new double[] {Math.cos(a), Math.sin(a)};
        }
        assertBetti(p, 60, 1, 2, 1, 1);
    }

    @Test
    void sphereIsOneComponentWithOneVoid() {
        SplittableRandom rng = new SplittableRandom(SEED);
        double[][] p = new double[DENSE][];
        for (int i = 0; i < DENSE; i++) {
            double[] g = {rng.nextGaussian(), rng.nextGaussian(), rng.nextGaussian()};
            double r = Math.sqrt(g[0] * g[0] + g[1] * g[1] + g[2] * g[2]);
            p[i] = new double[] {g[0] / r, g[1] / r, g[2] / r};
        }
        assertBetti(p, 150, 2, 2, 1, 0, 1);
    }

    @Test
    void flatTorusHasTwoLoopsAndOneVoidOverZ2AndZ3() {
        SplittableRandom rng = new SplittableRandom(SEED);
        double[][] p = new double[DENSE][];
        for (int i = 0; i < DENSE; i++) {
            double a = 2 * Math.PI * rng.nextDouble();
            double b = 2 * Math.PI * rng.nextDouble();
            p[i] = new double[] {Math.cos(a), Math.sin(a), Math.cos(b), Math.sin(b)};
        }
        assertBetti(p, 150, 2, 2, 1, 2, 1);
        assertBetti(p, 150, 2, 3, 1, 2, 1);
    }

    @Test
    void kleinBottleOfPatchesIs121OverZ2And110OverZ3() {
        KleinBottle klein = KleinBottle.patches();
        double[][] p = klein.patches(klein.sampleAngles(DENSE, SEED));
        assertBetti(p, 200, 2, 2, 1, 2, 1);
        assertBetti(p, 200, 2, 3, 1, 1, 0);
    }

    private static void assertBetti(double[][] dense, int m, int maxDimension, int modulus, int... expected) {
        double[][] sample = FarthestPointSample.of(dense, m, SEED);
        PersistenceDiagrams d = Installed.ripser().compute(sample, maxDimension, modulus);
        BettiNumbers betti = BettiNumbers.of(d);
        assertThat(betti.toArray()).as("Betti numbers over Z/%d of %d farthest points: %s", modulus, m, betti)
                .containsExactly(expected);
    }
}

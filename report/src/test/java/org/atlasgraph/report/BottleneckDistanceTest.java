package org.atlasgraph.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class BottleneckDistanceTest {
    private static final long SEED = 515L;
    private static final double EXACT = 1e-12;
    private static final double INF = Double.POSITIVE_INFINITY;

    private static PersistenceDiagram diagram(double... birthDeath) {
        List<PersistenceInterval> list = new ArrayList<>();
        for (int i = 0; i < birthDeath.length; i += 2) {
            list.add(new PersistenceInterval(birthDeath[i], birthDeath[i + 1]));
        }
        return new PersistenceDiagram(1, list);
    }

    @Test
    void emptyDiagramsAreAtDistanceZero() {
        assertThat(BottleneckDistance.between(diagram(), diagram())).as("d_B(∅, ∅)").isEqualTo(0.0);
    }

    @Test
    void aLonePointGoesToTheDiagonalAtHalfItsPersistence() {
        assertThat(BottleneckDistance.between(diagram(0, 2), diagram())).as("d_B({(0,2)}, ∅) = 2/2")
                .isCloseTo(1.0, within(EXACT));
    }

    @Test
    void nearbyPointsMatchAtTheirSupDistance() {
        assertThat(BottleneckDistance.between(diagram(0, 2), diagram(0.3, 2.1)))
                .as("‖(0,2) − (0.3,2.1)‖_∞ = 0.3 beats the diagonal (1 and 0.9)").isCloseTo(0.3, within(EXACT));
    }

    @Test
    void aShortIntervalPrefersTheDiagonalToAFarPoint() {
        // (0,1) vs (5,10): matching costs 9; sending both to the diagonal costs max(0.5, 2.5) = 2.5.
        assertThat(BottleneckDistance.between(diagram(0, 1), diagram(5, 10))).as("diagonal beats a far match")
                .isCloseTo(2.5, within(EXACT));
    }

    @Test
    void theBottleneckIsTheWorstPairOfTheBestMatching() {
        // A = {(0,10),(1,2)}, B = {(0,10.2)}: (0,10)↔(0,10.2) costs 0.2, (1,2) to the diagonal 0.5.
        assertThat(BottleneckDistance.between(diagram(0, 10, 1, 2), diagram(0, 10.2)))
                .as("max(0.2, 0.5)").isCloseTo(0.5, within(EXACT));
    }

    @Test
    void essentialClassesMatchByBirthAndDifferentCountsAreInfinitelyFar() {
        assertThat(BottleneckDistance.between(diagram(0, INF, 1, 1.5), diagram(0.4, INF)))
                .as("essential births 0 and 0.4, and (1,1.5) to the diagonal at 0.25").isCloseTo(0.4, within(EXACT));
        assertThat(BottleneckDistance.between(diagram(0, INF), diagram(0, 3)))
                .as("one essential class against none").isEqualTo(INF);
    }

    @Test
    void matchesBruteForceOverAllMatchingsOnSmallRandomDiagrams() {
        SplittableRandom rng = new SplittableRandom(SEED);
        for (int trial = 0; trial < 200; trial++) {
            double[][] a = randomPoints(rng, rng.nextInt(4));
            double[][] b = randomPoints(rng, rng.nextInt(4));
            double expected = bruteForce(a, b);
            double d = BottleneckDistance.finite(a, b);
            assertThat(d).as("trial %d: Hopcroft–Karp bisection vs enumeration of matchings", trial)
                    .isCloseTo(expected, within(EXACT));
            assertThat(BottleneckDistance.finite(b, a)).as("trial %d: symmetric", trial)
                    .isCloseTo(d, within(EXACT));
        }
    }

    @Test
    void satisfiesTheTriangleInequality() {
        SplittableRandom rng = new SplittableRandom(SEED + 1);
        for (int trial = 0; trial < 50; trial++) {
            double[][] a = randomPoints(rng, 1 + rng.nextInt(8));
            double[][] b = randomPoints(rng, 1 + rng.nextInt(8));
            double[][] c = randomPoints(rng, 1 + rng.nextInt(8));
            assertThat(BottleneckDistance.finite(a, c)).as("trial %d: d(a,c) ≤ d(a,b) + d(b,c)", trial)
                    .isLessThanOrEqualTo(BottleneckDistance.finite(a, b) + BottleneckDistance.finite(b, c) + EXACT);
        }
    }

    @Test
    void aggregateIsTheRootSumOfSquaresOverDimensions() {
        PersistenceDiagrams p = new PersistenceDiagrams(2, List.of(
                new PersistenceDiagram(0, List.of(new PersistenceInterval(0, INF), new PersistenceInterval(0, 2))),
                new PersistenceDiagram(1, List.of(new PersistenceInterval(1, 4)))));
        PersistenceDiagrams q = new PersistenceDiagrams(2, List.of(
                new PersistenceDiagram(0, List.of(new PersistenceInterval(0, INF))),
                new PersistenceDiagram(1, List.of(new PersistenceInterval(1, 4)))));
        // H0: (0,2) to the diagonal = 1; H1: identical = 0.
        assertThat(BottleneckDistance.aggregate(p, q)).as("sqrt(1² + 0²)").isCloseTo(1.0, within(EXACT));
    }

    private static double[][] randomPoints(SplittableRandom rng, int n) {
        double[][] p = new double[n][];
        for (int i = 0; i < n; i++) {
            double birth = rng.nextDouble(0, 3);
            p[i] = new double[] {birth, birth + rng.nextDouble(0, 3)};
        }
        return p;
    }

    /** min over all bijections of A ∪ diag(B) → B ∪ diag(A) of the largest cost; diagonal–diagonal costs 0. */
    private static double bruteForce(double[][] a, double[][] b) {
        int n = a.length;
        int m = b.length;
        int size = n + m;
        if (size == 0) {
            return 0;
        }
        double[][] cost = new double[size][size];
        for (int i = 0; i < size; i++) {
            for (int j = 0; j < size; j++) {
                boolean realLeft = i < n;
                boolean realRight = j < m;
                if (realLeft && realRight) {
                    cost[i][j] = Math.max(Math.abs(a[i][0] - b[j][0]), Math.abs(a[i][1] - b[j][1]));
                } else if (realLeft) {
                    cost[i][j] = j - m == i ? (a[i][1] - a[i][0]) / 2 : INF;
                } else if (realRight) {
                    cost[i][j] = i - n == j ? (b[j][1] - b[j][0]) / 2 : INF;
                } else {
                    cost[i][j] = 0;
                }
            }
        }
        int[] perm = new int[size];
        for (int i = 0; i < size; i++) {
            perm[i] = i;
        }
        return permute(cost, perm, 0);
    }

    private static double permute(double[][] cost, int[] perm, int k) {
        if (k == perm.length) {
            double worst = 0;
            for (int i = 0; i < perm.length; i++) {
                worst = Math.max(worst, cost[i][perm[i]]);
            }
            return worst;
        }
        double best = INF;
        for (int i = k; i < perm.length; i++) {
            swap(perm, k, i);
            best = Math.min(best, permute(cost, perm, k + 1));
            swap(perm, k, i);
        }
        return best;
    }

    private static void swap(int[] a, int i, int j) {
        int t = a[i];
        a[i] = a[j];
        a[j] = t;
    }
}

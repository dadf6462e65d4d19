package org.atlasgraph.api.base;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.Random;
import org.junit.jupiter.api.Test;

/** The vector helpers on small cases worked by hand, and the SPD solve against multiplying back. */
class VectorsTest {
    private static final long SEED = 29;
    /** Rounding of a few operations on numbers of order 1. */
    private static final double TOL = 1e-14;

    @Test
    void arithmeticOnAPythagoreanTriple() {
        double[] a = {3, 4};
        double[] b = {1, -2};
        assertThat(Vectors.dot(a, b)).as("a·b").isEqualTo(-5);
        assertThat(Vectors.norm(a)).as("‖(3, 4)‖").isEqualTo(5);
        assertThat(Vectors.squaredDistance(a, b)).as("‖a − b‖²").isEqualTo(40);
        assertThat(Vectors.distance(a, b)).as("‖a − b‖").isCloseTo(Math.sqrt(40), within(TOL));
        assertThat(Vectors.plus(a, b)).as("a + b").containsExactly(4, 2);
        assertThat(Vectors.minus(a, b)).as("a − b").containsExactly(2, 6);
        assertThat(Vectors.scaled(a, 0.5)).as("a/2").containsExactly(1.5, 2);
        assertThat(Vectors.plusScaled(a, -2, b)).as("a − 2b").containsExactly(1, 8);
        assertThat(Vectors.normalized(a)).as("a/‖a‖").containsExactly(new double[] {0.6, 0.8}, within(TOL));
        assertThat(a).as("arguments are not modified").containsExactly(3, 4);
    }

    @Test
    void matrixProductsOfARowMajorTwoByThreeMatrix() {
        double[] m = {1, 2, 3, 4, 5, 6};
        assertThat(Vectors.times(m, 2, 3, new double[] {1, 0, -1})).as("Mv").containsExactly(-2, -2);
        assertThat(Vectors.transposeTimes(m, 2, 3, new double[] {1, -1})).as("Mᵀv").containsExactly(-3, -3, -3);
    }

    @Test
    void solveSpdInvertsAPositiveDefiniteSystem() {
        Random rng = new Random(SEED);
        int d = 4;
        double[] a = new double[d * d];
        for (int i = 0; i < a.length; i++) {
            a[i] = rng.nextGaussian();
        }
        double[] s = new double[d * d];
        for (int i = 0; i < d; i++) {
            for (int j = 0; j < d; j++) {
                double sum = i == j ? 1 : 0;
                for (int k = 0; k < d; k++) {
                    sum += a[k * d + i] * a[k * d + j];
                }
                s[i * d + j] = sum;
            }
        }
        double[] b = {1, -2, 0.5, 3};
        double[] x = Vectors.solveSpd(s.clone(), d, b);
        assertThat(Vectors.times(s, d, d, x)).as("S·solve(S, b) = b").containsExactly(b, within(1e-12));
        assertThat(b).as("the right-hand side is not modified").containsExactly(1, -2, 0.5, 3);
    }
}

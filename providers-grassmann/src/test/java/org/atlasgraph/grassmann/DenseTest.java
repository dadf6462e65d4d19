package org.atlasgraph.grassmann;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.CommonOps_DDRM;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class DenseTest {
    private static final long SEED = 5;
    /** Gaussian k×k systems plus 2√k·I (cond ≲ 10): the two eliminations agree to rounding, 1e-11 relative. */
    private static final double TOL = 1e-11;

    /** k = 200 and 300 take the parallel path ({@link Dense#PARALLEL_SOLVE_FROM}). */
    @ParameterizedTest(name = "k={0}")
    @ValueSource(ints = {1, 2, 5, 40, 200, 300})
    void solveAgreesWithEjml(int k) {
        SplittableRandom rng = new SplittableRandom(SEED + k);
        double[] a = Reference.gaussian(rng, k, k);
        for (int i = 0; i < k; i++) {
            a[i * k + i] += 2 * Math.sqrt(k);
        }
        double[] rhs = Reference.gaussian(rng, k, k);
        double[] x = new double[k * k];
        assertThat(Dense.solve(a, k, rhs, x, new double[k * k])).as("regular system").isTrue();
        DMatrixRMaj expected = new DMatrixRMaj(k, k);
        assertThat(CommonOps_DDRM.solve(Reference.matrix(k, k, a.clone()), Reference.matrix(k, k, rhs.clone()),
                expected)).as("EJML solves it").isTrue();
        assertThat(Reference.maxAbsDifference(x, expected.data)).as("solve vs EJML LU")
                .isLessThan(TOL * (1 + Reference.maxAbs(expected.data)));
    }

    @ParameterizedTest(name = "k={0}")
    @ValueSource(ints = {2, 5, 200})
    void solveReportsSingularMatrices(int k) {
        SplittableRandom rng = new SplittableRandom(SEED * 3 + k);
        double[] a = Reference.gaussian(rng, k, k);
        System.arraycopy(a, 0, a, (k - 1) * k, k);
        assertThat(Dense.solve(a, k, Reference.gaussian(rng, k, k), new double[k * k], new double[k * k]))
                .as("two equal rows").isFalse();
    }

    @ParameterizedTest(name = "k={0}")
    @ValueSource(ints = {1, 3, 40})
    void invertAgreesWithEjml(int k) {
        SplittableRandom rng = new SplittableRandom(SEED * 7 + k);
        double[] a = Reference.gaussian(rng, k, k);
        for (int i = 0; i < k; i++) {
            a[i * k + i] += 2 * Math.sqrt(k);
        }
        double[] original = a.clone();
        double[] inverse = new double[k * k];
        assertThat(Dense.invert(a, k, inverse, new double[k * k])).as("regular matrix").isTrue();
        DMatrixRMaj expected = new DMatrixRMaj(k, k);
        assertThat(CommonOps_DDRM.invert(Reference.matrix(k, k, a.clone()), expected)).as("EJML inverts it").isTrue();
        assertThat(Reference.maxAbsDifference(inverse, expected.data)).as("invert vs EJML")
                .isLessThan(TOL * (1 + Reference.maxAbs(expected.data)));
        assertThat(a).as("a is not modified").isEqualTo(original);
        double[] singular = Reference.gaussian(rng, k + 1, k + 1);
        System.arraycopy(singular, 0, singular, k * (k + 1), k + 1);
        assertThat(Dense.invert(singular, k + 1, new double[(k + 1) * (k + 1)], new double[(k + 1) * (k + 1)]))
                .as("two equal rows").isFalse();
    }
}

package org.atlasgraph.grassmann;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.stream.IntStream;
import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.CommonOps_DDRM;
import org.ejml.dense.row.SingularOps_DDRM;
import org.ejml.dense.row.factory.DecompositionFactory_DDRM;
import org.ejml.interfaces.decomposition.SingularValueDecomposition_F64;
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

    /** From k = 17 on LAPACK's DGETRF/DGETRI where the native BLAS loads (k = 200 also its factorizing thread). */
    @ParameterizedTest(name = "k={0}")
    @ValueSource(ints = {1, 3, 16, 17, 40, 200})
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

    /**
     * {@link LargeKernels#pivotRows} against Gaussian elimination with partial pivoting written out here: the same k
     * rows (the largest remaining |a_ij| of each column; Gaussian entries, so no ties), and no answer for a zero
     * matrix.
     */
    @ParameterizedTest(name = "n={0}")
    @ValueSource(ints = {20, 60, 300})
    void pivotRowsAreThoseOfEliminationWithPartialPivoting(int n) {
        assumeTrue(GrassmannKernels.BLAS != null, "no OpenBLAS");
        int k = 20;
        SplittableRandom rng = new SplittableRandom(SEED * 17 + n);
        double[] a = Reference.gaussian(rng, n, k);
        double[] original = a.clone();
        int[] rows = new int[k];
        assertThat(GrassmannKernels.BLAS.pivotRows(a, n, k, rows)).as("full rank").isTrue();
        assertThat(a).as("a is not modified").isEqualTo(original);
        double[] lu = a.clone();
        int[] order = IntStream.range(0, n).toArray();
        for (int j = 0; j < k; j++) {
            int p = j;
            for (int i = j + 1; i < n; i++) {
                if (Math.abs(lu[i * k + j]) > Math.abs(lu[p * k + j])) {
                    p = i;
                }
            }
            for (int c = 0; c < k; c++) {
                double t = lu[j * k + c];
                lu[j * k + c] = lu[p * k + c];
                lu[p * k + c] = t;
            }
            int t = order[j];
            order[j] = order[p];
            order[p] = t;
            for (int i = j + 1; i < n; i++) {
                double f = lu[i * k + j] / lu[j * k + j];
                for (int c = j; c < k; c++) {
                    lu[i * k + c] -= f * lu[j * k + c];
                }
            }
        }
        int[] expected = Arrays.copyOf(order, k);
        Arrays.sort(expected);
        assertThat(rows).as("the pivot rows, increasing").containsExactly(expected);
        double[] rank = new double[n * k];
        assertThat(GrassmannKernels.BLAS.pivotRows(rank, n, k, rows)).as("a zero matrix").isFalse();
    }

    /**
     * The sign-fixed thin QR (LAPACK from {@link GrassmannKernels#BLAS_FROM_K} columns where the native BLAS is,
     * EJML below): Q orthonormal, QR = X with R's diagonal positive (so Q = X·R⁻¹ for the R of X's Cholesky factor
     * XᵀX = RᵀR, computed here by EJML), and the singular values and condition number against EJML's SVD of X.
     */
    /**
     * The Cholesky QR of a nearly orthonormal basis (an orthonormal one, then one moved by up to 20% towards a
     * Gaussian: cond ≤ 2 or not) against the Householder QR of EJML ({@link Dense#thinQr}): the same Q where the
     * Gershgorin discs of XᵀX certify cond(X) ≤ 2, else no answer; orthonormal to rounding. From k = 17 on the
     * native BLAS's DSYRK, DPOTRF and DTRSM where it loads.
     */
    @ParameterizedTest(name = "k={0}")
    @ValueSource(ints = {1, 5, 10, 16, 17, 40})
    void choleskyQrOfNearlyOrthonormalBasesIsTheHouseholderQ(int k) {
        SplittableRandom rng = new SplittableRandom(SEED * 13 + k);
        int n = 30 * k;
        int answered = 0;
        for (double move : new double[] {0, 1e-8, 0.02, 0.2, 2}) {
            double[] x = Dense.thinQr(Reference.gaussian(rng, n, k), n, k).q();
            double[] g = Reference.gaussian(rng, n, k);
            for (int i = 0; i < x.length; i++) {
                x[i] += move * g[i] / Math.sqrt(n);
            }
            double[] original = x.clone();
            double[] q = Dense.nearlyOrthonormalQ(x, n, k);
            assertThat(x).as("x is not modified").isEqualTo(original);
            double[] singular = Dense.thinQr(x, n, k).singularValues();
            double condition = Arrays.stream(singular).max().orElseThrow()
                    / Arrays.stream(singular).min().orElseThrow();
            if (q == null) {
                assertThat(Dense.identityDefect(Dense.gram(x, n, k), k)).as("declined only off the identity, move %s",
                        move).isGreaterThan(0.01 / k);
                continue;
            }
            answered++;
            assertThat(condition).as("answered only with cond(X) ≤ 2, move %s", move).isLessThanOrEqualTo(2);
            assertThat(Reference.maxAbsDifference(q, Dense.thinQr(x, n, k).q())).as("Q vs Householder, move %s",
                    move).isLessThan(1e-13 * k);
            assertThat(Dense.orthonormalityDefect(q, n, k)).as("QᵀQ − I, move %s", move).isLessThan(1e-14 * k);
        }
        assertThat(answered).as("orthonormal and nearly orthonormal bases answered").isGreaterThanOrEqualTo(3);
        double[] x = Reference.gaussian(rng, n, k);
        for (int i = 0; i < n; i++) {
            x[i * k] = 0;
        }
        assertThat(Dense.nearlyOrthonormalQ(x, n, k)).as("a zero column").isNull();
    }

    @ParameterizedTest(name = "k={0}")
    @ValueSource(ints = {3, 16, 17, 40})
    void thinQrIsTheUniqueQrWithAPositiveDiagonal(int k) {
        SplittableRandom rng = new SplittableRandom(SEED * 11 + k);
        int n = 3 * k + 1;
        double[] x = Reference.gaussian(rng, n, k);
        double[] original = x.clone();
        Dense.ThinQr qr = Dense.thinQr(x, n, k);
        assertThat(x).as("x is not modified").isEqualTo(original);
        DMatrixRMaj gram = new DMatrixRMaj(k, k);
        CommonOps_DDRM.multTransA(Reference.matrix(n, k, x), Reference.matrix(n, k, x), gram);
        var cholesky = DecompositionFactory_DDRM.chol(k, false);
        assertThat(cholesky.decompose(gram)).as("XᵀX positive definite").isTrue();
        DMatrixRMaj r = cholesky.getT(null);
        DMatrixRMaj expected = new DMatrixRMaj(n, k);
        CommonOps_DDRM.mult(Reference.matrix(n, k, x), invert(r), expected);
        assertThat(Reference.maxAbsDifference(qr.q(), expected.data)).as("Q = X R⁻¹").isLessThan(1e-12 * k);
        SingularValueDecomposition_F64<DMatrixRMaj> svd = DecompositionFactory_DDRM.svd(n, k, false, false, true);
        assertThat(svd.decompose(Reference.matrix(n, k, x.clone()))).as("EJML's SVD").isTrue();
        double[] expectedValues = svd.getSingularValues().clone();
        SingularOps_DDRM.descendingOrder(null, false, expectedValues, k, null, false);
        double[] values = qr.singularValues().clone();
        Arrays.sort(values);
        for (int j = 0; j < k; j++) {
            assertThat(values[k - 1 - j]).as("σ_%d", j).isCloseTo(expectedValues[j],
                    within(1e-12 * expectedValues[0]));
        }
        double condition = expectedValues[0] / expectedValues[k - 1];
        assertThat(Dense.condition(x, n, k)).as("condition number").isCloseTo(condition,
                within(1e-10 * condition));
        for (int i = 0; i < n; i++) {
            x[i * k + k / 2] = 0;
        }
        assertThat(Dense.condition(x, n, k)).as("condition number with a zero column").isGreaterThan(1e15);
    }

    private static DMatrixRMaj invert(DMatrixRMaj a) {
        DMatrixRMaj inverse = new DMatrixRMaj(a.numRows, a.numCols);
        assertThat(CommonOps_DDRM.invert(a, inverse)).as("R invertible").isTrue();
        return inverse;
    }
}

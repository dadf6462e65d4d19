package org.atlasgraph.grassmann;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.CommonOps_DDRM;
import org.ejml.dense.row.factory.DecompositionFactory_DDRM;
import org.ejml.interfaces.decomposition.EigenDecomposition_F64;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@link NormalCorrection} and the vector kernels' k×k routines it runs on, against EJML: R·g(E) and Σθ² against
 * EJML's symmetric eigendecomposition of E = Rᵀ(XᵀX)R − I, on every path ({@code null} kernels: the scalar loops);
 * the strided and transposed products and the quadrature's sums against EJML's products.
 */
class NormalCorrectionTest {
    private static final long SEED = 91;

    /**
     * A sample X with principal angles up to {@code angle} from span(e₁…e_k), given by a random basis (X·M), and R
     * chosen so that E = BᵀB for its chart coordinates B: R = X_U⁻¹ (the identity chart), the setting of the kernel.
     * Small angles take the quadrature, large ones (beyond 45°) the eigendecomposition.
     */
    @ParameterizedTest(name = "k = {0}, angles up to {1}, kernels: {2}")
    @CsvSource({"5,0.4,vector", "5,0.4,scalar", "10,0.7,vector", "10,0.7,scalar", "16,0.3,vector", "3,1.3,vector",
            "5,1.3,scalar", "20,0.5,scalar", "20,0.5,blas", "40,0.7,blas", "40,1.3,blas", "60,1.3,scalar"})
    void correctsRToTheLogarithmAgainstTheEigendecomposition(int k, double angle, String kernels) {
        boolean vector = "vector".equals(kernels);
        SmallKernels small = vector ? GrassmannKernels.VECTOR : null;
        LargeKernels blas = "blas".equals(kernels) ? GrassmannKernels.BLAS : null;
        assumeTrue(!vector || (small != null && k <= small.maxK()), "no vector kernels for this k");
        assumeTrue(!"blas".equals(kernels) || blas != null, "no native BLAS on this platform");
        SplittableRandom rng = new SplittableRandom(SEED + k);
        int n = 3 * k;
        // X = [cos Θ; sin Θ; 0] rotated on both sides, then right-multiplied by a random M.
        double[] x = new double[n * k];
        double[] u = orthogonal(rng, k);
        double[] v = orthogonal(rng, k);
        double expectedSquares = 0;
        for (int j = 0; j < k; j++) {
            double theta = angle * (j + 1) / k;
            expectedSquares += theta * theta;
            for (int a = 0; a < k; a++) {
                for (int c = 0; c < k; c++) {
                    x[a * k + c] += u[a * k + j] * Math.cos(theta) * v[c * k + j];
                    x[(k + a) * k + c] += u[a * k + j] * Math.sin(theta) * v[c * k + j];
                }
            }
        }
        DMatrixRMaj xm = new DMatrixRMaj(n, k);
        CommonOps_DDRM.mult(Reference.matrix(n, k, x), Reference.matrix(k, k, Reference.gaussian(rng, k, k)), xm);
        DMatrixRMaj gram = new DMatrixRMaj(k, k);
        CommonOps_DDRM.multTransA(xm, xm, gram);
        DMatrixRMaj r = CommonOps_DDRM.extract(xm, 0, k, 0, k);
        assertThat(CommonOps_DDRM.invert(r)).as("X_U invertible").isTrue();
        DMatrixRMaj e = new DMatrixRMaj(k, k);
        DMatrixRMaj gr = new DMatrixRMaj(k, k);
        CommonOps_DDRM.mult(gram, r, gr);
        CommonOps_DDRM.multTransA(r, gr, e);
        CommonOps_DDRM.subtractEquals(e, CommonOps_DDRM.identity(k));
        DMatrixRMaj expected = new DMatrixRMaj(k, k);
        CommonOps_DDRM.mult(r, eigenFunction(e, k), expected);

        NormalCorrection correction = new NormalCorrection(k, small, blas);
        // The operands in rows of the correction's pitch: XᵀX with garbage beyond k (unspecified there), R with zeros.
        int pitch = correction.pitch();
        double[] gramArray = new double[k * pitch];
        Arrays.fill(gramArray, 1e9);
        double[] rArray = new double[k * pitch];
        for (int a = 0; a < k; a++) {
            System.arraycopy(gram.data, a * k, gramArray, a * pitch, k);
            System.arraycopy(r.data, a * k, rArray, a * pitch, k);
        }
        assertThat(correction.apply(gramArray, rArray)).as("finite sample accepted").isTrue();
        double scale = CommonOps_DDRM.elementMaxAbs(expected);
        for (int a = 0; a < k; a++) {
            for (int c = 0; c < k; c++) {
                assertThat(rArray[a * pitch + c]).as("R·g(E) entry (%d, %d)", a, c)
                        .isCloseTo(expected.data[a * k + c], within(1e-10 * scale));
            }
            for (int c = k; c < pitch; c++) {
                assertThat(rArray[a * pitch + c]).as("R·g(E) padding (%d, %d)", a, c).isZero();
            }
        }
        assertThat(correction.squaredDistance()).as("Σθ²").isCloseTo(expectedSquares, within(1e-10));
        // The largest principal angle is `angle`: bounded above always; within the certified factor from k = 17
        // (λ ≤ 1.15·λ_max) and where the eigendecomposition was taken (beyond 45°: exact).
        assertThat(correction.largestAngle()).as("bound on the largest principal angle")
                .isGreaterThanOrEqualTo(angle - 1e-12);
        if (k >= GrassmannKernels.BLAS_FROM_K || angle > Math.PI / 4) {
            double tangent = Math.tan(angle) * Math.sqrt(NormalCorrection.CERTIFY_MARGIN);
            assertThat(correction.largestAngle()).as("certified bound on the largest principal angle")
                    .isLessThanOrEqualTo(Math.atan(tangent) + 1e-12);
        }
    }

    /**
     * Samuelson's bound on λ_max of E = BᵀB against EJML's eigenvalues: never below the largest, never above ‖E‖_F
     * (the bound it replaces), and exact for rank one and for multiples of I.
     */
    @ParameterizedTest(name = "k = {0}")
    @CsvSource({"2", "5", "10", "40"})
    void samuelsonBoundsTheLargestEigenvalueBetweenItAndTheFrobeniusNorm(int k) {
        SplittableRandom rng = new SplittableRandom(SEED + k);
        for (int trial = 0; trial < 50; trial++) {
            int rows = 1 + rng.nextInt(2 * k);
            DMatrixRMaj b = new DMatrixRMaj(rows, k);
            for (int i = 0; i < rows * k; i++) {
                b.data[i] = rng.nextGaussian() * Math.pow(10, -rng.nextInt(4));
            }
            DMatrixRMaj e = new DMatrixRMaj(k, k);
            CommonOps_DDRM.multTransA(b, b, e);
            double trace = CommonOps_DDRM.trace(e);
            double frobenius2 = CommonOps_DDRM.elementSum(CommonOps_DDRM.elementMult(e, e, null));
            EigenDecomposition_F64<DMatrixRMaj> eig = DecompositionFactory_DDRM.eig(k, false, true);
            assertThat(eig.decompose(e.copy())).isTrue();
            double largest = 0;
            for (int j = 0; j < k; j++) {
                largest = Math.max(largest, eig.getEigenvalue(j).real);
            }
            double bound = NormalCorrection.samuelson(trace, frobenius2, k);
            assertThat(bound).as("trial %d (rank ≤ %d): above λ_max", trial, rows)
                    .isGreaterThanOrEqualTo(largest * (1 - 1e-12));
            assertThat(bound).as("trial %d: at most ‖E‖_F", trial)
                    .isLessThanOrEqualTo(Math.sqrt(frobenius2) * (1 + 1e-12));
            if (rows == 1) {
                assertThat(bound).as("trial %d: rank one", trial).isCloseTo(largest, within(1e-12 * largest));
            }
        }
        assertThat(NormalCorrection.samuelson(0.3 * k, 0.09 * k, k)).as("0.3 I").isCloseTo(0.3, within(1e-15));
    }

    @Test
    void rejectsAGramMatrixWithANonFiniteDiagonalAndLeavesRAlone() {
        double[] gram = {1, 0, 0, Double.POSITIVE_INFINITY};
        double[] r = {1, 2, 3, 4};
        assertThat(new NormalCorrection(2, null, null).apply(gram, r)).as("accepted").isFalse();
        assertThat(r).as("R after the rejection").containsExactly(1, 2, 3, 4);
    }

    /**
     * The vector kernels' solve (Gauss–Jordan with partial pivoting, R = N⁻¹S_k⁻¹ of the kernel) against EJML's LU,
     * on a strided operand whose padding holds garbage, with a row exchange forced by a zero leading entry; and a
     * matrix with two equal rows is reported singular, as {@link Dense#solve} reports it.
     */
    @ParameterizedTest(name = "k = {0}")
    @CsvSource({"1", "2", "5", "8", "9", "10", "16"})
    void vectorSolveAgreesWithEjml(int k) {
        SmallKernels small = GrassmannKernels.VECTOR;
        assumeTrue(small != null && k <= small.maxK(), "no vector kernels for this k");
        SplittableRandom rng = new SplittableRandom(SEED + 11 * k);
        int span = small.span(k);
        double[] a = Reference.gaussian(rng, k, k);
        for (int i = 0; i < k; i++) {
            a[i * k + i] += 2 * Math.sqrt(k);
        }
        if (k > 1) {
            a[0] = 0;
        }
        double[] b = Reference.gaussian(rng, k, k);
        double[] strided = new double[k * span];
        Arrays.fill(strided, 1e9);
        for (int i = 0; i < k; i++) {
            System.arraycopy(a, i * k, strided, i * span, k);
        }
        double[] work = new double[2 * k * span];
        double[] out = new double[k * span];
        assertThat(small.solve(strided, span, b, k, work, out)).as("regular system").isTrue();
        DMatrixRMaj expected = new DMatrixRMaj(k, k);
        assertThat(CommonOps_DDRM.solve(Reference.matrix(k, k, a.clone()), Reference.matrix(k, k, b.clone()),
                expected)).as("EJML solves it").isTrue();
        double scale = 1 + CommonOps_DDRM.elementMaxAbs(expected);
        for (int i = 0; i < k; i++) {
            for (int c = 0; c < k; c++) {
                assertThat(out[i * span + c]).as("x(%d, %d)", i, c)
                        .isCloseTo(expected.get(i, c), within(1e-12 * scale));
            }
            for (int c = k; c < span; c++) {
                assertThat(out[i * span + c]).as("padding (%d, %d)", i, c).isZero();
            }
        }
        if (k > 1) {
            System.arraycopy(a, 0, a, (k - 1) * k, k);
            assertThat(small.solve(a, k, b, k, work, out)).as("two equal rows").isFalse();
            assertThat(Dense.solve(a, k, b, new double[k * k], new double[k * k])).as("Dense.solve agrees").isFalse();
        }
    }

    @ParameterizedTest(name = "k = {0}")
    @CsvSource({"1", "5", "8", "9", "13", "16"})
    void vectorProductsAndSumsAgreeWithEjml(int k) {
        SmallKernels small = GrassmannKernels.VECTOR;
        assumeTrue(small != null && k <= small.maxK(), "no vector kernels for this k");
        SplittableRandom rng = new SplittableRandom(SEED + 7 * k);
        int span = small.span(k);
        double[] a = Reference.gaussian(rng, k, k);
        double[] b = Reference.gaussian(rng, k, k);
        DMatrixRMaj ab = new DMatrixRMaj(k, k);
        CommonOps_DDRM.mult(Reference.matrix(k, k, a), Reference.matrix(k, k, b), ab);
        DMatrixRMaj atb = new DMatrixRMaj(k, k);
        CommonOps_DDRM.multTransA(Reference.matrix(k, k, a), Reference.matrix(k, k, b), atb);
        // Unpadded, with garbage in the slack that must not leak into the results.
        double[] bFlat = Arrays.copyOf(b, k * k + span);
        Arrays.fill(bFlat, k * k, bFlat.length, 1e9);
        double[] out = new double[k * k + span];
        small.multiply(a, k, false, bFlat, k, out, k, k);
        assertThat(Reference.maxAbsDifference(Arrays.copyOf(out, k * k), ab.data)).as("a·b unpadded")
                .isLessThan(1e-12 * k);
        small.multiply(a, k, true, bFlat, k, out, k, k);
        assertThat(Reference.maxAbsDifference(Arrays.copyOf(out, k * k), atb.data)).as("aᵀ·b unpadded")
                .isLessThan(1e-12 * k);
        // b padded to the span, the product written padded.
        double[] bPadded = new double[k * span];
        for (int i = 0; i < k; i++) {
            System.arraycopy(b, i * k, bPadded, i * span, k);
        }
        double[] outPadded = new double[k * span];
        small.multiply(a, k, false, bPadded, span, outPadded, span, k);
        for (int i = 0; i < k; i++) {
            for (int c = 0; c < k; c++) {
                assertThat(outPadded[i * span + c]).as("a·b padded (%d, %d)", i, c)
                        .isCloseTo(ab.data[i * k + c], within(1e-12 * k));
            }
        }
        // The quadrature's sums over three nodes, each inverse (I + u²E)⁻¹ by EJML: E = BᵀB/k (positive
        // semidefinite), padded with zeros beyond k; the outputs hold garbage before.
        DMatrixRMaj e = new DMatrixRMaj(k, k);
        CommonOps_DDRM.multTransA(Reference.matrix(k, k, b), Reference.matrix(k, k, b), e);
        CommonOps_DDRM.scale(1.0 / k, e);
        double[] ePadded = new double[k * span];
        for (int i = 0; i < k; i++) {
            System.arraycopy(e.data, i * k, ePadded, i * span, k);
        }
        double[] nodes = {0.2, 0.55, 0.9};
        double[] weights = {0.25, 0.35, 0.4};
        double[] f = new double[k * span];
        double[] ef = new double[k * span];
        Arrays.fill(f, 7);
        Arrays.fill(ef, 7);
        small.quadrature(ePadded, nodes, weights, nodes.length, new double[nodes.length * k * span], f, ef, k);
        double[] fExpected = new double[k * k];
        double[] efExpected = new double[k * k];
        for (int j = 0; j < nodes.length; j++) {
            DMatrixRMaj shifted = e.copy();
            CommonOps_DDRM.scale(nodes[j] * nodes[j], shifted);
            for (int i = 0; i < k; i++) {
                shifted.add(i, i, 1);
            }
            assertThat(CommonOps_DDRM.invert(shifted)).as("EJML inverts I + u²E").isTrue();
            for (int i = 0; i < k * k; i++) {
                double identity = i % (k + 1) == 0 ? 1 : 0;
                fExpected[i] += weights[j] * shifted.data[i];
                efExpected[i] += weights[j] / (nodes[j] * nodes[j]) * (identity - shifted.data[i]);
            }
        }
        for (int i = 0; i < k; i++) {
            for (int c = 0; c < span; c++) {
                double fic = c < k ? fExpected[i * k + c] : 0;
                double efic = c < k ? efExpected[i * k + c] : 0;
                assertThat(f[i * span + c]).as("f (%d, %d)", i, c).isCloseTo(fic, within(1e-12 * k));
                assertThat(ef[i * span + c]).as("ef (%d, %d)", i, c).isCloseTo(efic, within(1e-12 * k));
            }
        }
    }

    /** @return g(E) = V diag(arctan(√λ)/√λ) Vᵀ by EJML's symmetric eigendecomposition */
    private static DMatrixRMaj eigenFunction(DMatrixRMaj e, int k) {
        EigenDecomposition_F64<DMatrixRMaj> eig = DecompositionFactory_DDRM.eig(k, true, true);
        assertThat(eig.decompose(e.copy())).as("EJML's eigendecomposition").isTrue();
        DMatrixRMaj g = new DMatrixRMaj(k, k);
        for (int j = 0; j < k; j++) {
            double s = Math.max(eig.getEigenvalue(j).real, 0);
            double root = Math.sqrt(s);
            double value = root > 1e-8 ? Math.atan(root) / root : 1 - s / 3;
            DMatrixRMaj w = eig.getEigenVector(j);
            for (int a = 0; a < k; a++) {
                for (int c = 0; c < k; c++) {
                    g.data[a * k + c] += value * w.data[a] * w.data[c];
                }
            }
        }
        return g;
    }

    /** @return a random k×k orthogonal matrix, the Q of a Gaussian matrix's QR */
    private static double[] orthogonal(SplittableRandom rng, int k) {
        DMatrixRMaj q = new DMatrixRMaj(k, k);
        var qr = DecompositionFactory_DDRM.qr(k, k);
        assertThat(qr.decompose(Reference.matrix(k, k, Reference.gaussian(rng, k, k)))).as("QR").isTrue();
        qr.getQ(q, false);
        return q.data;
    }
}

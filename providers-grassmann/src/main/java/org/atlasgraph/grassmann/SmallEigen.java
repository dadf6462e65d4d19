package org.atlasgraph.grassmann;

import java.util.Arrays;
import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.factory.DecompositionFactory_DDRM;
import org.ejml.interfaces.decomposition.EigenDecomposition_F64;

/**
 * The symmetric eigendecomposition of k×k matrices into arrays owned by this object, for the chart changes of the
 * running mean ({@link GrassmannRunningMean}, {@link QaRotation#set}): below {@link NormalCorrection#JACOBI_BELOW},
 * Householder tridiagonalization and the implicit QL iteration with shifts (Golub and Van Loan, Alg. 8.3.1 and §8.3.3,
 * as in EISPACK's tred2/tql2; no allocation: about 2.5× faster than the cyclic Jacobi sweeps it replaced at k = 10,
 * which took about a fifth of a chart change at Gr(300,10)), LAPACK's DSYEVD from
 * {@link GrassmannKernels#BLAS_FROM_K} on where the native BLAS loads (with {@link #compose} by DGEMM: at k = 500 both
 * would otherwise cost more than the rest of a chart change), else EJML's QR algorithm (its decomposition object
 * kept). Mutable, single-threaded.
 */
final class SmallEigen {
    /** QL iterations per eigenvalue before it gives up; it converges cubically, in one to three. */
    private static final int MAX_ITERATIONS = 60;

    private final int k;
    /** The eigenvalues after {@link #decompose}, in no particular order. */
    final double[] values;
    /** The eigenvectors after {@link #decompose}: k×k row-major, column a the unit eigenvector of value a. */
    final double[] vectors;
    private final double[] a;
    /** The tridiagonal's off-diagonal ({@code off[i]} couples i and i + 1), then the Householder step's scratch. */
    private final double[] off;
    /** The Householder vector of {@link #tridiagonalize}. */
    private final double[] householder;
    private final EigenDecomposition_F64<DMatrixRMaj> eig;
    /** The native BLAS and LAPACK, or {@code null} below {@link GrassmannKernels#BLAS_FROM_K} or without them. */
    private final LargeKernels blas;

    /** @param k the order; LAPACK from {@link GrassmannKernels#BLAS_FROM_K} on where it loads */
    SmallEigen(int k) {
        this(k, k >= GrassmannKernels.BLAS_FROM_K ? GrassmannKernels.BLAS : null);
    }

    /**
     * @param k    the order
     * @param blas the native LAPACK to decompose with, or {@code null} for the tridiagonal QL and EJML
     */
    SmallEigen(int k, LargeKernels blas) {
        this.k = k;
        this.values = new double[k];
        this.vectors = new double[k * k];
        this.a = new double[k * k];
        this.off = new double[k];
        this.householder = new double[k];
        this.blas = blas;
        this.eig = blas == null && k >= NormalCorrection.JACOBI_BELOW ? DecompositionFactory_DDRM.eig(k, true, true)
                : null;
    }

    /**
     * @param symmetric a symmetric k×k matrix, row-major (not modified)
     * @throws ArithmeticException if the decomposition does not converge (an entry is not finite)
     */
    void decompose(double[] symmetric) {
        if (blas != null) {
            System.arraycopy(symmetric, 0, vectors, 0, k * k);
            if (!blas.symmetricEigen(vectors, k, values)) {
                throw new ArithmeticException("symmetric eigendecomposition of a " + k + "×" + k
                        + " matrix did not converge (or has an entry that is not finite)");
            }
            return;
        }
        System.arraycopy(symmetric, 0, a, 0, k * k);
        if (eig == null) {
            double sum = 0;
            for (double v : a) {
                sum += v;
            }
            if (!Double.isFinite(sum)) {
                throw new ArithmeticException("symmetric eigendecomposition of a " + k + "×" + k
                        + " matrix with an entry that is not finite");
            }
            tridiagonalize();
            implicitQl();
            return;
        }
        if (!eig.decompose(DMatrixRMaj.wrap(k, k, a))) {
            throw new ArithmeticException("symmetric eigendecomposition of a " + k + "×" + k
                    + " matrix did not converge");
        }
        for (int j = 0; j < k; j++) {
            values[j] = eig.getEigenvalue(j).real;
            DMatrixRMaj v = eig.getEigenVector(j);
            for (int i = 0; i < k; i++) {
                vectors[i * k + j] = v.data[i];
            }
        }
    }

    /**
     * out = V diag(f) Vᵀ for the last decomposition's V.
     *
     * @param f   k values, f[a] paired with eigenvalue a
     * @param out receives the k×k result (may not be {@link #vectors})
     */
    void compose(double[] f, double[] out) {
        if (blas != null) {
            for (int i = 0; i < k; i++) {
                for (int c = 0; c < k; c++) {
                    a[i * k + c] = vectors[i * k + c] * f[c];
                }
            }
            blas.gemm(false, true, k, k, k, 1, a, vectors, 0, out);
            return;
        }
        for (int i = 0; i < k; i++) {
            for (int j = i; j < k; j++) {
                double s = 0;
                for (int c = 0; c < k; c++) {
                    s += vectors[i * k + c] * f[c] * vectors[j * k + c];
                }
                out[i * k + j] = s;
                out[j * k + i] = s;
            }
        }
    }

    /**
     * a = V T Vᵀ by k − 2 Householder reflections of the trailing rows and columns: T's diagonal into {@link #values},
     * its off-diagonal into {@link #off}, V into {@link #vectors} (a is overwritten).
     */
    private void tridiagonalize() {
        Arrays.fill(vectors, 0);
        for (int i = 0; i < k; i++) {
            vectors[i * k + i] = 1;
        }
        double[] v = householder;
        for (int j = 0; j < k - 2; j++) {
            int r = j + 1;
            double scale = 0;
            for (int i = r; i < k; i++) {
                scale += Math.abs(a[i * k + j]);
            }
            if (scale == 0) {
                off[j] = 0;
                continue;
            }
            double norm2 = 0;
            for (int i = r; i < k; i++) {
                double x = a[i * k + j] / scale;
                v[i] = x;
                norm2 += x * x;
            }
            // H = I − βvvᵀ with v = x − αe₁ takes x to αe₁; α of the sign opposite x₁, so v₁ does not cancel.
            double alpha = -Math.copySign(Math.sqrt(norm2), v[r]);
            double x1 = v[r];
            v[r] = x1 - alpha;
            double vv = norm2 - x1 * x1 + v[r] * v[r];
            double beta = 2 / vv;
            // The trailing block A ← HAH = A − vwᵀ − wvᵀ with p = βAv and w = p − (β/2)(vᵀp)v (off[r..] holds p, w).
            double vp = 0;
            for (int i = r; i < k; i++) {
                double s = 0;
                for (int c = r; c < k; c++) {
                    s += a[i * k + c] * v[c];
                }
                off[i] = beta * s;
                vp += v[i] * off[i];
            }
            double half = 0.5 * beta * vp;
            for (int i = r; i < k; i++) {
                off[i] -= half * v[i];
            }
            for (int i = r; i < k; i++) {
                for (int c = r; c < k; c++) {
                    a[i * k + c] -= v[i] * off[c] + off[i] * v[c];
                }
            }
            off[j] = alpha * scale;
            for (int i = 0; i < k; i++) {
                double s = 0;
                for (int c = r; c < k; c++) {
                    s += vectors[i * k + c] * v[c];
                }
                s *= beta;
                for (int c = r; c < k; c++) {
                    vectors[i * k + c] -= s * v[c];
                }
            }
        }
        for (int i = 0; i < k; i++) {
            values[i] = a[i * k + i];
        }
        if (k >= 2) {
            off[k - 2] = a[(k - 1) * k + k - 2];
        }
        off[k - 1] = 0;
    }

    /**
     * The eigenvalues of the tridiagonal ({@link #values}, {@link #off}) by the implicit QL iteration with the shift
     * from the leading 2×2 block, each step's rotations applied to the columns of {@link #vectors}; an off-diagonal
     * entry below half an ulp of its two diagonal neighbours splits the matrix.
     */
    private void implicitQl() {
        double[] d = values;
        double[] e = off;
        for (int l = 0; l < k; l++) {
            for (int iteration = 0;; iteration++) {
                int m = l;
                while (m < k - 1 && Math.abs(e[m]) > 0x1p-53 * (Math.abs(d[m]) + Math.abs(d[m + 1]))) {
                    m++;
                }
                if (m == l) {
                    break;
                }
                if (iteration == MAX_ITERATIONS) {
                    throw new ArithmeticException("symmetric eigendecomposition of a " + k + "×" + k
                            + " matrix did not converge");
                }
                double g = (d[l + 1] - d[l]) / (2 * e[l]);
                double r = Math.hypot(g, 1);
                g = d[m] - d[l] + e[l] / (g + Math.copySign(r, g));
                double s = 1;
                double c = 1;
                double p = 0;
                boolean split = false;
                for (int i = m - 1; i >= l; i--) {
                    double f = s * e[i];
                    double b = c * e[i];
                    r = Math.hypot(f, g);
                    e[i + 1] = r;
                    if (r == 0) {
                        // An exact zero on the way splits the matrix there: restart on the smaller block.
                        d[i + 1] -= p;
                        e[m] = 0;
                        split = true;
                        break;
                    }
                    s = f / r;
                    c = g / r;
                    g = d[i + 1] - p;
                    r = (d[i] - g) * s + 2 * c * b;
                    p = s * r;
                    d[i + 1] = g + p;
                    g = c * r - b;
                    for (int row = 0; row < k; row++) {
                        int o = row * k + i;
                        double vi = vectors[o];
                        double vj = vectors[o + 1];
                        vectors[o + 1] = s * vi + c * vj;
                        vectors[o] = c * vi - s * vj;
                    }
                }
                if (!split) {
                    d[l] -= p;
                    e[l] = g;
                    e[m] = 0;
                }
            }
        }
    }
}

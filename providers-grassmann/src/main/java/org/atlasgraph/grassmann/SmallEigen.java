package org.atlasgraph.grassmann;

import java.util.Arrays;
import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.factory.DecompositionFactory_DDRM;
import org.ejml.interfaces.decomposition.EigenDecomposition_F64;

/**
 * The symmetric eigendecomposition of k×k matrices into arrays owned by this object, for the chart changes of the
 * running mean ({@link GrassmannRunningMean}, {@link QaRotation#set}): cyclic Jacobi below
 * {@link NormalCorrection#JACOBI_BELOW} (Golub and Van Loan, Alg. 8.5.3; no allocation), LAPACK's DSYEVD from
 * {@link GrassmannKernels#BLAS_FROM_K} on where the native BLAS loads (with {@link #compose} by DGEMM: at k = 500 both
 * would otherwise cost more than the rest of a chart change), else EJML's QR algorithm (its decomposition object
 * kept). Mutable, single-threaded.
 */
final class SmallEigen {
    /** Sweeps of the Jacobi method before it gives up; it converges quadratically in 5 to 8. */
    private static final int MAX_SWEEPS = 50;

    private final int k;
    /** The eigenvalues after {@link #decompose}, in no particular order. */
    final double[] values;
    /** The eigenvectors after {@link #decompose}: k×k row-major, column a the unit eigenvector of value a. */
    final double[] vectors;
    private final double[] a;
    private final EigenDecomposition_F64<DMatrixRMaj> eig;
    /** The native BLAS and LAPACK, or {@code null} below {@link GrassmannKernels#BLAS_FROM_K} or without them. */
    private final LargeKernels blas;

    /** @param k the order; LAPACK from {@link GrassmannKernels#BLAS_FROM_K} on where it loads */
    SmallEigen(int k) {
        this(k, k >= GrassmannKernels.BLAS_FROM_K ? GrassmannKernels.BLAS : null);
    }

    /**
     * @param k    the order
     * @param blas the native LAPACK to decompose with, or {@code null} for Jacobi and EJML
     */
    SmallEigen(int k, LargeKernels blas) {
        this.k = k;
        this.values = new double[k];
        this.vectors = new double[k * k];
        this.a = new double[k * k];
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
            jacobi();
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

    private void jacobi() {
        Arrays.fill(vectors, 0);
        for (int i = 0; i < k; i++) {
            vectors[i * k + i] = 1;
        }
        for (int sweep = 0; sweep < MAX_SWEEPS; sweep++) {
            double off = 0;
            double diagonal = 0;
            for (int p = 0; p < k; p++) {
                diagonal += a[p * k + p] * a[p * k + p];
                for (int q = p + 1; q < k; q++) {
                    off += a[p * k + q] * a[p * k + q];
                }
            }
            if (!(off > 1e-32 * diagonal)) {
                if (!Double.isFinite(off + diagonal)) {
                    throw new ArithmeticException("symmetric eigendecomposition of a " + k + "×" + k
                            + " matrix with an entry that is not finite");
                }
                break;
            }
            for (int p = 0; p < k - 1; p++) {
                for (int q = p + 1; q < k; q++) {
                    rotate(p, q);
                }
            }
        }
        for (int i = 0; i < k; i++) {
            values[i] = a[i * k + i];
        }
    }

    /** One Jacobi rotation in the (p, q) plane that zeroes a[p][q]. */
    private void rotate(int p, int q) {
        double apq = a[p * k + q];
        if (apq == 0) {
            return;
        }
        double app = a[p * k + p];
        double aqq = a[q * k + q];
        double tau = (aqq - app) / (2 * apq);
        double t = Math.copySign(1, tau) / (Math.abs(tau) + Math.sqrt(1 + tau * tau));
        double c = 1 / Math.sqrt(1 + t * t);
        double s = t * c;
        for (int i = 0; i < k; i++) {
            double aip = a[i * k + p];
            double aiq = a[i * k + q];
            a[i * k + p] = c * aip - s * aiq;
            a[i * k + q] = s * aip + c * aiq;
        }
        for (int j = 0; j < k; j++) {
            double apj = a[p * k + j];
            double aqj = a[q * k + j];
            a[p * k + j] = c * apj - s * aqj;
            a[q * k + j] = s * apj + c * aqj;
        }
        a[p * k + q] = 0;
        a[q * k + p] = 0;
        for (int i = 0; i < k; i++) {
            double vip = vectors[i * k + p];
            double viq = vectors[i * k + q];
            vectors[i * k + p] = c * vip - s * viq;
            vectors[i * k + q] = s * vip + c * viq;
        }
    }
}

package org.atlasgraph.grassmann;

import java.util.Arrays;
import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.CommonOps_DDRM;
import org.ejml.dense.row.factory.DecompositionFactory_DDRM;
import org.ejml.interfaces.decomposition.EigenDecomposition_F64;

/**
 * The normal-coordinate correction of a Grassmann chart, applied inside the ingest kernel: R = X_U⁻¹ ← R·g(BᵀB) with
 * {@code g(s) = arctan(√s)/√s}, so that the kernel's P = X_J R yields the Riemannian logarithm at the chart's centre
 * instead of the chart coordinates.
 *
 * <p>Why it works: in orthonormal-frame coordinates a sample's chart coordinates are B = X_L X_U⁻¹ = U tan(Θ) Vᵀ for
 * its principal angles Θ to the centre, and its logarithm at the centre is {@code U Θ Vᵀ = B·g(BᵀB)} (Fig. S1,
 * ManoptLog: B is the matrix whose SVD ManoptLog takes). The factor acts on the right, so it commutes with the
 * published coordinates' S_m on the left and with the kernel's affine offset, and folds into R before the second pass:
 * the O((n−k)k²) passes are unchanged and the correction costs one Gram matrix of the sample, (n−k)k²/2
 * multiply-adds (the sample need not be orthonormal), and O(k³) for {@code BᵀB = Rᵀ(XᵀX)R − I} (Rᵀ X_UᵀX_U R = I)
 * and its symmetric eigendecomposition: cyclic Jacobi below {@link #JACOBI_BELOW}, EJML's symmetric QR algorithm from
 * it on. The squared distance {@code Σθ_i²} of the sample from the centre comes out on the way.
 *
 * <p>Mutable, single-threaded, allocation-free below {@link GrassmannKernels#BLOCKED_FROM_K}.
 */
final class NormalCorrection implements GrassmannKernels.RightFactor {
    /** Orders from which EJML's QR algorithm replaces the Jacobi sweeps (O(k³) per sweep, about 6 sweeps). */
    static final int JACOBI_BELOW = 32;
    /** Sweeps of the Jacobi method before it gives up; it converges quadratically in 5 to 8. */
    private static final int MAX_SWEEPS = 50;

    private final int k;
    private final double[] gram;
    private final double[] e;
    private final double[] tmp;
    private final double[] vectors;
    private final double[] values;
    private final double[] factor;
    private final double[] r0;
    private final DMatrixRMaj gramMatrix;
    private final EigenDecomposition_F64<DMatrixRMaj> eig;
    private double squaredDistance;

    NormalCorrection(int k) {
        this.k = k;
        int kk = k * k;
        gram = new double[kk];
        e = new double[kk];
        tmp = new double[kk];
        vectors = new double[kk];
        values = new double[k];
        factor = new double[kk];
        r0 = new double[kk];
        gramMatrix = DMatrixRMaj.wrap(k, k, gram);
        eig = k >= JACOBI_BELOW ? DecompositionFactory_DDRM.eig(k, true, true) : null;
    }

    /** @return Σθ_i², the squared distance from the centre of the sample last corrected */
    double squaredDistance() {
        return squaredDistance;
    }

    /** @return g(BᵀB) of the sample last corrected, k×k (owned by this object, overwritten by the next) */
    double[] factor() {
        return factor;
    }

    @Override
    public void apply(GrassmannChart chart, GrassmannKernels.Workspace ws) {
        int m = chart.m;
        sampleGram(ws, m);
        double[] r = ws.r;
        // E = Rᵀ (XᵀX) R − I = BᵀB, symmetrized.
        product(gram, r, tmp, false);
        product(r, tmp, e, true);
        for (int a = 0; a < k; a++) {
            for (int b = a; b < k; b++) {
                double v = 0.5 * (e[a * k + b] + e[b * k + a]);
                e[a * k + b] = v;
                e[b * k + a] = v;
            }
            e[a * k + a] -= 1;
        }
        decompose();
        double sum = 0;
        for (int a = 0; a < k; a++) {
            double s = Math.max(values[a], 0);
            double root = Math.sqrt(s);
            double theta = Math.atan(root);
            sum += theta * theta;
            // arctan(√s)/√s, by its series where √s is tiny (1 − s/3 to double precision below 1e-8).
            values[a] = root > 1e-8 ? theta / root : 1 - s / 3;
        }
        squaredDistance = sum;
        for (int i = 0; i < k; i++) {
            for (int j = i; j < k; j++) {
                double v = 0;
                for (int a = 0; a < k; a++) {
                    v += vectors[i * k + a] * values[a] * vectors[j * k + a];
                }
                factor[i * k + j] = v;
                factor[j * k + i] = v;
            }
        }
        System.arraycopy(r, 0, r0, 0, k * k);
        product(r0, factor, r, false);
    }

    /** gram = XᵀX = X_IᵀX_I + X_JᵀX_J from the rows the kernel gathered. */
    private void sampleGram(GrassmannKernels.Workspace ws, int m) {
        double[] xi = ws.xi;
        if (k >= GrassmannKernels.BLOCKED_FROM_K) {
            CommonOps_DDRM.multInner(DMatrixRMaj.wrap(m, k, ws.xj), gramMatrix);
        } else {
            double[][] rows = ws.xjRows;
            for (int a = 0; a < k; a++) {
                double[] ra = rows[a];
                for (int b = a; b < k; b++) {
                    double[] rb = rows[b];
                    double s0 = 0;
                    double s1 = 0;
                    double s2 = 0;
                    double s3 = 0;
                    int i = 0;
                    for (; i + 3 < m; i += 4) {
                        s0 += ra[i] * rb[i];
                        s1 += ra[i + 1] * rb[i + 1];
                        s2 += ra[i + 2] * rb[i + 2];
                        s3 += ra[i + 3] * rb[i + 3];
                    }
                    for (; i < m; i++) {
                        s0 += ra[i] * rb[i];
                    }
                    gram[a * k + b] = (s0 + s1) + (s2 + s3);
                }
            }
        }
        for (int a = 0; a < k; a++) {
            for (int b = a; b < k; b++) {
                double s = 0;
                for (int j = 0; j < k; j++) {
                    s += xi[j * k + a] * xi[j * k + b];
                }
                double v = gram[a * k + b] + s;
                gram[a * k + b] = v;
                gram[b * k + a] = v;
            }
        }
    }

    /** out = a·b, or aᵀ·b when {@code transposeA}; k×k row-major, out aliasing neither. */
    private void product(double[] a, double[] b, double[] out, boolean transposeA) {
        if (k >= GrassmannKernels.BLOCKED_FROM_K) {
            if (transposeA) {
                Dense.multTransA(Dense.wrap(k, k, a), Dense.wrap(k, k, b), Dense.wrap(k, k, out));
            } else {
                Dense.mult(Dense.wrap(k, k, a), Dense.wrap(k, k, b), Dense.wrap(k, k, out));
            }
            return;
        }
        Arrays.fill(out, 0, k * k, 0);
        for (int i = 0; i < k; i++) {
            for (int j = 0; j < k; j++) {
                double aij = transposeA ? a[j * k + i] : a[i * k + j];
                int bo = j * k;
                int oo = i * k;
                for (int c = 0; c < k; c++) {
                    out[oo + c] += aij * b[bo + c];
                }
            }
        }
    }

    /** values, vectors ← the eigendecomposition of e (e is destroyed). */
    private void decompose() {
        if (eig == null) {
            jacobi();
            return;
        }
        if (!eig.decompose(DMatrixRMaj.wrap(k, k, e))) {
            throw new ArithmeticException("normal coordinates: the symmetric eigendecomposition of a " + k + "×" + k
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
     * Cyclic Jacobi: rotations zero the off-diagonal entries of the symmetric e one by one until they are negligible
     * against the diagonal (Golub and Van Loan, Alg. 8.5.3); eigenvectors accumulate in {@code vectors} (columns).
     */
    private void jacobi() {
        Arrays.fill(vectors, 0, k * k, 0);
        for (int i = 0; i < k; i++) {
            vectors[i * k + i] = 1;
        }
        for (int sweep = 0; sweep < MAX_SWEEPS; sweep++) {
            double off = 0;
            double diagonal = 0;
            for (int p = 0; p < k; p++) {
                diagonal += e[p * k + p] * e[p * k + p];
                for (int q = p + 1; q < k; q++) {
                    off += e[p * k + q] * e[p * k + q];
                }
            }
            if (off <= 1e-32 * diagonal || off == 0) {
                break;
            }
            for (int p = 0; p < k - 1; p++) {
                for (int q = p + 1; q < k; q++) {
                    rotate(p, q);
                }
            }
        }
        for (int i = 0; i < k; i++) {
            values[i] = e[i * k + i];
        }
    }

    /** One Jacobi rotation in the (p, q) plane that zeroes e[p][q]. */
    private void rotate(int p, int q) {
        double apq = e[p * k + q];
        if (apq == 0) {
            return;
        }
        double app = e[p * k + p];
        double aqq = e[q * k + q];
        double tau = (aqq - app) / (2 * apq);
        double t = Math.copySign(1, tau) / (Math.abs(tau) + Math.sqrt(1 + tau * tau));
        double c = 1 / Math.sqrt(1 + t * t);
        double s = t * c;
        for (int i = 0; i < k; i++) {
            double aip = e[i * k + p];
            double aiq = e[i * k + q];
            e[i * k + p] = c * aip - s * aiq;
            e[i * k + q] = s * aip + c * aiq;
        }
        for (int j = 0; j < k; j++) {
            double apj = e[p * k + j];
            double aqj = e[q * k + j];
            e[p * k + j] = c * apj - s * aqj;
            e[q * k + j] = s * apj + c * aqj;
        }
        e[p * k + q] = 0;
        e[q * k + p] = 0;
        for (int i = 0; i < k; i++) {
            double vip = vectors[i * k + p];
            double viq = vectors[i * k + q];
            vectors[i * k + p] = c * vip - s * viq;
            vectors[i * k + q] = s * vip + c * viq;
        }
    }
}

package org.atlasgraph.optim.mean;

import org.atlasgraph.api.Manifold;
import org.atlasgraph.api.check.Checks;
import org.atlasgraph.api.check.InvalidInputException;
import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.CommonOps_DDRM;
import org.ejml.dense.row.CommonOps_MT_DDRM;
import org.ejml.dense.row.factory.DecompositionFactory_DDRM;
import org.ejml.interfaces.decomposition.CholeskyDecomposition_F64;

/**
 * Online PCA by Oja's subspace rule (§3.2, the oPCA baseline of Liang 2022): {@code W ← orth(W + η X XᵀW)} on n×k
 * matrices, the idealised Euclidean counterpart of the online Fréchet mean. Its fixed point is the top-k eigenspace of
 * {@code E[X Xᵀ]}, which for a distribution symmetric about a subspace (such as GPD, App. C.3) is that subspace.
 *
 * <p>With the step {@code η = t/(1 − t) = 1/i} after i samples, {@code W + ηXXᵀW} is proportional to
 * {@code (1 − t)W + t·XXᵀW}: the running mean of Alg. 1 with the projection {@code XXᵀW} of the estimate onto the
 * sample in place of the sample. {@code orth} is a Cholesky QR ({@code W L⁻ᵀ} with {@code LLᵀ = WᵀW}), stable here
 * because W stays within a small step of orthonormal; everything is O(nk²) in preallocated buffers.
 */
final class OjaScheme implements FrechetScheme {
    /** Above this many flops (n·k²) a product uses EJML's multi-threaded kernels; below, threads cost more. */
    private static final long PARALLEL_FLOPS = 1L << 22;

    private final int columns;

    OjaScheme(int columns) {
        this.columns = Checks.requirePositive("columns", columns);
    }

    /**
     * Infers k for a manifold whose ambient points are n×k matrices representing their column span: there
     * {@code D − d = nk − k(n−k) = k²} (the Grassmannian; the sphere S^{n−1} = Gr(n,1) up to sign has D − d = 1).
     *
     * @param manifold the manifold
     * @return k
     * @throws InvalidInputException naming the {@code opca} scheme if D − d is not a square k² with k dividing D
     */
    static int columnsOf(Manifold manifold) {
        int ambient = manifold.ambientDimension();
        long excess = (long) ambient - manifold.dimension();
        int k = (int) Math.round(Math.sqrt(Math.max(excess, 0)));
        if (excess < 1 || (long) k * k != excess || ambient % k != 0) {
            throw new InvalidInputException("scheme 'opca'", "a manifold of n×k matrices modulo GL(k), "
                    + "with D − d = k² (Gr(n,k), S^{n−1})", "D = " + ambient + ", d = " + manifold.dimension(),
                    manifold.name());
        }
        return k;
    }

    @Override
    public String name() {
        return "opca";
    }

    @Override
    public MeanEstimator estimator(Manifold manifold) {
        int ambient = manifold.ambientDimension();
        if (ambient % columns != 0 || ambient / columns < columns) {
            throw new InvalidInputException("scheme 'opca'", "n×k ambient points with k = " + columns + " ≤ n",
                    "D = " + ambient, manifold.name());
        }
        return new Estimator(ambient / columns, columns);
    }

    @Override
    public String toString() {
        return name();
    }

    private static final class Estimator implements MeanEstimator {
        private final int n;
        private final int k;
        private final boolean parallel;
        private final DMatrixRMaj w;
        private final DMatrixRMaj x;
        private final DMatrixRMaj xtw;
        private final DMatrixRMaj gram;
        private final DMatrixRMaj lower;
        private final CholeskyDecomposition_F64<DMatrixRMaj> cholesky;

        Estimator(int n, int k) {
            this.n = n;
            this.k = k;
            this.parallel = (long) n * k * k >= PARALLEL_FLOPS;
            this.w = new DMatrixRMaj(n, k);
            this.x = new DMatrixRMaj(n, k);
            this.xtw = new DMatrixRMaj(k, k);
            this.gram = new DMatrixRMaj(k, k);
            this.lower = new DMatrixRMaj(k, k);
            this.cholesky = DecompositionFactory_DDRM.chol(k, true);
        }

        @Override
        public void initialize(double[] first) {
            System.arraycopy(first, 0, w.data, 0, first.length);
            orthonormalize();
        }

        @Override
        public void update(double[] sample, double t) {
            double eta = t / (1 - t);
            // x views the caller's array for the duration of the update only (not retained).
            double[] own = x.data;
            x.data = sample;
            if (parallel) {
                CommonOps_MT_DDRM.multTransA(x, w, xtw);
                CommonOps_MT_DDRM.multAdd(eta, x, xtw, w);
            } else {
                CommonOps_DDRM.multTransA(x, w, xtw);
                CommonOps_DDRM.multAdd(eta, x, xtw, w);
            }
            x.data = own;
            orthonormalize();
        }

        /** W ← W L⁻ᵀ with LLᵀ = WᵀW: forward substitution on each row, O(nk²). */
        private void orthonormalize() {
            if (parallel) {
                CommonOps_MT_DDRM.multTransA(w, w, gram);
            } else {
                CommonOps_DDRM.multTransA(w, w, gram);
            }
            if (!cholesky.decompose(gram)) {
                throw new ArithmeticException("opca: the estimate lost rank (WᵀW is not positive definite)");
            }
            double[] l = cholesky.getT(lower).data;
            double[] a = w.data;
            for (int r = 0; r < n; r++) {
                int row = r * k;
                for (int j = 0; j < k; j++) {
                    double s = a[row + j];
                    int lj = j * k;
                    for (int m = 0; m < j; m++) {
                        s -= l[lj + m] * a[row + m];
                    }
                    a[row + j] = s / l[lj + j];
                }
            }
        }

        @Override
        public double[] ambient() {
            return w.data.clone();
        }

        @Override
        public long chartChanges() {
            return 0;
        }
    }
}

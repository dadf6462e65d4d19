package org.atlasgraph.grassmann;

import org.atlasgraph.api.capability.AmbientStep;
import org.atlasgraph.api.check.Checks;
import org.atlasgraph.api.check.InvalidInputException;
import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.CommonOps_DDRM;
import org.ejml.dense.row.CommonOps_MT_DDRM;
import org.ejml.dense.row.factory.DecompositionFactory_DDRM;
import org.ejml.interfaces.decomposition.CholeskyDecomposition_F64;

/**
 * Online PCA by Oja's subspace rule (§3.2, the oPCA baseline of Liang 2022), the "opca" ambient scheme of Gr(n,k):
 * {@code W ← orth(W + η X XᵀW)} on n×k matrices, the idealised Euclidean counterpart of the online Fréchet mean. Its
 * fixed point is the top-k eigenspace of {@code E[X Xᵀ]}, which for a distribution symmetric about a subspace (such
 * as GPD, App. C.3) is that subspace.
 *
 * <p>With the step {@code η = t/(1 − t)} (1/i after i samples for t = 1/(i+1)), {@code W + ηXXᵀW} is proportional to
 * {@code (1 − t)W + t·XXᵀW}: the running mean of Alg. 1 with the projection {@code XXᵀW} of the estimate onto the
 * sample in place of the sample. At t = 1 (η = ∞) the step is that limit, {@code orth(XXᵀW)}, a basis of the sample.
 * Since {@code W + ηXXᵀW = (I + ηXXᵀ)W}, the result's span depends on span(W) only; X is taken as an orthonormal basis
 * (as the samplers return), for which {@code XXᵀ} is the projector onto the sample. {@code orth} is a Cholesky QR
 * ({@code W L⁻ᵀ} with {@code LLᵀ = WᵀW}), stable here because W stays within a small step of orthonormal. Everything
 * is O(nk²) on per-thread buffers; the step allocates its n×k result and nothing else of size n×k.
 */
final class OjaStep implements AmbientStep {
    /** Above this many flops (n·k²) a product uses EJML's multi-threaded kernels; below, threads cost more. */
    static final long PARALLEL_FLOPS = 1L << 22;

    private final int n;
    private final int k;
    private final String label;
    private final boolean parallel;
    private final ThreadLocal<Workspace> workspace;

    OjaStep(int n, int k) {
        this.n = n;
        this.k = k;
        this.label = "Gr(" + n + "," + k + ")";
        this.parallel = (long) n * k * k >= PARALLEL_FLOPS;
        this.workspace = ThreadLocal.withInitial(() -> new Workspace(k));
    }

    /** The k×k buffers and the Cholesky decomposition of one thread; EJML reuses their storage. */
    private static final class Workspace {
        final DMatrixRMaj w = new DMatrixRMaj(1, 1);
        final DMatrixRMaj x = new DMatrixRMaj(1, 1);
        final DMatrixRMaj xtw;
        final DMatrixRMaj gram;
        final DMatrixRMaj lower;
        final CholeskyDecomposition_F64<DMatrixRMaj> cholesky;

        Workspace(int k) {
            xtw = new DMatrixRMaj(k, k);
            gram = new DMatrixRMaj(k, k);
            lower = new DMatrixRMaj(k, k);
            cholesky = DecompositionFactory_DDRM.chol(k, true);
        }
    }

    /**
     * {@inheritDoc} Here {@code orth(p + η q qᵀp)} with η = t/(1 − t), and {@code orth(q qᵀp)} at t = 1.
     *
     * @param p any full-rank n×k basis of the estimate (not modified)
     * @param q an orthonormal n×k basis of the sample (not modified)
     * @param t the fraction, in [0, 1]
     * @return a new orthonormal n×k basis
     * @throws InvalidInputException if an array has the wrong length or a non-finite entry, t is not in [0, 1], p is
     *                               not of full rank, or (t = 1) a principal angle between p and q is π/2
     */
    @Override
    public double[] step(double[] p, double[] q, double t) {
        Checks.requireFiniteOfLength("p", p, n * k, "n·k for " + label);
        Checks.requireFiniteOfLength("q", q, n * k, "n·k for " + label);
        if (!(t >= 0 && t <= 1)) {
            throw new InvalidInputException("t", "a value in [0, 1] (Oja's step η = t/(1 − t) ≥ 0)",
                    String.valueOf(t));
        }
        Workspace ws = workspace.get();
        DMatrixRMaj x = bind(ws.x, q);
        DMatrixRMaj w = bind(ws.w, p);
        if (parallel) {
            CommonOps_MT_DDRM.multTransA(x, w, ws.xtw);
        } else {
            CommonOps_DDRM.multTransA(x, w, ws.xtw);
        }
        boolean limit = t == 1;
        double[] out = limit ? new double[n * k] : p.clone();
        w = bind(ws.w, out);
        double eta = limit ? 1 : t / (1 - t);
        if (parallel) {
            CommonOps_MT_DDRM.multAdd(eta, x, ws.xtw, w);
        } else {
            CommonOps_DDRM.multAdd(eta, x, ws.xtw, w);
        }
        ws.x.data = null;
        ws.w.data = null;
        if (!orthonormalize(ws, out)) {
            throw limit ? new InvalidInputException("q", "a point whose principal angles to p are all below π/2",
                    "qᵀp singular (the step by t = 1 has no unique end)")
                    : new InvalidInputException("p", "a basis of full column rank", "(p + η q qᵀp) of lower rank");
        }
        return Checks.requireFiniteResult("opca", out);
    }

    /**
     * W ← W L⁻ᵀ with LLᵀ = WᵀW: forward substitution on each row, O(nk²).
     *
     * @return {@code false} when WᵀW is not positive definite (W lost rank)
     */
    private boolean orthonormalize(Workspace ws, double[] a) {
        DMatrixRMaj w = bind(ws.w, a);
        if (parallel) {
            CommonOps_MT_DDRM.multTransA(w, w, ws.gram);
        } else {
            CommonOps_DDRM.multTransA(w, w, ws.gram);
        }
        ws.w.data = null;
        if (!ws.cholesky.decompose(ws.gram)) {
            return false;
        }
        double[] l = ws.cholesky.getT(ws.lower).data;
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
        return true;
    }

    /** @return {@code view} over {@code data} as an n×k matrix, for the duration of one step (not retained) */
    private DMatrixRMaj bind(DMatrixRMaj view, double[] data) {
        view.data = data;
        view.numRows = n;
        view.numCols = k;
        return view;
    }
}

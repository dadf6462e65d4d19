package org.atlasgraph.grassmann;

import org.ejml.data.DMatrixRMaj;

/**
 * The orthogonal matrix Q_C of Claim 3.1 that carries the centre of an Ehresmann chart to the point with coordinates C,
 *
 * <pre>
 *   Q_C = [ S_k        −Cᵀ S_m ]      S_k = (I_k + CᵀC)^{-1/2},  S_m = (I_m + CCᵀ)^{-1/2},  m = n − k,
 *         [ C S_k       S_m    ]
 * </pre>
 *
 * stored and applied without ever forming an n×n (or m×m) matrix.
 *
 * <p>The paper builds Q_C explicitly (Alg. 5, O(n³)). We use the eigendecomposition CᵀC = V Λ Vᵀ (k×k) and the m×k
 * matrix W = C V: then {@code S_k = I + V(D − I)Vᵀ} and {@code S_m = I + W Φ Wᵀ} with D = (1 + Λ)^{-1/2} and
 * Φ = (D − I)Λ⁻¹, evaluated as {@code φ(λ) = −1/((1 + √(1+λ))√(1+λ))}, which is finite at λ = 0 (no thin SVD of C,
 * and no division by small singular values). With Lemma 3.1's {@code Cᵀ S_m = S_k Cᵀ} this gives, for a frame
 * (top k×k; bottom m×k) and T = Vᵀ·top, H = Wᵀ·bottom:
 *
 * <pre>
 *   Q_C (top; bottom)  = (top + V[(D − I)T − D H] ;  bottom + W[D T + Φ H])
 *   Q_Cᵀ (top; bottom) = (top + V[(D − I)T + D H] ;  bottom + W[Φ H − D T])
 * </pre>
 *
 * so a chart stores O(nk) numbers and applying Q_C or Q_Cᵀ to an n×k matrix costs O(nk²).
 */
final class QaRotation {
    private static final QaRotation IDENTITY = new QaRotation(0, 0);

    final int m;
    final int k;
    /** W = C V, m×k row-major. */
    final double[] w;
    /**
     * Wᵀ as k separate rows of length m (W column by column), for the vectorized ingest kernel: JDK 17's
     * auto-vectorizer packs loops over several arrays, not over several offsets into one array.
     */
    final double[][] wtRows;
    /** V, k×k row-major, orthogonal. */
    final double[] v;
    /** D = (1 + λ_i)^{-1/2}. */
    final double[] d;
    /** Φ = (D − 1)/λ_i, finite at λ_i = 0: S_m = I + W Φ Wᵀ. */
    final double[] phi;
    /** Ψ = 1/(1 + √(1+λ_i)) = (√(1+λ_i) − 1)/λ_i, in (0, 1/2]: S_m⁻¹ = I + W Ψ Wᵀ. */
    final double[] psi;
    /** S_k⁻¹ = (I + CᵀC)^{1/2} = V diag(√(1+λ)) Vᵀ, k×k. */
    final double[] skInverse;
    /** K = C S_k = W D Vᵀ, m×k: the published coordinates of the centre are X_J R − K = 0 (see GrassmannChart). */
    final double[] offset;
    /** Wᵀ K = Λ D Vᵀ, k×k. */
    final double[] wtOffset;
    /** ‖w_i‖, the row norms of W (= those of C), for the cheap trust bound of the fused step. */
    final double[] rowNorms;
    /** max_i ‖w_i‖. */
    double maxRowNorm;
    /** CᵀC and D Vᵀ while {@link #set} runs, k×k each. */
    private final double[] gram;
    private final double[] dvt;

    /** Room for Q_C of Gr(m+k, k), all zeros until {@link #set}. */
    private QaRotation(int m, int k) {
        this.m = m;
        this.k = k;
        int kk = k * k;
        this.w = new double[m * k];
        this.wtRows = new double[k][m];
        this.v = new double[kk];
        this.d = new double[k];
        this.phi = new double[k];
        this.psi = new double[k];
        this.skInverse = new double[kk];
        this.offset = new double[m * k];
        this.wtOffset = new double[kk];
        this.rowNorms = new double[m];
        this.gram = new double[kk];
        this.dvt = new double[kk];
    }

    /** @return the identity, the rotation of a plain Ehresmann chart (C = 0) */
    static QaRotation identity() {
        return IDENTITY;
    }

    /**
     * @param c the centre's coordinates C, m×k row-major (not modified)
     * @return Q_C, in O(mk² + k³)
     */
    static QaRotation of(double[] c, int m, int k) {
        QaRotation q = blank(m, k);
        q.set(c, null, new SmallEigen(k), null);
        return q;
    }

    /** @return room for a Q_C of Gr(m+k, k) that {@link #set} fills, not yet a rotation (all zeros) */
    static QaRotation blank(int m, int k) {
        return new QaRotation(m, k);
    }

    /** @return a copy of this rotation that shares no array with it */
    QaRotation copy() {
        if (isIdentity()) {
            return this;
        }
        QaRotation q = new QaRotation(m, k);
        System.arraycopy(w, 0, q.w, 0, w.length);
        for (int a = 0; a < k; a++) {
            System.arraycopy(wtRows[a], 0, q.wtRows[a], 0, m);
        }
        System.arraycopy(v, 0, q.v, 0, v.length);
        System.arraycopy(d, 0, q.d, 0, k);
        System.arraycopy(phi, 0, q.phi, 0, k);
        System.arraycopy(psi, 0, q.psi, 0, k);
        System.arraycopy(skInverse, 0, q.skInverse, 0, skInverse.length);
        System.arraycopy(offset, 0, q.offset, 0, offset.length);
        System.arraycopy(wtOffset, 0, q.wtOffset, 0, wtOffset.length);
        System.arraycopy(rowNorms, 0, q.rowNorms, 0, m);
        q.maxRowNorm = maxRowNorm;
        return q;
    }

    /**
     * Makes this Q_C, in place, without allocation: CᵀC = VΛVᵀ by {@code eig}, then W = CV, K = W D Vᵀ and the rest,
     * O(mk² + k³). Only for rotations from {@link #blank} that no chart in use shares.
     *
     * @param c      the centre's coordinates C, m×k row-major (not modified)
     * @param cGram  CᵀC when the caller has it (k×k, overwritten), else {@code null}
     * @param eig    the eigendecomposition's workspace for k
     * @param panels the products' kernels for this (n, k), or {@code null} for the plain loops
     */
    void set(double[] c, double[] cGram, SmallEigen eig, Panels panels) {
        if (cGram == null) {
            Panels.transposeTimes(c, c, m, k, gram, panels == null ? null : panels.blas());
        } else {
            System.arraycopy(cGram, 0, gram, 0, k * k);
        }
        eig.decompose(gram);
        System.arraycopy(eig.vectors, 0, v, 0, k * k);
        for (int a = 0; a < k; a++) {
            double lambda = Math.max(eig.values[a], 0);
            double root = Math.sqrt(1 + lambda);
            d[a] = 1 / root;
            phi[a] = -1 / ((1 + root) * root);
            // ψ = d/(1 + d) = (√(1+λ) − 1)/λ without the cancellation at λ → 0.
            psi[a] = d[a] / (1 + d[a]);
            gram[a] = root;
        }
        eig.compose(gram, skInverse);
        for (int a = 0; a < k; a++) {
            double lambda = Math.max(eig.values[a], 0);
            for (int b = 0; b < k; b++) {
                dvt[a * k + b] = d[a] * v[b * k + a];
                wtOffset[a * k + b] = lambda * d[a] * v[b * k + a];
            }
        }
        if (panels == null) {
            Panels.times(c, m, k, v, 1, false, w, null);
            Panels.times(w, m, k, dvt, 1, false, offset, null);
        } else if (panels.pairs()) {
            // K = W·DVᵀ = C·(V·DVᵀ): beside W = CV instead of after it (gram is free again after skInverse).
            Panels.times(v, k, k, dvt, 1, false, gram, panels.blas());
            TwoWay.run(() -> panels.product(c, null, v, w), () -> Panels.times(c, m, k, gram, 1, false, offset,
                    panels.blas()));
        } else {
            panels.product(c, null, v, w);
            panels.product(w, null, dvt, offset);
        }
        double largest = 0;
        for (int i = 0; i < m; i++) {
            double s = 0;
            for (int a = 0; a < k; a++) {
                double wia = w[i * k + a];
                wtRows[a][i] = wia;
                s += wia * wia;
            }
            rowNorms[i] = Math.sqrt(s);
            largest = Math.max(largest, rowNorms[i]);
        }
        maxRowNorm = largest;
    }

    /** @return whether this is the identity (a plain Ehresmann chart) */
    boolean isIdentity() {
        return this == IDENTITY;
    }

    /** @return C = W Vᵀ, a new m×k array (for tests and diagnostics) */
    double[] centre() {
        double[] c = new double[m * k];
        if (!isIdentity()) {
            Dense.multTransB(Dense.wrap(m, k, w), Dense.wrap(k, k, v), Dense.wrap(m, k, c));
        }
        return c;
    }

    /**
     * (top; bottom) ← Q_C (top; bottom), in place.
     *
     * @param top    k×p row-major
     * @param bottom m×p row-major
     * @param p      number of columns
     */
    void apply(double[] top, double[] bottom, int p) {
        rotate(top, bottom, p, false);
    }

    /** (top; bottom) ← Q_Cᵀ (top; bottom), in place; see {@link #apply}. */
    void applyTranspose(double[] top, double[] bottom, int p) {
        rotate(top, bottom, p, true);
    }

    /**
     * y = S_m^{±1} x = x + W diag(f) Wᵀ x for an m×k row-major x: S_m⁻¹ with f = Ψ (published → orthonormal chart
     * coordinates), S_m with f = Φ (the reverse). O(mk²); x is not modified.
     *
     * @param inverse whether to apply S_m⁻¹ (else S_m)
     * @return a new m×k array, or x itself for the identity
     */
    double[] scaleRows(double[] x, boolean inverse) {
        if (isIdentity()) {
            return x;
        }
        double[] f = inverse ? psi : phi;
        double[] wtx = Dense.multTransA(w, m, k, x, k);
        for (int a = 0; a < k; a++) {
            for (int c = 0; c < k; c++) {
                wtx[a * k + c] *= f[a];
            }
        }
        double[] y = x.clone();
        Dense.multAdd(1, Dense.wrap(m, k, w), Dense.wrap(k, k, wtx), Dense.wrap(m, k, y));
        return y;
    }

    private void rotate(double[] top, double[] bottom, int p, boolean transpose) {
        if (isIdentity()) {
            return;
        }
        DMatrixRMaj topM = Dense.wrap(k, p, top);
        DMatrixRMaj bottomM = Dense.wrap(m, p, bottom);
        double[] t = new double[k * p];
        double[] h = new double[k * p];
        Dense.multTransA(Dense.wrap(k, k, v), topM, Dense.wrap(k, p, t));
        Dense.multTransA(Dense.wrap(m, k, w), bottomM, Dense.wrap(k, p, h));
        double sign = transpose ? 1 : -1;
        double[] upper = new double[k * p];
        double[] lower = new double[k * p];
        for (int a = 0; a < k; a++) {
            for (int c = 0; c < p; c++) {
                int i = a * p + c;
                upper[i] = (d[a] - 1) * t[i] + sign * d[a] * h[i];
                lower[i] = transpose ? phi[a] * h[i] - d[a] * t[i] : d[a] * t[i] + phi[a] * h[i];
            }
        }
        Dense.multAdd(1, Dense.wrap(k, k, v), Dense.wrap(k, p, upper), topM);
        Dense.multAdd(1, Dense.wrap(m, k, w), Dense.wrap(k, p, lower), bottomM);
    }
}

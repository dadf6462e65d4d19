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
    private static final QaRotation IDENTITY = new QaRotation(0, 0, new double[0], new double[0], new double[0],
            new double[0]);

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
    final double maxRowNorm;

    private QaRotation(int m, int k, double[] w, double[] v, double[] d, double[] phi) {
        this.m = m;
        this.k = k;
        this.w = w;
        this.wtRows = new double[k][m];
        for (int i = 0; i < m; i++) {
            for (int a = 0; a < k; a++) {
                wtRows[a][i] = w[i * k + a];
            }
        }
        this.v = v;
        this.d = d;
        this.phi = phi;
        this.psi = new double[k];
        double[] root = new double[k];
        double[] lambda = new double[k];
        for (int a = 0; a < k; a++) {
            // d = (1+λ)^{-1/2}, so √(1+λ) = 1/d and λ = 1/d² − 1; ψ = d/(1 + d) avoids cancellation at λ → 0.
            root[a] = 1 / d[a];
            lambda[a] = Math.max(root[a] * root[a] - 1, 0);
            psi[a] = d[a] / (1 + d[a]);
        }
        this.skInverse = scaledGram(v, root, k);
        double[] dvt = new double[k * k];
        double[] ldvt = new double[k * k];
        for (int a = 0; a < k; a++) {
            for (int c = 0; c < k; c++) {
                dvt[a * k + c] = d[a] * v[c * k + a];
                ldvt[a * k + c] = lambda[a] * d[a] * v[c * k + a];
            }
        }
        this.offset = m == 0 ? new double[0] : Dense.mult(w, m, k, dvt, k);
        this.wtOffset = ldvt;
        this.rowNorms = new double[m];
        for (int i = 0; i < m; i++) {
            double s = 0;
            for (int a = 0; a < k; a++) {
                s += w[i * k + a] * w[i * k + a];
            }
            rowNorms[i] = Math.sqrt(s);
        }
        double largest = 0;
        for (double r : rowNorms) {
            largest = Math.max(largest, r);
        }
        this.maxRowNorm = largest;
    }

    /** @return V diag(f) Vᵀ for k×k V (column a the a-th eigenvector) */
    private static double[] scaledGram(double[] v, double[] f, int k) {
        double[] out = new double[k * k];
        for (int i = 0; i < k; i++) {
            for (int j = 0; j < k; j++) {
                double s = 0;
                for (int a = 0; a < k; a++) {
                    s += v[i * k + a] * f[a] * v[j * k + a];
                }
                out[i * k + j] = s;
            }
        }
        return out;
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
        Dense.SymmetricEigen eig = Dense.symmetricEigen(Dense.gram(c, m, k), k);
        double[] d = new double[k];
        double[] phi = new double[k];
        for (int i = 0; i < k; i++) {
            double s = Math.max(eig.values()[i], 0);
            double root = Math.sqrt(1 + s);
            d[i] = 1 / root;
            phi[i] = -1 / ((1 + root) * root);
        }
        return new QaRotation(m, k, Dense.mult(c, m, k, eig.vectors(), k), eig.vectors(), d, phi);
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

package org.atlasgraph.grassmann;

import java.util.Arrays;

/**
 * The hot kernels of the atlas scheme: ingesting an n×k matrix into a chart (Alg. 8, App. G.1) and the fused online
 * mean step of Alg. 1 ({@code A ← A + (Ã − A)·t}, then the trust test), allocation-free.
 *
 * <p>For a chart with index set I, complement J and centre C (W = CV, V, D, Ψ, S_k, K = C S_k as in
 * {@link QaRotation}), the published coordinates of X (see {@link GrassmannChart}) are
 *
 * <pre>
 *   G = Wᵀ X_J,   N = X_I + V G  (= X_I + Cᵀ X_J),   R = N⁻¹ S_k⁻¹,   H = X_J R − K
 * </pre>
 *
 * so one pass over X_J accumulates G, a k×k solve follows, and a second pass writes H: 2(n−k)k² multiply-adds plus
 * O(k³), in place of the paper's O(n²k) (it forms the n×n Q_A) and of the 3(n−k)k² that the orthonormal-frame
 * coordinates B = S_m⁻¹H would cost. Plain Ehresmann charts skip the first pass: H = B = X_J X_I⁻¹, (n−k)k².
 * Ingesting is invariant under X ↦ XM for invertible M, so X need not be orthonormal.
 *
 * <p>The fused step also has to decide |b_ij| &lt; 1 for the new mean's B = H + W Z with Z = Ψ T, T = Wᵀ H (k×k).
 * T is affine in H, so it follows the mean: {@code T ← T + t(T_X − T)} with T_X = G R − WᵀK from the same G, O(k³).
 * Row i then satisfies {@code |b_ij| ≤ max_j |h_ij| + ‖w_i‖·max_j ‖z_j‖} (Cauchy–Schwarz); only rows where this bound
 * reaches 1 are evaluated exactly (k² each), so the test is exact and usually costs O((n−k)k).
 *
 * <p>For small k the passes run on X_J transposed (k rows of length n − k, gathered once): the k² dot products of G and
 * the k² row updates of (X_J R)ᵀ are loops of length n − k, which the JIT vectorizes, where loops of length k would not.
 * From {@link #BLOCKED_FROM_K} on, X_J is gathered row-major and EJML (multithreaded for large operands) does the
 * products.
 */
final class GrassmannKernels {
    /**
     * From this k on the kernels use EJML's blocked (and, for large operands, multithreaded) products instead of the
     * transposed loops: measured at n = 2000 the loops win at k = 100 (2.5 vs ~1 GMAC/s under load) and tie at
     * k = 500, where the k×(n−k) operands no longer fit in cache.
     */
    static final int BLOCKED_FROM_K = 128;

    /** Outcome of {@link #step}: the chart cannot represent the sample (a singular k×k block). */
    static final int SINGULAR = 0;
    /** Outcome of {@link #step}: the new mean is inside the chart's domain of trust. */
    static final int INSIDE = 1;
    /** Outcome of {@link #step}: the new mean is outside the domain of trust (the caller changes chart). */
    static final int OUTSIDE = 2;
    /** Outcome of {@link #step}: an entry of the result is not finite. */
    static final int NOT_FINITE = 3;

    private GrassmannKernels() {
    }

    /**
     * Reusable buffers of one thread for one (n, k): a few k×k arrays and two (n−k)×k; plus the memo of the fused
     * step, T = WᵀH of the last mean it returned, so that the next step need not recompute it.
     */
    static final class Workspace {
        final int k;
        final int m;
        final double[] xi;
        final double[] g;
        final double[] top;
        final double[] r;
        final double[] lu;
        final double[] identity;
        final double[] tx;
        final double[] z;
        /** X_J, transposed (k×m) below {@link #BLOCKED_FROM_K}, row-major (m×k) from it on. */
        final double[] xj;
        /** X_J R, laid out like {@link #xj}. */
        final double[] p;
        /** A copy of the mean's published coordinates, (n−k)×k, for {@link #step}. */
        final double[] mean;
        /** The chart of the memoized mean, or {@code null}. */
        Object memoChart;
        /** The coordinates object of the memoized mean (compared by reference), or {@code null}. */
        Object memoPoint;
        /** T = WᵀH of the memoized mean, k×k. */
        final double[] memoT;

        Workspace(int n, int k) {
            this.k = k;
            this.m = n - k;
            int kk = k * k;
            xi = new double[kk];
            g = new double[kk];
            top = new double[kk];
            r = new double[kk];
            lu = new double[kk];
            identity = new double[kk];
            for (int a = 0; a < k; a++) {
                identity[a * k + a] = 1;
            }
            tx = new double[kk];
            z = new double[kk];
            memoT = new double[kk];
            xj = new double[m * k];
            p = new double[m * k];
            mean = new double[m * k];
        }
    }

    /**
     * Writes the published coordinates of span(X) in {@code chart} into {@code out}.
     *
     * @param chart the chart
     * @param x     n×k row-major (not modified)
     * @param out   receives H, (n−k)×k row-major (overwritten)
     * @param ws    this thread's workspace for the chart's (n, k)
     * @return {@code false} when the k×k block N is numerically singular: the chart cannot represent the point
     */
    static boolean ingest(GrassmannChart chart, double[] x, double[] out, Workspace ws) {
        if (!project(chart, x, ws)) {
            return false;
        }
        int k = chart.k;
        int m = chart.m;
        double[] p = ws.p;
        double[] offset = chart.rotation.isIdentity() ? null : chart.rotation.offset;
        if (k >= BLOCKED_FROM_K) {
            for (int i = 0; i < m * k; i++) {
                out[i] = offset == null ? p[i] : p[i] - offset[i];
            }
        } else {
            for (int c = 0; c < k; c++) {
                int po = c * m;
                for (int i = 0; i < m; i++) {
                    int o = i * k + c;
                    out[o] = offset == null ? p[po + i] : p[po + i] - offset[o];
                }
            }
        }
        return true;
    }

    /**
     * The fused online-mean step in published coordinates: {@code out = h + t·(H_X − h)} with H_X the coordinates of
     * span(X), and the exact trust test |b_ij| &lt; 1 on the result's orthonormal-frame coordinates.
     *
     * @param chart the chart of the mean
     * @param x     the sample, n×k row-major (not modified)
     * @param h     the mean's published coordinates, (n−k)×k (not modified)
     * @param tMean T = Wᵀh of the mean, k×k (not modified; ignored for Ehresmann charts)
     * @param t     the step fraction
     * @param out   receives the new coordinates, (n−k)×k
     * @param tOut  receives T of the new coordinates, k×k (may alias tMean)
     * @param ws    this thread's workspace
     * @return {@link #SINGULAR}, {@link #INSIDE}, {@link #OUTSIDE} or {@link #NOT_FINITE}
     */
    static int step(GrassmannChart chart, double[] x, double[] h, double[] tMean, double t, double[] out,
                    double[] tOut, Workspace ws) {
        if (!project(chart, x, ws)) {
            return SINGULAR;
        }
        int k = chart.k;
        int m = chart.m;
        QaRotation q = chart.rotation;
        boolean blocked = k >= BLOCKED_FROM_K;
        boolean adHoc = !q.isIdentity();
        double zMax = 0;
        if (adHoc) {
            // T_X = G R − WᵀK;  T ← T + t(T_X − T);  Z = Ψ T;  zMax = max_j ‖z_j‖.
            product(ws.g, ws.r, ws.tx, k, blocked);
            double[] zColumns = ws.top;
            Arrays.fill(zColumns, 0, k, 0);
            for (int a = 0; a < k; a++) {
                for (int c = 0; c < k; c++) {
                    int i = a * k + c;
                    double tm = tMean[i];
                    double tn = tm + t * ((ws.tx[i] - q.wtOffset[i]) - tm);
                    tOut[i] = tn;
                    double zi = q.psi[a] * tn;
                    ws.z[i] = zi;
                    zColumns[c] += zi * zi;
                }
            }
            for (int c = 0; c < k; c++) {
                zMax = Math.max(zMax, zColumns[c]);
            }
            zMax = Math.sqrt(zMax);
            if (!(zMax < Double.POSITIVE_INFINITY)) {
                return NOT_FINITE;
            }
        }
        // out = h + t(H_X − h). An entry is "suspect" when |out_ij| + ‖w_i‖·zMax reaches 1 (or is NaN); without
        // suspects every |b_ij| < 1 and the step is inside. Suspect rows are evaluated exactly below.
        double[] p = ws.p;
        double[] offset = adHoc ? q.offset : null;
        double[] norms = adHoc ? q.rowNorms : null;
        double bound = GrassmannChart.TRUST_BOUND;
        boolean suspect = false;
        if (blocked) {
            for (int i = 0; i < m; i++) {
                int o = i * k;
                double limit = adHoc ? bound - norms[i] * zMax : bound;
                for (int c = 0; c < k; c++) {
                    double hx = adHoc ? p[o + c] - offset[o + c] : p[o + c];
                    double v = h[o + c] + t * (hx - h[o + c]);
                    out[o + c] = v;
                    suspect |= !(Math.abs(v) < limit);
                }
            }
        } else {
            for (int c = 0; c < k; c++) {
                int po = c * m;
                for (int i = 0; i < m; i++) {
                    int o = i * k + c;
                    double hx = adHoc ? p[po + i] - offset[o] : p[po + i];
                    double v = h[o] + t * (hx - h[o]);
                    out[o] = v;
                    double limit = adHoc ? bound - norms[i] * zMax : bound;
                    suspect |= !(Math.abs(v) < limit);
                }
            }
        }
        if (!suspect) {
            return INSIDE;
        }
        for (int i = 0; i < m; i++) {
            double rm = 0;
            for (int c = 0; c < k; c++) {
                rm = Math.max(rm, Math.abs(out[i * k + c]));
            }
            if (!(rm < Double.POSITIVE_INFINITY)) {
                return NOT_FINITE;
            }
            if (rm + (adHoc ? norms[i] * zMax : 0) >= bound && (!adHoc || exactRowMax(q, out, ws.z, i, k) >= bound)) {
                return OUTSIDE;
            }
        }
        return INSIDE;
    }

    /** @return max_j |b_ij| for row i of B = H + W Z, exactly (k² multiply-adds) */
    private static double exactRowMax(QaRotation q, double[] h, double[] z, int i, int k) {
        int o = i * k;
        double worst = 0;
        for (int c = 0; c < k; c++) {
            double b = h[o + c];
            for (int a = 0; a < k; a++) {
                b += q.w[o + a] * z[a * k + c];
            }
            worst = Math.max(worst, Math.abs(b));
        }
        return worst;
    }

    /**
     * T = Wᵀh for published coordinates h of an ad hoc chart (the memo of {@link #step} when it has none).
     *
     * @param out receives T, k×k
     */
    static void gramWithCentre(GrassmannChart chart, double[] h, double[] out) {
        Dense.multTransA(Dense.wrap(chart.m, chart.k, chart.rotation.w), Dense.wrap(chart.m, chart.k, h),
                Dense.wrap(chart.k, chart.k, out));
    }

    /**
     * Gathers X_I and X_J, computes G, N and R = N⁻¹S_k⁻¹ (X_I⁻¹ for Ehresmann charts) and P = X_J R into the
     * workspace.
     *
     * @return {@code false} when N is numerically singular
     */
    private static boolean project(GrassmannChart chart, double[] x, Workspace ws) {
        int k = chart.k;
        int m = chart.m;
        int[] upper = chart.upper;
        int[] lower = chart.lower;
        boolean blocked = k >= BLOCKED_FROM_K;
        for (int j = 0; j < k; j++) {
            System.arraycopy(x, upper[j] * k, ws.xi, j * k, k);
        }
        double[] xj = ws.xj;
        if (blocked) {
            for (int i = 0; i < m; i++) {
                System.arraycopy(x, lower[i] * k, xj, i * k, k);
            }
        } else {
            for (int a = 0; a < k; a++) {
                int o = a * m;
                for (int i = 0; i < m; i++) {
                    xj[o + i] = x[lower[i] * k + a];
                }
            }
        }
        QaRotation q = chart.rotation;
        if (q.isIdentity()) {
            if (!Dense.solve(ws.xi, k, ws.identity, ws.r, ws.lu)) {
                return false;
            }
        } else {
            if (blocked) {
                Dense.multTransA(Dense.wrap(m, k, q.w), Dense.wrap(m, k, xj), Dense.wrap(k, k, ws.g));
            } else {
                transposedGram(q.wt, xj, ws.g, m, k);
            }
            product(q.v, ws.g, ws.top, k, blocked);
            for (int i = 0; i < k * k; i++) {
                ws.top[i] += ws.xi[i];
            }
            if (!Dense.solve(ws.top, k, q.skInverse, ws.r, ws.lu)) {
                return false;
            }
        }
        if (blocked) {
            Dense.mult(Dense.wrap(m, k, xj), Dense.wrap(k, k, ws.r), Dense.wrap(m, k, ws.p));
        } else {
            transposedProduct(xj, ws.r, ws.p, m, k);
        }
        return true;
    }

    /** out = a·b for k×k row-major arrays: EJML when blocked, else plain loops (small k, no allocation). */
    private static void product(double[] a, double[] b, double[] out, int k, boolean blocked) {
        if (blocked) {
            Dense.mult(Dense.wrap(k, k, a), Dense.wrap(k, k, b), Dense.wrap(k, k, out));
            return;
        }
        Arrays.fill(out, 0, k * k, 0);
        for (int i = 0; i < k; i++) {
            int oo = i * k;
            for (int j = 0; j < k; j++) {
                double aij = a[i * k + j];
                int bo = j * k;
                for (int c = 0; c < k; c++) {
                    out[oo + c] += aij * b[bo + c];
                }
            }
        }
    }

    /**
     * Pᵀ = Rᵀ X_Jᵀ row by row, as axpy loops of length m over the transposed operand, two source rows per pass (half
     * the loads and stores of Pᵀ).
     *
     * @param xt X_Jᵀ, k×m
     * @param r  R, k×k
     * @param pt receives Pᵀ, k×m
     */
    private static void transposedProduct(double[] xt, double[] r, double[] pt, int m, int k) {
        for (int c = 0; c < k; c++) {
            int po = c * m;
            double r0 = r[c];
            for (int i = 0; i < m; i++) {
                pt[po + i] = r0 * xt[i];
            }
            int a = 1;
            for (; a + 1 < k; a += 2) {
                int s0 = a * m;
                int s1 = s0 + m;
                double ra = r[a * k + c];
                double rb = r[(a + 1) * k + c];
                for (int i = 0; i < m; i++) {
                    pt[po + i] += ra * xt[s0 + i] + rb * xt[s1 + i];
                }
            }
            if (a < k) {
                int so = a * m;
                double ra = r[a * k + c];
                for (int i = 0; i < m; i++) {
                    pt[po + i] += ra * xt[so + i];
                }
            }
        }
    }

    /**
     * G = Wᵀ X_J from the transposed operands: the k² dot products of length m, in 2×2 blocks so that each loaded
     * element serves two of them.
     *
     * @param wt Wᵀ, k×m
     * @param xt X_Jᵀ, k×m
     * @param g  receives G, k×k
     */
    private static void transposedGram(double[] wt, double[] xt, double[] g, int m, int k) {
        int a = 0;
        for (; a + 1 < k; a += 2) {
            int wa = a * m;
            int wb = wa + m;
            int c = 0;
            for (; c + 1 < k; c += 2) {
                int xa = c * m;
                int xb = xa + m;
                double s00 = 0;
                double s01 = 0;
                double s10 = 0;
                double s11 = 0;
                for (int i = 0; i < m; i++) {
                    double u = wt[wa + i];
                    double v = wt[wb + i];
                    double p = xt[xa + i];
                    double q = xt[xb + i];
                    s00 += u * p;
                    s01 += u * q;
                    s10 += v * p;
                    s11 += v * q;
                }
                g[a * k + c] = s00;
                g[a * k + c + 1] = s01;
                g[(a + 1) * k + c] = s10;
                g[(a + 1) * k + c + 1] = s11;
            }
            if (c < k) {
                g[a * k + c] = dot(wt, wa, xt, c * m, m);
                g[(a + 1) * k + c] = dot(wt, wb, xt, c * m, m);
            }
        }
        if (a < k) {
            for (int c = 0; c < k; c++) {
                g[a * k + c] = dot(wt, a * m, xt, c * m, m);
            }
        }
    }

    /** @return Σ a[ao + i]·b[bo + i] over i &lt; len, with four accumulators for instruction-level parallelism */
    private static double dot(double[] a, int ao, double[] b, int bo, int len) {
        double s0 = 0;
        double s1 = 0;
        double s2 = 0;
        double s3 = 0;
        int i = 0;
        for (; i + 3 < len; i += 4) {
            s0 += a[ao + i] * b[bo + i];
            s1 += a[ao + i + 1] * b[bo + i + 1];
            s2 += a[ao + i + 2] * b[bo + i + 2];
            s3 += a[ao + i + 3] * b[bo + i + 3];
        }
        for (; i < len; i++) {
            s0 += a[ao + i] * b[bo + i];
        }
        return (s0 + s1) + (s2 + s3);
    }
}

package org.atlasgraph.grassmann;

import java.util.Arrays;
import org.ejml.data.DMatrixRMaj;

/**
 * The hot kernel of the atlas scheme: ingesting an n×k matrix into a chart (Alg. 8, App. G.1), fused and
 * allocation-free.
 *
 * <p>For a chart with index set I, complement J and rotation Q_C (W = CV, V, D, Φ as in {@link QaRotation}), the
 * coordinates of X are {@code B = Y_L Y_U⁻¹} with {@code (Y_U; Y_L) = Q_Cᵀ P_Iᵀ X}. Writing G = Wᵀ X_J and T = Vᵀ X_I
 * (both k×k):
 *
 * <pre>
 *   Y_U = X_I + V[D G + (D − I) T]          (k×k)
 *   Y_L = X_J + W L̂,   L̂ = Φ G − D T        (m×k, never formed)
 *   B   = X_J R + W (L̂ R),   R = Y_U⁻¹
 * </pre>
 *
 * so one pass over X_J accumulates G, a k×k inverse follows, and a second pass writes B = X_J R + W L: 3(n−k)k²
 * multiply-adds plus O(k³), in place of the paper's O(n²k) (it forms the n×n Q_A). Plain Ehresmann charts skip the
 * first pass: B = X_J X_I⁻¹, (n−k)k² multiply-adds. Ingesting is invariant under X ↦ XM for invertible M, so X need
 * not be orthonormal and the (I + CᵀC)^{-1/2} factors of Q_C fold into R.
 *
 * <p>For small k the passes run on X_J transposed (k rows of length n − k, gathered once): the k² dot products of G and
 * the 2k² row updates of Bᵀ are loops of length n − k, which the JIT vectorizes, where loops of length k would not.
 * From {@link #BLOCKED_FROM_K} on, X_J is gathered row-major and EJML (multithreaded for large operands) does the
 * products.
 */
final class GrassmannKernels {
    /**
     * From this k on the ingest kernel uses EJML's blocked (and, for large operands, multithreaded) products instead of
     * the transposed loops: measured at n = 2000 the loops win at k = 100 (2.5 vs ~1 GMAC/s under load) and tie at
     * k = 500, where the k×(n−k) operands no longer fit in cache.
     */
    static final int BLOCKED_FROM_K = 128;

    private GrassmannKernels() {
    }

    /** Reusable buffers of one thread for one (n, k): a few k×k arrays and two (n−k)×k. */
    static final class Workspace {
        final int k;
        final int m;
        final double[] xi;
        final double[] g;
        final double[] t;
        final double[] yu;
        final double[] r;
        final double[] l;
        final double[] lhat;
        final double[] scratch;
        /** X_J, transposed (k×m) below {@link #BLOCKED_FROM_K}, row-major (m×k) from it on. */
        final double[] xj;
        /** Bᵀ (k×m), below {@link #BLOCKED_FROM_K} only. */
        final double[] bt;

        Workspace(int n, int k) {
            this.k = k;
            this.m = n - k;
            int kk = k * k;
            xi = new double[kk];
            g = new double[kk];
            t = new double[kk];
            yu = new double[kk];
            r = new double[kk];
            l = new double[kk];
            lhat = new double[kk];
            scratch = new double[kk];
            xj = new double[m * k];
            bt = k >= BLOCKED_FROM_K ? new double[0] : new double[m * k];
        }
    }

    /**
     * Writes the coordinates of span(X) in {@code chart} into {@code out}.
     *
     * @param chart the chart
     * @param x     n×k row-major, finite (not modified)
     * @param out   receives B, (n−k)×k row-major (overwritten)
     * @param ws    this thread's workspace for the chart's (n, k)
     * @return {@code false} when Y_U is numerically singular: the chart cannot represent the point
     */
    static boolean ingest(GrassmannChart chart, double[] x, double[] out, Workspace ws) {
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
            for (int i = 0; i < m; i++) {
                int row = lower[i] * k;
                for (int a = 0; a < k; a++) {
                    xj[a * m + i] = x[row + a];
                }
            }
        }
        QaRotation q = chart.rotation;
        if (q.isIdentity()) {
            if (!Dense.invert(ws.xi, k, ws.r, ws.scratch)) {
                return false;
            }
            if (blocked) {
                Dense.mult(Dense.wrap(m, k, xj), Dense.wrap(k, k, ws.r), Dense.wrap(m, k, out));
            } else {
                transposedProduct(xj, ws.r, null, null, ws.bt, out, m, k);
            }
            return true;
        }
        if (blocked) {
            Dense.multTransA(Dense.wrap(m, k, q.w), Dense.wrap(m, k, xj), Dense.wrap(k, k, ws.g));
            Dense.multTransA(Dense.wrap(k, k, q.v), Dense.wrap(k, k, ws.xi), Dense.wrap(k, k, ws.t));
        } else {
            for (int a = 0; a < k; a++) {
                for (int c = 0; c < k; c++) {
                    ws.g[a * k + c] = dot(q.wt, a * m, xj, c * m, m);
                }
            }
            smallProduct(q.v, true, ws.xi, ws.t, k);
        }
        double[] d = q.d;
        double[] phi = q.phi;
        for (int a = 0; a < k; a++) {
            for (int c = 0; c < k; c++) {
                int i = a * k + c;
                double g = ws.g[i];
                double t = ws.t[i];
                ws.scratch[i] = d[a] * g + (d[a] - 1) * t;
                ws.lhat[i] = phi[a] * g - d[a] * t;
            }
        }
        if (blocked) {
            System.arraycopy(ws.xi, 0, ws.yu, 0, k * k);
            Dense.multAdd(1, Dense.wrap(k, k, q.v), Dense.wrap(k, k, ws.scratch), Dense.wrap(k, k, ws.yu));
        } else {
            smallProduct(q.v, false, ws.scratch, ws.yu, k);
            for (int i = 0; i < k * k; i++) {
                ws.yu[i] += ws.xi[i];
            }
        }
        if (!Dense.invert(ws.yu, k, ws.r, ws.scratch)) {
            return false;
        }
        if (blocked) {
            Dense.mult(Dense.wrap(k, k, ws.lhat), Dense.wrap(k, k, ws.r), Dense.wrap(k, k, ws.l));
            DMatrixRMaj b = Dense.wrap(m, k, out);
            Dense.mult(Dense.wrap(m, k, xj), Dense.wrap(k, k, ws.r), b);
            Dense.multAdd(1, Dense.wrap(m, k, q.w), Dense.wrap(k, k, ws.l), b);
        } else {
            smallProduct(ws.lhat, false, ws.r, ws.l, k);
            transposedProduct(xj, ws.r, q.wt, ws.l, ws.bt, out, m, k);
        }
        return true;
    }

    /**
     * Bᵀ = Rᵀ X_Jᵀ (+ Lᵀ Wᵀ) row by row, as axpy loops of length m over the transposed operands, then B = (Bᵀ)ᵀ into
     * {@code out}.
     *
     * @param xt X_Jᵀ, k×m
     * @param r  R, k×k
     * @param wt Wᵀ, k×m, or {@code null} for an Ehresmann chart
     * @param l  L, k×k, or {@code null}
     * @param bt scratch k×m
     */
    private static void transposedProduct(double[] xt, double[] r, double[] wt, double[] l, double[] bt,
                                          double[] out, int m, int k) {
        Arrays.fill(bt, 0);
        for (int c = 0; c < k; c++) {
            int bo = c * m;
            for (int a = 0; a < k; a++) {
                int so = a * m;
                double rac = r[a * k + c];
                if (wt == null) {
                    for (int i = 0; i < m; i++) {
                        bt[bo + i] += rac * xt[so + i];
                    }
                } else {
                    double lac = l[a * k + c];
                    for (int i = 0; i < m; i++) {
                        bt[bo + i] += rac * xt[so + i] + lac * wt[so + i];
                    }
                }
            }
        }
        for (int i = 0; i < m; i++) {
            int oo = i * k;
            for (int c = 0; c < k; c++) {
                out[oo + c] = bt[c * m + i];
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

    /** out = a·b, or aᵀ·b when {@code transposeA}, for k×k row-major arrays (small k: plain loops, no allocation). */
    private static void smallProduct(double[] a, boolean transposeA, double[] b, double[] out, int k) {
        Arrays.fill(out, 0, k * k, 0);
        for (int i = 0; i < k; i++) {
            int oo = i * k;
            for (int j = 0; j < k; j++) {
                double aij = transposeA ? a[j * k + i] : a[i * k + j];
                int bo = j * k;
                for (int c = 0; c < k; c++) {
                    out[oo + c] += aij * b[bo + c];
                }
            }
        }
    }
}

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
 * so one pass over the rows of X_J accumulates G, a k×k inverse follows, and a second pass writes each row of B as
 * {@code x_j R + w_j L}: 3(n−k)k² multiply-adds plus O(k³), in place of the paper's O(n²k) (it forms the n×n Q_A).
 * Plain Ehresmann charts skip the first pass: B = X_J X_I⁻¹, (n−k)k² multiply-adds. Ingesting is invariant under
 * X ↦ XM for invertible M, so X need not be orthonormal and the (I + CᵀC)^{-1/2} factors of Q_C fold into R.
 * Small k streams rows in plain loops; from {@link #BLOCKED_FROM_K} on, X_J is gathered once and EJML (multithreaded
 * for large operands) does the products.
 */
final class GrassmannKernels {
    /** From this k on the ingest kernel uses EJML's blocked products instead of row-streaming loops. */
    static final int BLOCKED_FROM_K = 24;

    private GrassmannKernels() {
    }

    /** Reusable buffers of one thread for one (n, k): a few k×k arrays, and one (n−k)×k for large k. */
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
        private double[] xl;

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
        }

        double[] xl() {
            if (xl == null) {
                xl = new double[m * k];
            }
            return xl;
        }
    }

    /**
     * Writes the coordinates of span(X) in {@code chart} into {@code out}.
     *
     * @param chart the chart
     * @param x     n×k row-major, finite (not modified)
     * @param out   receives B, (n−k)×k row-major; must be zero-filled on entry
     * @param ws    this thread's workspace for the chart's (n, k)
     * @return {@code false} when Y_U is numerically singular: the chart cannot represent the point
     */
    static boolean ingest(GrassmannChart chart, double[] x, double[] out, Workspace ws) {
        int k = chart.k;
        int[] upper = chart.upper;
        for (int j = 0; j < k; j++) {
            System.arraycopy(x, upper[j] * k, ws.xi, j * k, k);
        }
        boolean blocked = k >= BLOCKED_FROM_K;
        if (blocked) {
            double[] xl = ws.xl();
            int[] lower = chart.lower;
            for (int i = 0; i < chart.m; i++) {
                System.arraycopy(x, lower[i] * k, xl, i * k, k);
            }
        }
        QaRotation q = chart.rotation;
        if (q.isIdentity()) {
            if (!Dense.invert(ws.xi, k, ws.r, ws.scratch)) {
                return false;
            }
            if (blocked) {
                Dense.mult(Dense.wrap(chart.m, k, ws.xl()), Dense.wrap(k, k, ws.r), Dense.wrap(chart.m, k, out));
            } else {
                streamRows(chart, x, ws.r, null, out);
            }
            return true;
        }
        if (blocked) {
            Dense.multTransA(Dense.wrap(chart.m, k, q.w), Dense.wrap(chart.m, k, ws.xl()), Dense.wrap(k, k, ws.g));
        } else {
            accumulateG(chart, x, ws.g);
        }
        if (blocked) {
            Dense.multTransA(Dense.wrap(k, k, q.v), Dense.wrap(k, k, ws.xi), Dense.wrap(k, k, ws.t));
        } else {
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
        } else {
            smallProduct(ws.lhat, false, ws.r, ws.l, k);
        }
        if (blocked) {
            DMatrixRMaj b = Dense.wrap(chart.m, k, out);
            Dense.mult(Dense.wrap(chart.m, k, ws.xl()), Dense.wrap(k, k, ws.r), b);
            Dense.multAdd(1, Dense.wrap(chart.m, k, q.w), Dense.wrap(k, k, ws.l), b);
        } else {
            streamRows(chart, x, ws.r, ws.l, out);
        }
        return true;
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

    /** G = Wᵀ X_J, one pass over the rows of X that are not in I. */
    private static void accumulateG(GrassmannChart chart, double[] x, double[] g) {
        int k = chart.k;
        int[] lower = chart.lower;
        double[] w = chart.rotation.w;
        Arrays.fill(g, 0);
        for (int i = 0; i < lower.length; i++) {
            int xo = lower[i] * k;
            int wo = i * k;
            for (int a = 0; a < k; a++) {
                double wa = w[wo + a];
                int go = a * k;
                for (int c = 0; c < k; c++) {
                    g[go + c] += wa * x[xo + c];
                }
            }
        }
    }

    /** Row j of B = x_j R (+ w_j L when {@code l} is given), streaming the rows of X that are not in I. */
    private static void streamRows(GrassmannChart chart, double[] x, double[] r, double[] l, double[] out) {
        int k = chart.k;
        int[] lower = chart.lower;
        if (l == null) {
            for (int i = 0; i < lower.length; i++) {
                int xo = lower[i] * k;
                int bo = i * k;
                for (int a = 0; a < k; a++) {
                    double xa = x[xo + a];
                    int ro = a * k;
                    for (int c = 0; c < k; c++) {
                        out[bo + c] += xa * r[ro + c];
                    }
                }
            }
            return;
        }
        double[] w = chart.rotation.w;
        for (int i = 0; i < lower.length; i++) {
            int xo = lower[i] * k;
            int bo = i * k;
            for (int a = 0; a < k; a++) {
                double xa = x[xo + a];
                double wa = w[bo + a];
                int ro = a * k;
                for (int c = 0; c < k; c++) {
                    out[bo + c] += xa * r[ro + c] + wa * l[ro + c];
                }
            }
        }
    }
}

package org.atlasgraph.grassmann;

import java.util.Arrays;
import jdk.incubator.vector.DoubleVector;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorSpecies;

/**
 * {@link SmallKernels} on the JDK Vector API (module {@code jdk.incubator.vector}, incubating in Java 17), for k up
 * to two vectors: a row of X is one or two vectors of the preferred species (8 doubles with AVX-512, 4 with AVX2),
 * its lanes beyond k padding that the results ignore. Loaded only by {@link GrassmannKernels#VECTOR}, never named
 * elsewhere, so that the provider runs without the module.
 *
 * <p>The Gram pass keeps eight vector sums (four rows of Wᵀ × one or two row sets) so that the adders are not
 * latency-bound; the output pass computes four rows of X_J R at a time, one or two vectors each, into a scratch
 * array, then {@code h + t(P − K − h)} and max |·| in one flat pass. Rows whose span would run past the end of an
 * array are done in scalar code. The kernels have few vector operations per method on purpose: JDK 17's C2 stops
 * inlining the Vector API's call trees beyond a node budget, and an operation left out of line runs its slow
 * Java fallback.
 */
final class VectorKernels implements SmallKernels {
    private static final VectorSpecies<Double> S = DoubleVector.SPECIES_PREFERRED;
    private static final int L = S.length();
    /** The span of a row of two vectors. */
    private static final int L2 = 2 * L;
    private static final int ROWS = 4;
    /** The identity of order L and of order 2L, rows of L and 2L lanes: the unit rows of {@link #quadrature}. */
    private static final double[] IDENTITY_1 = identity(L);
    private static final double[] IDENTITY_2 = identity(2 * L);

    private static double[] identity(int order) {
        double[] identity = new double[order * order];
        for (int a = 0; a < order; a++) {
            identity[a * order + a] = 1;
        }
        return identity;
    }

    @Override
    public int maxK() {
        return 2 * L;
    }

    @Override
    public int span(int k) {
        return k <= L ? L : 2 * L;
    }

    @Override
    public void gram(double[] wide, int kPad, double[] x, int n, int k, double[] g) {
        int span = span(k);
        // Rows r with r·k + span ≤ n·k are read as vectors; the rest in scalar code.
        int safe = n * k >= span ? (n * k - span) / k + 1 : 0;
        int scalarFrom;
        if (span == L) {
            scalarFrom = gram1(wide, kPad, x, k, g, safe);
        } else {
            scalarFrom = gram2(wide, kPad, x, k, g, safe);
        }
        for (int r = scalarFrom; r < n; r++) {
            for (int a = 0; a < k; a++) {
                double w = wide[r * kPad + a];
                for (int c = 0; c < k; c++) {
                    g[a * span + c] += w * x[r * k + c];
                }
            }
        }
    }

    @Override
    public void gram(double[] wide, int kPad, double[] x, int n, int k, double[] g, double[] self) {
        int span = span(k);
        int safe = n * k >= span ? (n * k - span) / k + 1 : 0;
        if (span == L) {
            // Rows of W̃ are read whole too (r·kPad + L ≤ n·kPad).
            safe = Math.min(safe, n * kPad >= L ? (n * kPad - L) / kPad + 1 : 0);
            both1(wide, kPad, x, k, g, self, safe);
            // both1 leaves Gᵀ: G in place of it, before the rows left to scalar code add to G.
            for (int a = 0; a < k; a++) {
                for (int c = 0; c < a; c++) {
                    double v = g[a * L + c];
                    g[a * L + c] = g[c * L + a];
                    g[c * L + a] = v;
                }
            }
        } else {
            both2(wide, kPad, x, k, g, self, safe);
        }
        for (int r = safe; r < n; r++) {
            for (int a = 0; a < k; a++) {
                double w = wide[r * kPad + a];
                double v = x[r * k + a];
                for (int c = 0; c < k; c++) {
                    g[a * span + c] += w * x[r * k + c];
                    self[a * span + c] += v * x[r * k + c];
                }
            }
        }
    }

    /**
     * k ≤ L: Gᵀ and XᵀX over rows 0..safe−1, blocks of four rows of each, one row of X per iteration (eight sums):
     * row c of Gᵀ gathers x_rc·w̃_r and row c of XᵀX x_rc·x_r, one broadcast of x_rc for both and whole rows of W̃
     * and X as vectors (lanes beyond k read past the row, unspecified). The broadcasts x[r][a0..a0+3] may read past
     * row r's k entries into the next row (inside X, as r·k + span ≤ n·k and the block stays within the span); those
     * sums belong to rows a ≥ k, which are not stored.
     */
    private static void both1(double[] wide, int kPad, double[] x, int k, double[] g, double[] self, int safe) {
        // A last row by itself (k = 1, 5): four rows' sums for one would spend three quarters of its pass on rows
        // that are not stored. For k = 5 it joins the block before it (ten sums, one pass over X).
        int blocked = k % 4 == 1 ? k - 1 : k;
        int fused = k % 4 == 1 && k > 1 ? blocked - 4 : blocked;
        for (int a0 = 0; a0 < fused; a0 += 4) {
            DoubleVector s0 = DoubleVector.zero(S);
            DoubleVector s1 = s0;
            DoubleVector s2 = s0;
            DoubleVector s3 = s0;
            DoubleVector q0 = s0;
            DoubleVector q1 = s0;
            DoubleVector q2 = s0;
            DoubleVector q3 = s0;
            for (int r = 0; r < safe; r++) {
                int o = r * k;
                DoubleVector u = DoubleVector.fromArray(S, x, o);
                DoubleVector w = DoubleVector.fromArray(S, wide, r * kPad);
                o += a0;
                DoubleVector x0 = DoubleVector.broadcast(S, x[o]);
                DoubleVector x1 = DoubleVector.broadcast(S, x[o + 1]);
                DoubleVector x2 = DoubleVector.broadcast(S, x[o + 2]);
                DoubleVector x3 = DoubleVector.broadcast(S, x[o + 3]);
                s0 = w.fma(x0, s0);
                s1 = w.fma(x1, s1);
                s2 = w.fma(x2, s2);
                s3 = w.fma(x3, s3);
                q0 = u.fma(x0, q0);
                q1 = u.fma(x1, q1);
                q2 = u.fma(x2, q2);
                q3 = u.fma(x3, q3);
            }
            store(g, k, a0, s0, s1, s2, s3);
            store(self, k, a0, q0, q1, q2, q3);
        }
        if (fused < blocked) {
            bothFive1(wide, kPad, x, k, g, self, safe, fused);
        } else if (blocked < k) {
            bothRow1(wide, kPad, x, k, g, self, safe, blocked);
        }
    }

    /**
     * The last five rows a0..a0+4 = k − 1 of Gᵀ and of XᵀX (k ≤ L, k mod 4 = 1) over rows 0..safe−1, one row of X
     * per iteration (ten sums); past-the-row reads as in {@link #both1}.
     */
    private static void bothFive1(double[] wide, int kPad, double[] x, int k, double[] g, double[] self, int safe,
                                  int a0) {
        DoubleVector s0 = DoubleVector.zero(S);
        DoubleVector s1 = s0;
        DoubleVector s2 = s0;
        DoubleVector s3 = s0;
        DoubleVector s4 = s0;
        DoubleVector q0 = s0;
        DoubleVector q1 = s0;
        DoubleVector q2 = s0;
        DoubleVector q3 = s0;
        DoubleVector q4 = s0;
        for (int r = 0; r < safe; r++) {
            int o = r * k;
            DoubleVector u = DoubleVector.fromArray(S, x, o);
            DoubleVector w = DoubleVector.fromArray(S, wide, r * kPad);
            o += a0;
            DoubleVector x0 = DoubleVector.broadcast(S, x[o]);
            DoubleVector x1 = DoubleVector.broadcast(S, x[o + 1]);
            DoubleVector x2 = DoubleVector.broadcast(S, x[o + 2]);
            DoubleVector x3 = DoubleVector.broadcast(S, x[o + 3]);
            DoubleVector x4 = DoubleVector.broadcast(S, x[o + 4]);
            s0 = w.fma(x0, s0);
            s1 = w.fma(x1, s1);
            s2 = w.fma(x2, s2);
            s3 = w.fma(x3, s3);
            s4 = w.fma(x4, s4);
            q0 = u.fma(x0, q0);
            q1 = u.fma(x1, q1);
            q2 = u.fma(x2, q2);
            q3 = u.fma(x3, q3);
            q4 = u.fma(x4, q4);
        }
        store(g, k, a0, s0, s1, s2, s3);
        store(self, k, a0, q0, q1, q2, q3);
        s4.intoArray(g, (a0 + 4) * L);
        q4.intoArray(self, (a0 + 4) * L);
    }

    /** Row a of Gᵀ and of XᵀX (k ≤ L) over rows 0..safe−1, two rows of X per iteration (four sums). */
    private static void bothRow1(double[] wide, int kPad, double[] x, int k, double[] g, double[] self, int safe,
                                 int a) {
        DoubleVector s0 = DoubleVector.zero(S);
        DoubleVector s1 = s0;
        DoubleVector q0 = s0;
        DoubleVector q1 = s0;
        int r = 0;
        for (; r + 1 < safe; r += 2) {
            int o = r * k;
            DoubleVector x0 = DoubleVector.broadcast(S, x[o + a]);
            DoubleVector x1 = DoubleVector.broadcast(S, x[o + k + a]);
            s0 = DoubleVector.fromArray(S, wide, r * kPad).fma(x0, s0);
            q0 = DoubleVector.fromArray(S, x, o).fma(x0, q0);
            s1 = DoubleVector.fromArray(S, wide, (r + 1) * kPad).fma(x1, s1);
            q1 = DoubleVector.fromArray(S, x, o + k).fma(x1, q1);
        }
        if (r < safe) {
            DoubleVector x0 = DoubleVector.broadcast(S, x[r * k + a]);
            s0 = DoubleVector.fromArray(S, wide, r * kPad).fma(x0, s0);
            q0 = DoubleVector.fromArray(S, x, r * k).fma(x0, q0);
        }
        s0.add(s1).intoArray(g, a * L);
        q0.add(q1).intoArray(self, a * L);
    }

    /** Rows a0..a0+3 (those below k) of a k×k result, one vector each, in increasing order. */
    private static void store(double[] out, int k, int a0, DoubleVector s0, DoubleVector s1, DoubleVector s2,
                              DoubleVector s3) {
        s0.intoArray(out, a0 * L);
        if (a0 + 1 < k) {
            s1.intoArray(out, (a0 + 1) * L);
        }
        if (a0 + 2 < k) {
            s2.intoArray(out, (a0 + 2) * L);
        }
        if (a0 + 3 < k) {
            s3.intoArray(out, (a0 + 3) * L);
        }
    }

    /**
     * L &lt; k ≤ 2L: G and XᵀX over rows 0..safe−1, two rows of each per pass over X, two vectors per row of X
     * (eight sums): ⌈k/2⌉ passes reading X once for both. Four rows of each at once (sixteen sums) is more of the
     * Vector API than JDK 17's C2 inlines, and its operations ran out of line (allocating). Past-the-row reads as in
     * {@link #both1} (for odd k the last pass's second row is past X's row and, in W̃, a zero column).
     */
    private static void both2(double[] wide, int kPad, double[] x, int k, double[] g, double[] self, int safe) {
        for (int a0 = 0; a0 < k; a0 += 2) {
            DoubleVector s0 = DoubleVector.zero(S);
            DoubleVector s1 = s0;
            DoubleVector t0 = s0;
            DoubleVector t1 = s0;
            DoubleVector q0 = s0;
            DoubleVector q1 = s0;
            DoubleVector p0 = s0;
            DoubleVector p1 = s0;
            for (int r = 0; r < safe; r++) {
                int o = r * k;
                DoubleVector u = DoubleVector.fromArray(S, x, o);
                DoubleVector v = DoubleVector.fromArray(S, x, o + L);
                int w = r * kPad + a0;
                DoubleVector w0 = DoubleVector.broadcast(S, wide[w]);
                DoubleVector w1 = DoubleVector.broadcast(S, wide[w + 1]);
                DoubleVector x0 = DoubleVector.broadcast(S, x[o + a0]);
                DoubleVector x1 = DoubleVector.broadcast(S, x[o + a0 + 1]);
                s0 = u.fma(w0, s0);
                t0 = v.fma(w0, t0);
                s1 = u.fma(w1, s1);
                t1 = v.fma(w1, t1);
                q0 = u.fma(x0, q0);
                p0 = v.fma(x0, p0);
                q1 = u.fma(x1, q1);
                p1 = v.fma(x1, p1);
            }
            s0.intoArray(g, a0 * L2);
            t0.intoArray(g, a0 * L2 + L);
            q0.intoArray(self, a0 * L2);
            p0.intoArray(self, a0 * L2 + L);
            if (a0 + 1 < k) {
                s1.intoArray(g, (a0 + 1) * L2);
                t1.intoArray(g, (a0 + 1) * L2 + L);
                q1.intoArray(self, (a0 + 1) * L2);
                p1.intoArray(self, (a0 + 1) * L2 + L);
            }
        }
    }

    /** Rows a0..a0+3 (those below k) of a k×k result, two vectors each (low, high), in increasing order. */
    private static void store2(double[] out, int k, int a0, DoubleVector s0, DoubleVector t0, DoubleVector s1,
                               DoubleVector t1, DoubleVector s2, DoubleVector t2, DoubleVector s3, DoubleVector t3) {
        s0.intoArray(out, a0 * L2);
        t0.intoArray(out, a0 * L2 + L);
        if (a0 + 1 < k) {
            s1.intoArray(out, (a0 + 1) * L2);
            t1.intoArray(out, (a0 + 1) * L2 + L);
        }
        if (a0 + 2 < k) {
            s2.intoArray(out, (a0 + 2) * L2);
            t2.intoArray(out, (a0 + 2) * L2 + L);
        }
        if (a0 + 3 < k) {
            s3.intoArray(out, (a0 + 3) * L2);
            t3.intoArray(out, (a0 + 3) * L2 + L);
        }
    }

    @Override
    public void multiply(double[] a, int aStride, boolean transposeA, double[] b, int bStride, double[] out,
                         int outStride, int k) {
        int across = transposeA ? 1 : aStride;
        int along = transposeA ? aStride : 1;
        if (span(k) == L) {
            multiplyAll1(a, across, along, b, bStride, out, outStride, k);
            return;
        }
        // Four rows of out at a time: each row of b loaded once for them, eight independent chains of multiply-adds.
        for (int i = 0; i < k; i += 4) {
            multiply2(a, across, along, b, bStride, out, outStride, i, k);
        }
    }

    /**
     * k ≤ L: all rows of out in one loop over the rows of b, L chains of multiply-adds (rows i ≥ k repeat row k − 1,
     * whose result they store again in its place: no branch on k, and every store in increasing order).
     */
    private static void multiplyAll1(double[] a, int across, int along, double[] b, int bStride, double[] out,
                                     int outStride, int k) {
        int last = k - 1;
        int a1 = Math.min(1, last) * across;
        int a2 = Math.min(2, last) * across;
        int a3 = Math.min(3, last) * across;
        int a4 = Math.min(4, last) * across;
        int a5 = Math.min(5, last) * across;
        int a6 = Math.min(6, last) * across;
        int a7 = Math.min(7, last) * across;
        DoubleVector s0 = DoubleVector.zero(S);
        DoubleVector s1 = s0;
        DoubleVector s2 = s0;
        DoubleVector s3 = s0;
        DoubleVector s4 = s0;
        DoubleVector s5 = s0;
        DoubleVector s6 = s0;
        DoubleVector s7 = s0;
        for (int j = 0; j < k; j++) {
            DoubleVector bj = DoubleVector.fromArray(S, b, j * bStride);
            int c = j * along;
            s0 = bj.fma(DoubleVector.broadcast(S, a[c]), s0);
            s1 = bj.fma(DoubleVector.broadcast(S, a[a1 + c]), s1);
            s2 = bj.fma(DoubleVector.broadcast(S, a[a2 + c]), s2);
            s3 = bj.fma(DoubleVector.broadcast(S, a[a3 + c]), s3);
            s4 = bj.fma(DoubleVector.broadcast(S, a[a4 + c]), s4);
            s5 = bj.fma(DoubleVector.broadcast(S, a[a5 + c]), s5);
            s6 = bj.fma(DoubleVector.broadcast(S, a[a6 + c]), s6);
            s7 = bj.fma(DoubleVector.broadcast(S, a[a7 + c]), s7);
        }
        s0.intoArray(out, 0);
        s1.intoArray(out, Math.min(1, last) * outStride);
        s2.intoArray(out, Math.min(2, last) * outStride);
        s3.intoArray(out, Math.min(3, last) * outStride);
        s4.intoArray(out, Math.min(4, last) * outStride);
        s5.intoArray(out, Math.min(5, last) * outStride);
        s6.intoArray(out, Math.min(6, last) * outStride);
        s7.intoArray(out, Math.min(7, last) * outStride);
    }

    /**
     * L &lt; k ≤ 2L: rows i..i+3 of out, two vectors per row (rows beyond k repeat row k − 1, whose result they store
     * again in its place), stored in increasing order.
     */
    private static void multiply2(double[] a, int across, int along, double[] b, int bStride, double[] out,
                                  int outStride, int i, int k) {
        int last = k - 1;
        int i1 = Math.min(i + 1, last);
        int i2 = Math.min(i + 2, last);
        int i3 = Math.min(i + 3, last);
        int a0 = i * across;
        int a1 = i1 * across;
        int a2 = i2 * across;
        int a3 = i3 * across;
        DoubleVector s0 = DoubleVector.zero(S);
        DoubleVector t0 = s0;
        DoubleVector s1 = s0;
        DoubleVector t1 = s0;
        DoubleVector s2 = s0;
        DoubleVector t2 = s0;
        DoubleVector s3 = s0;
        DoubleVector t3 = s0;
        for (int j = 0; j < k; j++) {
            DoubleVector low = DoubleVector.fromArray(S, b, j * bStride);
            DoubleVector high = DoubleVector.fromArray(S, b, j * bStride + L);
            int c = j * along;
            DoubleVector f0 = DoubleVector.broadcast(S, a[a0 + c]);
            DoubleVector f1 = DoubleVector.broadcast(S, a[a1 + c]);
            DoubleVector f2 = DoubleVector.broadcast(S, a[a2 + c]);
            DoubleVector f3 = DoubleVector.broadcast(S, a[a3 + c]);
            s0 = low.fma(f0, s0);
            t0 = high.fma(f0, t0);
            s1 = low.fma(f1, s1);
            t1 = high.fma(f1, t1);
            s2 = low.fma(f2, s2);
            t2 = high.fma(f2, t2);
            s3 = low.fma(f3, s3);
            t3 = high.fma(f3, t3);
        }
        int o = i * outStride;
        s0.intoArray(out, o);
        t0.intoArray(out, o + L);
        o = i1 * outStride;
        s1.intoArray(out, o);
        t1.intoArray(out, o + L);
        o = i2 * outStride;
        s2.intoArray(out, o);
        t2.intoArray(out, o + L);
        o = i3 * outStride;
        s3.intoArray(out, o);
        t3.intoArray(out, o + L);
    }

    @Override
    public boolean solve(double[] a, int aStride, double[] b, int k, double[] work, double[] out) {
        double scale = 0;
        for (int i = 0; i < k; i++) {
            for (int c = 0; c < k; c++) {
                scale = Math.max(scale, Math.abs(a[i * aStride + c]));
            }
        }
        if (!(scale > 0) || !Double.isFinite(scale)) {
            return false;
        }
        int span = span(k);
        int width = 2 * span;
        // Padding lanes stay zero (and so out's beyond k): every row operation combines lanes of equal index.
        Arrays.fill(work, 0, k * width, 0);
        for (int i = 0; i < k; i++) {
            System.arraycopy(a, i * aStride, work, i * width, k);
            System.arraycopy(b, i * k, work, i * width + span, k);
        }
        double threshold = Dense.SINGULAR_PIVOT * scale;
        for (int p = 0; p < k; p++) {
            int pivot = p;
            double largest = Math.abs(work[p * width + p]);
            for (int i = p + 1; i < k; i++) {
                double v = Math.abs(work[i * width + p]);
                if (v > largest) {
                    largest = v;
                    pivot = i;
                }
            }
            if (!(largest > threshold)) {
                return false;
            }
            if (pivot != p) {
                swapRows(work, pivot * width, p * width, width);
            }
            eliminate(work, p, k, width);
        }
        for (int i = 0; i < k; i++) {
            for (int j = 0; j < span; j += L) {
                DoubleVector.fromArray(S, work, i * width + span + j).intoArray(out, i * span + j);
            }
        }
        return true;
    }

    /** Exchanges the rows of {@code width} lanes at offsets i and j. */
    private static void swapRows(double[] work, int i, int j, int width) {
        for (int c = 0; c < width; c += L) {
            DoubleVector u = DoubleVector.fromArray(S, work, i + c);
            DoubleVector.fromArray(S, work, j + c).intoArray(work, i + c);
            u.intoArray(work, j + c);
        }
    }

    /** Gauss–Jordan step at pivot p: row_p ← row_p/a_pp, then row_i ← row_i − a_ip·row_p for every other row. */
    private static void eliminate(double[] work, int p, int k, int width) {
        int po = p * width;
        DoubleVector d = DoubleVector.broadcast(S, 1 / work[po + p]);
        for (int c = 0; c < width; c += L) {
            DoubleVector.fromArray(S, work, po + c).mul(d).intoArray(work, po + c);
        }
        for (int i = 0; i < k; i++) {
            if (i != p) {
                int io = i * width;
                DoubleVector f = DoubleVector.broadcast(S, -work[io + p]);
                for (int c = 0; c < width; c += L) {
                    DoubleVector.fromArray(S, work, po + c).fma(f, DoubleVector.fromArray(S, work, io + c))
                            .intoArray(work, io + c);
                }
            }
        }
    }

    @Override
    public void quadrature(double[] e, double[] nodes, double[] weights, int count, double[] work, double[] f,
                           double[] ef, int k) {
        int span = span(k);
        int size = k * span;
        double[] identity = span == L ? IDENTITY_1 : IDENTITY_2;
        for (int j = 0; j < count; j++) {
            DoubleVector c = DoubleVector.broadcast(S, nodes[j] * nodes[j]);
            int base = j * size;
            for (int q = 0; q < size; q += L) {
                DoubleVector.fromArray(S, e, q).fma(c, DoubleVector.fromArray(S, identity, q))
                        .intoArray(work, base + q);
            }
        }
        // Pivot by pivot across the matrices: their eliminations are independent chains of latency, interleaved.
        for (int p = 0; p < k; p++) {
            for (int j = 0; j < count; j++) {
                if (span == L) {
                    pivot1(work, j * size, p, k, identity);
                } else {
                    pivot2(work, j * size, p, k, identity);
                }
            }
        }
        for (int q = 0; q < size; q += L) {
            DoubleVector unit = DoubleVector.fromArray(S, identity, q);
            DoubleVector fs = DoubleVector.zero(S);
            DoubleVector es = fs;
            for (int j = 0; j < count; j++) {
                DoubleVector inv = DoubleVector.fromArray(S, work, j * size + q);
                fs = inv.fma(DoubleVector.broadcast(S, weights[j]), fs);
                es = unit.sub(inv).fma(DoubleVector.broadcast(S, weights[j] / (nodes[j] * nodes[j])), es);
            }
            fs.intoArray(f, q);
            es.intoArray(ef, q);
        }
    }

    /**
     * Gauss–Jordan step at pivot p of the inversion in place of the matrix at {@code base} (rows of one vector).
     * Pivot p: u = (row_p + e_p)/a_pp, row_p ← u − e_p, row_i ← row_i − a_ip·u. Lane p of u is 1 + 1/a_pp, so
     * that row_i gets −a_ip/a_pp there: the step without scalar stores into rows about to be loaded as vectors (a
     * store the load cannot forward from stalls it).
     */
    private static void pivot1(double[] a, int base, int p, int k, double[] identity) {
        int po = base + p * L;
        DoubleVector unit = DoubleVector.fromArray(S, identity, p * L);
        DoubleVector u = DoubleVector.fromArray(S, a, po).add(unit).mul(DoubleVector.broadcast(S, 1 / a[po + p]));
        u.sub(unit).intoArray(a, po);
        for (int i = 0; i < k; i++) {
            if (i != p) {
                int io = base + i * L;
                u.fma(DoubleVector.broadcast(S, -a[io + p]), DoubleVector.fromArray(S, a, io)).intoArray(a, io);
            }
        }
    }

    /** {@link #pivot1} on rows of two vectors. */
    private static void pivot2(double[] a, int base, int p, int k, double[] identity) {
        int po = base + p * L2;
        DoubleVector d = DoubleVector.broadcast(S, 1 / a[po + p]);
        DoubleVector unit = DoubleVector.fromArray(S, identity, p * L2);
        DoubleVector unitHigh = DoubleVector.fromArray(S, identity, p * L2 + L);
        DoubleVector low = DoubleVector.fromArray(S, a, po).add(unit).mul(d);
        DoubleVector high = DoubleVector.fromArray(S, a, po + L).add(unitHigh).mul(d);
        low.sub(unit).intoArray(a, po);
        high.sub(unitHigh).intoArray(a, po + L);
        for (int i = 0; i < k; i++) {
            if (i != p) {
                int io = base + i * L2;
                DoubleVector f = DoubleVector.broadcast(S, -a[io + p]);
                low.fma(f, DoubleVector.fromArray(S, a, io)).intoArray(a, io);
                high.fma(f, DoubleVector.fromArray(S, a, io + L)).intoArray(a, io + L);
            }
        }
    }

    /** k ≤ L: blocks of four rows of Wᵀ, rows of X two at a time; @return the first row left to scalar code */
    private static int gram1(double[] wide, int kPad, double[] x, int k, double[] g, int safe) {
        int pairs = safe & ~1;
        for (int a0 = 0; a0 < k; a0 += 4) {
            DoubleVector s0 = DoubleVector.zero(S);
            DoubleVector s1 = s0;
            DoubleVector s2 = s0;
            DoubleVector s3 = s0;
            DoubleVector t0 = s0;
            DoubleVector t1 = s0;
            DoubleVector t2 = s0;
            DoubleVector t3 = s0;
            for (int r = 0; r < pairs; r += 2) {
                DoubleVector u = DoubleVector.fromArray(S, x, r * k);
                DoubleVector v = DoubleVector.fromArray(S, x, r * k + k);
                int w = r * kPad + a0;
                int e = w + kPad;
                s0 = u.fma(DoubleVector.broadcast(S, wide[w]), s0);
                s1 = u.fma(DoubleVector.broadcast(S, wide[w + 1]), s1);
                s2 = u.fma(DoubleVector.broadcast(S, wide[w + 2]), s2);
                s3 = u.fma(DoubleVector.broadcast(S, wide[w + 3]), s3);
                t0 = v.fma(DoubleVector.broadcast(S, wide[e]), t0);
                t1 = v.fma(DoubleVector.broadcast(S, wide[e + 1]), t1);
                t2 = v.fma(DoubleVector.broadcast(S, wide[e + 2]), t2);
                t3 = v.fma(DoubleVector.broadcast(S, wide[e + 3]), t3);
            }
            s0.add(t0).intoArray(g, a0 * L);
            if (a0 + 1 < k) {
                s1.add(t1).intoArray(g, (a0 + 1) * L);
            }
            if (a0 + 2 < k) {
                s2.add(t2).intoArray(g, (a0 + 2) * L);
            }
            if (a0 + 3 < k) {
                s3.add(t3).intoArray(g, (a0 + 3) * L);
            }
        }
        return pairs;
    }

    /** L &lt; k ≤ 2L: blocks of four rows of Wᵀ, two vectors per row of X; @return the first row left to scalar code */
    private static int gram2(double[] wide, int kPad, double[] x, int k, double[] g, int safe) {
        for (int a0 = 0; a0 < k; a0 += 4) {
            DoubleVector s0 = DoubleVector.zero(S);
            DoubleVector s1 = s0;
            DoubleVector s2 = s0;
            DoubleVector s3 = s0;
            DoubleVector t0 = s0;
            DoubleVector t1 = s0;
            DoubleVector t2 = s0;
            DoubleVector t3 = s0;
            for (int r = 0; r < safe; r++) {
                DoubleVector u = DoubleVector.fromArray(S, x, r * k);
                DoubleVector v = DoubleVector.fromArray(S, x, r * k + L);
                int w = r * kPad + a0;
                DoubleVector w0 = DoubleVector.broadcast(S, wide[w]);
                DoubleVector w1 = DoubleVector.broadcast(S, wide[w + 1]);
                DoubleVector w2 = DoubleVector.broadcast(S, wide[w + 2]);
                DoubleVector w3 = DoubleVector.broadcast(S, wide[w + 3]);
                s0 = u.fma(w0, s0);
                s1 = u.fma(w1, s1);
                s2 = u.fma(w2, s2);
                s3 = u.fma(w3, s3);
                t0 = v.fma(w0, t0);
                t1 = v.fma(w1, t1);
                t2 = v.fma(w2, t2);
                t3 = v.fma(w3, t3);
            }
            store2(g, k, a0, s0, t0, s1, t1, s2, t2, s3, t3);
        }
        return safe;
    }

    @Override
    public double update(double[] x, int[] lower, double[] r, int k, double[] h, double[] offset, double t,
                         double[] out, double[] p, boolean squares) {
        int m = lower.length;
        int span = span(k);
        int safe = m;
        // Rows i whose span stays inside p (i·k + span ≤ m·k) and X (lower[i]·k + span ≤ n·k).
        while (safe > 0 && ((safe - 1) * k + span > m * k || lower[safe - 1] * k + span > x.length)) {
            safe--;
        }
        int blocks = safe - safe % ROWS;
        if (span == L) {
            product1(x, lower, r, k, p, blocks);
        } else {
            product2(x, lower, r, k, p, blocks);
        }
        for (int i = blocks; i < m; i++) {
            int o = lower[i] * k;
            for (int c = 0; c < k; c++) {
                double v = 0;
                for (int a = 0; a < k; a++) {
                    v = Math.fma(x[o + a], r[a * span + c], v);
                }
                p[i * k + c] = v;
            }
        }
        int mk = m * k;
        if (squares) {
            return mixSquares(p, offset, h, t, out, mk);
        }
        // The flat pass out = h + t(P − K − h), with max |out|.
        int vectors = mk - mk % L;
        DoubleVector tv = DoubleVector.broadcast(S, t);
        DoubleVector largest = DoubleVector.zero(S);
        for (int j = 0; j < vectors; j += L) {
            DoubleVector hv = DoubleVector.fromArray(S, h, j);
            DoubleVector v = DoubleVector.fromArray(S, p, j).sub(DoubleVector.fromArray(S, offset, j)).sub(hv)
                    .fma(tv, hv);
            v.intoArray(out, j);
            largest = largest.max(v.abs());
        }
        // Lane by lane: JDK 17 does not compile a MAX reduction of doubles to vector instructions.
        double[] lanes = new double[L];
        largest.intoArray(lanes, 0);
        double result = 0;
        for (double v : lanes) {
            result = Math.max(result, v);
        }
        for (int j = vectors; j < mk; j++) {
            double v = Math.fma(t, (p[j] - offset[j]) - h[j], h[j]);
            out[j] = v;
            result = Math.max(result, Math.abs(v));
        }
        return result;
    }

    /** The flat pass out = h + t(P − K − h) over mk entries (K = 0 when null); @return Σ out², in two vector sums */
    private static double mixSquares(double[] p, double[] offset, double[] h, double t, double[] out, int mk) {
        int step = 2 * L;
        int vectors = mk - mk % step;
        DoubleVector tv = DoubleVector.broadcast(S, t);
        DoubleVector sum0 = DoubleVector.zero(S);
        DoubleVector sum1 = sum0;
        if (offset == null) {
            // The running mean's pass: no offset to stream.
            for (int j = 0; j < vectors; j += step) {
                DoubleVector h0 = DoubleVector.fromArray(S, h, j);
                DoubleVector h1 = DoubleVector.fromArray(S, h, j + L);
                DoubleVector v0 = DoubleVector.fromArray(S, p, j).sub(h0).fma(tv, h0);
                DoubleVector v1 = DoubleVector.fromArray(S, p, j + L).sub(h1).fma(tv, h1);
                v0.intoArray(out, j);
                v1.intoArray(out, j + L);
                sum0 = v0.fma(v0, sum0);
                sum1 = v1.fma(v1, sum1);
            }
        }
        for (int j = 0; offset != null && j < vectors; j += step) {
            DoubleVector h0 = DoubleVector.fromArray(S, h, j);
            DoubleVector h1 = DoubleVector.fromArray(S, h, j + L);
            DoubleVector v0 = DoubleVector.fromArray(S, p, j).sub(DoubleVector.fromArray(S, offset, j)).sub(h0)
                    .fma(tv, h0);
            DoubleVector v1 = DoubleVector.fromArray(S, p, j + L).sub(DoubleVector.fromArray(S, offset, j + L))
                    .sub(h1).fma(tv, h1);
            v0.intoArray(out, j);
            v1.intoArray(out, j + L);
            sum0 = v0.fma(v0, sum0);
            sum1 = v1.fma(v1, sum1);
        }
        double result = sum0.add(sum1).reduceLanes(VectorOperators.ADD);
        for (int j = vectors; j < mk; j++) {
            double v = Math.fma(t, (p[j] - (offset == null ? 0 : offset[j])) - h[j], h[j]);
            out[j] = v;
            result = Math.fma(v, v, result);
        }
        return result;
    }

    /** k ≤ L: P = X_J R on rows 0..blocks−1, four rows at a time, one vector each, stored in increasing order. */
    private static void product1(double[] x, int[] lower, double[] r, int k, double[] p, int blocks) {
        for (int i = 0; i < blocks; i += ROWS) {
            int o0 = lower[i] * k;
            int o1 = lower[i + 1] * k;
            int o2 = lower[i + 2] * k;
            int o3 = lower[i + 3] * k;
            DoubleVector p0 = DoubleVector.zero(S);
            DoubleVector p1 = p0;
            DoubleVector p2 = p0;
            DoubleVector p3 = p0;
            for (int a = 0; a < k; a++) {
                DoubleVector ra = DoubleVector.fromArray(S, r, a * L);
                p0 = ra.fma(DoubleVector.broadcast(S, x[o0 + a]), p0);
                p1 = ra.fma(DoubleVector.broadcast(S, x[o1 + a]), p1);
                p2 = ra.fma(DoubleVector.broadcast(S, x[o2 + a]), p2);
                p3 = ra.fma(DoubleVector.broadcast(S, x[o3 + a]), p3);
            }
            // Rows in increasing order: each store's padding lanes land on a row stored after it.
            int j = i * k;
            p0.intoArray(p, j);
            p1.intoArray(p, j + k);
            p2.intoArray(p, j + 2 * k);
            p3.intoArray(p, j + 3 * k);
        }
    }

    /** L &lt; k ≤ 2L: as {@link #product1} with two vectors per row. */
    private static void product2(double[] x, int[] lower, double[] r, int k, double[] p, int blocks) {
        int span = 2 * L;
        for (int i = 0; i < blocks; i += ROWS) {
            int o0 = lower[i] * k;
            int o1 = lower[i + 1] * k;
            int o2 = lower[i + 2] * k;
            int o3 = lower[i + 3] * k;
            DoubleVector p0 = DoubleVector.zero(S);
            DoubleVector p1 = p0;
            DoubleVector p2 = p0;
            DoubleVector p3 = p0;
            DoubleVector q0 = p0;
            DoubleVector q1 = p0;
            DoubleVector q2 = p0;
            DoubleVector q3 = p0;
            for (int a = 0; a < k; a++) {
                DoubleVector ra = DoubleVector.fromArray(S, r, a * span);
                DoubleVector rb = DoubleVector.fromArray(S, r, a * span + L);
                DoubleVector x0 = DoubleVector.broadcast(S, x[o0 + a]);
                DoubleVector x1 = DoubleVector.broadcast(S, x[o1 + a]);
                DoubleVector x2 = DoubleVector.broadcast(S, x[o2 + a]);
                DoubleVector x3 = DoubleVector.broadcast(S, x[o3 + a]);
                p0 = ra.fma(x0, p0);
                q0 = rb.fma(x0, q0);
                p1 = ra.fma(x1, p1);
                q1 = rb.fma(x1, q1);
                p2 = ra.fma(x2, p2);
                q2 = rb.fma(x2, q2);
                p3 = ra.fma(x3, p3);
                q3 = rb.fma(x3, q3);
            }
            // Low then high half, row by row: every store's padding lanes land on entries stored after it.
            int j = i * k;
            p0.intoArray(p, j);
            q0.intoArray(p, j + L);
            p1.intoArray(p, j + k);
            q1.intoArray(p, j + k + L);
            p2.intoArray(p, j + 2 * k);
            q2.intoArray(p, j + 2 * k + L);
            p3.intoArray(p, j + 3 * k);
            q3.intoArray(p, j + 3 * k + L);
        }
    }
}

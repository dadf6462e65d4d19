package org.atlasgraph.grassmann;

import java.util.Arrays;

/**
 * Products of m×k panels (row-major) with k×k matrices for the running mean's chart changes
 * ({@link GrassmannRunningMean}, {@link GrassmannAtlas#moveTo}, {@link QaRotation#set}), written into the caller's
 * arrays without allocation. An instance ({@link #product}) takes the kernels of the update itself: the vector
 * kernels' output pass ({@link SmallKernels#update}, rows of X times R) for k ≤ 16, the native DGEMM from
 * {@link GrassmannKernels#BLAS_FROM_K}, else the loops of the static methods, whose inner loop runs along a row of k.
 */
final class Panels {
    private final int m;
    private final int k;
    private final int span;
    private final SmallKernels small;
    private final LargeKernels blas;
    /** R padded to the span per row (zeros beyond k), the vector kernels' layout. */
    private final double[] padded;
    /** m×k zeros: the h of the vector kernels' output pass. */
    private final double[] zeros;
    /** m×k: where the vector kernels' flat pass writes (unused), and the gathered rows otherwise. */
    private final double[] sink;
    /** A product's output with the vector kernels' slack, for outputs of exactly m×k. */
    private final double[] buffer;
    /** 0, 1, …, m−1: every row of an m×k panel. */
    private final int[] all;
    /** Whether two independent products of these panels run at once ({@link #pairs}). */
    private final boolean pairs;

    /**
     * @param small  the vector kernels, or {@code null}
     * @param blas   the native BLAS, or {@code null}
     * @param halves when two of these products run at once (on the native BLAS only: each call works on its own
     *               copies of its arrays)
     */
    Panels(int n, int k, SmallKernels small, LargeKernels blas, TwoWay halves) {
        this.m = n - k;
        this.k = k;
        this.small = small;
        this.blas = small == null ? blas : null;
        this.span = small == null ? 0 : small.span(k);
        this.padded = new double[k * span];
        this.zeros = new double[small == null ? 0 : m * k];
        this.sink = new double[m * k];
        this.buffer = new double[small == null ? 0 : m * k + span];
        this.all = new int[m];
        for (int i = 0; i < m; i++) {
            all[i] = i;
        }
        this.pairs = this.blas != null && halves.splits((double) m * k * k);
    }

    /** @return products for Gr(n,k) on the kernels a {@link GrassmannKernels.Workspace} of (n, k) takes */
    static Panels of(int n, int k) {
        SmallKernels vector = GrassmannKernels.VECTOR;
        boolean small = vector != null && k <= vector.maxK() && k < GrassmannKernels.BLAS_FROM_K;
        LargeKernels blas = k >= GrassmannKernels.BLAS_FROM_K ? GrassmannKernels.BLAS : null;
        return new Panels(n, k, small ? vector : null, blas, TwoWay.DEFAULT);
    }

    /** @return the native BLAS these products use, or {@code null} */
    LargeKernels blas() {
        return blas;
    }

    /** @return whether two independent products of these panels run at once ({@link TwoWay#run}) */
    boolean pairs() {
        return pairs;
    }

    /**
     * out = X_rows·r: the rows {@code rows} of x (all m rows of an m×k x when null) times the k×k r.
     *
     * @param x    the panel, row-major with k columns
     * @param rows m row indices of x, or {@code null}
     * @param r    k×k (not modified)
     * @param out  receives the m×k product (may alias neither)
     */
    void product(double[] x, int[] rows, double[] r, double[] out) {
        int mk = m * k;
        if (small != null) {
            for (int a = 0; a < k; a++) {
                System.arraycopy(r, a * k, padded, a * span, k);
            }
            double[] p = out.length >= mk + span ? out : buffer;
            small.update(x, rows == null ? all : rows, padded, k, zeros, null, 1, sink, p, true);
            if (p != out) {
                System.arraycopy(p, 0, out, 0, mk);
            }
            return;
        }
        double[] a = x;
        if (rows != null) {
            for (int i = 0; i < m; i++) {
                System.arraycopy(x, rows[i] * k, sink, i * k, k);
            }
            a = sink;
        }
        times(a, m, k, r, 1, false, out, blas);
    }

    /**
     * out = alpha·a·b, or out + alpha·a·b when {@code accumulate}.
     *
     * @param a   m×k
     * @param b   k×k
     * @param out m×k, aliasing neither operand
     * @param blas the native BLAS, or {@code null}
     */
    static void times(double[] a, int m, int k, double[] b, double alpha, boolean accumulate, double[] out,
                      LargeKernels blas) {
        if (blas != null) {
            blas.gemm(false, false, m, k, k, alpha, a, b, accumulate ? 1 : 0, out);
            return;
        }
        if (!accumulate) {
            Arrays.fill(out, 0, m * k, 0);
        }
        for (int i = 0; i < m; i++) {
            int row = i * k;
            for (int j = 0; j < k; j++) {
                double aij = alpha * a[row + j];
                int bo = j * k;
                for (int c = 0; c < k; c++) {
                    out[row + c] += aij * b[bo + c];
                }
            }
        }
    }

    /**
     * out = aᵀb; aᵀa by DSYRK (half the multiply-adds) where a and b are the same array on the native BLAS.
     *
     * @param a   m×k
     * @param b   m×k
     * @param out k×k
     * @param blas the native BLAS, or {@code null}
     */
    static void transposeTimes(double[] a, double[] b, int m, int k, double[] out, LargeKernels blas) {
        if (blas != null && a == b) {
            blas.gram(a, m, k, out);
            return;
        }
        if (blas != null) {
            blas.gemm(true, false, k, k, m, 1, a, b, 0, out);
            return;
        }
        Arrays.fill(out, 0, k * k, 0);
        for (int i = 0; i < m; i++) {
            int row = i * k;
            for (int r = 0; r < k; r++) {
                double air = a[row + r];
                int oo = r * k;
                for (int c = 0; c < k; c++) {
                    out[oo + c] += air * b[row + c];
                }
            }
        }
    }

    /**
     * Whether a symmetric k×k A (row-major, only its lower triangle read) is positive definite: its Cholesky
     * factorization runs through (LAPACK's DPOTRF where the native BLAS is given, else the loops; k³/6 multiply-adds),
     * every pivot positive and finite. A test to rounding: A = μI − S is positive definite exactly when μ exceeds every
     * eigenvalue of S, which certifies an upper bound on the largest without computing it.
     *
     * @param a    k×k, overwritten (with the factor; without the native BLAS, L with A = LLᵀ in the lower triangle,
     *             which {@link Dense#nearlyOrthonormalQ} reads as R = Lᵀ)
     * @param blas the native BLAS, or {@code null}
     * @return {@code true} when A is positive definite
     */
    static boolean positiveDefinite(double[] a, int k, LargeKernels blas) {
        if (blas != null) {
            return blas.cholesky(a, k);
        }
        for (int j = 0; j < k; j++) {
            int jo = j * k;
            double pivot = a[jo + j];
            for (int c = 0; c < j; c++) {
                pivot -= a[jo + c] * a[jo + c];
            }
            if (!(pivot > 0) || pivot == Double.POSITIVE_INFINITY) {
                return false;
            }
            double root = Math.sqrt(pivot);
            a[jo + j] = root;
            for (int i = j + 1; i < k; i++) {
                int io = i * k;
                double v = a[io + j];
                for (int c = 0; c < j; c++) {
                    v -= a[io + c] * a[jo + c];
                }
                a[io + j] = v / root;
            }
        }
        return true;
    }
}

package org.atlasgraph.grassmann;

import java.util.Arrays;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.bytedeco.javacpp.DoublePointer;
import org.bytedeco.javacpp.IntPointer;
import org.bytedeco.javacpp.Pointer;
import org.bytedeco.openblas.global.openblas;

/**
 * {@link LargeKernels} on OpenBLAS (JavaCPP presets, {@code org.bytedeco:openblas}): DGEMM for the products, LAPACK's
 * LU (DGETRF/DGETRS) for the k×k solve, DPOTRF/DPOTRI for the correction's inverses, DGETRI, DSYEVD, DGEQRF/DORGQR,
 * DGESDD and DSYRK/DTRSM for {@link Dense}'s inverses, eigendecompositions, thin QRs, singular values and Cholesky QRs,
 * DGETRF's pivots for the chart change's row selection, on one OpenBLAS thread unless
 * {@value #THREADS_PROPERTY} or OPENBLAS_NUM_THREADS says otherwise. Loaded only by {@link GrassmannKernels#BLAS},
 * never named elsewhere, so that the provider runs without these jars or on a platform without their natives.
 *
 * <p>X_J and X_I are gathered on the Java side and copied to native memory in one call each, P and the k×k results
 * copied back in one call each: O(nk) copies next to O(nk²) arithmetic. The chart's W, V and S_k⁻¹ are copied only
 * when the chart differs from the previous call's.
 *
 * <p>Two cores are used at the Java level instead ({@link TwoWay}), for large work only: from
 * {@link TwoWay#SPLIT_FROM} multiply-adds per product (Gr(2000,500) splits, Gr(2000,100) never does), unless the
 * system property {@value TwoWay#PROPERTY} is {@code false} or the machine has one processor. Then {@link #project}
 * splits three times between the caller and one daemon helper, each on its own part of the native buffers (views
 * at fixed offsets, made once per buffers): G = WᵀX_J and N = X_I + VG by columns; with a factor, the LU solve here
 * while XᵀX (DSYRK) goes to the helper, whose share of G's columns is smaller to balance; P = X_J R by rows, the
 * helper's fewer as it also takes T_X = G R. Fixed partitions: the same bits on every run, whatever the timing.
 *
 * <p>OpenBLAS factorizes with its parallel DGETRF from m·n ≥ 10⁴ on (k = 100 for N), which keeps per-thread job
 * tables on the calling thread's stack (with more than one thread), more than the 1 MB of a default Java thread: those
 * factorizations (N's, and those of {@link #invert} and {@link #pivotRows}) run on one daemon thread with a
 * {@link #LU_STACK} stack (a hand-off of some microseconds next to a millisecond step).
 */
final class BlasKernels implements LargeKernels {
    private static final int ROW = openblas.CblasRowMajor;
    private static final int NO = openblas.CblasNoTrans;
    private static final int TRANSPOSE = openblas.CblasTrans;
    private static final int UPPER = openblas.CblasUpper;
    private static final int LOWER = openblas.CblasLower;
    private static final int RIGHT = openblas.CblasRight;
    private static final int NON_UNIT = openblas.CblasNonUnit;
    private static final int LAPACK_ROW = openblas.LAPACK_ROW_MAJOR;
    /** From this many entries (m·n) on OpenBLAS's DGETRF runs in parallel (its interface, in double precision). */
    private static final long PARALLEL_LU_ENTRIES = 10_000;
    /** Stack of the factorizing thread: parallel DGETRF overflowed 1 MB at k = 250 and ran in 16 MB at k = 500. */
    private static final long LU_STACK = 256L << 20;
    /**
     * The system property giving OpenBLAS's thread count (default 1; the environment variable OPENBLAS_NUM_THREADS,
     * when set, wins). One thread by default: on 2 cores shared with other work (load ≈ 20), Gr(2000,100) took
     * 3.4 ms per Fréchet update on one thread and 130–340 ms on OpenBLAS's default two, whose workers spin. Large
     * products are split between two Java threads instead; {@value TwoWay#PROPERTY}{@code =false} turns that off.
     */
    static final String THREADS_PROPERTY = "atlasgraph.grassmann.blas.threads";
    private static final ExecutorService LU_THREAD = Executors.newSingleThreadExecutor(task -> {
        Thread t = new Thread(null, task, "atlasgraph-openblas-lu", LU_STACK);
        t.setDaemon(true);
        return t;
    });

    /** When {@link #project} splits its products in two. */
    private final TwoWay halves;

    /** Native buffers of one thread for one (n, k), and the chart whose W, V, S_k⁻¹ they hold. */
    private static final class NativeBuffers implements Buffers {
        final int k;
        final int m;
        final DoublePointer xj;
        final DoublePointer xi;
        final DoublePointer w;
        final DoublePointer v;
        final DoublePointer sk;
        final DoublePointer g;
        final DoublePointer top;
        final DoublePointer r;
        final DoublePointer p;
        final DoublePointer tx;
        final DoublePointer gram;
        final IntPointer pivots;
        /**
         * The split of G and N by columns ({@link #splitColumns}): the helper's columns from {@code gColumns[0]} with a
         * factor (it also takes XᵀX), from {@code gColumns[1]} without; X_J, G and N at those columns.
         */
        final int[] gColumns;
        final DoublePointer[] xjRight;
        final DoublePointer[] gRight;
        final DoublePointer[] topRight;
        /**
         * The split of P by rows ({@link #splitRows}): the helper's rows from {@code pRows[0]} (it also takes G·R) for
         * ad hoc charts, from {@code pRows[1]} for Ehresmann charts; X_J and P at those rows.
         */
        final int[] pRows;
        final DoublePointer[] xjLow;
        final DoublePointer[] pLow;
        /** The halves' tasks, made once: G and N by columns, XᵀX, the solve, P (and G·R) by rows. */
        final Runnable leftColumns = () -> columns(0, 0);
        final Runnable rightColumns = () -> columns(1, 0);
        final Runnable leftColumnsPlain = () -> columns(0, 1);
        final Runnable rightColumnsPlain = () -> columns(1, 1);
        final Runnable gramHalf = this::sampleGram;
        final Runnable solveHalf = () -> solved = solve(this);
        final Runnable topRows = () -> rows(0, 0);
        final Runnable lowRowsAndTx = this::lowRowsAndTx;
        final Runnable topRowsPlain = () -> rows(0, 1);
        final Runnable lowRowsPlain = () -> rows(1, 1);
        /** The solve's outcome, from its half. */
        boolean solved;
        /** X_J gathered, m×k. */
        final double[] gathered;
        /** X_I gathered, k×k. */
        final double[] block;
        final double[] identity;
        GrassmannChart chart;
        /** The {@link GrassmannChart#generation} of {@code chart} when loaded: the running mean moves its own. */
        int generation;

        NativeBuffers(int n, int k) {
            this.k = k;
            this.m = n - k;
            long mk = (long) m * k;
            long kk = (long) k * k;
            xj = new DoublePointer(mk);
            xi = new DoublePointer(kk);
            w = new DoublePointer(mk);
            v = new DoublePointer(kk);
            sk = new DoublePointer(kk);
            g = new DoublePointer(kk);
            top = new DoublePointer(kk);
            r = new DoublePointer(kk);
            p = new DoublePointer(mk);
            tx = new DoublePointer(kk);
            gram = new DoublePointer(kk);
            pivots = new IntPointer(k);
            gathered = new double[m * k];
            block = new double[k * k];
            identity = new double[k * k];
            for (int a = 0; a < k; a++) {
                identity[a * k + a] = 1;
            }
            gColumns = new int[] {splitColumns(n, k), k / 2};
            pRows = new int[] {splitRows(m, k, true), splitRows(m, k, false)};
            xjRight = new DoublePointer[2];
            gRight = new DoublePointer[2];
            topRight = new DoublePointer[2];
            xjLow = new DoublePointer[2];
            pLow = new DoublePointer[2];
            for (int i = 0; i < 2; i++) {
                xjRight[i] = view(xj, gColumns[i]);
                gRight[i] = view(g, gColumns[i]);
                topRight[i] = view(top, gColumns[i]);
                xjLow[i] = view(xj, (long) pRows[i] * k);
                pLow[i] = view(p, (long) pRows[i] * k);
            }
        }

        /** @return a view of {@code base} from {@code offset} on (no memory of its own; base keeps it alive) */
        private static DoublePointer view(DoublePointer base, long offset) {
            return new DoublePointer(base).position(offset);
        }

        /**
         * G = WᵀX_J and N += V G on one side of the column split: the caller's columns (side 0) or the helper's (1),
         * of the split with a factor (0) or without (1).
         */
        void columns(int side, int split) {
            int from = gColumns[split];
            int width = side == 0 ? from : k - from;
            DoublePointer x = side == 0 ? xj : xjRight[split];
            DoublePointer gs = side == 0 ? g : gRight[split];
            DoublePointer ts = side == 0 ? top : topRight[split];
            openblas.cblas_dgemm(ROW, TRANSPOSE, NO, k, width, m, 1, w, k, x, k, 0, gs, k);
            openblas.cblas_dgemm(ROW, NO, NO, k, width, k, 1, v, k, gs, k, 1, ts, k);
        }

        /** P = X_J R on one side of the row split: the caller's rows (side 0) or the helper's (1). */
        void rows(int side, int split) {
            int from = pRows[split];
            int height = side == 0 ? from : m - from;
            openblas.cblas_dgemm(ROW, NO, NO, height, k, k, 1, side == 0 ? xj : xjLow[split], k, r, k, 0,
                    side == 0 ? p : pLow[split], k);
        }

        /** The helper's rows of P for an ad hoc chart, and T_X = G R. */
        void lowRowsAndTx() {
            rows(1, 0);
            openblas.cblas_dgemm(ROW, NO, NO, k, k, k, 1, g, k, r, k, 0, tx, k);
        }

        /** XᵀX = X_JᵀX_J + X_IᵀX_I into {@code gram}, upper triangle, by two DSYRK. */
        void sampleGram() {
            openblas.cblas_dsyrk(ROW, UPPER, TRANSPOSE, k, m, 1, xj, k, 0, gram, k);
            openblas.cblas_dsyrk(ROW, UPPER, TRANSPOSE, k, k, 1, xi, k, 1, gram, k);
        }

        /** Copies the chart's W, V and S_k⁻¹ unless they are already here. */
        void load(GrassmannChart c) {
            if (chart == c && generation == c.generation()) {
                return;
            }
            chart = null;
            QaRotation q = c.rotation;
            if (!q.isIdentity()) {
                w.put(q.w, 0, m * k);
                v.put(q.v, 0, k * k);
                sk.put(q.skInverse, 0, k * k);
            } else {
                sk.put(identity, 0, k * k);
            }
            chart = c;
            generation = c.generation();
        }
    }

    /**
     * Loads the native libraries and runs each kind of call once (native buffers, DGEMM on them and on Java arrays,
     * DGETRF) on a 2×2 diagonal matrix, so that a platform where the libraries do not load, or load only in part (as
     * OpenBLAS from the system without JavaCPP's own natives), is detected at start: the constructor throws and
     * {@link GrassmannKernels#BLAS} falls back.
     *
     * @throws IllegalStateException when a call answers wrongly
     */
    BlasKernels() {
        this(TwoWay.DEFAULT);
    }

    /**
     * @param halves when {@link #project} splits its products between two threads ({@link TwoWay})
     * @throws IllegalStateException when a call answers wrongly
     */
    BlasKernels(TwoWay halves) {
        this.halves = halves;
        if (System.getenv("OPENBLAS_NUM_THREADS") == null) {
            openblas.blas_set_num_threads(Integer.getInteger(THREADS_PROPERTY, 1));
        }
        DoublePointer a = new DoublePointer(2.0, 0.0, 0.0, 3.0);
        DoublePointer c = new DoublePointer(4);
        IntPointer pivots = new IntPointer(2);
        try {
            int info = openblas.LAPACKE_dgetrf(LAPACK_ROW, 2, 2, a, 2, pivots);
            openblas.cblas_dgemm(ROW, NO, NO, 2, 2, 2, 1, a, 2, a, 2, 0, c, 2);
            double[] square = new double[4];
            gemm(false, false, 2, 2, 2, 1, new double[] {2, 0, 0, 3}, new double[] {2, 0, 0, 3}, 0, square);
            if (info != 0 || c.get(0) != 4 || c.get(3) != 9 || square[0] != 4 || square[3] != 9) {
                throw new IllegalStateException("OpenBLAS answered a 2×2 diagonal product wrongly");
            }
        } finally {
            a.close();
            c.close();
            pivots.close();
        }
    }

    @Override
    public Buffers buffers(int n, int k) {
        return new NativeBuffers(n, k);
    }

    @Override
    public boolean project(GrassmannChart chart, double[] x, Buffers buffers, double[] g, double[] r, double[] p,
                           double[] tx, GrassmannKernels.RightFactor factor, double[] gram) {
        NativeBuffers b = (NativeBuffers) buffers;
        int k = b.k;
        int m = b.m;
        b.load(chart);
        int[] upper = chart.upper;
        int[] lower = chart.lower;
        for (int j = 0; j < k; j++) {
            System.arraycopy(x, upper[j] * k, b.block, j * k, k);
        }
        for (int i = 0; i < m; i++) {
            System.arraycopy(x, lower[i] * k, b.gathered, i * k, k);
        }
        b.xj.put(b.gathered, 0, m * k);
        if (factor != null) {
            b.xi.put(b.block, 0, k * k);
        }
        boolean adHoc = chart.isAdHoc();
        b.top.put(b.block, 0, k * k);
        // G = WᵀX_J;  N = X_I + V G;  R = N⁻¹ S_k⁻¹ (S_k⁻¹ = I for Ehresmann charts). Where large, G and N by
        // columns in two halves, and XᵀX formed on the helper while this thread solves; with both, the helper takes
        // fewer of G's columns and goes on to XᵀX while this thread waits for them only before the solve.
        boolean columns = adHoc && halves.splits((double) k * k * m);
        boolean gramBeside = factor != null && halves.splits(0.5 * k * k * (m + k));
        if (columns && gramBeside) {
            TwoWay.run(b.leftColumns, b.rightColumns, b.solveHalf, b.gramHalf);
        } else {
            if (columns) {
                TwoWay.run(b.leftColumnsPlain, b.rightColumnsPlain);
            } else if (adHoc) {
                openblas.cblas_dgemm(ROW, TRANSPOSE, NO, k, k, m, 1, b.w, k, b.xj, k, 0, b.g, k);
                openblas.cblas_dgemm(ROW, NO, NO, k, k, k, 1, b.v, k, b.g, k, 1, b.top, k);
            }
            if (gramBeside) {
                TwoWay.run(b.solveHalf, b.gramHalf);
            } else {
                b.solved = solve(b);
                if (b.solved && factor != null) {
                    b.sampleGram();
                }
            }
        }
        return b.solved && finish(b, factor, g, r, p, tx, gram, adHoc);
    }

    /**
     * R ← R·F when a factor is given; P = X_J R, T_X = G R (ad hoc charts); the results copied out.
     *
     * @return {@code false} when the factor rejects the sample
     */
    private boolean finish(NativeBuffers b, GrassmannKernels.RightFactor factor, double[] g, double[] r, double[] p,
                           double[] tx, double[] gram, boolean adHoc) {
        int k = b.k;
        int m = b.m;
        if (factor != null && !applyFactor(b, factor, r, gram)) {
            return false;
        }
        // P = X_J R;  T_X = G R: P by rows, in two halves where large (the helper's with G R).
        if (halves.splits((double) m * k * k)) {
            TwoWay.run(adHoc ? b.topRows : b.topRowsPlain, adHoc ? b.lowRowsAndTx : b.lowRowsPlain);
        } else {
            openblas.cblas_dgemm(ROW, NO, NO, m, k, k, 1, b.xj, k, b.r, k, 0, b.p, k);
            if (adHoc) {
                openblas.cblas_dgemm(ROW, NO, NO, k, k, k, 1, b.g, k, b.r, k, 0, b.tx, k);
            }
        }
        b.p.get(p, 0, m * k);
        b.r.get(r, 0, k * k);
        if (adHoc) {
            b.g.get(g, 0, k * k);
            b.tx.get(tx, 0, k * k);
        }
        return true;
    }

    /**
     * N's LU factorization (N in {@code b.top}) and R = N⁻¹ S_k⁻¹ into {@code b.r}.
     *
     * @return {@code false} when N is zero or not finite, or a pivot falls below {@link Dense#SINGULAR_PIVOT} times
     *     N's largest entry
     */
    private static boolean solve(NativeBuffers b) {
        int k = b.k;
        b.top.get(b.block, 0, k * k);
        double scale = Dense.maxAbs(b.block);
        if (!(scale > 0) || !Double.isFinite(scale)) {
            return false;
        }
        if (factorize(b) < 0) {
            return false;
        }
        double threshold = Dense.SINGULAR_PIVOT * scale;
        for (int a = 0; a < k; a++) {
            if (!(Math.abs(b.top.get((long) a * k + a)) > threshold)) {
                return false;
            }
        }
        Pointer.memcpy(b.r, b.sk, (long) k * k * Double.BYTES);
        openblas.LAPACKE_dgetrs(LAPACK_ROW, (byte) 'N', k, k, b.top, k, b.pivots, b.r, k);
        return true;
    }

    /**
     * The split of G and N by columns when XᵀX goes beside the solve: the caller's G columns and then the solve
     * (k³/3 + k³) against the helper's columns and XᵀX (k²n/2), G's columns costing kn each; at Gr(2000,500) 292 of
     * 500 columns.
     *
     * @return the first of the helper's columns
     */
    private static int splitColumns(int n, int k) {
        double columns = 0.75 * k - 2.0 * k * k / (3.0 * n);
        return (int) Math.max(1, Math.min(k - 1, Math.round(columns)));
    }

    /**
     * The split of P by rows: the helper's rows with G·R (k³) for ad hoc charts, half of them for Ehresmann charts.
     *
     * @return the first of the helper's rows
     */
    private static int splitRows(int m, int k, boolean adHoc) {
        return adHoc ? Math.min(m - 1, (m + k) / 2) : m / 2;
    }

    /**
     * XᵀX (its upper triangle in {@code b.gram}, mirrored here), then R ← R·F on the Java side and back.
     *
     * @return {@code false} when the factor rejects the sample (see {@link GrassmannKernels.RightFactor#apply})
     */
    private static boolean applyFactor(NativeBuffers b, GrassmannKernels.RightFactor factor, double[] r,
                                       double[] gram) {
        int k = b.k;
        b.gram.get(gram, 0, k * k);
        mirrorUpper(gram, k);
        b.r.get(r, 0, k * k);
        if (!factor.apply(gram, r)) {
            return false;
        }
        b.r.put(r, 0, k * k);
        return true;
    }

    /** @return DGETRF's info for N in {@code b.top}, factorized in place (pivots in {@code b.pivots}) */
    private static int factorize(NativeBuffers b) {
        int k = b.k;
        if ((long) k * k < PARALLEL_LU_ENTRIES) {
            return openblas.LAPACKE_dgetrf(LAPACK_ROW, k, k, b.top, k, b.pivots);
        }
        return onLuThread(() -> openblas.LAPACKE_dgetrf(LAPACK_ROW, k, k, b.top, k, b.pivots));
    }

    /** @return DGETRF's info for the rows×cols row-major a, factorized in place, on {@link #LU_THREAD} where large */
    private static int factorize(double[] a, int rows, int cols, int[] pivots) {
        if ((long) rows * cols < PARALLEL_LU_ENTRIES) {
            return openblas.LAPACKE_dgetrf(LAPACK_ROW, rows, cols, a, cols, pivots);
        }
        return onLuThread(() -> openblas.LAPACKE_dgetrf(LAPACK_ROW, rows, cols, a, cols, pivots));
    }

    /** @return the info of an LU factorization run on {@link #LU_THREAD}, whose stack holds parallel DGETRF's tables */
    private static int onLuThread(Callable<Integer> factorization) {
        Future<Integer> info = LU_THREAD.submit(factorization);
        boolean interrupted = false;
        try {
            while (true) {
                try {
                    return info.get();
                } catch (InterruptedException e) {
                    // The factorization writes into this thread's buffers: wait for it, then restore the flag.
                    interrupted = true;
                }
            }
        } catch (ExecutionException e) {
            throw new IllegalStateException("OpenBLAS DGETRF failed", e.getCause());
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    @Override
    public void gemm(boolean transposeA, boolean transposeB, int rows, int cols, int inner, double alpha, double[] a,
                     double[] b, double beta, double[] c) {
        openblas.cblas_dgemm(ROW, transposeA ? TRANSPOSE : NO, transposeB ? TRANSPOSE : NO, rows, cols, inner, alpha,
                a, transposeA ? rows : inner, b, transposeB ? inner : cols, beta, c, cols);
    }

    @Override
    public boolean invertSpd(double[] a, int k) {
        return openblas.LAPACKE_dpotrf(LAPACK_ROW, (byte) 'U', k, a, k) == 0
                && openblas.LAPACKE_dpotri(LAPACK_ROW, (byte) 'U', k, a, k) == 0;
    }

    @Override
    public boolean cholesky(double[] a, int k) {
        return openblas.LAPACKE_dpotrf(LAPACK_ROW, (byte) 'L', k, a, k) == 0;
    }

    @Override
    public boolean symmetricEigen(double[] a, int k, double[] values) {
        return openblas.LAPACKE_dsyevd(LAPACK_ROW, (byte) 'V', (byte) 'U', k, a, k, values) == 0;
    }

    @Override
    public boolean thinQr(double[] a, int n, int k, double[] r, boolean formQ) {
        double[] tau = new double[k];
        if (openblas.LAPACKE_dgeqrf(LAPACK_ROW, n, k, a, k, tau) != 0) {
            return false;
        }
        for (int i = 0; i < k; i++) {
            Arrays.fill(r, i * k, i * k + i, 0);
            System.arraycopy(a, i * k + i, r, i * k + i, k - i);
        }
        return !formQ || openblas.LAPACKE_dorgqr(LAPACK_ROW, n, k, k, a, k, tau) == 0;
    }

    @Override
    public boolean singularValues(double[] a, int k, double[] values) {
        return openblas.LAPACKE_dgesdd(LAPACK_ROW, (byte) 'N', k, k, a, k, values, new double[1], 1, new double[1], 1)
                == 0;
    }

    @Override
    public boolean invert(double[] a, int k, double[] inverse) {
        double scale = Dense.maxAbs(a);
        if (!(scale > 0) || !Double.isFinite(scale)) {
            return false;
        }
        System.arraycopy(a, 0, inverse, 0, k * k);
        int[] pivots = new int[k];
        if (factorize(inverse, k, k, pivots) < 0) {
            return false;
        }
        double threshold = Dense.SINGULAR_PIVOT * scale;
        for (int i = 0; i < k; i++) {
            if (!(Math.abs(inverse[i * k + i]) > threshold)) {
                return false;
            }
        }
        return openblas.LAPACKE_dgetri(LAPACK_ROW, k, inverse, k, pivots) == 0;
    }

    @Override
    public void gram(double[] a, int n, int k, double[] out) {
        openblas.cblas_dsyrk(ROW, UPPER, TRANSPOSE, k, n, 1, a, k, 0, out, k);
        mirrorUpper(out, k);
    }

    /** Copies the upper triangle of a k×k row-major a into its lower one (DSYRK writes only the upper). */
    private static void mirrorUpper(double[] a, int k) {
        for (int i = 0; i < k; i++) {
            for (int j = i + 1; j < k; j++) {
                a[j * k + i] = a[i * k + j];
            }
        }
    }

    @Override
    public void solveLowerTransposed(double[] lower, double[] a, int n, int k) {
        openblas.cblas_dtrsm(ROW, RIGHT, LOWER, TRANSPOSE, NON_UNIT, n, k, 1, lower, k, a, k);
    }

    @Override
    public boolean pivotRows(double[] a, int n, int k, int[] rows) {
        double[] copy = a.clone();
        int[] pivots = new int[k];
        if (factorize(copy, n, k, pivots) != 0) {
            return false;
        }
        // DGETRF swapped row i with row pivots[i] (1-based), i = 0…k−1: replay the swaps on the row numbers.
        int[] order = new int[n];
        for (int i = 0; i < n; i++) {
            order[i] = i;
        }
        for (int i = 0; i < k; i++) {
            int j = pivots[i] - 1;
            int t = order[i];
            order[i] = order[j];
            order[j] = t;
        }
        System.arraycopy(order, 0, rows, 0, k);
        Arrays.sort(rows, 0, k);
        return true;
    }

    @Override
    public void gramWithCentre(GrassmannChart chart, double[] h, Buffers buffers, double[] out) {
        NativeBuffers b = (NativeBuffers) buffers;
        int k = b.k;
        b.load(chart);
        b.p.put(h, 0, b.m * k);
        openblas.cblas_dgemm(ROW, TRANSPOSE, NO, k, k, b.m, 1, b.w, k, b.p, k, 0, b.tx, k);
        b.tx.get(out, 0, k * k);
    }
}

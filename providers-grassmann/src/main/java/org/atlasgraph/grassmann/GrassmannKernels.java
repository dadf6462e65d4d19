package org.atlasgraph.grassmann;

import com.sun.management.HotSpotDiagnosticMXBean;
import java.lang.management.ManagementFactory;
import java.util.Arrays;
import org.ejml.concurrency.EjmlConcurrency;

/**
 * The hot kernels of the atlas scheme: ingesting an n×k matrix into a chart (Alg. 8, App. G.1), the fused online
 * mean step of Alg. 1 ({@code A ← A + (Ã − A)·t}, then the trust test) and the consistent running mean's step
 * ({@link #normalStep}: the same passes with R ← R·g(BᵀB) folded in between them), allocation-free.
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
 * Row i then satisfies {@code |b_ij| ≤ max_j |h_ij| + ‖w_i‖·max_j ‖z_j‖} (Cauchy–Schwarz). The step checks this
 * bound first with the largest |h_ij| and the largest ‖w_i‖ (taken in its output pass), then row by row, and evaluates
 * exactly only the rows whose bound reaches 1 (k² each): the test is exact and usually costs O((n−k)k).
 *
 * <p>The running mean's step ({@link #normalStep}) needs the sample's Gram matrix XᵀX for its correction
 * ({@link NormalCorrection}), taken where each path reads X: in the vector kernels' G pass (the same reads of X for
 * W̃ᵀX and XᵀX; nk² more multiply-adds, as the vectors span whole rows), by DSYRK natively (nk²/2), from the gathered
 * rows in the scalar loops (nk²/2). It has no trust test over B (the state tests its distance, O(k³)), and updates
 * its coordinates in place.
 *
 * <p>Three implementations of the two passes, chosen per workspace at start and pinned to each other by
 * {@code KernelPathsTest}:
 * <ul>
 *   <li>k ≤ 16 (two vectors of 8 doubles) when the VM has {@code jdk.incubator.vector}: {@link SmallKernels}
 *       ({@code VectorKernels}) over X in its own row-major layout, G = W̃ᵀX with W widened to n rows, so neither
 *       X_J nor P is ever gathered or transposed;</li>
 *   <li>k ≥ {@link #BLAS_FROM_K} when OpenBLAS loads: {@link LargeKernels} ({@code BlasKernels}), DGEMM and
 *       LAPACK's LU, on one OpenBLAS thread, its large products split between two Java threads ({@link TwoWay});</li>
 *   <li>otherwise the scalar loops below: for small k on X_J transposed (k separate rows of length n − k, gathered
 *       during the first G pass), so that the k² dot products of G and the k² row updates of (X_J R)ᵀ are loops of
 *       length n − k (JDK 17 vectorizes the updates, over separate arrays only, not the dot products, which run in
 *       blocks with eight independent sums; both passes split their rows across two threads from
 *       {@link #PARALLEL_MULTIPLY_ADDS} on); from {@link #BLOCKED_FROM_K} on, X_J gathered row-major and EJML's
 *       (multithreaded for large operands) products.</li>
 * </ul>
 */
final class GrassmannKernels {
    /**
     * From this k on the kernels use EJML's blocked (and, for large operands, multithreaded) products instead of the
     * transposed loops: measured at n = 2000 the loops win at k = 100 (2.5 vs ~1 GMAC/s under load) and tie at
     * k = 500, where the k×(n−k) operands no longer fit in cache.
     */
    static final int BLOCKED_FROM_K = 128;

    /**
     * Multiply-adds per O((n−k)k²) pass from which the small-k kernels split the rows across two threads: below it the
     * fork–join hand-off (~10 µs) costs more than half the pass.
     */
    static final double PARALLEL_MULTIPLY_ADDS = 1e6;

    /** Whether the VM compiles Math.fma to a hardware instruction (HotSpot's UseFMA flag). */
    static final boolean FMA = hardwareFma();

    /**
     * The Vector API kernels for k ≤ {@link SmallKernels#maxK()}, or {@code null} when they are not available: the
     * VM was started without {@code --add-modules jdk.incubator.vector}, has no hardware FMA, or the system property
     * {@value #VECTOR_PROPERTY} is {@code false}. Then the scalar loops below run instead.
     */
    static final SmallKernels VECTOR = vectorKernels();

    /** The system property that turns the Vector API kernels off ({@code -Datlasgraph.grassmann.vector=false}). */
    static final String VECTOR_PROPERTY = "atlasgraph.grassmann.vector";

    /** The system property that turns the native BLAS kernels off ({@code -Datlasgraph.grassmann.blas=false}). */
    static final String BLAS_PROPERTY = "atlasgraph.grassmann.blas";

    /**
     * The native BLAS kernels for k ≥ {@link #BLAS_FROM_K}, or {@code null} when they are not available: the jars
     * {@code org.bytedeco:openblas} and {@code javacpp} (with the natives of this platform) are not on the class path,
     * their libraries do not load, or the system property {@value #BLAS_PROPERTY} is {@code false}. Then EJML and the
     * scalar loops run instead.
     */
    static final LargeKernels BLAS = blasKernels(System.getProperty(BLAS_PROPERTY, "true"),
            "org.atlasgraph.grassmann.BlasKernels");

    /**
     * From this k on the kernels use {@link #BLAS} where it is available. Measured at n = 2000 (2 cores): OpenBLAS
     * is ~5× faster than the scalar loops at k = 100, and already ahead at k = 24, where the vector kernels stop.
     */
    static final int BLAS_FROM_K = 17;

    /** Rows per block of {@link #transpose}. */
    private static final int TRANSPOSE_BLOCK = 16;

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

    private static SmallKernels vectorKernels() {
        if (!FMA || !Boolean.parseBoolean(System.getProperty(VECTOR_PROPERTY, "true"))
                || ModuleLayer.boot().findModule("jdk.incubator.vector").isEmpty()) {
            return null;
        }
        try {
            return (SmallKernels) Class.forName("org.atlasgraph.grassmann.VectorKernels").getDeclaredConstructor()
                    .newInstance();
        } catch (ReflectiveOperationException | LinkageError e) {
            // The module is there but its classes cannot be linked: run the scalar loops.
            return null;
        }
    }

    /**
     * Loads the native BLAS kernels, or answers {@code null} (never throws) when they are turned off or cannot load.
     *
     * @param enabled   the value of {@value #BLAS_PROPERTY} ({@code "false"} turns them off)
     * @param className the implementation to load ({@code BlasKernels}; tests pass a missing one)
     * @return the kernels, or {@code null}
     */
    static LargeKernels blasKernels(String enabled, String className) {
        if (!Boolean.parseBoolean(enabled)) {
            return null;
        }
        try {
            return (LargeKernels) Class.forName(className).getDeclaredConstructor().newInstance();
        } catch (ReflectiveOperationException | LinkageError | RuntimeException e) {
            // No OpenBLAS jars, or no natives for this platform: EJML and the scalar loops run.
            return null;
        }
    }

    /** @return a description of the kernels a workspace of order k uses, for diagnostics */
    static String describe(int k) {
        Workspace ws = new Workspace(k + 1, k);
        if (ws.small != null) {
            return "vector (jdk.incubator.vector)";
        }
        if (ws.large != null) {
            return "native BLAS (OpenBLAS)";
        }
        return k >= BLOCKED_FROM_K ? "blocked (EJML)" : "scalar";
    }

    private static boolean hardwareFma() {
        try {
            HotSpotDiagnosticMXBean vm = ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class);
            return vm != null && Boolean.parseBoolean(vm.getVMOption("UseFMA").getValue());
        } catch (IllegalArgumentException | UnsupportedOperationException | SecurityException e) {
            // Not HotSpot, or the flag is unknown: assume the software fallback.
            return false;
        }
    }

    /**
     * Reusable buffers of one thread for one (n, k): a few k×k arrays and a few (n−k)×k; plus the memo of the fused
     * step: the last mean it returned (held until the next step, O((n−k)k)) and its T = WᵀH, so that the next step
     * from that mean need neither copy its coordinates nor recompute T.
     */
    static final class Workspace {
        final int k;
        final int m;
        /** The vector kernels this workspace uses, or {@code null}. */
        final SmallKernels small;
        /** The native BLAS kernels this workspace uses, or {@code null}. */
        final LargeKernels large;
        /** Their native buffers, or {@code null}. */
        final LargeKernels.Buffers buffers;
        /** R padded to the vector kernels' span per row (zeros beyond k), or empty. */
        final double[] rPad;
        /** The vector kernels' [N | S_k⁻¹] for their solve, k rows of twice the span, or empty. */
        final double[] augmented;
        /** m×k zeros: the h of an ingest and the K of an Ehresmann chart for the vector kernels, or empty. */
        final double[] zeros;
        final double[] xi;
        /** G, k×k: in rows of the span on the vector kernels (as {@code top} and {@code xtx}), else row-major. */
        final double[] g;
        final double[] top;
        /** R, k×k row-major (not on the vector kernels, which keep R in {@code rPad} only). */
        final double[] r;
        final double[] lu;
        final double[] identity;
        final double[] tx;
        final double[] z;
        /** The sample's Gram matrix XᵀX for the running mean's correction, k×k (laid out as {@code g}). */
        final double[] xtx;
        /** X_J, row-major (m×k), from {@link #BLOCKED_FROM_K} on; also scratch of length ≥ m. */
        final double[] xj;
        /** X_Jᵀ as k rows of length m, below {@link #BLOCKED_FROM_K}. */
        final double[][] xjRows;
        /** P = X_J R, row-major (m×k). */
        final double[] p;
        /** Pᵀ as k rows of length m, below {@link #BLOCKED_FROM_K}. */
        final double[][] ptRows;
        /** A copy of the mean's published coordinates, (n−k)×k, for {@link #step}. */
        final double[] mean;
        /** The chart of the memoized mean, or {@code null}. */
        Object memoChart;
        /** The coordinates object of the memoized mean (compared by reference), or {@code null}. */
        Object memoPoint;
        /** The array the memoized coordinates own (read only), or {@code null}. */
        double[] memoArray;
        /** T = WᵀH of the memoized mean, k×k. */
        final double[] memoT;
        /** When the k×k work beside the kernels is split between two threads ({@link TwoWay}). */
        final TwoWay halves;

        Workspace(int n, int k) {
            this(n, k, VECTOR, BLAS);
        }

        /**
         * @param vector the vector kernels to use where they take k, or {@code null} (tests compare every path)
         * @param blas   the native BLAS kernels to use from {@link #BLAS_FROM_K} on, or {@code null}
         */
        Workspace(int n, int k, SmallKernels vector, LargeKernels blas) {
            this(n, k, vector, blas, TwoWay.DEFAULT);
        }

        /**
         * @param halves when the k×k work beside the kernels (the running mean's {@link NormalCorrection}) is split
         *               between two threads; {@code blas} has its own for its products
         */
        Workspace(int n, int k, SmallKernels vector, LargeKernels blas, TwoWay halves) {
            this.halves = halves;
            this.k = k;
            this.m = n - k;
            int kk = k * k;
            this.small = vector != null && k <= vector.maxK() && k < BLAS_FROM_K ? vector : null;
            this.large = small == null && blas != null && k >= BLAS_FROM_K ? blas : null;
            this.buffers = large == null ? null : large.buffers(n, k);
            int span = small == null ? 0 : small.span(k);
            rPad = new double[k * span];
            augmented = new double[2 * k * span];
            zeros = new double[small == null ? 0 : m * k];
            xi = new double[kk];
            // G, N and XᵀX in rows of the span on the vector kernels; their unpadded products (T) read and write a
            // span past the last row (SmallKernels).
            int square = Math.max(kk, k * span) + span;
            g = new double[square];
            top = new double[square];
            r = new double[kk + span];
            lu = new double[kk];
            identity = new double[kk];
            for (int a = 0; a < k; a++) {
                identity[a * k + a] = 1;
            }
            tx = new double[kk + span];
            z = new double[kk];
            xtx = new double[square];
            memoT = new double[kk];
            boolean blocked = k >= BLOCKED_FROM_K && large == null;
            boolean loops = k < BLOCKED_FROM_K && small == null && large == null;
            xj = new double[blocked ? m * k : loops ? m : 0];
            xjRows = loops ? new double[k][m] : new double[0][];
            p = new double[m * k + span];
            ptRows = loops ? new double[k][m] : new double[0][];
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
        if (ws.small != null) {
            if (!solveSmall(chart, x, ws, null)) {
                return false;
            }
            ws.small.update(x, chart.lower, ws.rPad, chart.k, ws.zeros,
                    chart.isAdHoc() ? chart.rotation.offset : ws.zeros, 1, out, ws.p, false);
            return true;
        }
        if (!(ws.large != null ? ws.large.project(chart, x, ws.buffers, ws.g, ws.r, ws.p, ws.tx, null, null)
                : project(chart, x, ws, null))) {
            return false;
        }
        int k = chart.k;
        int m = chart.m;
        double[] p = ws.p;
        if (chart.rotation.isIdentity()) {
            System.arraycopy(p, 0, out, 0, m * k);
        } else {
            double[] offset = chart.rotation.offset;
            for (int i = 0; i < m * k; i++) {
                out[i] = p[i] - offset[i];
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
        boolean solved;
        if (ws.small != null) {
            solved = solveSmall(chart, x, ws, null);
        } else if (ws.large != null) {
            solved = ws.large.project(chart, x, ws.buffers, ws.g, ws.r, ws.p, ws.tx, null, null);
        } else {
            solved = project(chart, x, ws, null);
        }
        if (!solved) {
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
            if (ws.small != null) {
                int span = ws.small.span(k);
                ws.small.multiply(ws.g, span, false, ws.rPad, span, ws.tx, k, k);
            } else if (ws.large == null) {
                product(ws.g, ws.r, ws.tx, k, blocked);
            }
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
        // out = h + t(H_X − h) in one flat (vectorized) pass with max |out_ij|. Then every |b_ij| < 1 when
        // max|out| + max_i ‖w_i‖·zMax < 1; otherwise rows are bounded one by one, and evaluated exactly where their
        // bound reaches 1.
        double[] p = ws.p;
        int mk = m * k;
        double largest = 0;
        if (ws.small != null) {
            largest = ws.small.update(x, chart.lower, ws.rPad, k, h, adHoc ? q.offset : ws.zeros, t, out, ws.p,
                    false);
        } else if (adHoc) {
            double[] offset = q.offset;
            for (int i = 0; i < mk; i++) {
                double v = h[i] + t * ((p[i] - offset[i]) - h[i]);
                out[i] = v;
                largest = Math.max(largest, Math.abs(v));
            }
        } else {
            for (int i = 0; i < mk; i++) {
                double v = h[i] + t * (p[i] - h[i]);
                out[i] = v;
                largest = Math.max(largest, Math.abs(v));
            }
        }
        if (!(largest < Double.POSITIVE_INFINITY)) {
            return NOT_FINITE;
        }
        if (!adHoc) {
            return largest < GrassmannChart.TRUST_BOUND ? INSIDE : OUTSIDE;
        }
        return insideBound(q, out, ws.z, zMax, largest, m, k) ? INSIDE : OUTSIDE;
    }

    /**
     * The exact trust test |b_ij| &lt; 1 of an ad hoc chart's published coordinates h, B = h + W Z: first with the
     * largest |h_ij| and ‖w_i‖, then row by row, exactly only where a row's bound reaches 1.
     *
     * @param z       Z = Ψ Wᵀh, k×k
     * @param zMax    max_j ‖z_j‖ over the columns of Z
     * @param largest max |h_ij|
     */
    private static boolean insideBound(QaRotation q, double[] h, double[] z, double zMax, double largest, int m,
                                       int k) {
        double bound = GrassmannChart.TRUST_BOUND;
        if (largest + q.maxRowNorm * zMax < bound) {
            return true;
        }
        for (int i = 0; i < m; i++) {
            double rm = 0;
            for (int c = 0; c < k; c++) {
                rm = Math.max(rm, Math.abs(h[i * k + c]));
            }
            if (rm + q.rowNorms[i] * zMax >= bound && exactRowMax(q, h, z, i, k) >= bound) {
                return false;
            }
        }
        return true;
    }

    /** @return Wᵀh for an ad hoc chart, a new k×k row-major array */
    private static double[] centreGram(GrassmannChart chart, double[] h) {
        int k = chart.k;
        int m = chart.m;
        if (chart.padded() != null) {
            int span = VECTOR.span(k);
            double[] rows = new double[k * span];
            VECTOR.gram(chart.padded(), chart.widePitch(), h, m, k, rows);
            double[] g = new double[k * k];
            for (int a = 0; a < k; a++) {
                System.arraycopy(rows, a * span, g, a * k, k);
            }
            return g;
        }
        double[] g = new double[k * k];
        Dense.multTransA(Dense.wrap(m, k, chart.rotation.w), Dense.wrap(m, k, h), Dense.wrap(k, k, g));
        return g;
    }

    /**
     * Whether published coordinates h of an ad hoc chart lie in its domain of trust, |b_ij| &lt; 1 for B = S_m⁻¹h
     * (the test of {@link #step}): one product T = Wᵀh (mk²) and a bound, without forming B.
     *
     * @param h published coordinates, (n−k)×k, finite (not modified)
     */
    static boolean inside(GrassmannChart chart, double[] h) {
        int k = chart.k;
        int m = chart.m;
        QaRotation q = chart.rotation;
        double[] z = centreGram(chart, h);
        double[] columns = new double[k];
        for (int a = 0; a < k; a++) {
            for (int c = 0; c < k; c++) {
                double zi = q.psi[a] * z[a * k + c];
                z[a * k + c] = zi;
                columns[c] += zi * zi;
            }
        }
        double zMax = 0;
        for (double c : columns) {
            zMax = Math.max(zMax, c);
        }
        return insideBound(q, h, z, Math.sqrt(zMax), Dense.maxAbs(h), m, k);
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
     * @param ws  this thread's workspace
     */
    static void gramWithCentre(GrassmannChart chart, double[] h, double[] out, Workspace ws) {
        if (ws.large != null) {
            ws.large.gramWithCentre(chart, h, ws.buffers, out);
            return;
        }
        if (chart.padded() != null) {
            System.arraycopy(centreGram(chart, h), 0, out, 0, chart.k * chart.k);
            return;
        }
        Dense.multTransA(Dense.wrap(chart.m, chart.k, chart.rotation.w), Dense.wrap(chart.m, chart.k, h),
                Dense.wrap(chart.k, chart.k, out));
    }

    /**
     * The vector kernels' part of {@link #project}: X_I, G = W̃ᵀX (ad hoc charts), N and R = N⁻¹S_k⁻¹ (X_I⁻¹ for
     * Ehresmann charts) into {@code ws.rPad}, R ← R·F when a factor is given (XᵀX taken in the same passes as G);
     * P is left to the output pass. The k×k matrices G, N, XᵀX and R are kept in rows of the span (so that no vector
     * load straddles two stores: a straddling load waits for both to retire), only {@code ws.r} is left unset.
     *
     * @param factor the change of R, or {@code null} for none
     * @return {@code false} when N is numerically singular or the factor rejects the sample
     */
    private static boolean solveSmall(GrassmannChart chart, double[] x, Workspace ws, RightFactor factor) {
        int k = chart.k;
        int[] upper = chart.upper;
        for (int j = 0; j < k; j++) {
            System.arraycopy(x, upper[j] * k, ws.xi, j * k, k);
        }
        QaRotation q = chart.rotation;
        int span = ws.small.span(k);
        if (q.isIdentity()) {
            if (factor != null) {
                // Ehresmann charts have no G pass to share: XᵀX alone (the running mean starts in one at most).
                sampleGram(x, chart.n, k, ws.xtx, span);
            }
            if (!ws.small.solve(ws.xi, k, ws.identity, k, ws.augmented, ws.rPad)) {
                return false;
            }
        } else {
            if (factor != null) {
                ws.small.gram(chart.wide(), chart.widePitch(), x, chart.n, k, ws.g, ws.xtx);
            } else {
                ws.small.gram(chart.wide(), chart.widePitch(), x, chart.n, k, ws.g);
            }
            ws.small.multiply(q.v, k, false, ws.g, span, ws.top, span, k);
            for (int a = 0; a < k; a++) {
                for (int c = 0; c < k; c++) {
                    ws.top[a * span + c] += ws.xi[a * k + c];
                }
            }
            if (!ws.small.solve(ws.top, span, q.skInverse, k, ws.augmented, ws.rPad)) {
                return false;
            }
        }
        return factor == null || factor.apply(ws.xtx, ws.rPad);
    }

    /**
     * Changes R = X_U⁻¹ before P = X_J R is formed, given the sample's Gram matrix XᵀX: the running mean's
     * normal-coordinate correction R ← R·g(BᵀB) ({@link NormalCorrection}). Every path computes XᵀX where it reads X
     * (see {@link #normalStep}).
     */
    @FunctionalInterface
    interface RightFactor {
        /**
         * @param gram XᵀX of the sample, k×k, symmetric (not modified): row-major, or in rows of the vector kernels'
         *             span where the kernel runs on them (their lanes beyond k unspecified)
         * @param r    R, k×k laid out as gram (lanes beyond k zero): read and overwritten with R·F
         * @return {@code false}, R unchanged, when XᵀX has a diagonal entry that is not finite (an entry of X is
         *     not, or its squares overflow): the kernel then leaves its output untouched, as for a singular N
         */
        boolean apply(double[] gram, double[] r);
    }

    /**
     * The running mean's fused step in an ad hoc (or Ehresmann) chart: R of the sample as in {@link #step}, R ← R·F by
     * {@code factor}, then {@code u ← u + t(X_J R − u)} (no offset: the running mean keeps K's share apart), and, for
     * ad hoc charts, {@code ws.g} = G = WᵀX_J and {@code ws.tx} = G·R with the corrected R. On the vector path XᵀX
     * comes out of G's pass over X and u's update out of the output pass; natively XᵀX is a DSYRK; on the scalar
     * path it is taken from the gathered rows.
     *
     * @param chart  the chart
     * @param x      the sample, n×k row-major (not modified)
     * @param factor the change of R
     * @param u      m×k, updated in place
     * @param t      the step fraction
     * @param ws     this thread's workspace
     * @return ‖u‖² after the update (NaN or ∞ when an entry is not finite), or −1, u untouched, when N is
     *     numerically singular or the factor rejects the sample (an entry of X not finite)
     */
    static double normalStep(GrassmannChart chart, double[] x, RightFactor factor, double[] u, double t,
                             Workspace ws) {
        int k = chart.k;
        int m = chart.m;
        boolean adHoc = chart.isAdHoc();
        if (ws.small != null) {
            if (!solveSmall(chart, x, ws, factor)) {
                return -1;
            }
            if (adHoc) {
                int span = ws.small.span(k);
                ws.small.multiply(ws.g, span, false, ws.rPad, span, ws.tx, k, k);
            }
            return ws.small.update(x, chart.lower, ws.rPad, k, u, null, t, u, ws.p, true);
        }
        if (ws.large != null) {
            if (!ws.large.project(chart, x, ws.buffers, ws.g, ws.r, ws.p, ws.tx, factor, ws.xtx)) {
                return -1;
            }
        } else {
            if (!project(chart, x, ws, factor)) {
                return -1;
            }
            if (adHoc) {
                product(ws.g, ws.r, ws.tx, k, k >= BLOCKED_FROM_K);
            }
        }
        return mixSquares(ws.p, u, t, m * k);
    }

    /** u ← u + t(p − u) over n entries; @return Σ u², in four sums */
    private static double mixSquares(double[] p, double[] u, double t, int n) {
        double s0 = 0;
        double s1 = 0;
        double s2 = 0;
        double s3 = 0;
        int i = 0;
        for (; i + 3 < n; i += 4) {
            double v0 = u[i] + t * (p[i] - u[i]);
            double v1 = u[i + 1] + t * (p[i + 1] - u[i + 1]);
            double v2 = u[i + 2] + t * (p[i + 2] - u[i + 2]);
            double v3 = u[i + 3] + t * (p[i + 3] - u[i + 3]);
            u[i] = v0;
            u[i + 1] = v1;
            u[i + 2] = v2;
            u[i + 3] = v3;
            s0 = madd(v0, v0, s0);
            s1 = madd(v1, v1, s1);
            s2 = madd(v2, v2, s2);
            s3 = madd(v3, v3, s3);
        }
        for (; i < n; i++) {
            double v = u[i] + t * (p[i] - u[i]);
            u[i] = v;
            s0 = madd(v, v, s0);
        }
        return (s0 + s1) + (s2 + s3);
    }

    /** out = XᵀX over all n rows of X (n×k row-major), rows {@code pitch} apart; upper triangle, mirrored. */
    private static void sampleGram(double[] x, int n, int k, double[] out, int pitch) {
        for (int a = 0; a < k; a++) {
            for (int b = a; b < k; b++) {
                double s = 0;
                for (int r = 0; r < n; r++) {
                    s = madd(x[r * k + a], x[r * k + b], s);
                }
                out[a * pitch + b] = s;
                out[b * pitch + a] = s;
            }
        }
    }

    /**
     * out = XᵀX = X_IᵀX_I + X_JᵀX_J from the rows {@link #project} gathered: X_Jᵀ in {@code ws.xjRows} below
     * {@link #BLOCKED_FROM_K} (dot products of length m in four sums), X_J in {@code ws.xj} from it on (EJML).
     */
    private static void gatheredGram(Workspace ws, int m, int k, double[] out) {
        if (k >= BLOCKED_FROM_K) {
            Dense.multTransA(Dense.wrap(m, k, ws.xj), Dense.wrap(m, k, ws.xj), Dense.wrap(k, k, out));
        } else {
            double[][] rows = ws.xjRows;
            for (int a = 0; a < k; a++) {
                double[] ra = rows[a];
                for (int b = a; b < k; b++) {
                    double[] rb = rows[b];
                    double s0 = 0;
                    double s1 = 0;
                    double s2 = 0;
                    double s3 = 0;
                    int i = 0;
                    for (; i + 3 < m; i += 4) {
                        s0 = madd(ra[i], rb[i], s0);
                        s1 = madd(ra[i + 1], rb[i + 1], s1);
                        s2 = madd(ra[i + 2], rb[i + 2], s2);
                        s3 = madd(ra[i + 3], rb[i + 3], s3);
                    }
                    for (; i < m; i++) {
                        s0 = madd(ra[i], rb[i], s0);
                    }
                    out[a * k + b] = (s0 + s1) + (s2 + s3);
                }
            }
        }
        double[] xi = ws.xi;
        for (int a = 0; a < k; a++) {
            for (int b = a; b < k; b++) {
                double s = 0;
                for (int j = 0; j < k; j++) {
                    s += xi[j * k + a] * xi[j * k + b];
                }
                double v = out[a * k + b] + s;
                out[a * k + b] = v;
                out[b * k + a] = v;
            }
        }
    }

    /**
     * Gathers X_I and X_J, computes G, N and R = N⁻¹S_k⁻¹ (X_I⁻¹ for Ehresmann charts), R ← R·F when a factor is
     * given, and P = X_J R into the workspace: the scalar loops below {@link #BLOCKED_FROM_K}, EJML from it on.
     *
     * @param factor the change of R, or {@code null} for none
     * @return {@code false} when N is numerically singular or the factor rejects the sample
     */
    private static boolean project(GrassmannChart chart, double[] x, Workspace ws, RightFactor factor) {
        int k = chart.k;
        int m = chart.m;
        int[] upper = chart.upper;
        int[] lower = chart.lower;
        boolean blocked = k >= BLOCKED_FROM_K;
        for (int j = 0; j < k; j++) {
            System.arraycopy(x, upper[j] * k, ws.xi, j * k, k);
        }
        double[] xj = ws.xj;
        QaRotation q = chart.rotation;
        if (blocked) {
            for (int i = 0; i < m; i++) {
                System.arraycopy(x, lower[i] * k, xj, i * k, k);
            }
        } else if (q.isIdentity()) {
            for (int a = 0; a < k; a++) {
                double[] row = ws.xjRows[a];
                for (int i = 0; i < m; i++) {
                    row[i] = x[lower[i] * k + a];
                }
            }
        }
        if (q.isIdentity()) {
            if (!Dense.solve(ws.xi, k, ws.identity, ws.r, ws.lu)) {
                return false;
            }
        } else {
            if (blocked) {
                Dense.multTransA(Dense.wrap(m, k, q.w), Dense.wrap(m, k, xj), Dense.wrap(k, k, ws.g));
            } else {
                gram(q.wtRows, x, lower, ws, m, k);
            }
            product(q.v, ws.g, ws.top, k, blocked);
            for (int i = 0; i < k * k; i++) {
                ws.top[i] += ws.xi[i];
            }
            if (!Dense.solve(ws.top, k, q.skInverse, ws.r, ws.lu)) {
                return false;
            }
        }
        if (factor != null) {
            gatheredGram(ws, m, k, ws.xtx);
            if (!factor.apply(ws.xtx, ws.r)) {
                return false;
            }
        }
        if (blocked) {
            Dense.mult(Dense.wrap(m, k, xj), Dense.wrap(k, k, ws.r), Dense.wrap(m, k, ws.p));
        } else {
            if (splits(m, k)) {
                double[][] xt = ws.xjRows;
                double[] r = ws.r;
                double[][] pt = ws.ptRows;
                EjmlConcurrency.loopFor(0, 2, j -> transposedProduct(xt, r, pt, j * (m / 2), j == 0 ? m / 2 : m, k));
            } else {
                transposedProduct(ws.xjRows, ws.r, ws.ptRows, 0, m, k);
            }
            transpose(ws.ptRows, ws.p, m, k);
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
     * Pᵀ = Rᵀ X_Jᵀ row by row, as axpy loops of length m over the rows of X_Jᵀ, four source rows per pass (a quarter
     * of the loads and stores of Pᵀ; the rows are separate arrays, so the JIT vectorizes the loop).
     *
     * @param xt X_Jᵀ, k rows of length m
     * @param r  R, k×k
     * @param pt receives Pᵀ on columns lo..hi−1, k rows of length m
     */
    private static void transposedProduct(double[][] xt, double[] r, double[][] pt, int lo, int hi, int k) {
        for (int c = 0; c < k; c++) {
            double[] out = pt[c];
            Arrays.fill(out, lo, hi, 0);
            int a = 0;
            for (; a + 3 < k; a += 4) {
                double[] x0 = xt[a];
                double[] x1 = xt[a + 1];
                double[] x2 = xt[a + 2];
                double[] x3 = xt[a + 3];
                double r0 = r[a * k + c];
                double r1 = r[(a + 1) * k + c];
                double r2 = r[(a + 2) * k + c];
                double r3 = r[(a + 3) * k + c];
                for (int i = lo; i < hi; i++) {
                    out[i] = madd(r3, x3[i], madd(r2, x2[i], madd(r1, x1[i], madd(r0, x0[i], out[i]))));
                }
            }
            for (; a < k; a++) {
                double[] x0 = xt[a];
                double r0 = r[a * k + c];
                for (int i = lo; i < hi; i++) {
                    out[i] = madd(r0, x0[i], out[i]);
                }
            }
        }
    }

    /** p = (Pᵀ)ᵀ, row-major m×k, in blocks of {@link #TRANSPOSE_BLOCK} rows of p so both sides stay in L1. */
    private static void transpose(double[][] pt, double[] p, int m, int k) {
        for (int i0 = 0; i0 < m; i0 += TRANSPOSE_BLOCK) {
            int i1 = Math.min(m, i0 + TRANSPOSE_BLOCK);
            for (int c = 0; c < k; c++) {
                double[] row = pt[c];
                for (int i = i0; i < i1; i++) {
                    p[i * k + c] = row[i];
                }
            }
        }
    }

    /**
     * @return a·b + c, fused (one rounding, one instruction) where the VM has the FMA intrinsic: twice the rate of the
     *     scalar dot products of G, which the JIT does not vectorize. Without the intrinsic Math.fma is emulated in
     *     software, so the plain expression is used instead ({@link #FMA} is a constant the JIT folds).
     */
    private static double madd(double a, double b, double c) {
        return FMA ? Math.fma(a, b, c) : a * b + c;
    }

    /** @return whether the O((n−k)k²) passes are worth splitting across two threads */
    private static boolean splits(int m, int k) {
        return (double) m * k * k >= PARALLEL_MULTIPLY_ADDS;
    }

    /** ws.g = Wᵀ X_J and ws.xjRows = X_Jᵀ, in two halves of the rows on two threads when {@link #splits}. */
    private static void gram(double[][] wt, double[] x, int[] lower, Workspace ws, int m, int k) {
        if (!splits(m, k)) {
            gatherGram(wt, x, lower, ws.xjRows, ws.g, 0, m, k);
            return;
        }
        double[][] xt = ws.xjRows;
        double[] g0 = ws.g;
        double[] g1 = ws.tx;
        EjmlConcurrency.loopFor(0, 2, j -> gatherGram(wt, x, lower, xt, j == 0 ? g0 : g1, j * (m / 2),
                j == 0 ? m / 2 : m, k));
        for (int i = 0; i < k * k; i++) {
            g0[i] += g1[i];
        }
    }

    /**
     * G = Wᵀ X_J, reading the rows of X_J straight from X, and X_Jᵀ gathered into {@code xt} on the way (during the
     * first pair of rows of Wᵀ). The k² dot products of length m go in blocks of 2 rows of Wᵀ × 4 columns of X_J, so
     * that each load serves several of them: reductions stay scalar in the JIT, and eight independent sums keep its
     * adders busy.
     *
     * @param wt    Wᵀ, k rows of length m
     * @param x     X, n×k row-major
     * @param lower the rows J of X
     * @param xt    receives X_Jᵀ, k rows of length m
     * @param g     receives G over rows lo..hi−1 of X_J, k×k
     */
    private static void gatherGram(double[][] wt, double[] x, int[] lower, double[][] xt, double[] g, int lo, int hi,
                                   int k) {
        for (int a = 0; a < k; a += 2) {
            boolean pair = a + 1 < k;
            double[] u0 = wt[a];
            double[] u1 = pair ? wt[a + 1] : u0;
            int c = 0;
            for (; c + 3 < k; c += 4) {
                gramBlock(u0, u1, x, lower, a == 0 ? xt : null, g, a, pair, c, lo, hi, k);
            }
            if (c + 1 < k) {
                gramBlock2(u0, u1, x, lower, g, a, pair, c, lo, hi, k);
                c += 2;
            }
            if (c < k) {
                gramBlock1(u0, u1, x, lower, g, a, pair, c, lo, hi, k);
            }
            if (a == 0) {
                for (int r = k - k % 4; r < k; r++) {
                    double[] row = xt[r];
                    for (int i = lo; i < hi; i++) {
                        row[i] = x[lower[i] * k + r];
                    }
                }
            }
        }
    }

    /** Entries (a, c..c+1) and, when {@code pair}, (a+1, c..c+1) of G over rows lo..hi−1: eight sums, i by twos. */
    private static void gramBlock2(double[] u0, double[] u1, double[] x, int[] lower, double[] g, int a,
                                   boolean pair, int c, int lo, int hi, int k) {
        double s00 = 0;
        double s01 = 0;
        double s10 = 0;
        double s11 = 0;
        double t00 = 0;
        double t01 = 0;
        double t10 = 0;
        double t11 = 0;
        int i = lo;
        for (; i + 1 < hi; i += 2) {
            int o = lower[i] * k + c;
            int e = lower[i + 1] * k + c;
            s00 = madd(u0[i], x[o], s00);
            s01 = madd(u0[i], x[o + 1], s01);
            s10 = madd(u1[i], x[o], s10);
            s11 = madd(u1[i], x[o + 1], s11);
            t00 = madd(u0[i + 1], x[e], t00);
            t01 = madd(u0[i + 1], x[e + 1], t01);
            t10 = madd(u1[i + 1], x[e], t10);
            t11 = madd(u1[i + 1], x[e + 1], t11);
        }
        if (i < hi) {
            int o = lower[i] * k + c;
            s00 = madd(u0[i], x[o], s00);
            s01 = madd(u0[i], x[o + 1], s01);
            s10 = madd(u1[i], x[o], s10);
            s11 = madd(u1[i], x[o + 1], s11);
        }
        int o = a * k + c;
        g[o] = s00 + t00;
        g[o + 1] = s01 + t01;
        if (pair) {
            g[o + k] = s10 + t10;
            g[o + k + 1] = s11 + t11;
        }
    }

    /** Entries (a, c) and, when {@code pair}, (a+1, c) of G over rows lo..hi−1: eight sums, i by fours. */
    private static void gramBlock1(double[] u0, double[] u1, double[] x, int[] lower, double[] g, int a,
                                   boolean pair, int c, int lo, int hi, int k) {
        double s0 = 0;
        double s1 = 0;
        double s2 = 0;
        double s3 = 0;
        double t0 = 0;
        double t1 = 0;
        double t2 = 0;
        double t3 = 0;
        int i = lo;
        for (; i + 3 < hi; i += 4) {
            double v0 = x[lower[i] * k + c];
            double v1 = x[lower[i + 1] * k + c];
            double v2 = x[lower[i + 2] * k + c];
            double v3 = x[lower[i + 3] * k + c];
            s0 = madd(u0[i], v0, s0);
            s1 = madd(u0[i + 1], v1, s1);
            s2 = madd(u0[i + 2], v2, s2);
            s3 = madd(u0[i + 3], v3, s3);
            t0 = madd(u1[i], v0, t0);
            t1 = madd(u1[i + 1], v1, t1);
            t2 = madd(u1[i + 2], v2, t2);
            t3 = madd(u1[i + 3], v3, t3);
        }
        for (; i < hi; i++) {
            double v = x[lower[i] * k + c];
            s0 = madd(u0[i], v, s0);
            t0 = madd(u1[i], v, t0);
        }
        g[a * k + c] = (s0 + s1) + (s2 + s3);
        if (pair) {
            g[(a + 1) * k + c] = (t0 + t1) + (t2 + t3);
        }
    }

    /** Entries (a, c..c+3) and, when {@code pair}, (a+1, c..c+3) of G; gathers columns c..c+3 when xt ≠ null. */
    private static void gramBlock(double[] u0, double[] u1, double[] x, int[] lower, double[][] xt, double[] g, int a,
                                  boolean pair, int c, int lo, int hi, int k) {
        double s00 = 0;
        double s01 = 0;
        double s02 = 0;
        double s03 = 0;
        double s10 = 0;
        double s11 = 0;
        double s12 = 0;
        double s13 = 0;
        if (xt == null) {
            for (int i = lo; i < hi; i++) {
                int o = lower[i] * k + c;
                double p = u0[i];
                double q = u1[i];
                double v0 = x[o];
                double v1 = x[o + 1];
                double v2 = x[o + 2];
                double v3 = x[o + 3];
                s00 = madd(p, v0, s00);
                s01 = madd(p, v1, s01);
                s02 = madd(p, v2, s02);
                s03 = madd(p, v3, s03);
                s10 = madd(q, v0, s10);
                s11 = madd(q, v1, s11);
                s12 = madd(q, v2, s12);
                s13 = madd(q, v3, s13);
            }
        } else {
            double[] r0 = xt[c];
            double[] r1 = xt[c + 1];
            double[] r2 = xt[c + 2];
            double[] r3 = xt[c + 3];
            for (int i = lo; i < hi; i++) {
                int o = lower[i] * k + c;
                double p = u0[i];
                double q = u1[i];
                double v0 = x[o];
                double v1 = x[o + 1];
                double v2 = x[o + 2];
                double v3 = x[o + 3];
                r0[i] = v0;
                r1[i] = v1;
                r2[i] = v2;
                r3[i] = v3;
                s00 = madd(p, v0, s00);
                s01 = madd(p, v1, s01);
                s02 = madd(p, v2, s02);
                s03 = madd(p, v3, s03);
                s10 = madd(q, v0, s10);
                s11 = madd(q, v1, s11);
                s12 = madd(q, v2, s12);
                s13 = madd(q, v3, s13);
            }
        }
        int o = a * k + c;
        g[o] = s00;
        g[o + 1] = s01;
        g[o + 2] = s02;
        g[o + 3] = s03;
        if (pair) {
            g[o + k] = s10;
            g[o + k + 1] = s11;
            g[o + k + 2] = s12;
            g[o + k + 3] = s13;
        }
    }
}

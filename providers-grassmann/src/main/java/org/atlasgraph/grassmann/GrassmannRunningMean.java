package org.atlasgraph.grassmann;

import java.util.Arrays;
import java.util.function.Supplier;
import org.atlasgraph.api.ChartId;
import org.atlasgraph.api.ChartPoint;
import org.atlasgraph.api.Coordinates;
import org.atlasgraph.api.capability.RunningMean;
import org.atlasgraph.api.check.Checks;

/**
 * The {@link RunningMean} of Gr(n,k): Alg. 1's fused kernel with the chart's normal-coordinate correction folded in
 * ({@link NormalCorrection}), in an ad hoc chart centred at c.
 *
 * <p>State. The estimate's normal coordinates at c, published like the chart's coordinates (h = S_m L for the
 * orthonormal-frame logarithm L = Log_c M), are kept as {@code h = u − K Y}: a sample's normal coordinates are
 * {@code ν = (X_J R − K)·F} with the correction F = g(BᵀB) and the chart's offset K, so {@code h ← h + t(ν − h)} is
 * {@code u ← u + t(X_J RF − u)} (the kernel's second pass with R replaced by RF) and {@code Y ← Y + t(F − Y)} (k×k).
 * Forming K·F, O((n−k)k²), is thus never needed; h itself is formed only by {@link State#point}. The distance of the
 * estimate from the centre, ‖L‖ = ‖S_m⁻¹h‖, follows in O(k³) from ‖u‖² (taken in the update pass) and the k×k
 * T = Wᵀu, which the update keeps with {@code T ← T + t(G·RF − T)} (G = WᵀX_J and G·RF from the kernel): with
 * Z = ΨT − VᵀY, {@code L = u + WZ} and {@code ‖L‖² = ‖u‖² + 2 tr(ZᵀT) + Σ_a λ_a ‖z_a‖²} (WᵀW = Λ; see
 * {@link QaRotation} for W, V, Ψ, Λ, and (1 + ψλ)·d = 1).
 *
 * <p>Cost per sample ({@link GrassmannKernels#normalStep}, on the same kernels and workspace as Alg. 1's step): the
 * kernel's 2(n−k)k² multiply-adds, the sample's Gram matrix XᵀX (nk² in the vector kernels' passes for k ≤ 16, nk²/2
 * by DSYRK from k = 17), the correction's (2.5 + n_GL)k³ and (G·RF, VᵀY) 2k³ (DGEMM from k = 17), and O((n−k)k) for
 * the update, which writes into the state in place. Measured against Alg. 1 (the {@code alg1} scheme; bench's
 * {@code FrechetCpuTime}, thread CPU time on a shared 2-core machine, load 6–15): less than its cost at Gr(100,5)
 * (0.66–0.67×), Gr(300,10) (0.59× in a JVM of its own) and Gr(2000,10) (0.61×: Alg. 1's driver allocates a new
 * (n−k)×k coordinate array per sample and its difference from the previous one), 1.1–1.2× at Gr(2000,100) (the
 * DSYRK of XᵀX is a quarter of Alg. 1's two DGEMMs) and 1.09–1.19× at Gr(30,5), where the k×k work, not the passes,
 * dominates. The mean itself does not pass over the sample's entries to check them
 * ({@link RunningMean.State#rejectsNonFinite}): XᵀX's diagonal tells the correction whether they are finite, before
 * the state changes.
 * No allocation below {@link GrassmannKernels#BLOCKED_FROM_K}. From {@link TwoWay#SPLIT_FROM} multiply-adds per
 * product on (Gr(2000,500)) the kernel's products, the correction's and VᵀY run in two halves on two threads
 * ({@link TwoWay}).
 *
 * <p>The domain of trust. The estimate leaves it when its largest principal angle to the centre, ‖L‖₂, reaches
 * {@link #TRUST_DISTANCE} = π/4: below it its chart coordinates in the orthonormal frame, B = U tan Θ Vᵀ, have
 * ‖B‖₂ &lt; 1 (|b_ij| &lt; 1); the state re-centres there. Not ‖L‖ = √(Σθ²), the distance, which exceeds ‖L‖₂ up to
 * √k times: GPD(X, 2) samples at Gr(2000,500) lie 4.4 from X in distance but 0.27 in largest angle, and a test on the
 * distance changed chart at 18 of 20 updates. Per update the state keeps an upper bound on ‖L‖₂ in O(1), the smaller
 * of ‖L‖ and {@code |1 − t|·bound + |t|·θ_max} (the triangle inequality for {@code L ← (1 − t)L + tν}, with θ_max
 * = ‖ν‖₂ bounded by the correction, {@link NormalCorrection#largestAngle}); only when that bound reaches π/4 does it
 * form LᵀL ({@code gram}, the first part of a chart change, reused by it) and test τ²I − LᵀL for positive
 * definiteness by Cholesky (k³/6): a test, not an estimate, so the state re-centres exactly when ‖L‖₂ ≥ π/4.
 * A re-centring ({@link State#recentre}) allocates nothing either: it moves the state's own chart in place, at the
 * cost of a few updates (JMH {@code ChartChangeBenchmark}).
 */
final class GrassmannRunningMean implements RunningMean {
    /** The largest principal angle to the centre at which the state re-centres: below it ‖B‖₂ &lt; 1. */
    static final double TRUST_DISTANCE = Math.PI / 4;

    private final Grassmann grassmann;
    private final GrassmannAtlas atlas;
    private final Supplier<GrassmannKernels.Workspace> workspace;

    GrassmannRunningMean(Grassmann grassmann, GrassmannAtlas atlas, Supplier<GrassmannKernels.Workspace> workspace) {
        this.grassmann = grassmann;
        this.atlas = atlas;
        this.workspace = workspace;
    }

    /**
     * {@inheritDoc} A point off its chart's centre becomes the centre of the state's own chart, as at a chart change
     * ({@link State#recentre}), with the same allocation-free arithmetic.
     */
    @Override
    public State start(ChartPoint p) {
        Normal state = new Normal(grassmann.ownChart(p.chart()));
        if (p.xi().maxAbs() != 0) {
            state.centreAtCoordinates(p.xi().toArray());
        }
        return state;
    }

    private final class Normal implements State {
        private final int n;
        private final int k;
        private final int m;
        private final NormalCorrection correction;
        private final double[] u;
        private final double[] y;
        private final double[] tu;
        /** VᵀY, k×k scratch. */
        private final double[] vty;
        /** The native BLAS for the k×k products, or {@code null}. */
        private final LargeKernels blas;
        /** The vector kernels for them, or {@code null}. */
        private final SmallKernels small;
        private final double[] lambda;
        /** The chart that every chart change moves in place; never handed out ({@link #shown}). */
        private final GrassmannChart own;
        private final GrassmannAtlas.Centring centring;
        private final SmallEigen eig;
        private final Panels panels;
        /** m×k (with the vector kernels' slack): the lower rows of the new centre's basis, then W·M. */
        private final double[] bottom;
        private final double[] product;
        /** The estimate's orthonormal basis at a chart change, n×k. */
        private final double[] basis;
        /** k×k scratch (with the vector kernels' slack where they write it). */
        private final double[] e;
        private final double[] wtu;
        private final double[] z;
        private final double[] top;
        private final double[] s1;
        private final double[] s2;
        /** k×k scratch of {@link #adHocGram} and {@link #rotation}. */
        private final double[] s3;
        private final double[] f;
        private final double[] g;
        private GrassmannChart chart;
        /** An immutable copy of {@link #own} for the current centre, made when {@link #point} first needs it. */
        private GrassmannChart shown;
        private double offset;
        /** An upper bound on ‖L‖₂, the estimate's largest principal angle to the centre (see {@link #add}). */
        private double angle;
        private double spread;
        /** The running mean of the samples' min(‖ν‖², 2θ_max²), θ_max by the correction's upper bound. */
        private double curvature;
        private long changes;

        /** Allocates everything a chart change needs here, so that no update allocates (not even the first). */
        Normal(GrassmannChart chart) {
            this.n = chart.n;
            this.k = chart.k;
            this.m = chart.m;
            GrassmannKernels.Workspace ws = workspace.get();
            this.blas = ws.large;
            this.small = ws.small;
            this.correction = new NormalCorrection(k, ws.small, ws.large, ws.halves);
            this.u = new double[m * k];
            // The vector kernels' unpadded products read and write a span past the last row (SmallKernels).
            int slack = small == null ? 0 : small.span(k);
            this.y = new double[k * k + slack];
            this.tu = new double[k * k];
            this.vty = new double[k * k + slack];
            this.lambda = new double[k];
            this.own = GrassmannChart.movable(new ChartId("running-mean"), n, k);
            this.eig = new SmallEigen(k);
            this.panels = new Panels(n, k, small, blas, ws.halves);
            this.centring = new GrassmannAtlas.Centring(n, k, eig, panels);
            this.bottom = new double[m * k + slack];
            this.product = new double[m * k + slack];
            this.basis = new double[n * k];
            // The vector kernels' gram writes k rows of the span each (then compacted to k×k: frame).
            this.e = new double[k * Math.max(k, slack) + slack];
            this.wtu = new double[k * Math.max(k, slack) + slack];
            this.z = new double[k * k];
            this.top = new double[k * k];
            this.s1 = new double[k * k];
            this.s2 = new double[k * k];
            this.s3 = new double[k * k];
            this.f = new double[k];
            this.g = new double[k];
            centreAt(chart);
        }

        private void centreAt(GrassmannChart next) {
            chart = next;
            shown = null;
            Arrays.fill(u, 0);
            Arrays.fill(y, 0);
            Arrays.fill(tu, 0);
            offset = 0;
            angle = 0;
            QaRotation q = chart.rotation;
            for (int a = 0; a < k && chart.isAdHoc(); a++) {
                lambda[a] = Math.max(1 / (q.d[a] * q.d[a]) - 1, 0);
            }
        }

        /**
         * Moves the centre to the point with published coordinates xi in the current chart (at the start, where
         * y = 0): in orthonormal-frame coordinates that point is {@code S_m⁻¹xi = xi + WΨWᵀxi}, the L of
         * {@link #frame} for u = xi.
         */
        void centreAtCoordinates(double[] xi) {
            System.arraycopy(xi, 0, u, 0, m * k);
            gram();
            frame(false);
            atlas.moveTo(own, basis, centring, chart.upper);
            centreAt(own);
        }

        @Override
        public boolean add(double[] ambient, double t) {
            if (ambient.length != n * k) {
                Checks.requireFiniteOfLength("ambient", ambient, n * k, "n·k for " + grassmann.name());
            }
            GrassmannKernels.Workspace ws = workspace.get();
            double uu = GrassmannKernels.normalStep(chart, ambient, correction, u, t, ws);
            if (uu < 0) {
                // Kernels trust their inputs; only now is the sample validated, to say what was wrong with it.
                Checks.requireFiniteOfLength("ambient", ambient, n * k, "n·k for " + grassmann.name());
                Checks.requireOnManifold("ambient", ambient, grassmann::checkPoint);
                if (!(Dense.maxAbs(ambient) < 1e150)) {
                    throw new ArithmeticException("running mean: the squares of the sample's entries overflow"
                            + " (largest |x| " + Dense.maxAbs(ambient) + "); scale its basis");
                }
                return false;
            }
            double[] f = correction.factor();
            for (int i = 0; i < k * k; i++) {
                y[i] += t * (f[i] - y[i]);
            }
            double offset2 = uu;
            if (chart.isAdHoc()) {
                offset2 += adHocTerms(ws.tx, t);
            }
            offset = Math.sqrt(Math.max(offset2, 0));
            double distance2 = correction.squaredDistance();
            spread += t * (distance2 - spread);
            double theta = correction.largestAngle();
            curvature += t * (Math.min(distance2, 2 * theta * theta) - curvature);
            if (!(offset < Double.POSITIVE_INFINITY)) {
                Checks.requireFiniteOfLength("ambient", ambient, n * k, "n·k for " + grassmann.name());
                throw new ArithmeticException("running mean: non-finite coordinates in chart " + shown().id());
            }
            // ‖(1 − t)L + tν‖₂ ≤ |1 − t|·‖L‖₂ + |t|·‖ν‖₂, and ‖ν‖₂ is the sample's largest angle: O(1) per update.
            angle = Math.min(offset, Math.abs(1 - t) * angle + Math.abs(t) * theta);
            if (angle >= TRUST_DISTANCE) {
                gram();
                if (withinTrust()) {
                    angle = TRUST_DISTANCE;
                } else {
                    recentreFromGram();
                }
            }
            return true;
        }

        /**
         * T ← T + t(G·RF − T), then {@code 2 tr(ZᵀT) + Σ_a λ_a ‖z_a‖²} with Z = ΨT − VᵀY: the part of ‖L‖² that the
         * chart's rotation adds to ‖u‖².
         *
         * @param grf G·RF of the sample (the kernel's {@code ws.tx})
         */
        private double adHocTerms(double[] grf, double t) {
            QaRotation q = chart.rotation;
            double[] v = q.v;
            if (blas != null) {
                correction.product(v, y, vty, true);
            } else if (small != null) {
                small.multiply(v, k, true, y, k, vty, k, k);
            } else {
                Arrays.fill(vty, 0);
                for (int b = 0; b < k; b++) {
                    for (int a = 0; a < k; a++) {
                        double vba = v[b * k + a];
                        for (int c = 0; c < k; c++) {
                            vty[a * k + c] += vba * y[b * k + c];
                        }
                    }
                }
            }
            double sum = 0;
            for (int a = 0; a < k; a++) {
                double za2 = 0;
                for (int c = 0; c < k; c++) {
                    int i = a * k + c;
                    double ti = tu[i] + t * (grf[i] - tu[i]);
                    tu[i] = ti;
                    double z = q.psi[a] * ti - vty[i];
                    sum += 2 * z * ti;
                    za2 += z * z;
                }
                sum += lambda[a] * za2;
            }
            return sum;
        }

        /** A sample with an entry that is not finite leaves XᵀX's diagonal non-finite: the kernel stops there. */
        @Override
        public boolean rejectsNonFinite() {
            return true;
        }

        @Override
        public double offset() {
            return offset;
        }

        @Override
        public double spread() {
            return spread;
        }

        /**
         * {@inheritDoc} On Gr(n,k), with ν = UΣVᵀ and m̃ = UᵀmV, {@code R(m,ν)ν = mνᵀν + ννᵀm − 2νmᵀν} has entries
         * {@code m̃_ij(σ_i² + σ_j²) − 2σ_iσ_j m̃_ji}, at most {@code (σ_i + σ_j)²|m̃|}: so
         * {@code ‖R(m,ν)ν‖ ≤ 2‖m‖·min(‖ν‖², 2‖ν‖₂²)}, and ‖ν‖_R² = min(‖ν‖², 2θ_max²) keeps the constant of the
         * metric's norm (equal to ‖ν‖² for k = 1) while it is up to k/2 times smaller; θ_max is the correction's upper
         * bound on the largest principal angle ({@link NormalCorrection#largestAngle}).
         */
        @Override
        public double curvatureSpread() {
            return curvature;
        }

        /**
         * The same point, now the centre of the state's own chart: its orthonormal basis {@code Exp_c(L)} from the
         * state ({@link #frame}), then the chart of {@link GrassmannAtlas#adHocAt} there, moved into place
         * ({@link GrassmannAtlas#moveTo}). Six (n−k)×k-by-k×k products on the update's own kernels (uᵀu with Wᵀu,
         * uG, WM, C, W = CV, K = W D Vᵀ), O(k³) besides, no allocation.
         */
        @Override
        public void recentre() {
            if (offset > 0) {
                gram();
                recentreFromGram();
            }
        }

        /** {@link #recentre} after {@link #gram}. */
        private void recentreFromGram() {
            frame(true);
            atlas.moveTo(own, basis, centring, chart.upper);
            centreAt(own);
            changes++;
        }

        /**
         * Whether every principal angle of the estimate to the centre is below {@link #TRUST_DISTANCE}, i.e.
         * λ_max(LᵀL) &lt; τ²: τ²I − LᵀL is positive definite ({@link Panels#positiveDefinite}, k³/6 on LᵀL as
         * {@link #gram} left it in {@link #e}, which it keeps).
         */
        private boolean withinTrust() {
            double tau2 = TRUST_DISTANCE * TRUST_DISTANCE;
            for (int i = 0; i < k * k; i++) {
                s3[i] = -e[i];
            }
            for (int a = 0; a < k; a++) {
                s3[a * k + a] += tau2;
            }
            return Panels.positiveDefinite(s3, k, blas);
        }

        /**
         * LᵀL = uᵀu + TᵀZ + ZᵀT + ZᵀΛ_C Z into {@link #e}, with T = Wᵀu (exact, in {@link #wtu}) and Z: two
         * (n−k)×k-by-k products and three k×k ones (uᵀu alone in an Ehresmann chart). The first part of {@link #frame}
         * and of the trust test ({@link #withinTrust}).
         */
        private void gram() {
            QaRotation q = chart.rotation;
            boolean adHoc = chart.isAdHoc();
            if (adHoc && small != null && chart.padded() != null) {
                small.gram(chart.padded(), chart.widePitch(), u, m, k, wtu, e);
                int span = small.span(k);
                for (int a = 1; a < k; a++) {
                    System.arraycopy(wtu, a * span, wtu, a * k, k);
                    System.arraycopy(e, a * span, e, a * k, k);
                }
            } else if (adHoc && panels.pairs()) {
                TwoWay.run(() -> Panels.transposeTimes(u, u, m, k, e, blas),
                        () -> Panels.transposeTimes(q.w, u, m, k, wtu, blas));
            } else {
                Panels.transposeTimes(u, u, m, k, e, blas);
                if (adHoc) {
                    Panels.transposeTimes(q.w, u, m, k, wtu, blas);
                }
            }
            if (adHoc) {
                adHocGram(q);
            }
        }

        /**
         * The orthonormal basis of the point that the state's L = u + WZ, Z = ΨT − VᵀY (T = Wᵀu; L = u in an
         * Ehresmann chart) stands for, into {@link #basis}, O((n−k)k² + k³). With LᵀL = UΛUᵀ, read as normal
         * coordinates (the estimate {@code Exp_c(L)}) the frame is {@code (A; L·G)} with {@code A = U cos√Λ Uᵀ} and
         * {@code G = U (sin√Λ/√Λ) Uᵀ}; read as chart coordinates (B = L) it is the polar basis
         * {@code (I; B)(I + BᵀB)^{-1/2}}, A = G = U (1 + Λ)^{-1/2} Uᵀ. Then Q_C of {@link QaRotation}, all in k×k
         * but for two products: WᵀW = Λ_C (the rotation's λ) gives {@code LᵀL = uᵀu + TᵀZ + ZᵀT + ZᵀΛ_C Z} and
         * {@code Wᵀ(LG) = (T + Λ_C Z)G}, so the lower rows {@code LG + W·lower} are {@code uG + W(ZG + lower)}.
         *
         * The first part, LᵀL into {@link #e} (with T and Z), is {@link #gram}'s, which must have run.
         *
         * @param normal whether L holds normal coordinates (else chart coordinates)
         */
        private void frame(boolean normal) {
            QaRotation q = chart.rotation;
            boolean adHoc = chart.isAdHoc();
            eig.decompose(e);
            for (int a = 0; a < k; a++) {
                double s = Math.max(eig.values[a], 0);
                double root = Math.sqrt(s);
                if (normal) {
                    f[a] = Math.cos(root);
                    g[a] = root > 1e-8 ? Math.sin(root) / root : 1 - s / 6;
                } else {
                    f[a] = 1 / Math.sqrt(1 + s);
                    g[a] = f[a];
                }
            }
            eig.compose(f, top);
            eig.compose(g, s1);
            if (adHoc && panels.pairs()) {
                TwoWay.run(() -> panels.product(u, null, s1, bottom), () -> rotation(q));
            } else {
                panels.product(u, null, s1, bottom);
                if (adHoc) {
                    rotation(q);
                }
            }
            if (adHoc) {
                panels.product(q.w, null, e, product);
                for (int i = 0; i < m * k; i++) {
                    bottom[i] += product[i];
                }
            }
            for (int j = 0; j < k; j++) {
                System.arraycopy(top, j * k, basis, chart.upper[j] * k, k);
            }
            for (int i = 0; i < m; i++) {
                System.arraycopy(bottom, i * k, basis, chart.lower[i] * k, k);
            }
        }

        /**
         * {@link #frame}'s k×k part: Z = ΨT − VᵀY, then LᵀL += TᵀZ + ZᵀT + ZᵀΛ_C Z, as products of {@link Panels}
         * (DGEMM from {@link GrassmannKernels#BLAS_FROM_K}: at k = 500 strided k³ loops took most of a chart change).
         */
        private void adHocGram(QaRotation q) {
            Panels.transposeTimes(q.v, y, k, k, vty, blas);
            for (int a = 0; a < k; a++) {
                for (int c = 0; c < k; c++) {
                    int i = a * k + c;
                    z[i] = q.psi[a] * wtu[i] - vty[i];
                    s1[i] = lambda[a] * z[i];
                }
            }
            Panels.transposeTimes(wtu, z, k, k, s2, blas);
            Panels.transposeTimes(z, s1, k, k, s3, blas);
            for (int i = 0; i < k; i++) {
                for (int j = 0; j < k; j++) {
                    e[i * k + j] += s2[i * k + j] + s2[j * k + i] + s3[i * k + j];
                }
            }
        }

        /**
         * The k×k part of the rotation Q_C applied to the new frame, (top; bottom) ← Q_C (top; LG) with bottom = uG,
         * G in s1 and Z, T = Wᵀu as {@link #frame} left them: with T_r = Vᵀ·top and H = Wᵀ(LG) = (T + Λ_C Z)G the
         * result is {@code top + V[(D − I)T_r − D H]} and {@code uG + W·M}, M = ZG + D T_r + Φ H ({@link QaRotation}'s
         * formulas): four products of {@link Panels}, top in place and M into {@link #e}; {@link #frame} adds W·M to
         * the lower rows. Reads neither u nor bottom, so that uG may be formed meanwhile.
         */
        private void rotation(QaRotation q) {
            double[] v = q.v;
            Panels.transposeTimes(v, top, k, k, vty, blas);
            for (int a = 0; a < k; a++) {
                for (int b = 0; b < k; b++) {
                    s3[a * k + b] = wtu[a * k + b] + lambda[a] * z[a * k + b];
                }
            }
            Panels.times(s3, k, k, s1, 1, false, s2, blas);
            Panels.times(z, k, k, s1, 1, false, e, blas);
            for (int a = 0; a < k; a++) {
                for (int c = 0; c < k; c++) {
                    int i = a * k + c;
                    double tr = vty[i];
                    double hh = s2[i];
                    s2[i] = (q.d[a] - 1) * tr - q.d[a] * hh;
                    e[i] += q.d[a] * tr + q.phi[a] * hh;
                }
            }
            Panels.times(v, k, k, s2, 1, true, top, blas);
        }

        /** h ← u − KY, the estimate's published normal coordinates (u itself in an Ehresmann chart). */
        private void published(double[] h) {
            System.arraycopy(u, 0, h, 0, m * k);
            if (chart.isAdHoc()) {
                Panels.times(chart.rotation.offset, m, k, y, -1, true, h, blas);
            }
        }

        /** l ← S_m⁻¹h = h + WΨWᵀh, the orthonormal-frame coordinates of h (h itself in an Ehresmann chart). */
        private void orthonormalFrame(double[] h, double[] l) {
            System.arraycopy(h, 0, l, 0, m * k);
            if (chart.isAdHoc()) {
                QaRotation q = chart.rotation;
                Panels.transposeTimes(q.w, h, m, k, s1, blas);
                for (int a = 0; a < k; a++) {
                    for (int c = 0; c < k; c++) {
                        s1[a * k + c] *= q.psi[a];
                    }
                }
                Panels.times(q.w, m, k, s1, 1, true, l, blas);
            }
        }

        /** @return the chart the estimate is published in: the current one, or a copy of {@link #own} */
        private GrassmannChart shown() {
            if (chart != own) {
                return chart;
            }
            if (shown == null) {
                shown = own.copy(atlas.nextAdHocId());
            }
            return shown;
        }

        /**
         * The chart coordinates of {@code Exp_c(L)}: in orthonormal frame {@code L·tan(√(LᵀL))/√(LᵀL)}, published
         * {@code h·F'} with F' that k×k function of LᵀL.
         */
        @Override
        public ChartPoint point() {
            GrassmannChart at = shown();
            if (offset == 0) {
                return new ChartPoint(at, Coordinates.zeros(m * k));
            }
            double[] h = new double[m * k];
            double[] l = new double[m * k];
            published(h);
            orthonormalFrame(h, l);
            Panels.transposeTimes(l, l, m, k, s1, blas);
            eig.decompose(s1);
            for (int a = 0; a < k; a++) {
                double s = Math.max(eig.values[a], 0);
                double root = Math.sqrt(s);
                f[a] = root > 1e-8 ? Math.tan(root) / root : 1 + s / 3;
            }
            eig.compose(f, s1);
            double[] xi = new double[m * k];
            Panels.times(h, m, k, s1, 1, false, xi, blas);
            return new ChartPoint(at, Coordinates.ofComputed("running mean", xi));
        }

        @Override
        public long chartChanges() {
            return changes;
        }
    }
}

package org.atlasgraph.grassmann;

import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.random.RandomGenerator;
import org.atlasgraph.api.AmbientMetric;
import org.atlasgraph.api.AtlasGraph;
import org.atlasgraph.api.Chart;
import org.atlasgraph.api.ChartPoint;
import org.atlasgraph.api.Coordinates;
import org.atlasgraph.api.Metric;
import org.atlasgraph.api.base.AtlasManifold;
import org.atlasgraph.api.capability.AmbientSchemes;
import org.atlasgraph.api.capability.AmbientStep;
import org.atlasgraph.api.capability.ChartCentring;
import org.atlasgraph.api.capability.ExactGeometry;
import org.atlasgraph.api.capability.GeodesicPowerDistribution;
import org.atlasgraph.api.capability.OnlineMeanStep;
import org.atlasgraph.api.capability.RunningMean;
import org.atlasgraph.api.capability.Sampler;
import org.atlasgraph.api.check.Checks;
import org.atlasgraph.api.check.Defect;
import org.atlasgraph.api.check.InvalidInputException;
import org.atlasgraph.api.check.NotOnManifoldException;

/**
 * The Grassmann manifold Gr(n,k) of k-dimensional subspaces of R^n, 1 ≤ k &lt; n, with the metric induced by the
 * embedding (principal-angle distance), represented by the atlas graph of §3.1.
 *
 * <p><b>Points.</b> A point is an n×k matrix X whose columns span the subspace, flattened row-major (EJML's
 * DMatrixRMaj layout), D = n·k: {@code X[i·k + j]} is row i, column j. {@link #locate} and {@link #coordinatesIn}
 * accept any basis of full column rank (condition number at most {@link #CONDITION_LIMIT}, {@link #checkPoint});
 * {@link #embed} returns an orthonormal one. The dimension is d = (n−k)k.
 *
 * <p><b>Tangent vectors and metric.</b> At an orthonormal basis X the tangent space is the horizontal space
 * {@code {H ∈ R^{n×k} : XᵀH = 0}}, and the metric is the one induced by R^{n×k} ({@link AmbientMetric#INDUCED}),
 * {@code g_X(H₁, H₂) = tr(H₁ᵀH₂)}, as in Manopt. In chart coordinates B ∈ R^{(n−k)×k} it is
 * {@code tr((I + BᵀB)⁻¹ Uᵀ (I + BBᵀ)⁻¹ V)} (orthonormal-frame coordinates, to which ad hoc charts convert theirs), with
 * inverse {@code ω ↦ (I + BBᵀ) ω (I + BᵀB)}; the Riemannian gradient of a function with Euclidean gradient E is the
 * representative of E's projection onto the horizontal space, {@code (I − XXᵀ)E} ({@link #metric()}).
 *
 * <p><b>Atlas.</b> Ehresmann charts indexed by i₁ &lt; … &lt; i_k with coordinates {@code B = X_L X_U⁻¹}
 * (App. G.1; ids {@code E{i₁,…,i_k}}, 0-based); ad hoc charts centred at any point (Claim 3.1, ids {@code adhoc-N}),
 * whose coordinates are the fixed linear image H = S_m B of the paper's (cheaper to ingest; same points, same
 * quasi-Euclidean steps, see {@code GrassmannChart}); a transition between any two charts (eq. 3.4); and the domain of
 * trust {@code |b_ij| < 1} (Claim C.1). {@link #locate} takes the Ehresmann chart of Alg. 7 when the point's
 * coordinates there are inside the domain of trust, else an ad hoc chart centred at the point. Nothing here ever forms
 * an n×n matrix: a chart stores O(nk) numbers, ingesting a point costs O(nk²), a chart change O(nk² + k³) (the paper's
 * Alg. 4: O(n³)).
 *
 * <p><b>Primitives.</b> Those of {@link AtlasManifold}: the quasi-Euclidean retraction {@code B + τ} with the chart
 * change of Alg. 4 when a coordinate reaches 1, its inverse (a difference in one chart, else via the transition) and
 * the differential vector transport; the metric above in closed form.
 *
 * <p><b>Capabilities</b> ({@link #capability}):
 * <ul>
 *   <li>{@link ExactGeometry}: the closed forms of Fig. S1 on orthonormal bases: {@code Log_X Y = U arctan(Σ) Vᵀ}
 *       for {@code (Y − XXᵀY)(XᵀY)⁻¹ = UΣVᵀ}, {@code Exp_X H = XV cos Σ Vᵀ + U sin Σ Vᵀ} for {@code H = UΣVᵀ},
 *       parallel transport along geodesics (Edelman–Arias–Smith eq. 2.68) and the distance {@code sqrt(Σ θ_i²)} over
 *       the principal angles θ_i; hence {@code Geodesics};</li>
 *   <li>{@link AmbientSchemes}, the baselines of §3.2 besides "exp": "gifee" (GifeeLog + GifeeExp), "retraction"
 *       (ManoptLog + the polar Stiefel retraction) and "opca" (Oja's subspace rule
 *       {@code W ← orth(W + η XXᵀW)}, η = t/(1 − t));</li>
 *   <li>{@link OnlineMeanStep}: Alg. 1's update {@code A ← A + (Ã − A)·t} fused into one pass over the sample;</li>
 *   <li>{@link Sampler}: the uniform (Haar) measure, {@link #uniform};</li>
 *   <li>{@link GeodesicPowerDistribution}: GPD(X, p) of App. C.3, a uniform Y at distance δ moved to
 *       {@code Exp_X((δ/δ_max)^p Log_X Y)}, with the δ_max chosen at creation ({@link DeltaMax});</li>
 *   <li>{@link ChartCentring}: a new ad hoc chart centred at a point (Claim 3.1);</li>
 *   <li>{@link RunningMean}: the consistent online mean's update, Alg. 1's fused kernel with the chart's
 *       normal-coordinate correction {@code R ← R·arctan(√(BᵀB))/√(BᵀB)} folded in (see {@code GrassmannRunningMean}).
 *       </li>
 * </ul>
 *
 * <p>Instances are immutable and thread-safe (hot kernels keep per-thread workspaces).
 */
public final class Grassmann extends AtlasManifold {
    /**
     * Largest accepted condition number σ_max/σ_min of an ambient basis. Beyond it the basis is treated as rank
     * deficient: its span is determined to fewer than ~6 significant digits in double precision.
     */
    public static final double CONDITION_LIMIT = 1e10;

    /** The largest n·k: the length of a Java array. */
    public static final long MAX_AMBIENT_LENGTH = Integer.MAX_VALUE - 8;

    private final int n;
    private final int k;
    private final String name;
    private final GrassmannAtlas atlas;
    private final GrassmannGeometry exact;
    private final GrassmannSampling sampling;
    private final Metric metric;
    private final ThreadLocal<GrassmannKernels.Workspace> workspace;

    private Grassmann(int n, int k, DeltaMax deltaMax) {
        super(AmbientMetric.INDUCED);
        this.n = n;
        this.k = k;
        this.name = "Gr(" + n + "," + k + ")";
        this.atlas = new GrassmannAtlas(n, k);
        this.exact = new GrassmannGeometry(n, k);
        this.sampling = new GrassmannSampling(n, k, exact, deltaMax);
        this.metric = new GrassmannMetric(n, k);
        this.workspace = ThreadLocal.withInitial(() -> new GrassmannKernels.Workspace(n, k));
        Map<String, AmbientStep> schemes = new LinkedHashMap<>();
        schemes.put("gifee", exact::gifeeStep);
        schemes.put("retraction", exact::retractionStep);
        schemes.put("opca", new OjaStep(n, k));
        Map<String, AmbientStep> named = Collections.unmodifiableMap(schemes);
        provide(ExactGeometry.class, exact);
        provide(AmbientSchemes.class, () -> named);
        provide(OnlineMeanStep.class, this::stepToward);
        provide(Sampler.class, new Sampler() {
            @Override
            public ChartPoint sample(RandomGenerator rng) {
                return locate(uniform(rng));
            }

            @Override
            public String distribution() {
                return "uniform (Haar) measure";
            }
        });
        provide(GeodesicPowerDistribution.class, sampling);
        provide(RunningMean.class, new GrassmannRunningMean(this, atlas, workspace::get));
        provide(ChartCentring.class, p -> {
            ownChart(p.chart());
            return atlas.changeChart(p);
        });
    }

    /**
     * Gr(n,k) whose geodesic power distribution uses the paper's δ_max ({@link DeltaMax#PAPER}).
     *
     * @param n the ambient dimension, n &gt; k
     * @param k the subspace dimension, k ≥ 1
     * @return Gr(n,k)
     * @throws InvalidInputException if k &lt; 1, n ≤ k or n·k exceeds {@link #MAX_AMBIENT_LENGTH}
     */
    public static Grassmann of(int n, int k) {
        return of(n, k, DeltaMax.PAPER);
    }

    /**
     * Gr(n,k) with a given δ_max for its {@link GeodesicPowerDistribution}.
     *
     * @param n        the ambient dimension, n &gt; k
     * @param k        the subspace dimension, k ≥ 1
     * @param deltaMax the δ_max of GPD(X, p): the paper's or the diameter
     * @return Gr(n,k)
     * @throws InvalidInputException if k &lt; 1, n ≤ k or n·k exceeds {@link #MAX_AMBIENT_LENGTH}, or deltaMax is
     *                               null
     */
    public static Grassmann of(int n, int k, DeltaMax deltaMax) {
        if (k < 1) {
            throw new InvalidInputException("k", "an integer ≥ 1 (Gr(n,k) needs 1 ≤ k < n)", String.valueOf(k));
        }
        if (n <= k) {
            throw new InvalidInputException("n", "an integer > k = " + k + " (Gr(n,k) needs 1 ≤ k < n)",
                    String.valueOf(n));
        }
        if ((long) n * k > MAX_AMBIENT_LENGTH) {
            throw new InvalidInputException("n·k", "at most " + MAX_AMBIENT_LENGTH + " (length of an ambient array)",
                    String.valueOf((long) n * k));
        }
        if (deltaMax == null) {
            throw new InvalidInputException("deltaMax", "one of " + Arrays.toString(DeltaMax.values()),
                    "null");
        }
        return new Grassmann(n, k, deltaMax);
    }

    /** @return n, the ambient dimension */
    public int n() {
        return n;
    }

    /** @return k, the subspace dimension */
    public int k() {
        return k;
    }

    @Override
    public String name() {
        return name;
    }

    /** {@inheritDoc} Here (n − k)·k. */
    @Override
    public int dimension() {
        return (n - k) * k;
    }

    /** {@inheritDoc} Here n·k. */
    @Override
    public int ambientDimension() {
        return n * k;
    }

    @Override
    public AtlasGraph atlas() {
        return atlas;
    }

    /**
     * {@inheritDoc} Alg. 7 picks the Ehresmann chart whose centre is closest; if the coordinates there (Alg. 8) are
     * inside its domain of trust the point is returned in it, otherwise in a new ad hoc chart centred at the point
     * (coordinates 0), as Alg. 1 would after its first chart change.
     */
    @Override
    public ChartPoint locate(double[] ambient) {
        double[] basis = exact.orthonormalize("ambient", ambient);
        double[] b = new double[dimension()];
        GrassmannChart chart = atlas.locate(basis, b);
        return new ChartPoint(chart, chart.isAdHoc() ? Coordinates.zeros(dimension())
                : Coordinates.ofComputed("locate", b));
    }

    /**
     * {@inheritDoc} This is the hot path of the atlas scheme: O(nk²) time, no allocation beyond the returned
     * coordinates (see {@code GrassmannKernels}).
     *
     * @throws NotOnManifoldException if the chart cannot represent the point because the basis itself is rank
     *                                deficient
     */
    @Override
    public Optional<ChartPoint> coordinatesIn(Chart chart, double[] ambient) {
        Checks.requireFiniteOfLength("ambient", ambient, n * k, "n·k for " + name);
        GrassmannChart g = ownChart(chart);
        double[] b = new double[dimension()];
        if (GrassmannKernels.ingest(g, ambient, b, workspace.get())) {
            return Optional.of(new ChartPoint(chart, Coordinates.ofComputed("coordinatesIn", b)));
        }
        Checks.requireOnManifold("ambient", ambient, this::checkPoint);
        return Optional.empty();
    }

    /**
     * The {@link OnlineMeanStep} of Gr(n,k), one fused pass ({@code GrassmannKernels.step}): the sample's coordinates
     * in p's chart are never materialized, the new coordinates {@code ξ_p + t(ξ_x − ξ_p)} are written directly, and
     * the domain of trust is checked exactly with an O((n−k)k) bound (rows are evaluated in full only where the bound
     * reaches 1). That is 2(n−k)k² multiply-adds in an ad hoc chart, (n−k)k² in an Ehresmann chart, and no
     * allocation beyond the result. A step that leaves the domain of trust moves to a new ad hoc chart centred at the
     * result, as {@link #retraction()} does.
     *
     * @throws NotOnManifoldException if p's chart cannot represent the sample because the basis itself is rank
     *                                deficient
     */
    private Optional<ChartPoint> stepToward(ChartPoint p, double[] ambient, double t) {
        Checks.requireFinite("t", t);
        GrassmannChart chart = ownChart(p.chart());
        if (ambient.length != n * k) {
            Checks.requireFiniteOfLength("ambient", ambient, n * k, "n·k for " + name);
        }
        GrassmannKernels.Workspace ws = workspace.get();
        Coordinates xi = p.xi();
        double[] h;
        if (ws.memoChart == chart && ws.memoPoint == xi) {
            // p is the point this thread's last step returned: read its coordinates from the array it owns (never
            // written again) and reuse its T = Wᵀh.
            h = ws.memoArray;
        } else {
            xi.copyInto(ws.mean, 0);
            h = ws.mean;
            if (chart.isAdHoc()) {
                GrassmannKernels.gramWithCentre(chart, h, ws.memoT, ws);
            }
        }
        ws.memoChart = null;
        ws.memoPoint = null;
        ws.memoArray = null;
        double[] out = new double[dimension()];
        int outcome = GrassmannKernels.step(chart, ambient, h, ws.memoT, t, out, ws.memoT, ws);
        if (outcome == GrassmannKernels.SINGULAR || outcome == GrassmannKernels.NOT_FINITE) {
            // Kernels trust their inputs; only now is the sample validated, to say what was wrong with it.
            Checks.requireFiniteOfLength("ambient", ambient, n * k, "n·k for " + name);
            if (outcome == GrassmannKernels.NOT_FINITE) {
                throw new ArithmeticException("stepToward: non-finite coordinates in chart " + chart.id());
            }
            Checks.requireOnManifold("ambient", ambient, this::checkPoint);
            return Optional.empty();
        }
        Coordinates next = Coordinates.ofComputed("stepToward", out);
        if (outcome == GrassmannKernels.OUTSIDE) {
            ChartPoint moved = atlas.changeChart(new ChartPoint(chart, next));
            return Optional.of(moved);
        }
        ws.memoChart = chart;
        ws.memoPoint = next;
        ws.memoArray = out;
        return Optional.of(new ChartPoint(chart, next));
    }

    GrassmannChart ownChart(Chart chart) {
        if (!(chart instanceof GrassmannChart g) || g.n != n || g.k != k) {
            throw new InvalidInputException("chart", "a chart of " + name, String.valueOf(chart));
        }
        return g;
    }

    /**
     * {@inheritDoc} The constraint is full column rank, measured by the condition number σ_max/σ_min of the basis
     * (from its thin QR), against {@link #CONDITION_LIMIT}. An exactly rank-deficient basis (e.g. a zero column),
     * on which the QR breaks down, has condition number ∞.
     *
     * @throws InvalidInputException if the length is not n·k or an entry is not finite
     */
    @Override
    public Optional<Defect> checkPoint(double[] ambient) {
        Checks.requireFiniteOfLength("ambient", ambient, n * k, "n·k for " + name);
        double condition = Dense.condition(ambient, n, k);
        return condition <= CONDITION_LIMIT ? Optional.empty() : Optional.of(rankDefect(condition));
    }

    static Defect rankDefect(double condition) {
        return new Defect("full column rank", "condition number σ_max/σ_min", condition, CONDITION_LIMIT);
    }

    /**
     * {@inheritDoc} Here {@code tr((I + BᵀB)⁻¹ Uᵀ (I + BBᵀ)⁻¹ V)} in orthonormal-frame coordinates, to which ad hoc
     * charts convert theirs (B = S_m⁻¹H, U = S_m⁻¹U_H, …), in O(nk² + k³) through k×k matrices (d can be 750,000);
     * the Riemannian gradient is the metric projection {@code tangentCoordinates} of the Euclidean one, exact for the
     * induced metric.
     */
    @Override
    public Metric metric() {
        return metric;
    }

    /**
     * A uniform random point (App. C.3, step 1): the sign-fixed thin QR of an n×k standard Gaussian matrix, the
     * ambient form of the {@link Sampler} capability.
     *
     * @param rng the only source of randomness
     * @return a new orthonormal n×k basis, row-major
     */
    public double[] uniform(RandomGenerator rng) {
        return sampling.uniform(rng);
    }
}

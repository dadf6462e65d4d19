package org.atlasgraph.grassmann;

import java.util.Optional;
import java.util.random.RandomGenerator;
import org.atlasgraph.api.AtlasGraph;
import org.atlasgraph.api.Chart;
import org.atlasgraph.api.ChartPoint;
import org.atlasgraph.api.Coordinates;
import org.atlasgraph.api.Manifold;
import org.atlasgraph.api.Sampler;
import org.atlasgraph.api.check.Checks;
import org.atlasgraph.api.check.Defect;
import org.atlasgraph.api.check.InvalidInputException;
import org.atlasgraph.api.check.NotOnManifoldException;
import org.atlasgraph.api.primitive.DifferentialVectorTransport;
import org.atlasgraph.api.primitive.Distance;
import org.atlasgraph.api.primitive.ExactGeometry;
import org.atlasgraph.api.primitive.ExactPrimitives;
import org.atlasgraph.api.primitive.InverseRetraction;
import org.atlasgraph.api.primitive.Metric;
import org.atlasgraph.api.primitive.QuasiEuclideanInverseRetraction;
import org.atlasgraph.api.primitive.QuasiEuclideanRetraction;
import org.atlasgraph.api.primitive.Retraction;
import org.atlasgraph.api.primitive.VectorTransport;

/**
 * The Grassmann manifold Gr(n,k) of k-dimensional subspaces of R^n, 1 ≤ k &lt; n, with the metric induced by the
 * projector embedding (principal-angle distance), represented by the atlas graph of §3.1.
 *
 * <p><b>Ambient representation.</b> A point is an n×k matrix whose columns span the subspace, flattened row-major
 * (EJML's DMatrixRMaj layout), D = n·k: {@code X[i·k + j]} is row i, column j. {@link #locate} and
 * {@link #coordinatesIn} accept any full-rank basis; {@link #embed} returns an orthonormal one. Tangent vectors in the
 * ambient form are horizontal lifts (n×k, Xᵀ H = 0) at the basis {@code embed} returns, as in Manopt.
 *
 * <p><b>Atlas.</b> Ehresmann charts indexed by i₁ &lt; … &lt; i_k with coordinates B ∈ R^{(n−k)×k} (row-major,
 * d = (n−k)k), ids {@code E{i₁,…,i_k}} (0-based); ad hoc charts centred at any point (Claim 3.1), ids
 * {@code adhoc-N}, whose coordinates are the fixed linear image H = S_m B of the paper's (cheaper to ingest; same
 * points, same quasi-Euclidean steps, see {@code GrassmannChart}); a transition between any two charts (eq. 3.4), and
 * the domain of trust {@code |b_ij| < 1} (Claim C.1). {@link #locate} takes the Ehresmann chart of Alg. 7 when the
 * point's coordinates there are inside the domain of trust, else an ad hoc chart centred at the point. Nothing here
 * ever forms an n×n matrix: a chart stores O(nk) numbers, ingesting a point costs O(nk²), a chart change
 * O(nk² + k³) (the paper's Alg. 4: O(n³)).
 *
 * <p><b>Primitives.</b> The quasi-Euclidean retraction (B + τ, with the chart change of Alg. 4 when a coordinate
 * reaches 1), the inverse retraction (a difference in one chart, else via the transition), the differential vector
 * transport, the metric {@code tr((I + BᵀB)⁻¹ Uᵀ (I + BBᵀ)⁻¹ V)} (in orthonormal-frame coordinates), the distance
 * from principal angles, and {@link #exact()} with the closed forms of Fig. S1 and the named update schemes "exp",
 * "gifee" and "retraction". The online-mean step {@link #stepToward} is one fused kernel.
 * Sampling: {@link #sampler()} is uniform; {@link #gpd} draws from the geodesic power distribution of App. C.3.
 *
 * <p>Instances are immutable and thread-safe (hot kernels keep per-thread workspaces).
 */
public final class Grassmann implements Manifold {
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
    private final Retraction retraction;
    private final InverseRetraction inverseRetraction;
    private final VectorTransport vectorTransport;
    private final Distance distance;
    private final ThreadLocal<GrassmannKernels.Workspace> workspace;

    private Grassmann(int n, int k) {
        this.n = n;
        this.k = k;
        this.name = "Gr(" + n + "," + k + ")";
        this.atlas = new GrassmannAtlas(n, k);
        this.exact = new GrassmannGeometry(n, k);
        this.sampling = new GrassmannSampling(n, k);
        this.metric = new GrassmannMetric(n, k);
        this.retraction = new QuasiEuclideanRetraction(atlas);
        this.inverseRetraction = new QuasiEuclideanInverseRetraction(this);
        this.vectorTransport = new DifferentialVectorTransport(this);
        this.distance = ExactPrimitives.distance(this, exact);
        this.workspace = ThreadLocal.withInitial(() -> new GrassmannKernels.Workspace(n, k));
    }

    /**
     * @param n the ambient dimension, n &gt; k
     * @param k the subspace dimension, k ≥ 1
     * @return Gr(n,k)
     * @throws InvalidInputException if k &lt; 1, n ≤ k or n·k exceeds {@link #MAX_AMBIENT_LENGTH}
     */
    public static Grassmann of(int n, int k) {
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
        return new Grassmann(n, k);
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
        GrassmannChart chart = atlas.ehresmann(atlas.identifyChart(basis));
        double[] b = new double[dimension()];
        boolean inside = GrassmannKernels.ingest(chart, basis, b, workspace.get())
                && Dense.maxAbs(b) < GrassmannChart.TRUST_BOUND;
        if (inside) {
            return new ChartPoint(chart, Coordinates.ofComputed("locate", b));
        }
        GrassmannChart adHoc = atlas.adHocAt(basis);
        return new ChartPoint(adHoc, Coordinates.zeros(dimension()));
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
     * {@inheritDoc} Here one fused pass ({@code GrassmannKernels.step}): the sample's coordinates in p's chart are
     * never materialized, the new coordinates {@code ξ_p + t(ξ_x − ξ_p)} are written directly, and the domain of trust
     * is checked exactly with an O((n−k)k) bound (rows are evaluated in full only where the bound reaches 1). That is
     * 2(n−k)k² multiply-adds in an ad hoc chart, (n−k)k² in an Ehresmann chart, and no allocation beyond the result.
     * A step that leaves the domain of trust moves to a new ad hoc chart centred at the result, as
     * {@link #retraction()} does.
     *
     * @throws NotOnManifoldException if p's chart cannot represent the sample because the basis itself is rank
     *                                deficient
     */
    @Override
    public Optional<ChartPoint> stepToward(ChartPoint p, double[] ambient, double t) {
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
                GrassmannKernels.gramWithCentre(chart, h, ws.memoT);
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

    private GrassmannChart ownChart(Chart chart) {
        if (!(chart instanceof GrassmannChart g) || g.n != n || g.k != k) {
            throw new InvalidInputException("chart", "a chart of " + name, String.valueOf(chart));
        }
        return g;
    }

    /**
     * {@inheritDoc} The constraint is full column rank, measured by the condition number σ_max/σ_min of the basis
     * (from its thin QR), against {@link #CONDITION_LIMIT}.
     *
     * @throws InvalidInputException if the length is not n·k or an entry is not finite
     */
    @Override
    public Optional<Defect> checkPoint(double[] ambient) {
        Checks.requireFiniteOfLength("ambient", ambient, n * k, "n·k for " + name);
        double condition;
        try {
            condition = Dense.thinQr(ambient, n, k).condition();
        } catch (ArithmeticException e) {
            // EJML's QR gives up on an exactly rank-deficient basis (e.g. a zero column): that is a defect, not a bug.
            condition = Double.POSITIVE_INFINITY;
        }
        return condition <= CONDITION_LIMIT ? Optional.empty() : Optional.of(rankDefect(condition));
    }

    static Defect rankDefect(double condition) {
        return new Defect("full column rank, condition number σ_max/σ_min", condition, CONDITION_LIMIT);
    }

    @Override
    public Retraction retraction() {
        return retraction;
    }

    @Override
    public InverseRetraction inverseRetraction() {
        return inverseRetraction;
    }

    @Override
    public VectorTransport vectorTransport() {
        return vectorTransport;
    }

    /**
     * {@inheritDoc} Here {@code tr((I + BᵀB)⁻¹ Uᵀ (I + BBᵀ)⁻¹ V)} in orthonormal-frame coordinates, to which ad hoc
     * charts convert theirs (B = S_m⁻¹H, U = S_m⁻¹U_H, …).
     */
    @Override
    public Metric metric() {
        return metric;
    }

    /** {@inheritDoc} Here exact: the root sum of squares of the principal angles. */
    @Override
    public Distance distance() {
        return distance;
    }

    /**
     * {@inheritDoc} Base points must be orthonormal bases (as {@link #embed} returns); {@code steps()} offers
     * {@code "exp"} (ManoptLog + ManoptExp), {@code "gifee"} (GifeeLog + GifeeExp) and {@code "retraction"} (ManoptLog
     * + the polar Stiefel retraction ManoptRet) of Fig. S1, each returning a new orthonormal basis.
     */
    @Override
    public Optional<ExactGeometry> exact() {
        return Optional.of(exact);
    }

    /** {@inheritDoc} The uniform (Haar) measure, see {@link #uniform}. */
    @Override
    public Optional<Sampler> sampler() {
        return Optional.of(rng -> locate(uniform(rng)));
    }

    /**
     * A uniform random point (App. C.3, step 1): the sign-fixed thin QR of an n×k standard Gaussian matrix.
     *
     * @param rng the only source of randomness
     * @return a new orthonormal n×k basis, row-major
     */
    public double[] uniform(RandomGenerator rng) {
        return sampling.uniform(rng);
    }

    /**
     * A draw from the geodesic power distribution GPD(X, p) of App. C.3 with the paper's δ_max
     * ({@link DeltaMax#PAPER}).
     *
     * @see #gpd(double[], double, DeltaMax, RandomGenerator)
     */
    public double[] gpd(double[] mean, double power, RandomGenerator rng) {
        return gpd(mean, power, DeltaMax.PAPER, rng);
    }

    /**
     * A draw from the geodesic power distribution GPD(X, p) (App. C.3): a uniform Y at distance δ from X is moved to
     * {@code Exp_X((δ/δ_max)^p Log_X Y)}. Its Fréchet mean is X; larger p concentrates it. See {@link DeltaMax} for
     * the two choices of δ_max.
     *
     * @param mean     X, any full-rank n×k basis, row-major (not modified)
     * @param power    p &gt; 1
     * @param deltaMax which δ_max
     * @param rng      the only source of randomness
     * @return a new orthonormal n×k basis, row-major
     * @throws InvalidInputException  if {@code mean} has the wrong length or a non-finite entry, or p is not &gt; 1
     * @throws NotOnManifoldException if {@code mean} is rank deficient
     */
    public double[] gpd(double[] mean, double power, DeltaMax deltaMax, RandomGenerator rng) {
        if (!(power > 1) || !Double.isFinite(power)) {
            throw new InvalidInputException("power", "a finite value > 1 (App. C.3: GPD(X, p) needs p > 1)",
                    String.valueOf(power));
        }
        Checks.requireFiniteOfLength("mean", mean, n * k, "n·k for " + name);
        double[] x = Dense.orthonormalityDefect(mean, n, k) <= GrassmannGeometry.ORTHONORMAL_TOLERANCE ? mean
                : exact.orthonormalize("mean", mean);
        return sampling.gpd(x, power, deltaMax.value(n, k), rng);
    }


    @Override
    public String toString() {
        return name;
    }
}

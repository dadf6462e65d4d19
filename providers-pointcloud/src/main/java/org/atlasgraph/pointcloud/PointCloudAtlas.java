package org.atlasgraph.pointcloud;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Random;
import java.util.random.RandomGenerator;
import org.atlasgraph.api.Approximation;
import org.atlasgraph.api.AtlasGraph;
import org.atlasgraph.api.Chart;
import org.atlasgraph.api.ChartPoint;
import org.atlasgraph.api.Coordinates;
import org.atlasgraph.api.Manifold;
import org.atlasgraph.api.Sampler;
import org.atlasgraph.api.TangentVector;
import org.atlasgraph.api.base.Vectors;
import org.atlasgraph.api.check.Checks;
import org.atlasgraph.api.check.Defect;
import org.atlasgraph.api.check.InvalidInputException;
import org.atlasgraph.api.check.NotOnManifoldException;
import org.atlasgraph.api.primitive.Distance;
import org.atlasgraph.api.primitive.ExactGeometry;
import org.atlasgraph.api.primitive.InverseRetraction;
import org.atlasgraph.api.primitive.Metric;
import org.atlasgraph.api.primitive.Retraction;
import org.atlasgraph.api.primitive.VectorTransport;

/**
 * An approximate atlas graph learned from a point cloud x₁…x_N ∈ R^D (§4): the manifold the data lie on, with charts
 * that are graphs of quadratics over local tangent planes, chart boundaries learned by SVMs, and the primitives of
 * §4.2 computed on them.
 *
 * <p>Learning ({@link #learn}, {@link #builder}): the intrinsic dimension d from multiscale local PCA (or given), the
 * chart radius r from the quality of quadratic fits (or given), chart centres by a greedy r-net on the data (the paper
 * placed them by hand), per chart local PCA bases L, M and the least-squares quadratic K of App. F.1, membership of
 * each point in the chart whose quadratic approximates it best, a soft-margin quadratic-kernel SVM per chart reduced
 * to the quartic of eq. (4.3), and transitions between charts that share points.
 *
 * <p>Primitives: the quasi-Euclidean retraction with chart changes when the quartic turns positive (§4.2.1–4.2.2);
 * its inverse, ξ_q − ξ_p within a chart and Alg. 3 along the dense neighbour graph of Alg. 2 beyond; vector transport,
 * the identity within a chart and the differentials of §4.2.4 across charts; the induced metric
 * {@code I + NᵀN}; the geodesic distance as the naive approximate distance in closed form (App. F.4) within a chart
 * and a shortest path beyond; the approximate Riemannian {@link #logarithm}; sampling from the atlas (App. E.1).
 * Ambient points are points of R^D; they are accepted within {@link #offAtlasTolerance()} of a chart's surface.
 * The geometry is approximate, so there is no {@link #exact()} geometry.
 */
public final class PointCloudAtlas implements Manifold {
    /** A retraction step longer than this fraction of ρ is taken in sub-steps, each followed by a boundary check. */
    static final double SUBSTEP_FRACTION = 0.25;
    /**
     * Bisections that locate where a retraction's sub-step leaves a chart's domain: the chart change then happens
     * within 2⁻⁸ of a sub-step (under 0.001·ρ) of the domain's edge.
     */
    static final int EXIT_BISECTIONS = 8;
    /** Attempts of the rejection sampler of App. E.1 before it gives up (a chart's cell is never empty). */
    static final int SAMPLER_ATTEMPTS = 100_000;
    /**
     * The declared length scale as a fraction of the chart radius r: a tenth, so that test steps (up to one length
     * scale) and off-centre points (0.3 length scales) stay well inside a chart's cell.
     */
    static final double LENGTH_SCALE_FRACTION = 0.1;
    /**
     * Declared shortfall of fitted log-log slopes: rates are fitted over steps up to one length scale, where a chart's
     * quadratic terms and its boundary already bend the slope (the value the conformance kit's README gives for
     * learned charts).
     */
    static final double APPROXIMATE_SLOPE = 0.3;
    /**
     * Declared relative excess of the naive approximate distance over the geodesic distance within a chart: it is
     * O(‖Δ‖²κ²) (§4.2.3, footnote), under 2% for segments up to a chart radius on a unit sphere (‖Δ‖κ ≤ 0.65); the
     * disagreement between charts is added to it.
     */
    static final double NAIVE_DISTANCE_EXCESS = 0.02;
    /** Points drawn from the atlas (App. E.1) on which {@link #chartDisagreement()} is measured. */
    static final int DISAGREEMENT_SAMPLES = 2000;
    /** Seed of those points, fixed so that the declaration is a function of the atlas alone. */
    static final long DISAGREEMENT_SEED = 11;

    private final AtlasModel model;
    private final List<QuadraticChart> charts;
    private final int[][] neighbours;
    private final double tolerance;
    private final int dimension;
    private final int ambient;
    private final LearnedAtlasGraph atlas;
    private final Retraction retraction = this::retract;
    private final InverseRetraction inverseRetraction = this::inverseRetract;
    private final VectorTransport vectorTransport = this::transport;
    private final Distance distance = this::geodesicDistance;
    private final Metric metric = new InducedMetric();
    private volatile ShortestPathLogarithm paths;
    private volatile Approximation approximation;

    private PointCloudAtlas(AtlasModel model) {
        this.model = model;
        this.dimension = model.dimension();
        this.ambient = model.ambientDimension();
        this.tolerance = model.offAtlasTolerance();
        List<QuadraticChart> list = new ArrayList<>();
        for (int i = 0; i < model.charts().size(); i++) {
            list.add(new QuadraticChart(i, model.charts().get(i)));
        }
        this.charts = List.copyOf(list);
        Map<Integer, List<Integer>> adjacency = new HashMap<>();
        for (AtlasModel.Overlap o : model.overlaps()) {
            adjacency.computeIfAbsent(o.first(), k -> new ArrayList<>()).add(o.second());
            adjacency.computeIfAbsent(o.second(), k -> new ArrayList<>()).add(o.first());
        }
        this.neighbours = new int[charts.size()][];
        for (int i = 0; i < charts.size(); i++) {
            neighbours[i] = adjacency.getOrDefault(i, List.of()).stream().mapToInt(Integer::intValue).sorted()
                    .toArray();
        }
        this.atlas = new LearnedAtlasGraph(charts, neighbours, tolerance, this::relocate);
    }

    /**
     * Learns an atlas with every setting derived from the data; see {@link Builder} for the choices.
     *
     * @param points N points of R^D, one per row (copied)
     * @return the learned atlas
     * @throws InvalidInputException if the points are too few, ragged, non-finite or duplicated
     */
    public static PointCloudAtlas learn(double[][] points) {
        return builder(points).build();
    }

    /**
     * Starts configuring a learning run.
     *
     * @param points N points of R^D, one per row (copied)
     * @return a builder
     * @throws InvalidInputException if the array is empty or ragged, an entry is not finite, two rows are equal, or
     *     D is outside [2, {@value Builder#MAX_AMBIENT_DIMENSION}]
     */
    public static Builder builder(double[][] points) {
        return new Builder(points);
    }

    /**
     * Rebuilds an atlas from its model, e.g. one read by {@code AtlasJson}: the result behaves exactly as the atlas
     * the model was taken from.
     *
     * @param model the model
     * @return the atlas
     */
    public static PointCloudAtlas fromModel(AtlasModel model) {
        return new PointCloudAtlas(Objects.requireNonNull(model, "model"));
    }

    /** @return the model that defines this atlas (what {@code AtlasJson} saves) */
    public AtlasModel model() {
        return model;
    }

    /** @return the charts, by index */
    public List<QuadraticChart> charts() {
        return charts;
    }

    /** @return what learning found: d, r, chart count, coverage, fit residuals */
    public LearningSummary summary() {
        return model.summary();
    }

    /** @return the largest distance from the charts' quadratic surfaces at which an ambient point is accepted */
    public double offAtlasTolerance() {
        return tolerance;
    }

    @Override
    public String name() {
        return "pointcloud(d=" + dimension + " in R^" + ambient + ", " + charts.size() + " charts)";
    }

    @Override
    public int dimension() {
        return dimension;
    }

    @Override
    public int ambientDimension() {
        return ambient;
    }

    @Override
    public AtlasGraph atlas() {
        return atlas;
    }

    /**
     * {@inheritDoc} The chart is the one with the nearest centre (relative to its radius) among those that represent
     * the point (see {@link #coordinatesIn}) and whose domain of trust contains it (§4.2.2), else among those that
     * represent it, else, for a point beyond the rim of every fitted disc, among those whose patch rim is within the
     * tolerance; the coordinates are the projection {@code L_αᵀ(x − c)}, in the last case clipped to the disc
     * ‖ξ‖ ≤ ρ. So {@code coordinatesIn} of the located chart gives the same coordinates. Every point that
     * {@link #checkPoint} accepts is located: both
     * use the same per-chart measure, the distance to the chart's patch.
     * The projection is exact for points on the chart's surface and keeps {@code locate} consistent with the
     * transition maps, which also project; a Gauss–Newton foot-point refinement would move off-surface points by
     * less than the fit residual and break that consistency, so it is not applied.
     *
     * @throws NotOnManifoldException naming {@code ambient} when no chart's patch is within
     *     {@link #offAtlasTolerance()} of the point
     */
    @Override
    public ChartPoint locate(double[] point) {
        Checks.requireFiniteOfLength("ambient", point, ambient, "ambient dimension D of the learned atlas");
        Located found = scan(point.clone());
        if (found.chart() == null) {
            throw new NotOnManifoldException("ambient", found.defect());
        }
        return new ChartPoint(found.chart(), Coordinates.ofComputed("locate", found.xi()));
    }

    /**
     * {@inheritDoc} The chart represents the point when its projection ξ = L_αᵀ(x − c) lies in the fitted disc
     * ‖ξ‖ ≤ ρ and x within {@link #offAtlasTolerance()} of the chart's surface there: the same test that bounds the
     * domain of the transition maps, so that ψ̃_αβ(ξ) is defined exactly where chart β represents φ̃_α⁻¹(ξ). Only
     * a point that no chart represents so (beyond the rim of every fitted disc, at the edge of the data) is
     * represented by each chart whose patch rim lies within the tolerance, at the rim, as {@link #locate} does; it
     * lies on no chart's domain, so no transition is defined there.
     *
     * <p>Why not always at the rim: a point past β's rim is, in β, the rim point up to the tolerance (a tenth of the
     * chart radius) away, not the same point; answering with it made the kit's "β represents p" disagree with
     * ψ̃_αβ(ξ_p) being empty, and would hand callers coordinates of another point where another chart has the
     * point itself.
     *
     * @throws NotOnManifoldException naming {@code ambient} when no chart's patch is within the tolerance
     */
    @Override
    public Optional<ChartPoint> coordinatesIn(Chart chart, double[] point) {
        Checks.requireFiniteOfLength("ambient", point, ambient, "ambient dimension D of the learned atlas");
        QuadraticChart c = own(chart);
        double[] xi = DenseNeighbourGraph.representation(c, point, tolerance);
        if (xi == null) {
            Located found = scan(point);
            if (found.chart() == null) {
                throw new NotOnManifoldException("ambient", found.defect());
            }
            xi = found.strict() == null ? c.located(point, tolerance) : null;
        }
        return xi == null ? Optional.empty()
                : Optional.of(new ChartPoint(c, Coordinates.ofComputed("coordinatesIn", xi)));
    }

    /**
     * {@inheritDoc} The defect is the distance from the nearest chart patch (each chart's surface over its disc
     * ‖ξ‖ ≤ ρ); points farther than {@link #offAtlasTolerance()} (a tenth of the chart radius, or twice the largest
     * training residual for noisy data) are off the atlas. A point is accepted exactly when some chart represents it,
     * so {@link #locate} succeeds on every accepted point.
     */
    @Override
    public Optional<Defect> checkPoint(double[] point) {
        Checks.requireFiniteOfLength("ambient", point, ambient, "ambient dimension D of the learned atlas");
        Located found = scan(point);
        return found.chart() == null ? Optional.of(found.defect()) : Optional.empty();
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

    @Override
    public Metric metric() {
        return metric;
    }

    @Override
    public Distance distance() {
        return distance;
    }

    /** {@inheritDoc} Always empty: a learned atlas is approximate and has no closed forms. */
    @Override
    public Optional<ExactGeometry> exact() {
        return Optional.empty();
    }

    /**
     * {@inheritDoc} App. E.1: a chart drawn uniformly, ξ uniform in the ball of its trust radius, rejected unless the boundary
     * quartic is negative. The paper draws a fixed number per chart; we draw the chart afresh after each rejection, so
     * that a chart's share is proportional to the area of its cell and the samples cover the manifold evenly in chart
     * coordinates.
     */
    @Override
    public Optional<Sampler> sampler() {
        return Optional.of(this::draw);
    }

    /**
     * {@inheritDoc} Always present: the charts are separate quadratic fits (§4.1), so the atlas declares the accuracy
     * it has, each bound derived from the atlas itself:
     * <ul>
     *   <li>length scale {@value #LENGTH_SCALE_FRACTION}·r for the chart radius r;</li>
     *   <li>round trip 2E/length scale, where E = {@link #chartDisagreement()}: a point embedded from one chart lies
     *   off another chart's surface by up to E, and locate∘embed, ψ̃_βα∘ψ̃_αβ and Ret∘Log^Ret each cross at most
     *   two charts;</li>
     *   <li>distance {@value #NAIVE_DISTANCE_EXCESS} plus the round-trip bound: the naive distance's excess within a
     *   chart, and the disagreement across charts;</li>
     *   <li>slope {@value #APPROXIMATE_SLOPE}.</li>
     * </ul>
     * Computed on first call and kept: {@value #DISAGREEMENT_SAMPLES} draws from the sampler, each projected onto
     * every chart, O(N_s·k·D·d²) for k charts (a few milliseconds for the Klein atlas).
     */
    @Override
    public Optional<Approximation> approximation() {
        Approximation a = approximation;
        if (a == null) {
            synchronized (this) {
                a = approximation;
                if (a == null) {
                    a = declareApproximation();
                    approximation = a;
                }
            }
        }
        return Optional.of(a);
    }

    private Approximation declareApproximation() {
        double scale = LENGTH_SCALE_FRACTION * summary().radius();
        double e = chartDisagreement();
        // E = 0 only for a single chart, which has no round trips between charts; keep the bound positive
        double roundTrip = Math.max(2 * e / scale, Math.ulp(1.0));
        return new Approximation(scale, APPROXIMATE_SLOPE, roundTrip, NAIVE_DISTANCE_EXCESS + roundTrip,
                String.format(Locale.ROOT, "%d quadratic charts of radius r = %.3g fitted separately (§4.1): on %d "
                        + "points drawn from the atlas, two charts that both represent a point disagree by up to E ="
                        + " %.2e, so round trips err by up to 2E = %.3g length scales (length scale 0.1·r = %.3g); "
                        + "naive distances exceed geodesic ones by < %.0f%% within a chart; rates are fitted up to "
                        + "one length scale, where the quadratic terms bend them", charts.size(), summary().radius(),
                        DISAGREEMENT_SAMPLES, e, roundTrip, scale, 100 * NAIVE_DISTANCE_EXCESS));
    }

    /**
     * The largest disagreement E between two charts that both represent a point: for points x drawn from the atlas
     * (App. E.1, {@value #DISAGREEMENT_SAMPLES} points, seed {@value #DISAGREEMENT_SEED}), the largest sum of the
     * smallest and largest residuals ‖x − φ̃⁻¹(φ̃(x))‖ over the charts that represent x within their fitted disc (the
     * smallest is 0 for a drawn point, which lies on its own chart's surface, so E is the farthest another chart's
     * surface lies from a point of the atlas).
     *
     * @return E, in ambient units; 0 when no two charts overlap
     */
    double chartDisagreement() {
        double worst = 0;
        for (double[] x : sample(DISAGREEMENT_SAMPLES, DISAGREEMENT_SEED)) {
            double lo = Double.POSITIVE_INFINITY;
            double hi = 0;
            for (QuadraticChart c : charts) {
                double[] xi = DenseNeighbourGraph.representation(c, x, tolerance);
                if (xi != null) {
                    double e = Vectors.distance(x, c.ambientOf(xi));
                    lo = Math.min(lo, e);
                    hi = Math.max(hi, e);
                }
            }
            if (hi > 0) {
                worst = Math.max(worst, hi + lo);
            }
        }
        return worst;
    }

    /**
     * Draws points from the atlas (App. E.1), as {@link #sampler()} does.
     *
     * @param count the number of points, ≥ 1
     * @param seed  the seed of the only random source
     * @return count×D ambient points
     * @throws InvalidInputException if {@code count < 1}
     */
    public double[][] sample(int count, long seed) {
        Checks.requirePositive("count", count);
        Random rng = new Random(seed);
        double[][] out = new double[count][];
        for (int i = 0; i < count; i++) {
            out[i] = embed(draw(rng));
        }
        return out;
    }

    /**
     * The approximate Riemannian logarithm {@code Log_p(q)}: within a chart the second-order expansion
     * {@code Δ + ½Γ_ξ(Δ, Δ)} of the logarithm in coordinates, with Δ = ξ_q − ξ_p and the Christoffel symbols of the
     * chart's quadratic surface, rescaled to the naive distance; beyond, Alg. 3 along the shortest path of the dense
     * neighbour graph with the same corrections per segment, parallel transport between segments, and the length of
     * the path (see {@code ShortestPathLogarithm}). The expansion alone errs by O(‖Δ‖²) in length; the naive distance
     * measures the length of the segment on the surface exactly. Unlike {@link #inverseRetraction()}, which inverts
     * the quasi-Euclidean retraction, this approximates the exponential map's inverse.
     *
     * @param p the base point
     * @param q the point whose logarithm is taken
     * @return a tangent vector at p, in p's chart
     * @throws InvalidInputException if a point is not in a chart of this atlas or no path joins them
     */
    public TangentVector logarithm(ChartPoint p, ChartPoint q) {
        return log(p, q, true);
    }

    /**
     * An approximation of parallel transport along the minimizing geodesic from p to q: the parallel-transport equation
     * {@code v' = −Γ(γ', v)} of the charts' quadratic surfaces, integrated along the same straight segments that
     * {@link #distance()} measures (one segment when a chart holds both points), carried between charts by the
     * differentials of §4.2.4, and rescaled to keep the metric norm. The default {@link #vectorTransport()} is the
     * paper's cheaper first-order transport (the identity within a chart).
     *
     * @param p   the base point of τ
     * @param tau a tangent vector at p, in p's chart
     * @param q   the destination
     * @return the transported vector at q, in q's chart
     * @throws InvalidInputException if τ is not in p's chart, a point is not in a chart of this atlas, or no path
     *     joins them
     */
    public TangentVector parallelTransport(ChartPoint p, TangentVector tau, ChartPoint q) {
        Checks.requireSameChart("tau", p, tau);
        QuadraticChart a = own(p.chart());
        QuadraticChart b = own(q.chart());
        double[] t = tau.tau().toArray();
        double[] qInP = expressIn(a, q);
        double[] v;
        if (qInP != null) {
            double[] moved = ShortestPathLogarithm.parallel(a, p.xi().toArray(), qInP, t);
            v = ShortestPathLogarithm.carry(a, qInP, b, q.xi().toArray(), moved);
            v = ShortestPathLogarithm.withLength(b, q.xi().toArray(), v,
                    Math.sqrt(a.metricInner(p.xi().toArray(), t, t)));
        } else {
            v = paths().transport(node(p), t, node(q), true);
        }
        return q.tangent(Coordinates.ofComputed("parallelTransport", v));
    }

    /**
     * The geodesic distance of two ambient points, located first.
     *
     * @param x a point of R^D near the atlas (not modified)
     * @param y a point of R^D near the atlas (not modified)
     * @return the approximate geodesic distance
     * @throws InvalidInputException if a point has the wrong length, is not finite or is off the atlas
     */
    public double geodesicDistance(double[] x, double[] y) {
        return geodesicDistance(locate(x), locate(y));
    }

    /** @return the number of vertices of the dense neighbour graph of Alg. 2 (built on first use) */
    public int denseGraphSize() {
        return paths().graphSize();
    }

    // ---- primitives ----

    /**
     * The quasi-Euclidean retraction with chart changes (§4.2.1–4.2.2): ξ + τ in sub-steps of at most
     * {@link #SUBSTEP_FRACTION}·ρ. A sub-step that leaves the chart's domain of trust changes chart at its exit point
     * (found by {@link #EXIT_BISECTIONS} bisections of the sub-step) and finishes in the new chart, the rest of the
     * sub-step carried there by the differentials of §4.2.4. Why the exit point and not the sub-step's end: beyond its
     * domain a chart's quadratic leaves the data quickly (its error grows like the cube of ‖ξ‖), and a point handed
     * over up to a sub-step past the edge may be farther from every neighbour's surface than the tolerance.
     */
    private ChartPoint retract(ChartPoint p, TangentVector tau) {
        Checks.requireSameChart("tau", p, tau);
        QuadraticChart chart = own(p.chart());
        double[] xi = p.xi().toArray();
        double[] t = tau.tau().toArray();
        int steps = Math.max(1, (int) Math.ceil(Vectors.norm(t) / (SUBSTEP_FRACTION * chart.coordinateRadius())));
        double[] step = Vectors.scaled(t, 1.0 / steps);
        double left = steps;
        while (left > 0) {
            double take = Math.min(1, left);
            double[] next = Vectors.plus(xi, Vectors.scaled(step, take));
            if (chart.inside(next)) {
                xi = next;
                left -= take;
                continue;
            }
            double f = chart.inside(xi) ? exitFraction(chart, xi, step, take) : take;
            double[] exit = f == take ? next : Vectors.plus(xi, Vectors.scaled(step, f));
            ChartPoint moved = relocate(chart, exit);
            QuadraticChart to = (QuadraticChart) moved.chart();
            double[] toXi = moved.xi().toArray();
            step = ShortestPathLogarithm.carry(chart, exit, to, toXi, step);
            chart = to;
            xi = toXi;
            left -= f;
        }
        return new ChartPoint(chart, Coordinates.ofComputed("retract", xi));
    }

    /**
     * @return the fraction f ∈ (0, take] of a sub-step at which ξ + f·step first lies outside the chart's domain of
     *     trust, to 2^−{@value #EXIT_BISECTIONS} of the sub-step; ξ is inside and ξ + take·step outside
     */
    private static double exitFraction(QuadraticChart chart, double[] xi, double[] step, double take) {
        double in = 0;
        double out = take;
        for (int i = 0; i < EXIT_BISECTIONS; i++) {
            double mid = 0.5 * (in + out);
            if (chart.inside(Vectors.plus(xi, Vectors.scaled(step, mid)))) {
                in = mid;
            } else {
                out = mid;
            }
        }
        return out;
    }

    private TangentVector inverseRetract(ChartPoint p, ChartPoint q) {
        return log(p, q, false);
    }

    /**
     * The retraction logarithm ξ_q − ξ_p, or with {@code riemannian} the second-order logarithm, when p's chart
     * represents q; Alg. 3 otherwise.
     */
    private TangentVector log(ChartPoint p, ChartPoint q, boolean riemannian) {
        QuadraticChart a = own(p.chart());
        own(q.chart());
        double[] xi = p.xi().toArray();
        double[] qInP = expressIn(a, q);
        double[] v;
        if (qInP == null) {
            v = paths().logarithm(node(p), node(q), riemannian);
        } else {
            v = riemannian ? ShortestPathLogarithm.localLogarithm(a, xi, qInP) : Vectors.minus(qInP, xi);
        }
        return p.tangent(Coordinates.ofComputed(riemannian ? "logarithm" : "inverseRetract", v));
    }

    private TangentVector transport(ChartPoint p, TangentVector tau, ChartPoint q) {
        Checks.requireSameChart("tau", p, tau);
        QuadraticChart a = own(p.chart());
        QuadraticChart b = own(q.chart());
        if (a.equals(b)) {
            return q.tangent(tau.tau());
        }
        double[] qInP = expressIn(a, q);
        double[] v = qInP != null ? ShortestPathLogarithm.carry(a, qInP, b, q.xi().toArray(), tau.tau().toArray())
                : paths().transport(node(p), tau.tau().toArray(), node(q), false);
        return q.tangent(Coordinates.ofComputed("transport", v));
    }

    private double geodesicDistance(ChartPoint p, ChartPoint q) {
        QuadraticChart a = own(p.chart());
        QuadraticChart b = own(q.chart());
        double[] xp = p.xi().toArray();
        double[] xq = q.xi().toArray();
        if (a.equals(b)) {
            return a.naiveDistance(xp, xq);
        }
        double[] qInP = expressIn(a, q);
        double[] pInQ = expressIn(b, p);
        if (qInP != null && pInQ != null) {
            return 0.5 * (a.naiveDistance(xp, qInP) + b.naiveDistance(pInQ, xq));
        }
        if (qInP != null) {
            return a.naiveDistance(xp, qInP);
        }
        if (pInQ != null) {
            return b.naiveDistance(pInQ, xq);
        }
        // order the ends canonically so that the (direction-dependent) path shortening is symmetric
        boolean swap = a.index() > b.index();
        ShortestPathLogarithm.Node first = node(swap ? q : p);
        ShortestPathLogarithm.Node second = node(swap ? p : q);
        return paths().distance(first, second);
    }

    private final class InducedMetric implements Metric {
        /** {@inheritDoc} Here {@code u·v + (N(ξ)u)·(N(ξ)v)}, the metric induced by R^D on the chart's surface. */
        @Override
        public double inner(ChartPoint p, TangentVector u, TangentVector v) {
            Checks.requireSameChart("u", p, u);
            Checks.requireSameChart("v", p, v);
            return own(p.chart()).metricInner(p.xi().toArray(), u.tau().toArray(), v.tau().toArray());
        }

        /** {@inheritDoc} Here {@code (I + NᵀN)⁻¹ω} by Cholesky. */
        @Override
        public TangentVector raise(ChartPoint p, Coordinates covector) {
            if (covector.dimension() != dimension) {
                throw new InvalidInputException("covector", "length " + dimension, "" + covector.dimension());
            }
            return p.tangent(Coordinates.ofComputed("raise", own(p.chart()).raise(p.xi().toArray(),
                    covector.toArray())));
        }
    }

    // ---- helpers ----

    private ChartPoint draw(RandomGenerator rng) {
        for (int attempt = 0; attempt < SAMPLER_ATTEMPTS; attempt++) {
            QuadraticChart c = charts.get(rng.nextInt(charts.size()));
            double[] xi = new double[dimension];
            double norm = 0;
            for (int a = 0; a < dimension; a++) {
                xi[a] = rng.nextGaussian();
                norm += xi[a] * xi[a];
            }
            norm = Math.sqrt(norm);
            if (norm == 0) {
                continue;
            }
            double radius = c.trustRadius() * Math.pow(rng.nextDouble(), 1.0 / dimension);
            for (int a = 0; a < dimension; a++) {
                xi[a] *= radius / norm;
            }
            if (c.inside(xi)) {
                return new ChartPoint(c, Coordinates.ofComputed("sample", xi));
            }
        }
        throw new IllegalStateException("the sampler of App. E.1 rejected " + SAMPLER_ATTEMPTS
                + " draws in a row; a chart boundary is empty");
    }

    /** @return q's coordinates in chart a (its own if q is in a), or null when a cannot represent q */
    private double[] expressIn(QuadraticChart a, ChartPoint q) {
        if (q.chart().equals(a)) {
            return q.xi().toArray();
        }
        QuadraticChart b = (QuadraticChart) q.chart();
        return DenseNeighbourGraph.representation(a, b.ambientOf(q.xi().toArray()), tolerance);
    }

    private ShortestPathLogarithm.Node node(ChartPoint p) {
        return ShortestPathLogarithm.Node.of((QuadraticChart) p.chart(), p.xi().toArray());
    }

    /**
     * The chart change of a retraction (§4.2.2): the point φ̃⁻¹(ξ) of a chart whose domain of trust it has left, in
     * the chart the atlas prefers for it: the preferred chart among those whose domain of trust contains it
     * ({@link #scan}); else, where it lies in no domain (a gap between the domains of neighbouring charts), the chart
     * with the nearest centre among those that represent it within their own fitted disc, which may be the chart it
     * came from. Coordinates are never clipped: a chart change that moved ξ back to the rim of a disc would stop a
     * retraction there, so that the step no longer agreed with τ to first order.
     *
     * @throws InvalidInputException naming {@code tau} when no chart represents the point within its fitted disc:
     *     the walk has left the data
     */
    private ChartPoint relocate(QuadraticChart chart, double[] xi) {
        Located found = scan(chart.ambientOf(xi));
        if (found.contained()) {
            return new ChartPoint(found.chart(), Coordinates.ofComputed("changeChart", found.xi()));
        }
        if (found.strict() == null) {
            throw new InvalidInputException("tau", "a step that stays on the learned atlas",
                    "one that leaves the fitted disc of " + chart.id() + " (‖ξ‖ = " + Checks.number(Vectors.norm(xi))
                    + ", ρ = " + Checks.number(chart.coordinateRadius()) + ") where no chart represents the point",
                    "the data end there; take a shorter step");
        }
        return new ChartPoint(found.strict(), Coordinates.ofComputed("changeChart", found.strictXi()));
    }

    /**
     * One pass over the charts: the preferred chart for an ambient point with the point's coordinates there, or, when
     * no chart's patch is within the tolerance, the defect: the smallest distance to a chart's patch. The preferred
     * chart is, among the charts that represent the point (projection in the fitted disc, surface within the
     * tolerance) and whose domain of trust contains it, the one with the nearest centre relative to its radius, which
     * is the membership rule the boundaries were trained on; if none contains it, the nearest that represents it; if
     * none represents it, the nearest whose patch rim is within the tolerance, with clipped coordinates (then
     * {@code strict} is null). Preferring central charts keeps computations away from chart edges, where a
     * quadratic fits worst. Every chart is measured, so the defect is exact; a pass costs O(k·D·d²) for k charts, a
     * few microseconds.
     */
    private Located scan(double[] x) {
        QuadraticChart inside = null;
        double[] insideXi = null;
        double insideDist = Double.POSITIVE_INFINITY;
        QuadraticChart any = null;
        double[] anyXi = null;
        double anyDist = Double.POSITIVE_INFINITY;
        QuadraticChart strict = null;
        double[] strictXi = null;
        double strictDist = Double.POSITIVE_INFINITY;
        double nearest = Double.POSITIVE_INFINITY;
        for (QuadraticChart c : charts) {
            double[] projected = c.coordinatesOf(x);
            double off = c.patchDistance(x, projected);
            nearest = Math.min(nearest, off);
            if (!(off <= tolerance)) {
                continue;
            }
            double[] xi = c.clipped(projected);
            double dist = Vectors.distance(x, c.centreRef()) / c.radius();
            boolean trusted = c.trusted(projected);
            if (dist < insideDist && trusted && c.inside(xi)) {
                inside = c;
                insideXi = xi;
                insideDist = dist;
            }
            if (dist < anyDist) {
                any = c;
                anyXi = xi;
                anyDist = dist;
            }
            if (dist < strictDist && trusted) {
                strict = c;
                strictXi = xi;
                strictDist = dist;
            }
        }
        if (inside != null) {
            return new Located(inside, insideXi, true, inside, insideXi, null);
        }
        if (strict != null) {
            return new Located(strict, strictXi, false, strict, strictXi, null);
        }
        return any != null ? new Located(any, anyXi, false, null, null, null)
                : new Located(null, null, false, null, null,
                        new Defect("distance to the learned atlas", nearest, tolerance));
    }

    /**
     * The result of {@link #scan}: the preferred chart and coordinates, whether the chart's domain of trust contains
     * them, and the nearest chart that represents the point within its fitted disc (unclipped coordinates; null if
     * none); or (chart null) the defect of an unrepresented point.
     */
    private record Located(QuadraticChart chart, double[] xi, boolean contained, QuadraticChart strict,
                           double[] strictXi, Defect defect) {
    }

    private QuadraticChart own(Chart chart) {
        if (chart instanceof QuadraticChart c && c.index() < charts.size() && charts.get(c.index()) == c) {
            return c;
        }
        throw new InvalidInputException("chart", "a chart of " + name(), String.valueOf(chart));
    }

    private ShortestPathLogarithm paths() {
        ShortestPathLogarithm p = paths;
        if (p == null) {
            synchronized (this) {
                p = paths;
                if (p == null) {
                    p = new ShortestPathLogarithm(DenseNeighbourGraph.build(charts, neighbours, tolerance),
                            neighbours, tolerance);
                    paths = p;
                }
            }
        }
        return p;
    }

    @Override
    public String toString() {
        return name();
    }

    /**
     * Configures a learning run. Every setting has a default derived from the data; the builder validates the points
     * when it is created and the settings when they are set.
     */
    public static final class Builder {
        /**
         * Largest ambient dimension: the boundary SVM uses D(D+3)/2 explicit quadratic features (App. F.3), 2144 at
         * D = 64, beyond which training time and memory grow out of proportion.
         */
        public static final int MAX_AMBIENT_DIMENSION = 64;

        private final double[][] points;
        private int dimension;
        private double radius;
        private long seed = 1;
        private int svmSample = AtlasLearner.DEFAULT_SVM_SAMPLE;
        private LearningProgress progress = LearningProgress.NONE;

        private Builder(double[][] raw) {
            this.points = validated(raw);
        }

        private static double[][] validated(double[][] raw) {
            if (raw == null || raw.length == 0) {
                throw new InvalidInputException("points", "a non-empty N×D array", "no points");
            }
            if (raw[0] == null) {
                throw new InvalidInputException("points[0]", "a row of length D", "null");
            }
            int d = raw[0].length;
            if (d < 2 || d > MAX_AMBIENT_DIMENSION) {
                throw new InvalidInputException("points", "ambient dimension 2 ≤ D ≤ " + MAX_AMBIENT_DIMENSION
                        + " (the boundary SVM uses D(D+3)/2 quadratic features)", "D = " + d);
            }
            double[][] copy = new double[raw.length][];
            Map<RowKey, Integer> seen = new HashMap<>();
            for (int i = 0; i < raw.length; i++) {
                if (raw[i] == null || raw[i].length != d) {
                    throw new InvalidInputException("points[" + i + "]", "length " + d + " like points[0]",
                            raw[i] == null ? "null" : String.valueOf(raw[i].length));
                }
                copy[i] = Checks.requireFinite("points[" + i + "]", raw[i].clone());
                Integer before = seen.putIfAbsent(new RowKey(copy[i]), i);
                if (before != null) {
                    throw new InvalidInputException("points[" + i + "]", "distinct points",
                            "a duplicate of points[" + before + "]");
                }
            }
            return copy;
        }

        /**
         * Sets the intrinsic dimension instead of estimating it.
         *
         * @param d 1 ≤ d &lt; D
         * @return this builder
         * @throws InvalidInputException if d is out of range
         */
        public Builder dimension(int d) {
            int ambientDim = points[0].length;
            if (d < 1 || d >= ambientDim) {
                throw new InvalidInputException("dimension", "1 ≤ d < D = " + ambientDim, String.valueOf(d));
            }
            this.dimension = d;
            return this;
        }

        /**
         * Sets the chart radius r instead of deriving it.
         *
         * @param r a finite value > 0
         * @return this builder
         * @throws InvalidInputException if r is not positive and finite
         */
        public Builder radius(double r) {
            this.radius = Checks.requirePositive("radius", r);
            return this;
        }

        /**
         * @param seed the seed of every random choice (subsamples, first centre, SVM coordinate order); default 1
         * @return this builder
         */
        public Builder seed(long seed) {
            this.seed = seed;
            return this;
        }

        /**
         * @param size the largest number of ball points each boundary SVM is trained on (default
         *             {@value AtlasLearner#DEFAULT_SVM_SAMPLE}); a seeded subsample keeps training time independent of N
         * @return this builder
         * @throws InvalidInputException if size &lt; 10
         */
        public Builder svmSample(int size) {
            this.svmSample = Checks.requireInRange("svmSample", size, 10, Integer.MAX_VALUE);
            return this;
        }

        /**
         * @param listener receives progress; it may be called from several threads
         * @return this builder
         */
        public Builder progress(LearningProgress listener) {
            this.progress = Objects.requireNonNull(listener, "listener");
            return this;
        }

        /**
         * Learns the atlas.
         *
         * @return the atlas
         * @throws InvalidInputException if there are fewer points than a quadratic fit in d dimensions needs
         */
        public PointCloudAtlas build() {
            AtlasModel model = AtlasLearner.learn(points, dimension, radius, seed, svmSample, progress);
            return fromModel(model);
        }
    }

    /** A row compared by value, to find duplicate points. */
    private record RowKey(double[] row) {
        @Override
        public boolean equals(Object o) {
            return o instanceof RowKey k && Arrays.equals(row, k.row);
        }

        @Override
        public int hashCode() {
            return Arrays.hashCode(row);
        }
    }
}

package org.atlasgraph.pointcloud;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.atlasgraph.api.AmbientMetric;
import org.atlasgraph.api.AtlasGraph;
import org.atlasgraph.api.Capability;
import org.atlasgraph.api.Chart;
import org.atlasgraph.api.ChartPoint;
import org.atlasgraph.api.Coordinates;
import org.atlasgraph.api.InverseRetraction;
import org.atlasgraph.api.Metric;
import org.atlasgraph.api.Retraction;
import org.atlasgraph.api.VectorTransport;
import org.atlasgraph.api.base.AtlasManifold;
import org.atlasgraph.api.base.Vectors;
import org.atlasgraph.api.capability.Accuracy;
import org.atlasgraph.api.capability.Geodesics;
import org.atlasgraph.api.capability.LengthScale;
import org.atlasgraph.api.capability.Sampler;
import org.atlasgraph.api.check.Checks;
import org.atlasgraph.api.check.Defect;
import org.atlasgraph.api.check.InvalidInputException;
import org.atlasgraph.api.check.NotOnManifoldException;

/**
 * An approximate atlas graph learned from a point cloud x₁…x_N ∈ R^D (§4): the manifold the data lie on, with charts
 * that are graphs of quadratics over local tangent planes, chart boundaries learned by SVMs, and the primitives of
 * §4.2 computed on them.
 *
 * <p>Learning ({@link #learn}, {@link #builder}; {@code AtlasLearner}): the intrinsic dimension d from multiscale
 * local PCA (or given), the chart radius r from the quality of quadratic fits (or given), chart centres by a greedy
 * r-net on the data (the paper placed them by hand), per chart local PCA bases L, M and the least-squares quadratic K
 * of App. F.1, membership of each point in the chart whose quadratic approximates it best, a soft-margin
 * quadratic-kernel SVM per chart reduced to the quartic of eq. (4.3), and transitions between charts that share
 * points.
 *
 * <p>Primitives, each in its own part: which chart a point belongs to ({@code ChartMembership}: locating, the
 * membership check, the chart change); the quasi-Euclidean retraction with chart changes when the quartic turns
 * positive ({@code QuasiEuclideanUpdate}, §4.2.1–4.2.2); its inverse, ξ_q − ξ_p within a chart and Alg. 3 along an
 * approximate geodesic beyond (routed on a landmark graph, refined in the charts), and the vector transport, the
 * identity within a chart and the differentials of §4.2.4 across charts ({@code ApproximateGeodesics}); the induced
 * metric {@code I + NᵀN} ({@code QuadraticChartMetric}).
 * Capabilities: {@link Geodesics}, approximate (the Riemannian logarithm of Alg. 3, parallel transport, the naive
 * approximate distance within a chart and the length of an approximate geodesic beyond); {@link Sampler}, the atlas
 * sampling of App. E.1 ({@code AtlasSampler}); {@link LengthScale} and {@link Accuracy}, the bounds the atlas
 * declares for itself ({@code DeclaredAccuracy}). Ambient points are points of R^D; they are accepted within
 * {@link #offAtlasTolerance()} of a chart's surface.
 *
 * <p>The atlas has an edge where its data end: a retraction that would cross it, and a logarithm between points no
 * path of the atlas joins, answer empty.
 */
public final class PointCloudAtlas extends AtlasManifold {
    private final AtlasModel model;
    private final List<QuadraticChart> charts;
    private final double tolerance;
    private final AtlasModel.Span span;
    private final int dimension;
    private final int ambient;
    private final ChartMembership membership;
    private final LearnedAtlasGraph atlas;
    private final QuasiEuclideanUpdate retraction;
    private final ApproximateGeodesics geodesics;
    private final AtlasSampler sampler;
    private final Metric metric;
    private volatile Accuracy accuracy;

    private PointCloudAtlas(AtlasModel model) {
        super(AmbientMetric.INDUCED);
        this.model = model;
        this.dimension = model.dimension();
        this.ambient = model.ambientDimension();
        this.tolerance = model.offAtlasTolerance();
        this.span = model.span();
        List<QuadraticChart> list = new ArrayList<>();
        for (int i = 0; i < model.charts().size(); i++) {
            list.add(new QuadraticChart(i, model.charts().get(i)));
        }
        this.charts = List.copyOf(list);
        int[][] neighbours = neighbours(model, charts.size());
        this.membership = new ChartMembership(charts, tolerance, name());
        this.atlas = new LearnedAtlasGraph(charts, neighbours, tolerance, membership);
        this.retraction = new QuasiEuclideanUpdate(membership);
        this.geodesics = new ApproximateGeodesics(charts, neighbours, tolerance, membership, retraction);
        this.sampler = new AtlasSampler(charts, dimension);
        this.metric = new QuadraticChartMetric(membership, dimension, ambient, name());
        provide(Geodesics.class, geodesics);
        provide(Sampler.class, sampler);
        provide(LengthScale.class, DeclaredAccuracy.lengthScale(model.summary().radius()));
    }

    /** @return for each chart, the indices of the charts it overlaps, ascending */
    private static int[][] neighbours(AtlasModel model, int count) {
        Map<Integer, List<Integer>> adjacency = new HashMap<>();
        for (AtlasModel.Overlap o : model.overlaps()) {
            adjacency.computeIfAbsent(o.first(), k -> new ArrayList<>()).add(o.second());
            adjacency.computeIfAbsent(o.second(), k -> new ArrayList<>()).add(o.first());
        }
        int[][] neighbours = new int[count][];
        for (int i = 0; i < count; i++) {
            neighbours[i] = adjacency.getOrDefault(i, List.of()).stream().mapToInt(Integer::intValue).sorted()
                    .toArray();
        }
        return neighbours;
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
     * the model was taken from. A model that did not come from the learner is checked for self-consistency first:
     * every chart's fit, boundary and overlaps finite and of sane size relative to its radius, every chart's domain
     * non-empty, and the summary in agreement with the charts (see {@code AtlasIntegrity}).
     *
     * @param model the model
     * @return the atlas
     * @throws InvalidInputException naming the model path of the first inconsistency, e.g.
     *     {@code charts[3].curvature} or {@code summary.chartCount}
     */
    public static PointCloudAtlas fromModel(AtlasModel model) {
        AtlasIntegrity.check(Objects.requireNonNull(model, "model"));
        return new PointCloudAtlas(model);
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
        double[] x = inSpan(point);
        ChartMembership.Located found = membership.located(x == point ? point.clone() : x);
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
    public Optional<ChartPoint> coordinatesIn(Chart chart, double[] raw) {
        double[] point = inSpan(raw);
        QuadraticChart c = membership.own(chart);
        double[] xi = ChartMembership.represent(c, point, tolerance);
        if (xi == null) {
            xi = membership.located(point).strict() == null ? c.located(point, tolerance) : null;
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
        if (!span.isWhole()) {
            double off = Vectors.distance(point, span.project(point));
            if (off > span.tolerance()) {
                return Optional.of(spanDefect(off));
            }
        }
        return Optional.ofNullable(membership.scan(inSpan(point)).defect());
    }

    /**
     * @return the point projected onto the span the atlas was learned in ({@link AtlasModel.Span}); the point itself
     *     when the span is all of R^D or the point lies in it up to round-off ({@link #IN_SPAN} of the span's
     *     tolerance), so that points of the charts' surfaces keep their exact coordinates
     * @throws InvalidInputException if the point has the wrong length or is not finite
     * @throws NotOnManifoldException naming {@code ambient} when the point is farther from the span than its tolerance
     */
    private double[] inSpan(double[] point) {
        Checks.requireFiniteOfLength("ambient", point, ambient, "ambient dimension D of the learned atlas");
        if (span.isWhole()) {
            return point;
        }
        double[] projected = span.project(point);
        double off = Vectors.distance(point, projected);
        if (off > span.tolerance()) {
            throw new NotOnManifoldException("ambient", spanDefect(off));
        }
        return off <= IN_SPAN * span.tolerance() ? point : projected;
    }

    /** A point this fraction of the span's tolerance from the span lies in it up to round-off. */
    private static final double IN_SPAN = 1e-9;

    /** @return the defect of a point at distance {@code off} from the span */
    private Defect spanDefect(double off) {
        return new Defect("distance to the span of the learned atlas's data", off, span.tolerance());
    }

    /**
     * {@inheritDoc} Empty where the step leaves the learned atlas: a sub-step's exit from a chart's domain of trust
     * that no chart represents within its fitted disc, where the data end (see {@code QuasiEuclideanUpdate}).
     */
    @Override
    public Retraction retraction() {
        return retraction;
    }

    /**
     * {@inheritDoc} Here ξ_q − ξ_p where p's chart represents q, else Alg. 3 along an approximate geodesic; empty
     * where p's chart cannot represent q and no path of the atlas joins them.
     */
    @Override
    public InverseRetraction inverseRetraction() {
        return geodesics::retractionLogarithm;
    }

    /**
     * {@inheritDoc} Here the identity within a chart, the differentials {@code [Dφ̃_β⁻¹]⁺ Dφ̃_α⁻¹} across charts
     * (§4.2.4), and the same along the shortest path where p's chart cannot represent q.
     */
    @Override
    public VectorTransport vectorTransport() {
        return geodesics::transport;
    }

    /** {@inheritDoc} Here {@code I + N(ξ)ᵀN(ξ)} of the chart's quadratic surface, in closed form. */
    @Override
    public Metric metric() {
        return metric;
    }

    /**
     * {@inheritDoc} Besides the capabilities provided at construction ({@link Geodesics}, {@link Sampler},
     * {@link LengthScale}), the {@link Accuracy} the atlas declares, computed on first request and kept (see
     * {@code DeclaredAccuracy}: the disagreement of the charts on {@value DeclaredAccuracy#DISAGREEMENT_SAMPLES}
     * points drawn from the atlas).
     */
    @Override
    public <C extends Capability> Optional<C> capability(Class<C> type) {
        if (type == Accuracy.class) {
            return Optional.of(type.cast(accuracy()));
        }
        return super.capability(type);
    }

    private Accuracy accuracy() {
        Accuracy a = accuracy;
        if (a == null) {
            synchronized (this) {
                a = accuracy;
                if (a == null) {
                    a = DeclaredAccuracy.accuracy(charts, tolerance, summary().radius(), sampler);
                    accuracy = a;
                }
            }
        }
        return a;
    }

    /**
     * The largest disagreement E between two charts that both represent a point, on which the declared accuracy
     * rests (see {@code DeclaredAccuracy}).
     *
     * @return E, in ambient units; 0 when no two charts overlap
     */
    double chartDisagreement() {
        return DeclaredAccuracy.chartDisagreement(charts, tolerance, sampler);
    }

    /**
     * Draws points from the atlas (App. E.1), as the {@link Sampler} capability does.
     *
     * @param count the number of points, ≥ 1
     * @param seed  the seed of the only random source
     * @return count×D ambient points
     * @throws InvalidInputException if {@code count < 1}
     */
    public double[][] sample(int count, long seed) {
        Checks.requirePositive("count", count);
        return sampler.ambientSample(count, seed);
    }

    /**
     * The geodesic distance of two ambient points, located first: {@link Geodesics#distance} of the located points.
     *
     * @param x a point of R^D near the atlas (not modified)
     * @param y a point of R^D near the atlas (not modified)
     * @return the approximate geodesic distance; +∞ when no path of the atlas joins the points
     * @throws InvalidInputException if a point has the wrong length, is not finite or is off the atlas
     */
    public double geodesicDistance(double[] x, double[] y) {
        return geodesics.distance(locate(x), locate(y));
    }

    /**
     * @return the number of landmarks of the graph on which the geodesics find their routes between charts (built on
     *     first use; at most 2d + 1 per chart)
     */
    public int landmarkCount() {
        return geodesics.landmarkCount();
    }

    /**
     * Configures a learning run. Every setting has a default derived from the data; the builder validates the points
     * when it is created and the settings when they are set.
     */
    public static final class Builder {
        /**
         * Largest ambient dimension: learning holds a D×D covariance for the data's span and for every chart's local
         * PCA (8 MB at D = 1000), and its time grows with D² there; reduce larger data first (e.g. by PCA).
         */
        public static final int MAX_AMBIENT_DIMENSION = 1000;

        private final TrainingPoints.Distinct points;
        private int dimension;
        private double radius;
        private long seed = 1;
        private int svmSample = AtlasLearner.DEFAULT_SVM_SAMPLE;
        private LearningProgress progress = LearningProgress.NONE;
        private double[][] centres;

        private Builder(double[][] raw) {
            this.points = TrainingPoints.validated(raw);
        }

        /**
         * Sets the intrinsic dimension instead of estimating it.
         *
         * @param d 1 ≤ d &lt; D
         * @return this builder
         * @throws InvalidInputException if d is out of range
         */
        public Builder dimension(int d) {
            int ambientDim = points.points()[0].length;
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
         *             {@value AtlasLearner#DEFAULT_SVM_SAMPLE}); a seeded subsample keeps training time independent
         *             of N
         * @return this builder
         * @throws InvalidInputException if size &lt; 10
         */
        public Builder svmSample(int size) {
            this.svmSample = Checks.requireInRange("svmSample", size, 10, Integer.MAX_VALUE);
            return this;
        }

        /**
         * Sets the chart centres instead of choosing them by an r-net: each centre's ball is the points within r of
         * it, grown to its nearest points where fewer lie within r; charts that no point comes to belong to are
         * dropped as usual. What a distributed learner reports as its centres (the spark module's) gives the atlas it
         * learned.
         *
         * @param centres points of R^D, one per row (copied)
         * @return this builder
         * @throws InvalidInputException if there are none, or a row's length is not D or an entry is not finite
         */
        public Builder centres(double[][] centres) {
            int ambientDim = points.points()[0].length;
            if (centres == null || centres.length == 0) {
                throw new InvalidInputException("centres", "at least one centre", "none");
            }
            double[][] copy = new double[centres.length][];
            for (int c = 0; c < centres.length; c++) {
                if (centres[c] == null || centres[c].length != ambientDim) {
                    throw new InvalidInputException("centres[" + c + "]", "length D = " + ambientDim,
                            centres[c] == null ? "null" : String.valueOf(centres[c].length));
                }
                copy[c] = Checks.requireFinite("centres[" + c + "]", centres[c].clone());
            }
            this.centres = copy;
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
            return new PointCloudAtlas(AtlasLearner.learn(points, dimension, radius, centres, seed, svmSample,
                    progress));
        }
    }
}

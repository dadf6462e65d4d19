package org.atlasgraph.pointcloud;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.IntStream;
import org.atlasgraph.api.base.Vectors;
import org.atlasgraph.api.check.InvalidInputException;

/**
 * Learns an approximate atlas graph from a validated point cloud (§4.1, §4.2.2, App. F): intrinsic dimension, chart
 * radius, r-net centres, quadratic fits, membership, boundary SVMs, overlaps. Every stage that runs per chart or per
 * point runs in parallel; each chart's randomness comes from its own seed, so the result does not depend on the
 * number of threads.
 */
final class AtlasLearner {
    /** Largest number of points a quadratic is fitted to per chart (a seeded subsample of the chart's ball). */
    static final int FIT_SAMPLE = 1000;
    /** Largest number of points an SVM is trained on per chart (a seeded subsample of the chart's ball). */
    static final int DEFAULT_SVM_SAMPLE = 500;
    /** A point counts as on the atlas within this fraction of the chart radius of a chart's surface. */
    static final double OFF_ATLAS_FRACTION = 0.1;
    /** ... or within this multiple of the largest training residual, whichever is larger (noisy data). */
    static final double OFF_ATLAS_RESIDUAL_FACTOR = 2;
    /**
     * A chart is trusted within this fraction of the coordinate radius of its ball: a least-squares quadratic errs most
     * at the edge of the points it was fitted to, and neighbouring charts disagree most there.
     */
    static final double TRUST_FRACTION = 0.8;
    /**
     * A point near the boundary between two charts is covered by both when its relative distance to the second chart's
     * centre is within this factor of that to its own chart's centre ({@link #covers}). Measured on random points of
     * the Klein bottle against atlases of 1500 and 3000 patches: with 1 (exclusive cells) 4–5% of the manifold lay in
     * no chart's domain, with 1.1 about 1%, with 1.2 about 0.1–0.3%.
     */
    static final double OVERLAP = 1.2;
    /**
     * A chart's surface must pass within this fraction of the off-atlas tolerance of every point its domain of trust
     * is made to contain (its members and the neighbours' points it covers). Why half: a walk along one chart's
     * surface that leaves its domain is handed to a neighbour that contains the point, and that neighbour represents
     * it only if the two surfaces' errors there add up to less than the tolerance.
     */
    static final double FAITHFUL_FRACTION = 0.5;
    /** A chart approximates a point well when its residual is within this factor of the best chart's. */
    static final double ACCEPTABLE_RESIDUAL = 2;
    /**
     * Relative margin by which a chart's support radius exceeds the farthest surface image of its own points: the
     * ball quartic evaluates ‖φ̃⁻¹(ξ) − centre‖² through reduced coefficients, with a relative round-off far below it.
     */
    static final double SUPPORT_MARGIN = 1e-9;
    /**
     * Rounds of retraining a chart's boundary SVM with the covered points it left outside added once more each round,
     * before the quadric is shifted to contain the rest. Why: the shift moves the whole zero set outward, also where
     * the chart's surface has left the data, whereas a point the SVM is retrained on moves the boundary near it.
     */
    static final int BOOST_ROUNDS = 3;
    /** Margin, in units of the SVM decision value, by which every member is put inside its chart's boundary. */
    static final double COVERAGE_MARGIN = 1e-6;

    private AtlasLearner() {
    }

    /**
     * Points per least-squares coefficient of the first quadratic fit (1 + d + d(d+1)/2 of them, 6 for d = 2) that a
     * chart's ball must hold; sparser balls grow to their nearest points. Why five: with p coefficients and n points
     * the fitted surface's own noise averages σ√(p/n) ≈ 0.45σ over the points, and the RMS residual underestimates the
     * noise by √(1 − p/n) ≈ 0.9, so the fit is well determined and its residual honest; the previous minimum of three
     * per coefficient fitted charts in the sparse parts of 1500 Klein patches to 18 points on one side of their ball
     * (tilting tangent planes, residuals up to 0.02). More cannot be had on small samples without charts so wide that
     * the surface's third-order terms tilt them more than noise would: at ten per coefficient 1000 Klein patches need
     * r ≈ 1.6, whose charts tilt by 0.25 rad and fit some balls to 0.27.
     */
    static final int POINTS_PER_COEFFICIENT = 5;

    /** @return the fewest points a chart's ball (and the whole cloud) must hold for a quadratic fit in d dimensions */
    static int minimumPoints(int d) {
        return POINTS_PER_COEFFICIENT * QuadraticFit.coefficientCount(d);
    }

    /**
     * Learns an atlas, stage by stage: {@link PreparedCloud} (scale, gross outliers, the data's span),
     * {@link #dimension},
     * {@link #radius}, {@link #centres} (and the outliers isolated at the chart scale, removed before the centres are
     * chosen again), {@link #fits}, {@link #residuals} (and from them the off-atlas tolerance), {@link #confine} (on
     * noisy data each chart refitted to the points within the noise's reach of it, the residuals measured again),
     * {@link #membership},
     * {@link #boundaries}, {@link #transitions}, {@link #summary}; then every chart is lifted back to the data's
     * units ({@link PreparedCloud#lift}).
     *
     * @param data           the validated distinct points
     * @param givenDimension d, or 0 to estimate it
     * @param givenRadius    r in the data's units, or 0 to derive it
     * @param seed           the seed of every random choice
     * @param svmSample      the largest number of ball points each boundary SVM is trained on
     * @param progress       receives progress, possibly from several threads
     * @return the model of the atlas
     * @throws InvalidInputException if there are fewer points than a quadratic fit in d dimensions needs, or the points
     *     vary in fewer directions than d + 1 for a given d
     */
    static AtlasModel learn(TrainingPoints.Distinct data, int givenDimension, double givenRadius, long seed,
                            int svmSample, LearningProgress progress) {
        return learn(data, givenDimension, givenRadius, null, seed, svmSample, progress);
    }

    /**
     * Learns an atlas as {@link #learn(TrainingPoints.Distinct, int, double, long, int, LearningProgress)} does, or
     * with given chart centres: then the r-net and its rounds of isolated outliers are skipped, and each centre's ball
     * is the points within r of it, grown to its nearest points where fewer ({@link ChartCentres#around}).
     *
     * @param givenCentres the chart centres in the data's units (not modified), or null to choose them
     */
    static AtlasModel learn(TrainingPoints.Distinct data, int givenDimension, double givenRadius,
                            double[][] givenCentres, long seed, int svmSample, LearningProgress progress) {
        Random rng = new Random(seed);
        requireEnoughPoints(data.points().length, Math.max(givenDimension, 1), givenDimension > 0);
        progress.update("prepare", 0, 1);
        PreparedCloud cloud = PreparedCloud.of(data.points(), givenDimension, rng);
        progress.update("prepare", 1, 1);
        double[][] points = cloud.points();
        IntrinsicDimension.Estimate estimate = dimension(points, givenDimension, rng, progress);
        int d = givenDimension > 0 ? givenDimension : estimate.dimension();
        double scaledRadius = givenRadius / cloud.scale();
        Centred centred;
        if (givenCentres == null) {
            centred = centred(points, d, givenDimension > 0, scaledRadius, rng, progress);
        } else {
            int minPoints = requireEnoughPoints(points.length, d, givenDimension > 0);
            double r = radius(points.length, rows(points), d, minPoints, scaledRadius, rng, progress);
            double[][] centres = new double[givenCentres.length][];
            for (int c = 0; c < centres.length; c++) {
                centres[c] = cloud.projection().coordinates(givenCentres[c]);
            }
            centred = new Centred(IntrinsicDimension.identity(points.length), r, null,
                    ChartCentres.around(points, centres, r, minPoints), 0);
        }
        points = PreparedCloud.rows(points, centred.kept());
        ChartCentres.Balls balls = centred.balls();
        double r = centred.radius();
        QuadraticChart[] preliminary = fits(points, d, balls, seed, progress);
        Residuals residuals = residuals(points, balls, preliminary, r, null, null);
        for (int round = 0; round < CONFINE_ROUNDS && residuals.noisy(r); round++) {
            boolean[] changed = confine(points, d, minimumPoints(d), balls, preliminary, residuals, seed);
            if (!any(changed)) {
                break;
            }
            residuals = residuals(points, balls, preliminary, r, residuals, changed);
        }
        Membership membership = membership(points, preliminary, residuals, progress);
        ChartModel[] models = boundaries(points, balls, preliminary, residuals, membership, seed, svmSample, progress);
        List<AtlasModel.Overlap> overlaps = transitions(preliminary, residuals, membership.newIndex());
        double coverage = coverage(points, residuals, membership, models);
        LearningStages.SquareSum squares = new LearningStages.SquareSum();
        for (double e : residuals.residual()) {
            squares.add(e);
        }
        List<Double> evidence = new ArrayList<>();
        if (estimate != null) {
            for (double g : estimate.gapScores()) {
                evidence.add(g);
            }
        }
        return assemble(cloud, models, overlaps, residuals.tolerance(), new LearningSummary(points.length, d,
                givenDimension <= 0, r, givenRadius <= 0, models.length, overlaps.size(), coverage,
                Math.sqrt(squares.value() / points.length), residuals.maxResidual(), seed, data.inputCount(),
                data.duplicates(), cloud.outliers() + centred.isolated(), cloud.spanDimension(), 0, evidence));
    }

    /**
     * The atlas in the data's units: every chart lifted ({@link PreparedCloud#lift}), lengths of the summary times the
     * scale, and the linear charts counted.
     *
     * @param cloud     the prepared cloud (its points are not used)
     * @param models    the final charts in learning coordinates
     * @param overlaps  the overlaps
     * @param tolerance the off-atlas tolerance in learning coordinates
     * @param s         the summary in learning coordinates (its linear chart count is ignored)
     * @return the model of the atlas
     */
    static AtlasModel assemble(PreparedCloud cloud, ChartModel[] models, List<AtlasModel.Overlap> overlaps,
                               double tolerance, LearningSummary s) {
        List<ChartModel> lifted = new ArrayList<>();
        int linear = 0;
        for (ChartModel m : models) {
            lifted.add(cloud.lift(m));
            linear += m.isLinear() ? 1 : 0;
        }
        double scale = cloud.scale();
        LearningSummary summary = new LearningSummary(s.pointCount(), s.dimension(), s.dimensionEstimated(),
                scale * s.radius(), s.radiusDerived(), s.chartCount(), s.overlapCount(), s.coverage(),
                scale * s.rmsFitResidual(), scale * s.maxFitResidual(), s.seed(), s.inputCount(), s.duplicateCount(),
                s.outlierCount(), s.spanDimension(), linear, s.dimensionEvidence());
        return new AtlasModel(lifted, overlaps, scale * tolerance, cloud.span(scale * tolerance), summary);
    }

    /** @return the points at given positions, shared */
    static LearningStages.Rows rows(double[][] points) {
        return positions -> PreparedCloud.rows(points, positions);
    }

    /**
     * The chart centres and their balls, after the rounds that remove the points isolated at the chart scale.
     *
     * @param kept     the positions of the points kept, ascending
     * @param radius   the chart radius r
     * @param centres  the centres' positions among the kept points
     * @param balls    the centres and their balls, with member indices among the kept points
     * @param isolated the number of points removed
     */
    record Centred(int[] kept, double radius, int[] centres, ChartCentres.Balls balls, int isolated) {
    }

    /**
     * The radius r and the r-net on the points (from a seeded first centre); then up to {@link #OUTLIER_ROUNDS}
     * times, the points in the balls of isolated centres are removed and r and the net found again.
     *
     * @param points       the prepared points (not modified)
     * @param d            the intrinsic dimension
     * @param given        whether d was given (for the message)
     * @param scaledRadius r in learning coordinates, or 0 to derive it
     * @param rng          the random source, drawn from after the dimension
     * @param progress     receives progress
     * @return the centres
     */
    static Centred centred(double[][] points, int d, boolean given, double scaledRadius, Random rng,
                           LearningProgress progress) {
        int[] kept = IntrinsicDimension.identity(points.length);
        double[][] current = points;
        int minPoints = requireEnoughPoints(current.length, d, given);
        double r = radius(current.length, rows(current), d, minPoints, scaledRadius, rng, progress);
        ChartCentres.Net net = centres(current, r, minPoints, d + 2, rng, progress);
        int isolated = 0;
        for (int round = 0; round < OUTLIER_ROUNDS && net.isolatedPoints().length > 0; round++) {
            int[] outliers = net.isolatedPoints();
            isolated += outliers.length;
            current = without(current, outliers);
            kept = without(kept, outliers);
            minPoints = requireEnoughPoints(current.length, d, given);
            r = radius(current.length, rows(current), d, minPoints, scaledRadius, rng, progress);
            net = centres(current, r, minPoints, round + 1 < OUTLIER_ROUNDS ? d + 2 : 0, rng, progress);
        }
        return new Centred(kept, r, net.centres(), net.balls(current), isolated);
    }

    /** Rounds of removing isolated points and choosing the centres again; the last round grows every ball. */
    static final int OUTLIER_ROUNDS = 3;

    /** @return the positions without the given indices (ascending) */
    private static int[] without(int[] positions, int[] removed) {
        int[] out = new int[positions.length - removed.length];
        int k = 0;
        int next = 0;
        for (int i = 0; i < positions.length; i++) {
            if (next < removed.length && removed[next] == i) {
                next++;
                continue;
            }
            out[k++] = positions[i];
        }
        return out;
    }

    /** @return the points without the given indices (ascending) */
    private static double[][] without(double[][] points, int[] removed) {
        double[][] out = new double[points.length - removed.length][];
        int k = 0;
        int next = 0;
        for (int i = 0; i < points.length; i++) {
            if (next < removed.length && removed[next] == i) {
                next++;
                continue;
            }
            out[k++] = points[i];
        }
        return out;
    }

    /**
     * The intrinsic dimension d: given (then null), or estimated by multiscale local PCA ({@link IntrinsicDimension}).
     */
    private static IntrinsicDimension.Estimate dimension(double[][] points, int givenDimension, Random rng,
                                                        LearningProgress progress) {
        progress.update("dimension", 0, 1);
        IntrinsicDimension.Estimate estimate = givenDimension > 0 ? null : IntrinsicDimension.estimate(points, rng);
        progress.update("dimension", 1, 1);
        return estimate;
    }

    /**
     * @param given whether d was given (else estimated), for the message
     * @return the fewest points a quadratic fit in d dimensions needs ({@link #minimumPoints})
     * @throws InvalidInputException if the cloud has fewer
     */
    static int requireEnoughPoints(int n, int d, boolean given) {
        int minPoints = minimumPoints(d);
        if (n < minPoints) {
            throw new InvalidInputException("points", "at least " + minPoints + " distinct points for d = " + d
                    + (given ? "" : " (estimated; --dim sets it)") + ", " + POINTS_PER_COEFFICIENT + " per coefficient "
                    + "of the " + QuadraticFit.coefficientCount(d) + " of a quadratic chart", n + " points");
        }
        return minPoints;
    }

    /** The chart radius r: given, or derived from the quality of quadratic fits ({@link ChartRadius}). */
    static double radius(int n, LearningStages.Rows rows, int d, int minPoints, double givenRadius, Random rng,
                         LearningProgress progress) {
        progress.update("radius", 0, 1);
        double r = givenRadius > 0 ? givenRadius : ChartRadius.derive(n, rows, d, minPoints, rng).radius();
        progress.update("radius", 1, 1);
        return r;
    }

    /**
     * The chart centres: a greedy r-net on the data from a seeded first centre, with each centre's ball; centres with
     * fewer than {@code isolation} points within r are marked isolated ({@link ChartCentres}).
     */
    private static ChartCentres.Net centres(double[][] points, double r, int minPoints, int isolation, Random rng,
                                           LearningProgress progress) {
        AtomicLong centresFound = new AtomicLong();
        return ChartCentres.build(points, r, minPoints, isolation, rng.nextInt(points.length),
                far -> progress.update("centres", centresFound.incrementAndGet(), -1));
    }

    /**
     * The preliminary charts, one per ball ({@link #fit}): first from the ball's own points; where the fit needs a
     * wider ball, from the points within {@link #widest} of the centre, and the widened ball replaces the chart's ball.
     */
    private static QuadraticChart[] fits(double[][] points, int d, ChartCentres.Balls balls, long seed,
                                         LearningProgress progress) {
        int k = balls.centres().length;
        AtomicLong fitted = new AtomicLong();
        QuadraticChart[] preliminary = new QuadraticChart[k];
        IntStream.range(0, k).parallel().forEach(c -> {
            double[] centre = balls.centres()[c];
            double radius = balls.radii()[c];
            Fitted fit = fit(PreparedCloud.rows(points, balls.members()[c]), radius, d, centre, radius, seed, c);
            if (fit == null) {
                double reach = widest(radius);
                fit = fit(PreparedCloud.rows(points, within(points, centre, reach)), reach, d, centre, radius, seed,
                        c);
                balls.members()[c] = within(points, centre, fit.radius());
                balls.radii()[c] = fit.radius();
            }
            preliminary[c] = new QuadraticChart(c, fit.model());
            progress.update("fits", fitted.incrementAndGet(), k);
        });
        return preliminary;
    }

    /**
     * A preliminary chart: its model, with the unit ball as a placeholder boundary, and the radius of its ball, widened
     * if its own ball determined no quadratic.
     *
     * @param model  the model
     * @param radius the ball's radius
     */
    record Fitted(ChartModel model, double radius) implements java.io.Serializable {
    }

    /** @return the radius of the widest ball a chart's fit may need: WIDENING^WIDENINGS times its own */
    static double widest(double radius) {
        return radius * Math.pow(WIDENING, WIDENINGS);
    }

    /**
     * The preliminary chart of one ball: local PCA bases and the least-squares quadratic of App. F.1 fitted to a
     * seeded subsample of at most {@link #FIT_SAMPLE} of its points (chart c's own seed), with the unit ball as a
     * placeholder boundary.
     *
     * <p>Where the points of the ball determine no quadratic ({@link QuadraticFit#DETERMINED}: too few of them, or all
     * near a lower-dimensional set), the ball is widened by {@link #WIDENING} up to {@link #WIDENINGS} times and the
     * widened ball replaces the chart's ball; if no widening helps, the chart is the linear chart of its ball (the
     * weighted PCA plane, K = 0) and says why in {@link ChartModel#fit()}.
     *
     * @param near   the points within {@code reach} of the centre, in the order of the data (not modified)
     * @param reach  how far {@code near} reaches: the ball's radius, or {@link #widest} of it
     * @param d      the intrinsic dimension
     * @param centre the chart's centre
     * @param radius its ball's radius
     * @param seed   the seed of learning
     * @param c      the chart's index
     * @return the chart; null when a widening beyond {@code reach} is needed
     */
    static Fitted fit(double[][] near, double reach, int d, double[] centre, double radius, long seed, int c) {
        double[][] ball = PreparedCloud.rows(near, within(near, centre, radius));
        Optional<QuadraticFit.Result> fit = QuadraticFit.fit(ball, fitSample(ball.length, seed, c), d, centre, radius);
        double[][] used = ball;
        double usedRadius = radius;
        for (int widening = 1; fit.isEmpty() && widening <= WIDENINGS; widening++) {
            double wider = radius * Math.pow(WIDENING, widening);
            if (wider > reach) {
                return null;
            }
            double[][] widerBall = PreparedCloud.rows(near, within(near, centre, wider));
            fit = QuadraticFit.fit(widerBall, fitSample(widerBall.length, seed, c), d, centre, wider);
            if (fit.isPresent()) {
                used = widerBall;
                usedRadius = wider;
            }
        }
        String how = ChartModel.QUADRATIC;
        int[] all = IntrinsicDimension.identity(used.length);
        if (fit.isEmpty()) {
            fit = QuadraticFit.linear(used, all, d, centre, usedRadius);
            how = ChartModel.LINEAR + ": the " + used.length + " points of its ball determine no quadratic in d = "
                    + d + " coordinates (" + QuadraticFit.coefficientCount(d) + " coefficients), nor those within "
                    + Math.round(Math.pow(WIDENING, WIDENINGS)) + " times its radius";
        }
        QuadraticFit.Result result = fit.orElseThrow(() -> new IllegalStateException("a ball without points"))
                .over(used, all);
        BoundarySvm.Quadric unit = BoundarySvm.Quadric.ball(d + result.normalBasis().length / centre.length);
        return new Fitted(model(centre, usedRadius, result, unit, used.length, how), usedRadius);
    }

    /** Most rounds of {@link #confine}; on the learning suite's noisy rolls it settles after two or three. */
    static final int CONFINE_ROUNDS = 3;

    /**
     * On noisy data ({@link Residuals#noisy}), confines every quadratic chart to the points of its ball that its
     * surface passes within the largest residual of, that is within the noise's reach, and fits it again to those
     * (when at least {@code minPoints} remain and determine a quadratic; else it keeps its fit and ball). Why: a ball
     * can reach across to another sheet of the manifold (the next layer of a roll, the other side of a thin neck),
     * most of all where its own sheet ends at the data's edge and fills only half of it. Least squares then tilts the
     * surface between the sheets, the membership rule ({@link #approximates}, lenient by three times the chart's
     * raised fit residual) grants the tilted chart points of the other sheet, and {@link #transitions} makes it overlap
     * that sheet's charts: an edge of the atlas graph that no geodesic takes. On the noisy roll of the learning suite
     * (20,000 points in R³, noise 1% of the diameter) one chart at the roll's inner edge held 43 points of the next
     * layer among 503 and fitted them with an RMS residual of 0.18 against 0.07 for every other chart; its four
     * overlaps with the next layer let 2 of 200 distance queries cut across (distortion 4.4, largest error 77%).
     * Confined, its residual is 0.08 and no overlap crosses. A point farther from a chart than any point of the cloud
     * is from its best chart is not noise about that chart's sheet; and no point leaves the ball of its best chart,
     * so every point keeps a chart. Why only on noisy data: on clean data the largest residual is the quadratic's
     * truncation error, which the rims of curved charts reach legitimately; trimming them there (the clean Klein
     * bottle of 3000 patches lost 18% of its charts' points) opened gaps between the charts' domains in which a
     * quasi-Euclidean retraction found no chart.
     *
     * @param residuals every point's residuals in the charts whose balls hold it, as the charts are now
     * @return for each chart, whether it changed (its ball and fit then differ from the residuals passed in)
     */
    private static boolean[] confine(double[][] points, int d, int minPoints, ChartCentres.Balls balls,
                                   QuadraticChart[] preliminary, Residuals residuals, long seed) {
        boolean[] changed = new boolean[preliminary.length];
        double bound = residuals.maxResidual();
        IntStream.range(0, preliminary.length).parallel().forEach(c -> {
            if (preliminary[c].model().isLinear()) {
                return;
            }
            int[] ball = balls.members()[c];
            double[] e = residuals.byBall()[c];
            Optional<ChartModel> confined = confined(PreparedCloud.rows(points, ball), e, bound, d, minPoints,
                    preliminary[c], seed, c);
            if (confined.isPresent()) {
                preliminary[c] = new QuadraticChart(c, confined.get());
                int[] kept = keptWithinNoise(e, bound);
                for (int b = 0; b < kept.length; b++) {
                    kept[b] = ball[kept[b]];
                }
                balls.members()[c] = kept;
                changed[c] = true;
            }
        });
        return changed;
    }

    /** @return whether some flag is set */
    private static boolean any(boolean[] flags) {
        for (boolean b : flags) {
            if (b) {
                return true;
            }
        }
        return false;
    }

    /** @return the positions of the residuals {@link #withinNoise}, ascending */
    private static int[] keptWithinNoise(double[] residuals, double bound) {
        int count = 0;
        for (double e : residuals) {
            count += withinNoise(e, bound) ? 1 : 0;
        }
        int[] kept = new int[count];
        int k = 0;
        for (int b = 0; b < residuals.length; b++) {
            if (withinNoise(residuals[b], bound)) {
                kept[k++] = b;
            }
        }
        return kept;
    }

    /** @return whether a point at this residual from a chart stays in its ball if it is confined ({@link #confine}) */
    static boolean withinNoise(double residual, double bound) {
        return residual <= bound;
    }

    /**
     * One chart of {@link #confine}: fitted again to the points of its ball {@link #withinNoise within the noise's
     * reach}.
     *
     * @param ball      its ball's points, in the order of the data (not modified)
     * @param residuals each point's residual in the chart
     * @param bound     the largest residual of a point in its best chart
     * @param d         the intrinsic dimension
     * @param minPoints the fewest points a chart is fitted to
     * @param chart     the chart as it is
     * @param seed      the seed of learning
     * @param c         the chart's index
     * @return the confined chart's model (the centre and radius of its ball, fitted to the points kept); empty when
     *     the chart stays as it is: linear, every point within reach, fewer than {@code minPoints} within reach, or
     *     those determine no quadratic
     */
    static Optional<ChartModel> confined(double[][] ball, double[] residuals, double bound, int d, int minPoints,
                                         QuadraticChart chart, long seed, int c) {
        if (chart.model().isLinear()) {
            return Optional.empty();
        }
        int[] kept = keptWithinNoise(residuals, bound);
        if (kept.length == ball.length || kept.length < minPoints) {
            return Optional.empty();
        }
        double[] centre = chart.model().centre();
        double radius = chart.model().radius();
        double[][] rows = PreparedCloud.rows(ball, kept);
        Optional<QuadraticFit.Result> fit = QuadraticFit.fit(rows, fitSample(rows.length, seed, c), d, centre,
                radius);
        if (fit.isEmpty()) {
            return Optional.empty();
        }
        QuadraticFit.Result result = fit.get().over(rows, IntrinsicDimension.identity(rows.length));
        BoundarySvm.Quadric unit = BoundarySvm.Quadric.ball(d + result.normalBasis().length / centre.length);
        return Optional.of(model(centre, radius, result, unit, kept.length, ChartModel.QUADRATIC));
    }

    /** Factor by which a ball whose points determine no quadratic is widened. */
    static final double WIDENING = 2;
    /** Widenings tried before a chart is fitted as a linear chart. */
    static final int WIDENINGS = 2;

    /**
     * @return a seeded subsample of at most {@link #FIT_SAMPLE} of the positions in a ball of the given size, chart
     *     c's own seed
     */
    private static int[] fitSample(int ballSize, long seed, int c) {
        return IntrinsicDimension.subsample(ballSize, FIT_SAMPLE, new Random(seed ^ (31L * c + 7)));
    }

    /** @return the indices of the points in the ball of centre x and radius r ({@link ChartCentres#inBall}) */
    private static int[] within(double[][] points, double[] x, double r) {
        return IntStream.range(0, points.length).filter(i -> ChartCentres.inBall(points[i], x, r)).toArray();
    }

    /**
     * How well the preliminary charts approximate each point, and the tolerances that follow.
     *
     * @param candidates        for each point, the charts whose ball contains it
     * @param candidateResidual for each point, its residual in each of its candidate charts
     * @param byBall            for each chart, the residual of each point of its ball, in the ball's order
     * @param residual          for each point, the smallest of them
     * @param maxResidual       the largest of those
     * @param tolerance         the off-atlas tolerance: {@link #OFF_ATLAS_FRACTION}·r or
     *                          {@link #OFF_ATLAS_RESIDUAL_FACTOR} times the largest residual, whichever is larger
     * @param faithful          {@link #FAITHFUL_FRACTION} of the tolerance
     * @param incidence         which balls hold each point and where ({@code candidates} are its charts)
     */
    private record Residuals(int[][] candidates, double[][] candidateResidual, double[][] byBall, double[] residual,
                             double maxResidual, double tolerance, double faithful, Incidence incidence) {
        /**
         * @param r the chart radius
         * @return whether the residuals, not the chart radius, set the tolerance: the data are noisy at the chart
         *     scale, and the largest residual measures the noise
         */
        boolean noisy(double r) {
            return AtlasLearner.noisy(r, maxResidual);
        }

    }

    /**
     * Each point's residual in every chart whose ball contains it (kept for the membership rule), the best of them,
     * and from those the off-atlas tolerance. A chart's residuals are measured over its ball, chart by chart; after a
     * round of {@link #confine} only the charts it changed are measured again (a residual depends on the chart and
     * the point alone).
     *
     * @param previous the residuals before the round, or null
     * @param changed  the charts the round changed, or null
     */
    private static Residuals residuals(double[][] points, ChartCentres.Balls balls, QuadraticChart[] preliminary,
                                       double r, Residuals previous, boolean[] changed) {
        int n = points.length;
        int[][] members = balls.members();
        double[][] byBall = new double[members.length][];
        IntStream.range(0, members.length).parallel().forEach(c -> byBall[c] = previous != null && !changed[c]
                ? previous.byBall()[c] : ballResiduals(points, members[c], preliminary[c]));
        Incidence incidence = previous == null ? Incidence.of(members, n) : previous.incidence().after(members);
        int[][] candidates = incidence.charts();
        double[][] candidateResidual = new double[n][];
        double[] residual = new double[n];
        IntStream.range(0, n).parallel().forEach(i -> {
            int[] cs = candidates[i];
            int[] at = incidence.positions()[i];
            double[] e = new double[cs.length];
            double best = Double.POSITIVE_INFINITY;
            for (int j = 0; j < cs.length; j++) {
                e[j] = byBall[cs[j]][at[j]];
                best = Math.min(best, e[j]);
            }
            candidateResidual[i] = e;
            residual[i] = best;
        });
        double maxResidual = 0;
        for (double e : residual) {
            maxResidual = Math.max(maxResidual, e);
        }
        double tolerance = tolerance(r, maxResidual);
        return new Residuals(candidates, candidateResidual, byBall, residual, maxResidual, tolerance,
                FAITHFUL_FRACTION * tolerance, incidence);
    }

    /**
     * Which balls hold each point, and where: the inverse of the balls' member lists.
     *
     * @param members   the balls' member lists it was made from (the arrays themselves, not copies)
     * @param charts    for each point, the charts whose ball holds it, ascending
     * @param positions for each point and each of those charts, the point's position in the chart's ball
     */
    record Incidence(int[][] members, int[][] charts, int[][] positions) {
        /** @return the incidence of the balls' member lists (not modified), in one pass over them */
        static Incidence of(int[][] members, int n) {
            int[] count = new int[n];
            for (int[] m : members) {
                for (int i : m) {
                    count[i]++;
                }
            }
            int[][] charts = new int[n][];
            int[][] positions = new int[n][];
            for (int i = 0; i < n; i++) {
                charts[i] = new int[count[i]];
                positions[i] = new int[count[i]];
            }
            int[] fill = new int[n];
            for (int c = 0; c < members.length; c++) {
                int[] ball = members[c];
                for (int b = 0; b < ball.length; b++) {
                    int i = ball[b];
                    charts[i][fill[i]] = c;
                    positions[i][fill[i]++] = b;
                }
            }
            return new Incidence(members.clone(), charts, positions);
        }

        /**
         * The incidence of member lists of which each either is the very array this incidence was made from or is a
         * subsequence of it (a chart {@link #confine}d to some of its ball's points, in the same order): each point
         * keeps the charts that kept it, in the same order, so no pass over all the balls is needed and the points
         * are done in parallel. The same as {@link #of} on {@code now}; {@link #of} itself when some list is
         * neither.
         *
         * @param now the balls' member lists (not modified)
         */
        Incidence after(int[][] now) {
            int k = members.length;
            int[][] moved = new int[k][];
            IntStream.range(0, k).parallel().filter(c -> now[c] != members[c])
                    .forEach(c -> moved[c] = subsequence(members[c], now[c]));
            if (IntStream.range(0, k).anyMatch(c -> now[c] != members[c] && moved[c] == null)) {
                return of(now, charts.length);
            }
            int n = charts.length;
            int[][] newCharts = new int[n][];
            int[][] newPositions = new int[n][];
            IntStream.range(0, n).parallel().forEach(i -> {
                int[] cs = charts[i];
                int[] at = positions[i];
                int[] keptCharts = new int[cs.length];
                int[] keptAt = new int[cs.length];
                int m = 0;
                for (int j = 0; j < cs.length; j++) {
                    int c = cs[j];
                    int b = moved[c] == null ? at[j] : moved[c][at[j]];
                    if (b >= 0) {
                        keptCharts[m] = c;
                        keptAt[m++] = b;
                    }
                }
                newCharts[i] = m == cs.length ? keptCharts : java.util.Arrays.copyOf(keptCharts, m);
                newPositions[i] = m == cs.length ? keptAt : java.util.Arrays.copyOf(keptAt, m);
            });
            return new Incidence(now.clone(), newCharts, newPositions);
        }

        /**
         * @return for each position in {@code before}, the position of its point in {@code after}, or −1 where
         *     {@code after} leaves it out; null when {@code after} is not a subsequence of {@code before}
         */
        static int[] subsequence(int[] before, int[] after) {
            int[] to = new int[before.length];
            int k = 0;
            for (int b = 0; b < before.length; b++) {
                to[b] = k < after.length && after[k] == before[b] ? k++ : -1;
            }
            return k == after.length ? to : null;
        }
    }

    /** @return the residual {@link QuadraticChart#residual} of each point of a ball in its chart */
    private static double[] ballResiduals(double[][] points, int[] ball, QuadraticChart chart) {
        double[] e = new double[ball.length];
        double[] xi = new double[chart.dimension()];
        for (int b = 0; b < ball.length; b++) {
            e[b] = chart.residual(points[ball[b]], xi);
        }
        return e;
    }

    /** @return whether the residuals, not the chart radius, set the off-atlas tolerance ({@link Residuals#noisy}) */
    static boolean noisy(double r, double maxResidual) {
        return OFF_ATLAS_RESIDUAL_FACTOR * maxResidual > OFF_ATLAS_FRACTION * r;
    }

    /**
     * @return the off-atlas tolerance: {@link #OFF_ATLAS_FRACTION}·r or {@link #OFF_ATLAS_RESIDUAL_FACTOR} times the
     *     largest residual of a point in its best chart, whichever is larger
     */
    static double tolerance(double r, double maxResidual) {
        return Math.max(OFF_ATLAS_FRACTION * r, OFF_ATLAS_RESIDUAL_FACTOR * maxResidual);
    }

    /**
     * The chart each point belongs to and the charts that keep members.
     *
     * @param belongs  for each point, the index of its preliminary chart
     * @param nearness for each point, its distance to its chart's centre relative to the chart's radius
     * @param newIndex for each preliminary chart, its index among the kept charts, or -1 if no point belongs to it
     * @param oldIndex for each kept chart, its preliminary index
     */
    private record Membership(int[] belongs, double[] nearness, int[] newIndex, int[] oldIndex) {
    }

    /**
     * The chart each point belongs to (§4.2.2): among the charts that approximate it well, the one with the nearest
     * centre. The paper's rule, the single best approximation, is ill-posed on clean data: a least-squares quadratic
     * is exact on a ring at about 0.7 of its radius, so the "best" chart is the one whose ring passes nearest, usually
     * one whose centre is far away. Charts whose residual is within {@link #ACCEPTABLE_RESIDUAL} of the best (plus
     * their own fit error) approximate the point equally well, and among them the nearest centre gives compact cells
     * that a quadric separates; but never a chart whose surface misses the point by more than the faithful bound (the
     * best chart always qualifies: its residual is at most half the tolerance by the tolerance's definition). Charts
     * that no point belongs to approximate nothing better than their neighbours and are dropped.
     */
    private static Membership membership(double[][] points, QuadraticChart[] preliminary, Residuals residuals,
                                         LearningProgress progress) {
        int n = points.length;
        int[][] candidates = residuals.candidates();
        int[] belongs = new int[n];
        progress.update("membership", 0, n);
        IntStream.range(0, n).parallel().forEach(i -> belongs[i] = belongs(points[i], candidates[i],
                residuals.candidateResidual()[i], residuals.residual()[i], residuals.faithful(), preliminary));
        progress.update("membership", n, n);

        double[] nearness = new double[n];
        IntStream.range(0, n).parallel().forEach(i -> nearness[i] = nearness(points[i], preliminary[belongs[i]]));

        int k = preliminary.length;
        int[] memberCount = new int[k];
        for (int b : belongs) {
            memberCount[b]++;
        }
        int[] newIndex = new int[k];
        int kept = 0;
        for (int c = 0; c < k; c++) {
            newIndex[c] = memberCount[c] > 0 ? kept++ : -1;
        }
        int[] oldIndex = new int[kept];
        for (int c = 0; c < k; c++) {
            if (newIndex[c] >= 0) {
                oldIndex[newIndex[c]] = c;
            }
        }
        return new Membership(belongs, nearness, newIndex, oldIndex);
    }

    /**
     * @param x           a point
     * @param candidates  the preliminary charts whose ball holds it, ascending
     * @param e           its residual in each
     * @param best        the smallest of those
     * @param faithful    the faithful bound
     * @param preliminary the preliminary charts
     * @return the chart the point belongs to ({@link #membership}), or −1 if none approximates it well
     */
    static int belongs(double[] x, int[] candidates, double[] e, double best, double faithful,
                       QuadraticChart[] preliminary) {
        int arg = -1;
        double nearest = Double.POSITIVE_INFINITY;
        for (int j = 0; j < candidates.length; j++) {
            QuadraticChart c = preliminary[candidates[j]];
            if (!approximates(c, e[j], best, faithful)) {
                continue;
            }
            double dist = Vectors.distance(x, c.centreRef()) / c.radius();
            if (dist < nearest) {
                nearest = dist;
                arg = candidates[j];
            }
        }
        return arg;
    }

    /** @return the distance of x from the centre of the chart it belongs to, relative to that chart's radius */
    static double nearness(double[] x, QuadraticChart own) {
        return Vectors.distance(x, own.centreRef()) / own.radius();
    }

    /**
     * @param chart    a chart whose ball holds the point
     * @param e        the point's residual in it
     * @param best     the point's smallest residual in any chart
     * @param faithful the faithful bound
     * @return whether the chart approximates the point well: its residual is the best, or within
     *     {@link #ACCEPTABLE_RESIDUAL} of the best plus three times the chart's own fit residual, and within the
     *     faithful bound
     */
    private static boolean approximates(QuadraticChart chart, double e, double best, double faithful) {
        return e <= best || e <= Math.min(ACCEPTABLE_RESIDUAL * best + 3 * chart.model().fitResidual(), faithful);
    }

    /**
     * The final chart models of the kept charts: each chart's domain of trust and its boundary SVM, trained on its
     * members and on the neighbours' points it covers ({@link #covers}, {@link #boundary}).
     */
    private static ChartModel[] boundaries(double[][] points, ChartCentres.Balls balls, QuadraticChart[] preliminary,
                                           Residuals residuals, Membership membership, long seed, int svmSample,
                                           LearningProgress progress) {
        AtomicLong trained = new AtomicLong();
        int kept = membership.oldIndex().length;
        ChartModel[] models = new ChartModel[kept];
        // each thread writes its charts' SVM features into the same rows, chart after chart (a chart's boundary runs on
        // one thread from start to end); the map is dropped with the stage
        java.util.Map<Thread, BoundarySvm.FeatureRows> rows = new java.util.concurrent.ConcurrentHashMap<>();
        IntStream.range(0, kept).parallel().forEach(c -> {
            int old = membership.oldIndex()[c];
            int[] ball = balls.members()[old];
            double[][] near = PreparedCloud.rows(points, ball);
            boolean[] covered = covered(ball, near, preliminary[old], old, membership, residuals);
            models[c] = boundary(near, coordinates(near, preliminary[old]), covered, preliminary[old], seed,
                    svmSample, c, rows.computeIfAbsent(Thread.currentThread(), t -> new BoundarySvm.FeatureRows()));
            progress.update("boundaries", trained.incrementAndGet(), kept);
        });
        return models;
    }

    /**
     * {@link #covers} for every point of a chart's ball, with each point's residual in the chart taken from the
     * residuals already measured (the same value {@link QuadraticChart#residual} gives) instead of measured again.
     *
     * @param ball  the ball's point indices
     * @param near  their points
     * @param chart the preliminary chart
     * @param old   its preliminary index
     * @return for each point of the ball, whether the chart covers it
     */
    private static boolean[] covered(int[] ball, double[][] near, QuadraticChart chart, int old,
                                     Membership membership, Residuals residuals) {
        boolean[] covered = new boolean[ball.length];
        for (int b = 0; b < ball.length; b++) {
            int i = ball[b];
            covered[b] = membership.belongs()[i] == old || coversNeighbour(near[b], chart,
                    membership.nearness()[i], residuals.byBall()[old][b], residuals.residual()[i],
                    residuals.faithful());
        }
        return covered;
    }

    /** @return the coordinates {@link QuadraticChart#coordinatesOf} of every point */
    private static double[][] coordinates(double[][] ball, QuadraticChart chart) {
        double[][] xi = new double[ball.length][];
        for (int b = 0; b < ball.length; b++) {
            xi[b] = chart.coordinatesOf(ball[b]);
        }
        return xi;
    }

    /**
     * The transitions of the atlas graph (§4.1): an overlap between every two kept charts whose balls share a point
     * that both approximate well ({@link #approximates}, the rule of {@link #membership}). Why not every shared point:
     * a ball can reach across to another sheet of the manifold (the next layer of a roll, the other side of a thin
     * neck), whose points lie in the ball but far from the chart's surface; an edge between the two sheets' charts
     * would be a short cut of the atlas graph that no geodesic takes.
     *
     * @return the overlapping pairs of kept charts, each once (first &lt; second), in ascending order
     */
    private static List<AtlasModel.Overlap> transitions(QuadraticChart[] preliminary, Residuals residuals,
                                                        int[] newIndex) {
        int[][] candidates = residuals.candidates();
        int k = preliminary.length;
        // the points in parallel, each thread's pairs in its own set: the union does not depend on the order
        java.util.BitSet pairs = IntStream.range(0, candidates.length).parallel().collect(java.util.BitSet::new,
                (set, i) -> overlapPairs(candidates[i], residuals.candidateResidual()[i], residuals.residual()[i],
                        residuals.faithful(), preliminary, newIndex, set), java.util.BitSet::or);
        return overlaps(pairs, k);
    }

    /**
     * Adds the overlaps one point shows ({@link #transitions}): each pair of kept charts whose balls hold it and that
     * both approximate it well, as the bit {@code first·k + second} (k preliminary charts).
     */
    static void overlapPairs(int[] cs, double[] e, double best, double faithful, QuadraticChart[] preliminary,
                             int[] newIndex, java.util.BitSet pairs) {
        int k = preliminary.length;
        for (int a = 0; a < cs.length; a++) {
            if (!approximates(preliminary[cs[a]], e[a], best, faithful)) {
                continue;
            }
            for (int b = a + 1; b < cs.length; b++) {
                int x = newIndex[cs[a]];
                int y = newIndex[cs[b]];
                if (x >= 0 && y >= 0 && approximates(preliminary[cs[b]], e[b], best, faithful)) {
                    pairs.set(Math.min(x, y) * k + Math.max(x, y));
                }
            }
        }
    }

    /** @return the overlaps of the bits of {@link #overlapPairs}, ascending */
    static List<AtlasModel.Overlap> overlaps(java.util.BitSet pairs, int k) {
        List<AtlasModel.Overlap> overlaps = new ArrayList<>();
        for (int key = pairs.nextSetBit(0); key >= 0; key = pairs.nextSetBit(key + 1)) {
            overlaps.add(new AtlasModel.Overlap(key / k, key % k));
        }
        return overlaps;
    }

    /**
     * @return the coverage: the fraction of the points that lie in the domain of trust of a kept chart whose ball
     *     contains them
     */
    private static double coverage(double[][] points, Residuals residuals, Membership membership,
                                   ChartModel[] models) {
        int n = points.length;
        int[][] candidates = residuals.candidates();
        int[] newIndex = membership.newIndex();
        QuadraticChart[] finals = new QuadraticChart[models.length];
        for (int c = 0; c < models.length; c++) {
            finals[c] = new QuadraticChart(c, models[c]);
        }
        long covered = IntStream.range(0, n).parallel().filter(i -> inside(points[i], candidates[i], newIndex, finals))
                .count();
        return (double) covered / n;
    }

    /** @return whether x lies in the domain of trust of a kept chart whose ball holds it */
    static boolean inside(double[] x, int[] candidates, int[] newIndex, QuadraticChart[] finals) {
        for (int c : candidates) {
            int nc = newIndex[c];
            if (nc >= 0 && finals[nc].inside(finals[nc].coordinatesOf(x))) {
                return true;
            }
        }
        return false;
    }

    /**
     * The points a chart's domain of trust must contain: those that belong to it, and those of its ball that belong to
     * a neighbour but lie nearly as close to this chart's centre ({@link #OVERLAP} times their relative distance to
     * their own chart's centre) and that this chart approximates well. Why the second kind: the SVMs of two
     * neighbouring charts each draw their boundary through the gap between their members, with soft margins, and
     * where both boundaries fall short a sliver of the manifold lies in no chart's domain; a retraction that enters
     * it cannot change to a chart that contains it. Requiring both charts to contain the points near their common
     * boundary makes the domains overlap there, as the charts of an atlas should.
     */
    static boolean covers(double[] x, QuadraticChart chart, int old, int belongs, double nearness, double residual,
                          double faithful) {
        if (belongs == old) {
            return true;
        }
        return coversNeighbour(x, chart, nearness, chart.residual(x), residual, faithful);
    }

    /**
     * {@link #covers} for a point that belongs to another chart.
     *
     * @param e the point's residual in this chart, {@link QuadraticChart#residual}
     */
    private static boolean coversNeighbour(double[] x, QuadraticChart chart, double nearness, double e,
                                           double residual, double faithful) {
        double relative = Vectors.distance(x, chart.centreRef()) / chart.radius();
        return relative <= OVERLAP * nearness && e <= faithful
                && e <= ACCEPTABLE_RESIDUAL * residual + 3 * chart.model().fitResidual();
    }

    /**
     * Trains the boundary SVM of one chart on (a subsample of) its ball, members against the rest, and shifts the
     * quadric so that every covered point ({@link #covers}) lies inside: the soft margin may leave a few members
     * outside, and a training point outside every chart would make the atlas miss part of the data.
     */
    static ChartModel boundary(double[][] ball, boolean[] covered, QuadraticChart chart, long seed, int svmSample,
                               int index) {
        return boundary(ball, coordinates(ball, chart), covered, chart, seed, svmSample, index,
                new BoundarySvm.FeatureRows());
    }

    /**
     * {@link #boundary(double[][], boolean[], QuadraticChart, long, int, int)} with the ball's coordinates given: the
     * chart's surface does not change while its boundary is trained, so each point's coordinates are found once.
     *
     * @param xi   each ball point's coordinates {@link QuadraticChart#coordinatesOf} (not modified)
     * @param rows the SVM's feature rows, reused from the calling thread's previous chart
     */
    private static ChartModel boundary(double[][] ball, double[][] xi, boolean[] covered, QuadraticChart chart,
                                       long seed, int svmSample, int index, BoundarySvm.FeatureRows rows) {
        Random rng = new Random(seed * 1_000_003L + index);
        int[] pick = IntrinsicDimension.subsample(ball.length, svmSample, rng);
        BoundarySvm.TrainingSet set = new BoundarySvm.TrainingSet(chart.model().frameDimension(), rows);
        for (int s : pick) {
            set.add(chart.surfaceFrame(xi[s]), covered[s]);
        }
        double[][] coveredXi = where(xi, covered);
        ChartModel base = withTrust(chart.model(), trustRadius(coveredXi, chart), supportRadius(coveredXi, chart));
        long svmSeed = rng.nextLong();
        BoundarySvm.Quadric quadric = set.train(svmSeed);
        for (int round = 0; ; round++) {
            QuadraticChart trained = new QuadraticChart(index, withQuadric(base, quadric));
            List<double[]> outside = new ArrayList<>();
            double worst = outside(trained, coveredXi, outside);
            if (outside.isEmpty()) {
                return trained.model();
            }
            if (round == BOOST_ROUNDS) {
                return withQuadric(base, quadric.shifted(-(worst + COVERAGE_MARGIN)));
            }
            for (double[] image : outside) {
                set.add(image, true);
            }
            quadric = set.train(svmSeed);
        }
    }

    /** @return the rows whose flag is set, in order (shared) */
    private static double[][] where(double[][] rows, boolean[] flag) {
        int count = 0;
        for (boolean b : flag) {
            count += b ? 1 : 0;
        }
        double[][] out = new double[count][];
        int k = 0;
        for (int b = 0; b < rows.length; b++) {
            if (flag[b]) {
                out[k++] = rows[b];
            }
        }
        return out;
    }

    /**
     * @param trained   the chart with its trained boundary
     * @param coveredXi the coordinates of the points it must cover
     * @param outside   receives the frame coordinates of those not inside its boundary by {@link #COVERAGE_MARGIN}
     * @return the largest boundary value of the covered points
     */
    private static double outside(QuadraticChart trained, double[][] coveredXi, List<double[]> outside) {
        double worst = Double.NEGATIVE_INFINITY;
        for (double[] xi : coveredXi) {
            double value = trained.boundaryValue(xi);
            worst = Math.max(worst, value);
            if (value > -COVERAGE_MARGIN) {
                outside.add(trained.surfaceFrame(xi));
            }
        }
        return worst;
    }

    /**
     * The radius within which a chart is used: {@link #TRUST_FRACTION} of the coordinate radius of its ball, where the
     * quadratic fits best, widened if needed to reach every point the chart covers ({@link #covers}).
     *
     * @param coveredXi the coordinates of the points it covers
     */
    private static double trustRadius(double[][] coveredXi, QuadraticChart chart) {
        double rho = TRUST_FRACTION * chart.coordinateRadius();
        for (double[] xi : coveredXi) {
            rho = Math.max(rho, Math.nextUp(Vectors.norm(xi)));
        }
        return rho;
    }

    /**
     * The ambient radius around the centre within which a chart is used: the radius of the ball it was fitted to,
     * widened if needed to reach the surface image {@code φ̃⁻¹(φ̃(x))} of every point x it covers (x lies in
     * the ball, its image within the fit residual of x).
     *
     * @param coveredXi the coordinates φ̃(x) of the points it covers
     */
    private static double supportRadius(double[][] coveredXi, QuadraticChart chart) {
        double reach = chart.radius();
        for (double[] xi : coveredXi) {
            double[] image = chart.ambientOf(xi);
            reach = Math.max(reach, (1 + SUPPORT_MARGIN) * Vectors.distance(image, chart.centreRef()));
        }
        return reach;
    }

    private static ChartModel withTrust(ChartModel m, double rho, double support) {
        return new ChartModel(m.centre(), m.origin(), m.tangentBasis(), m.normalBasis(), m.curvature(), m.radius(),
                m.coordinateRadius(), Math.min(rho, m.coordinateRadius()), support, m.boundaryMatrix(),
                m.boundaryLinear(), m.boundaryConstant(), m.fitResidual(), m.pointCount(), m.fit());
    }

    private static ChartModel model(double[] centre, double radius, QuadraticFit.Result fit,
                                    BoundarySvm.Quadric quadric, int pointCount, String how) {
        return new ChartModel(centre, fit.origin(), fit.tangentBasis(), fit.normalBasis(), fit.curvature(), radius,
                fit.coordinateRadius(), fit.coordinateRadius(), radius, quadric.matrix(), quadric.linear(),
                quadric.constant(), fit.rmsResidual(), pointCount, how);
    }

    private static ChartModel withQuadric(ChartModel m, BoundarySvm.Quadric q) {
        return new ChartModel(m.centre(), m.origin(), m.tangentBasis(), m.normalBasis(), m.curvature(), m.radius(),
                m.coordinateRadius(), m.trustRadius(), m.supportRadius(), q.matrix(), q.linear(), q.constant(),
                m.fitResidual(), m.pointCount(), m.fit());
    }
}

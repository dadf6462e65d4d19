package org.atlasgraph.pointcloud;

import java.io.Serializable;
import java.util.BitSet;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import org.atlasgraph.api.check.InvalidInputException;

/**
 * The single-machine learner's rules ({@code AtlasLearner}) one stage, one chart or one point at a time, for a learner
 * that never holds the points, such as the spark module's. Every method here runs the very code the single-machine
 * learner runs, so the two cannot drift apart; a learner that draws the same samples by the same positions, applies
 * the per-point rules to every point and the per-chart rules to each chart's ball in the order of the data learns the
 * same atlas.
 *
 * <p>Stages in order, as in {@code AtlasLearner.learn}, all drawing from one {@code Random(seed)}:
 * <ol>
 *   <li>preparation ({@link Preparation}): the centre and scale from the points at {@link Preparation#scaleSample},
 *   the gross outliers, the span from the points at {@link Preparation#spanSample} among the rest, the outliers off
 *   the span; then every point in learning coordinates ({@link Preparation#coordinates});</li>
 *   <li>the dimension ({@link #dimension}) and the radius ({@link #radius}) from the points at positions they draw
 *   ({@link Rows});</li>
 *   <li>the centres: the r-net with its rounds of isolated outliers on all the points ({@link #centres}), or given;
 *   each centre's ball ({@link #ballRadius}, {@link #inBall});</li>
 *   <li>per chart, on its ball in the order of the data, the preliminary fit ({@link #fit}), widened where needed
 *   ({@link #widest});</li>
 *   <li>per point, its residual in the charts whose ball holds it ({@link #residual}), and the largest of the
 *   points' smallest residuals; on noisy data ({@link #noisy}), up to {@link #CONFINE_ROUNDS} rounds in which each
 *   chart is confined to the points of its ball within the noise's reach and fitted again ({@link #confine}; a point
 *   stays in a confined chart's ball when it lay {@link #withinNoise} of the chart as it was), each followed by the
 *   residuals again;</li>
 *   <li>per point, the tolerance ({@link #tolerance}), the chart it belongs to ({@link #belongs},
 *   {@link #nearness}), which charts must cover it ({@link #covers}), the overlaps it shows
 *   ({@link #overlapPairs});</li>
 *   <li>per kept chart, its boundary on its ball ({@link #boundary}); the coverage ({@link #inside}); the atlas in the
 *   data's units ({@link #atlas}).</li>
 * </ol>
 */
public final class LearningStages {
    /**
     * The samples the dimension and the radius come from hold at most this many points (20 000); a distributed learner
     * whose prepared data are no more than this many points may hold them all, as the single-machine learner does,
     * and choose the same centres.
     */
    public static final int SAMPLE = ChartRadius.SUBSAMPLE;
    /** The default largest number of ball points a boundary SVM is trained on. */
    public static final int DEFAULT_SVM_SAMPLE = AtlasLearner.DEFAULT_SVM_SAMPLE;
    /** The rounds in which isolated outliers are removed and the centres chosen again. */
    public static final int OUTLIER_ROUNDS = AtlasLearner.OUTLIER_ROUNDS;
    /** The most rounds in which charts are confined on noisy data ({@link #confine}). */
    public static final int CONFINE_ROUNDS = AtlasLearner.CONFINE_ROUNDS;

    private LearningStages() {
    }

    /** The points of a cloud at given positions. */
    @FunctionalInterface
    public interface Rows {
        /**
         * @param positions positions in the cloud
         * @return the points at those positions, in their order
         */
        double[][] at(int[] positions);
    }

    /**
     * A sum of squares in double-double precision (Neumaier's compensated sum of the squares, each square exact as a
     * product and its {@link Math#fma} error), so that sums of the same numbers taken in any order and merged in any
     * grouping round to the same double in practice: the single-machine learner's RMS residual and a distributed
     * learner's agree to the last digit.
     */
    public static final class SquareSum implements Serializable {
        private static final long serialVersionUID = 1L;
        private double hi;
        private double lo;

        /** @param e a number whose square is added */
        public void add(double e) {
            double sq = e * e;
            plus(sq);
            plus(Math.fma(e, e, -sq));
        }

        /**
         * @param other another sum (not modified)
         * @return this, with the other added
         */
        public SquareSum merge(SquareSum other) {
            plus(other.hi);
            plus(other.lo);
            return this;
        }

        private void plus(double v) {
            double t = hi + v;
            lo += Math.abs(hi) >= Math.abs(v) ? (hi - t) + v : (v - t) + hi;
            hi = t;
        }

        /** @return the sum */
        public double value() {
            return hi + lo;
        }
    }

    /**
     * @param n     the number of points
     * @param d     the intrinsic dimension
     * @param given whether d was given (else estimated), for the message
     * @return the fewest points a chart's ball must hold
     * @throws InvalidInputException if there are fewer points than that
     */
    public static int requireEnoughPoints(int n, int d, boolean given) {
        return AtlasLearner.requireEnoughPoints(n, d, given);
    }

    /**
     * The map from the data to the learning coordinates ({@code PreparedCloud}), built in steps: {@link #centred},
     * {@link #withLargest} when the sample did not determine the scale, {@link #spanned}; then {@link #prepared}.
     */
    public static final class Preparation implements Serializable {
        private static final long serialVersionUID = 1L;
        private final PreparedCloud.Centring centring;
        private final PreparedCloud.Projection projection;

        private Preparation(PreparedCloud.Centring centring, PreparedCloud.Projection projection) {
            this.centring = centring;
            this.projection = projection;
        }

        /**
         * @param n   the number of points
         * @param rng the random source, drawn from first
         * @return the positions of the points the centre and scale come from
         */
        public static int[] scaleSample(int n, Random rng) {
            return PreparedCloud.scaleSample(n, rng);
        }

        /**
         * @param sample the points at {@link #scaleSample}, in its order (not modified)
         * @return the centre and scale, not yet spanned
         */
        public static Preparation centred(double[][] sample) {
            return new Preparation(PreparedCloud.Centring.of(sample), null);
        }

        /** @return whether the sample determined the scale; if not, {@link #withLargest} must be called */
        public boolean scaled() {
            return centring.scaled();
        }

        /**
         * @param largest the largest finite {@link #distance} of any point
         * @return the preparation with that as its scale
         * @throws InvalidInputException if every point lies at the same place
         */
        public Preparation withLargest(double largest) {
            return new Preparation(centring.withLargest(largest), null);
        }

        /** @return the distance of a point of the data from the centre */
        public double distance(double[] x) {
            return centring.distance(x);
        }

        /** @return whether a point at this {@link #distance} is a gross outlier */
        public boolean gross(double distance) {
            return centring.gross(distance);
        }

        /**
         * @param count   the number of points that are not gross outliers
         * @param ambient D
         * @param rng     the random source, drawn from after {@link #scaleSample}
         * @return the positions among those points of the points the span comes from
         */
        public static int[] spanSample(int count, int ambient, Random rng) {
            return PreparedCloud.spanSample(count, ambient, rng);
        }

        /**
         * @param sample         the points at {@link #spanSample}, in its order (not modified)
         * @param givenDimension d, or 0
         * @return the preparation with its span
         * @throws InvalidInputException if the points vary in fewer than d directions for a given d
         */
        public Preparation spanned(double[][] sample, int givenDimension) {
            return new Preparation(centring, PreparedCloud.Projection.of(centring, sample, givenDimension));
        }

        /** @return the learning coordinates of a point of the data */
        public double[] coordinates(double[] x) {
            return projection.coordinates(x);
        }

        /** @return the distance of a point of the data from the span, given its {@link #coordinates} */
        public double offDistance(double[] x, double[] z) {
            return projection.offDistance(x, z);
        }

        /** @return whether a point at this {@link #offDistance} is an outlier off the span */
        public boolean outlier(double off) {
            return projection.outlier(off);
        }

        /**
         * @param gross   the number of gross outliers
         * @param offSpan the number of outliers off the span
         * @param offMax  the largest {@link #offDistance} of a point kept
         * @return the prepared cloud, without its points
         */
        public Prepared prepared(int gross, int offSpan, double offMax) {
            return new Prepared(projection.prepared(null, null, gross, offSpan, offMax));
        }
    }

    /** The prepared cloud, its points held elsewhere: the scale, the outliers removed, the span's dimension. */
    public static final class Prepared {
        private final PreparedCloud cloud;

        private Prepared(PreparedCloud cloud) {
            this.cloud = cloud;
        }

        /** @return s, the scale the points were divided by */
        public double scale() {
            return cloud.scale();
        }

        /** @return the number of outliers removed */
        public int outliers() {
            return cloud.outliers();
        }

        /** @return the dimension the points are learned in */
        public int spanDimension() {
            return cloud.spanDimension();
        }
    }

    /**
     * The estimated intrinsic dimension.
     *
     * @param dimension d
     * @param evidence  the gap scores behind it
     */
    public record Dimension(int dimension, List<Double> evidence) {
    }

    /**
     * @param n    the number of prepared points
     * @param rows the prepared points at given positions
     * @param rng  the random source, drawn from after the preparation
     * @return the estimate
     */
    public static Dimension dimension(int n, Rows rows, Random rng) {
        IntrinsicDimension.Estimate e = IntrinsicDimension.estimate(n, rows, rng);
        List<Double> evidence = new java.util.ArrayList<>();
        for (double g : e.gapScores()) {
            evidence.add(g);
        }
        return new Dimension(e.dimension(), evidence);
    }

    /**
     * @param n           the number of prepared points
     * @param rows        the prepared points at given positions
     * @param d           the intrinsic dimension
     * @param minPoints   {@link #requireEnoughPoints}
     * @param givenRadius r in learning coordinates, or 0 to derive it
     * @param rng         the random source, drawn from after the dimension
     * @return r in learning coordinates
     */
    public static double radius(int n, Rows rows, int d, int minPoints, double givenRadius, Random rng) {
        return AtlasLearner.radius(n, rows, d, minPoints, givenRadius, rng, LearningProgress.NONE);
    }

    /**
     * The centres of the r-net with the rounds that remove the points isolated at the chart scale.
     *
     * @param kept      the positions of the points kept, ascending
     * @param radius    the chart radius r
     * @param positions each centre's position among the kept points
     * @param centres   the centres
     * @param radii     their balls' radii
     * @param isolated  the number of points removed
     */
    public record Centres(int[] kept, double radius, int[] positions, double[][] centres, double[] radii,
                          int isolated) {
    }

    /**
     * The radius and the centres as the single-machine learner chooses them, on all the points.
     *
     * @param points       the prepared points (not modified)
     * @param d            the intrinsic dimension
     * @param given        whether d was given
     * @param scaledRadius r in learning coordinates, or 0 to derive it
     * @param rng          the random source, drawn from after the dimension
     * @return the centres
     */
    public static Centres centres(double[][] points, int d, boolean given, double scaledRadius, Random rng) {
        AtlasLearner.Centred c = AtlasLearner.centred(points, d, given, scaledRadius, rng, LearningProgress.NONE);
        return new Centres(c.kept(), c.radius(), c.centres(), c.balls().centres(), c.balls().radii(), c.isolated());
    }

    /**
     * A greedy r-net of a sample (no isolated centres; the covering radius is {@link #coverRadius}).
     *
     * @param sample    the points (not modified)
     * @param r         the chart radius
     * @param minPoints the fewest points a ball holds
     * @param start     the index of the first centre
     * @return the centres' positions in the sample, in the order chosen
     */
    public static int[] net(double[][] sample, double r, int minPoints, int start) {
        return ChartCentres.build(sample, r, minPoints, 0, start, far -> { }).centres();
    }

    /** @return the covering radius of an r-net: every point lies within it of a centre */
    public static double coverRadius(double r) {
        return ChartCentres.COVER_FRACTION * r;
    }

    /**
     * @param r         the chart radius
     * @param within    the number of points at distance less than r from the centre
     * @param minPoints {@link #requireEnoughPoints}
     * @param nearest   the min(minPoints, N) smallest distances from the centre to the points, ascending
     * @return the radius of the centre's ball
     */
    public static double ballRadius(double r, int within, int minPoints, double[] nearest) {
        return ChartCentres.ballRadius(r, within, minPoints, nearest);
    }

    /** @return whether x lies in the ball of the given centre and radius */
    public static boolean inBall(double[] x, double[] centre, double radius) {
        return ChartCentres.inBall(x, centre, radius);
    }

    /** @return the radius of the widest ball a chart's fit may need, for a ball of the given radius */
    public static double widest(double radius) {
        return AtlasLearner.widest(radius);
    }

    /**
     * The preliminary chart of one ball (its model's radius is the ball's, widened if the fit widened it).
     *
     * @param near   the points within {@code reach} of the centre, in the order of the data (not modified)
     * @param reach  the ball's radius, or {@link #widest} of it
     * @param d      the intrinsic dimension
     * @param centre the centre
     * @param radius the ball's radius
     * @param seed   the seed of learning
     * @param chart  the chart's index
     * @return the preliminary chart's model; null when the fit needs points beyond {@code reach}
     */
    public static ChartModel fit(double[][] near, double reach, int d, double[] centre, double radius, long seed,
                                 int chart) {
        AtlasLearner.Fitted f = AtlasLearner.fit(near, reach, d, centre, radius, seed, chart);
        return f == null ? null : f.model();
    }

    /**
     * @param index the chart's index
     * @param model its model
     * @return the chart
     */
    public static QuadraticChart chart(int index, ChartModel model) {
        return new QuadraticChart(index, model);
    }

    /** @return the distance from x to the chart's surface along its normal space */
    public static double residual(QuadraticChart chart, double[] x) {
        return chart.residual(x);
    }

    /**
     * @param r           the chart radius in learning coordinates
     * @param maxResidual the largest residual of a point in its best chart, with the charts as they are
     * @return whether the data are noisy at the chart scale (the residuals, not r, set the {@link #tolerance}): then a
     *     round of {@link #confine} follows, up to {@link #CONFINE_ROUNDS} of them
     */
    public static boolean noisy(double r, double maxResidual) {
        return AtlasLearner.noisy(r, maxResidual);
    }

    /**
     * @param residual a point's residual in a chart whose ball holds it, the chart as it was before {@link #confine}
     * @param bound    the bound that round of confinement used
     * @return whether the point stays in the ball of the chart if the chart was confined in that round
     */
    public static boolean withinNoise(double residual, double bound) {
        return AtlasLearner.withinNoise(residual, bound);
    }

    /**
     * One chart's part of a round of confinement on noisy data ({@link #noisy}): the chart fitted again to the points
     * of its ball {@link #withinNoise within the noise's reach} of it. A round changes no chart unless some point of
     * its ball lies beyond the bound; the rounds stop when one changes no chart.
     *
     * @param ball      the points of the chart's ball (as confined so far), in the order of the data (not modified)
     * @param residuals each point's residual in the chart ({@link #residual})
     * @param bound     the largest of every point's smallest residual, with the charts as they are
     * @param d         the intrinsic dimension
     * @param minPoints {@link #requireEnoughPoints}
     * @param chart     the chart as it is (preliminary index {@code index})
     * @param seed      the seed of learning
     * @param index     its preliminary index
     * @return the confined chart's model; empty when the chart stays as it is (a linear chart, every point within
     *     reach, fewer than {@code minPoints} within reach, or those determine no quadratic)
     */
    public static Optional<ChartModel> confine(double[][] ball, double[] residuals, double bound, int d,
                                               int minPoints, QuadraticChart chart, long seed, int index) {
        return AtlasLearner.confined(ball, residuals, bound, d, minPoints, chart, seed, index);
    }

    /**
     * @param r           the chart radius in learning coordinates
     * @param maxResidual the largest residual of a point in its best chart
     * @return the off-atlas tolerance in learning coordinates
     */
    public static double tolerance(double r, double maxResidual) {
        return AtlasLearner.tolerance(r, maxResidual);
    }

    /** @return the bound within which a chart's surface must pass of the points it is made to contain */
    public static double faithful(double tolerance) {
        return AtlasLearner.FAITHFUL_FRACTION * tolerance;
    }

    /**
     * @param x           a point
     * @param candidates  the preliminary charts whose ball holds it, ascending
     * @param e           its residual in each
     * @param best        the smallest of those
     * @param faithful    {@link #faithful}
     * @param preliminary the preliminary charts
     * @return the preliminary chart it belongs to
     */
    public static int belongs(double[] x, int[] candidates, double[] e, double best, double faithful,
                              QuadraticChart[] preliminary) {
        return AtlasLearner.belongs(x, candidates, e, best, faithful, preliminary);
    }

    /** @return x's distance from the centre of its own chart relative to that chart's radius */
    public static double nearness(double[] x, QuadraticChart own) {
        return AtlasLearner.nearness(x, own);
    }

    /**
     * @param x        a point of the chart's ball
     * @param chart    the preliminary chart
     * @param old      its preliminary index
     * @param belongs  the chart x belongs to
     * @param nearness x's {@link #nearness}
     * @param residual x's smallest residual
     * @param faithful {@link #faithful}
     * @return whether the chart's domain of trust must contain x
     */
    public static boolean covers(double[] x, QuadraticChart chart, int old, int belongs, double nearness,
                                 double residual, double faithful) {
        return AtlasLearner.covers(x, chart, old, belongs, nearness, residual, faithful);
    }

    /**
     * Adds the overlaps one point shows, as bits of {@link #overlaps}.
     *
     * @param candidates  the preliminary charts whose ball holds it, ascending
     * @param e           its residual in each
     * @param best        the smallest of those
     * @param faithful    {@link #faithful}
     * @param preliminary the preliminary charts
     * @param newIndex    each preliminary chart's index among the kept ones, or −1
     * @param pairs       the bits so far
     */
    public static void overlapPairs(int[] candidates, double[] e, double best, double faithful,
                                    QuadraticChart[] preliminary, int[] newIndex, BitSet pairs) {
        AtlasLearner.overlapPairs(candidates, e, best, faithful, preliminary, newIndex, pairs);
    }

    /**
     * @param pairs the bits of {@link #overlapPairs} of every point
     * @param k     the number of preliminary charts
     * @return the overlaps, ascending
     */
    public static List<AtlasModel.Overlap> overlaps(BitSet pairs, int k) {
        return AtlasLearner.overlaps(pairs, k);
    }

    /**
     * The boundary of one kept chart.
     *
     * @param ball      its ball's points, in the order of the data (not modified)
     * @param covered   for each, whether the chart must cover it ({@link #covers})
     * @param chart     the preliminary chart
     * @param seed      the seed of learning
     * @param svmSample the largest number of points its SVM is trained on
     * @param index     its index among the kept charts
     * @return the final chart's model
     */
    public static ChartModel boundary(double[][] ball, boolean[] covered, QuadraticChart chart, long seed,
                                      int svmSample, int index) {
        return AtlasLearner.boundary(ball, covered, chart, seed, svmSample, index);
    }

    /** @return whether x lies in the domain of trust of a kept chart whose ball holds it */
    public static boolean inside(double[] x, int[] candidates, int[] newIndex, QuadraticChart[] finals) {
        return AtlasLearner.inside(x, candidates, newIndex, finals);
    }

    /**
     * @param prepared  the prepared cloud
     * @param models    the final charts, in learning coordinates
     * @param overlaps  the overlaps
     * @param tolerance the off-atlas tolerance in learning coordinates
     * @param summary   the summary in learning coordinates (its linear chart count is counted again)
     * @return the atlas in the data's units, as the single-machine learner makes it
     */
    public static AtlasModel atlas(Prepared prepared, ChartModel[] models, List<AtlasModel.Overlap> overlaps,
                                   double tolerance, LearningSummary summary) {
        return AtlasLearner.assemble(prepared.cloud, models, overlaps, tolerance, summary);
    }
}

package org.atlasgraph.spark;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import org.apache.spark.api.java.JavaPairRDD;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.api.java.function.Function2;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.storage.StorageLevel;
import org.atlasgraph.api.base.Vectors;
import org.atlasgraph.api.check.InvalidInputException;
import org.atlasgraph.pointcloud.AtlasModel;
import org.atlasgraph.pointcloud.ChartModel;
import org.atlasgraph.pointcloud.DistributedLearner;
import org.atlasgraph.pointcloud.LearningProgress;
import org.atlasgraph.pointcloud.LearningStages;
import org.atlasgraph.pointcloud.LearningSummary;
import org.atlasgraph.pointcloud.QuadraticChart;
import scala.Tuple2;

/**
 * Learns a point-cloud atlas on Apache Spark: the atlas the single-machine learner ({@code PointCloudAtlas.builder})
 * learns from the same points, its stages ({@link LearningStages}, the single-machine learner's own rules) run over
 * the partitions of the data, so that the driver never holds the data set: it holds samples of at most
 * {@link LearningStages#SAMPLE} points and per-chart models, whose size does not grow with N.
 *
 * <p>Each point carries its position in the data (partitions in order); the stages, with where they run:
 * <ol>
 *   <li>validation and repeated points: every cell parsed and every partition counted; rows repeating an earlier row
 *   dropped (a shuffle by the row's value, only when there are repeats);</li>
 *   <li>preparation: the rows at the single-machine learner's sample positions (the same seeded draw from N) are
 *   fetched to the driver, which finds the centre, scale and span from them; the executors drop the outliers and map
 *   every point to the learning coordinates;</li>
 *   <li>the dimension and the radius from the points at the positions they draw, fetched likewise;</li>
 *   <li>the centres: when at most {@link LearningStages#SAMPLE} points remain, the driver holds them (a sample the
 *   size of the single machine's own) and runs the single-machine r-net with its rounds of isolated outliers, so the
 *   centres are the single machine's; beyond that, the r-net of a seeded sample of that size, completed by rounds
 *   over the data that add the points still farther than the covering radius from every centre; or given centres.
 *   Each ball's radius from the count within r and the nearest distances, merged over partitions;</li>
 *   <li>the fits: every point is sent to the charts whose ball holds it, each chart's points are gathered on one
 *   executor in the order of the data and fitted there by the single machine's rule (a second gathering within the
 *   widest ball for charts whose ball determines no quadratic);</li>
 *   <li>per point on the executors: residuals and the largest, and per chart the largest residual in its ball; on
 *   noisy data, up to {@link LearningStages#CONFINE_ROUNDS} rounds in which the balls of the charts that hold a
 *   point beyond the noise's reach are gathered on one executor each and confined there
 *   ({@link LearningStages#confine}), and the residuals found again;</li>
 *   <li>per point on the executors: the tolerance from the largest residual, membership counts (hence the kept
 *   charts), the overlaps each point shows;</li>
 *   <li>the boundaries: each kept chart's ball gathered on one executor, with whether each point must be covered,
 *   and its SVM trained there by the single machine's rule;</li>
 *   <li>the coverage and the RMS residual (a pass), and the atlas in the data's units.</li>
 * </ol>
 * A chart's points reach one executor, never the driver. With the same centres, or when the sample is the whole
 * data, the atlas is the single-machine learner's, in practice bit for bit (the RMS residual is a double-double sum,
 * {@link LearningStages.SquareSum}, so the order in which partitions add up does not show).
 */
public final class SparkAtlasLearner implements DistributedLearner {
    /** Rounds of the distributed r-net before giving up (each round adds at least one centre). */
    static final int MAX_NET_ROUNDS = 1000;

    /** Public for {@link java.util.ServiceLoader}. */
    public SparkAtlasLearner() {
    }

    @Override
    public String name() {
        return "spark";
    }

    /**
     * {@inheritDoc} Starts a Spark session on the request's master and stops it afterwards.
     */
    @Override
    public AtlasModel learn(Request request, LearningProgress progress) {
        SparkSession spark = SparkSessions.create(request.master(), "atlas learn");
        try {
            return learn(spark, request, Optional.empty(), progress).model();
        } finally {
            spark.stop();
        }
    }

    /**
     * What a run learned: the atlas, and the centres of every chart it fitted, in chart order and in the data's units,
     * including the charts no point came to belong to (which the atlas drops), so that the single-machine learner
     * given them ({@code PointCloudAtlas.Builder.centres}) learns the same atlas.
     *
     * @param model   the learned atlas
     * @param centres the chart centres
     */
    public record Learned(AtlasModel model, double[][] centres) {
    }

    /**
     * Learns an atlas in a running session.
     *
     * @param spark    the session (its master is used; the request's is ignored)
     * @param request  the input and settings
     * @param centres  the chart centres in the data's units, or empty to choose them
     * @param progress receives the stages
     * @return the model and the centres
     * @throws InvalidInputException if the input is missing or malformed, or too small
     */
    public static Learned learn(SparkSession spark, Request request, Optional<double[][]> centres,
                                LearningProgress progress) {
        JavaSparkContext sc = JavaSparkContext.fromSparkContext(spark.sparkContext());
        PointSet data;
        if (request.input().isPresent()) {
            data = PointSources.read(spark, "--input", request.input().get(), 0, request.partitions().orElse(0))
                    .points().cached();
        } else {
            if (!"klein".equals(request.dataset())) {
                throw new InvalidInputException("--dataset", "klein", "'" + request.dataset() + "'");
            }
            if (request.count() < 1) {
                throw new InvalidInputException("--count", "an integer ≥ 1", String.valueOf(request.count()));
            }
            data = PointSources.klein(sc, request.count(), request.seed(), request.partitions()
                    .orElse(PointSources.defaultPartitions(request.count(), sc.defaultParallelism())));
        }
        Run run = new Run(sc, data, request.seed(), request.svmSample(), progress);
        try {
            return run.learn(request.dimension().orElse(0), request.radius().orElse(0), centres.orElse(null));
        } finally {
            run.release();
            data.rdd().unpersist(false);
        }
    }

    /** A point with its position in the data as given. */
    record Point(long index, double[] x) implements Serializable {
    }

    /** One learning run: the data, its broadcasts and cached sets, and the stages. */
    private static final class Run {
        private final JavaSparkContext sc;
        private final PointSet data;
        private final long seed;
        private final int svmSample;
        private final LearningProgress progress;
        private final List<Broadcast<?>> broadcasts = new ArrayList<>();
        private final List<JavaRDD<?>> cached = new ArrayList<>();

        Run(JavaSparkContext sc, PointSet data, long seed, int svmSample, LearningProgress progress) {
            this.sc = sc;
            this.data = data;
            this.seed = seed;
            this.svmSample = svmSample;
            this.progress = progress;
        }

        void release() {
            for (JavaRDD<?> r : cached) {
                r.unpersist(false);
            }
            for (Broadcast<?> b : broadcasts) {
                b.destroy();
            }
        }

        private <T> Broadcast<T> broadcast(T value) {
            Broadcast<T> b = sc.broadcast(value);
            broadcasts.add(b);
            return b;
        }

        private <T> JavaRDD<T> cache(JavaRDD<T> rdd) {
            rdd.persist(StorageLevel.MEMORY_AND_DISK());
            cached.add(rdd);
            return rdd;
        }

        Learned learn(int givenDimension, double givenRadius, double[][] givenCentres) {
            progress.update("validation", 0, 1);
            data.validated();
            long total = data.count();
            if (total > Integer.MAX_VALUE) {
                throw new InvalidInputException("points", "at most " + Integer.MAX_VALUE + " points", total
                        + " points");
            }
            int ambient = data.ambientDimension();
            if (ambient < 2) {
                throw new InvalidInputException("points", "at least 2 columns (a manifold of dimension d is learned "
                        + "in R^D with D ≥ d + 1)", ambient + " column");
            }
            if (givenDimension >= ambient) {
                throw new InvalidInputException("dimension", "1 ≤ d < D = " + ambient, String.valueOf(givenDimension));
            }
            Broadcast<long[]> offsets = broadcast(data.offsets());
            JavaRDD<Point> indexed = data.rdd().mapPartitionsWithIndex((p, it) -> {
                long start = offsets.value()[p];
                List<Point> out = new ArrayList<>();
                long i = start;
                while (it.hasNext()) {
                    out.add(new Point(i++, it.next()));
                }
                return out.iterator();
            }, true);
            JavaRDD<Point> distinct = distinct(indexed, total);
            int n = (int) distinct.count();
            progress.update("validation", 1, 1);

            Random rng = new Random(seed);
            LearningStages.requireEnoughPoints(n, Math.max(givenDimension, 1), givenDimension > 0);
            progress.update("prepare", 0, 1);
            PreparedPoints prepared = prepare(distinct, n, givenDimension, rng);
            progress.update("prepare", 1, 1);
            JavaRDD<Point> points = prepared.points;
            int m = prepared.count;
            progress.update("dimension", 0, 1);
            LearningStages.Dimension estimate = givenDimension > 0 ? null
                    : LearningStages.dimension(m, rows(points), rng);
            int d = givenDimension > 0 ? givenDimension : estimate.dimension();
            progress.update("dimension", 1, 1);
            double scaledRadius = givenRadius / prepared.stage.scale();

            progress.update("centres", 0, 1);
            int minPoints = LearningStages.requireEnoughPoints(m, d, givenDimension > 0);
            double r;
            double[][] centres;
            double[] radii = null;
            long[] centreIndex = null;
            int isolated = 0;
            if (givenCentres != null) {
                r = LearningStages.radius(m, rows(points), d, minPoints, scaledRadius, rng);
                centres = new double[givenCentres.length][];
                for (int c = 0; c < centres.length; c++) {
                    centres[c] = prepared.preparation.coordinates(givenCentres[c]);
                }
            } else if (m <= LearningStages.SAMPLE) {
                List<Point> all = fetch(points, null);
                double[][] held = new double[all.size()][];
                for (int i = 0; i < held.length; i++) {
                    held[i] = all.get(i).x();
                }
                LearningStages.Centres chosen = LearningStages.centres(held, d, givenDimension > 0, scaledRadius,
                        rng);
                r = chosen.radius();
                centres = chosen.centres();
                radii = chosen.radii();
                centreIndex = new long[centres.length];
                for (int c = 0; c < centres.length; c++) {
                    centreIndex[c] = all.get(chosen.kept()[chosen.positions()[c]]).index();
                }
                isolated = chosen.isolated();
                if (isolated > 0) {
                    long[] keep = new long[chosen.kept().length];
                    for (int i = 0; i < keep.length; i++) {
                        keep[i] = all.get(chosen.kept()[i]).index();
                    }
                    Broadcast<long[]> keepB = broadcast(keep);
                    points = cache(points.filter(p -> Arrays.binarySearch(keepB.value(), p.index()) >= 0));
                    m = keep.length;
                }
                minPoints = LearningStages.requireEnoughPoints(m, d, givenDimension > 0);
            } else {
                r = LearningStages.radius(m, rows(points), d, minPoints, scaledRadius, rng);
                List<Point> sample = net(points, m, r, minPoints, rng);
                centres = new double[sample.size()][];
                centreIndex = new long[centres.length];
                for (int c = 0; c < centres.length; c++) {
                    centres[c] = sample.get(c).x();
                    centreIndex[c] = sample.get(c).index();
                }
            }
            if (radii == null) {
                radii = radii(points, centres, r, minPoints);
            }
            progress.update("centres", 1, 1);
            int k = centres.length;

            ChartModel[] preliminary = fits(points, d, centres, radii);
            for (int c = 0; c < k; c++) {
                radii[c] = preliminary[c].radius();
            }
            Broadcast<Charts> prelim = broadcast(new Charts(centres, radii, preliminary));
            progress.update("residuals", 0, 1);
            Residuals residuals = residuals(points, prelim);
            for (int round = 0; round < LearningStages.CONFINE_ROUNDS && LearningStages.noisy(r, residuals.max);
                    round++) {
                Optional<Charts> confined = confine(points, prelim, residuals, d, minPoints);
                if (confined.isEmpty()) {
                    break;
                }
                prelim = broadcast(confined.get());
                residuals = residuals(points, prelim);
            }
            double maxResidual = residuals.max;
            double tolerance = LearningStages.tolerance(r, maxResidual);
            double faithful = LearningStages.faithful(tolerance);
            progress.update("residuals", 1, 1);

            progress.update("membership", 0, 1);
            Broadcast<Charts> charts = prelim;
            long[] members = fold(points, () -> new long[k], (acc, p) ->
                    acc[PointState.of(p.x(), charts.value(), faithful).belongs]++, (a, b) -> {
                        for (int c = 0; c < a.length; c++) {
                            a[c] += b[c];
                        }
                        return a;
                    });
            int[] newIndex = new int[k];
            List<Integer> oldIndex = new ArrayList<>();
            for (int c = 0; c < k; c++) {
                newIndex[c] = members[c] > 0 ? oldIndex.size() : -1;
                if (members[c] > 0) {
                    oldIndex.add(c);
                }
            }
            Broadcast<int[]> newIndexB = broadcast(newIndex);
            Broadcast<Charts> kept = prelim;
            BitSet pairs = fold(points, BitSet::new, (acc, p) -> {
                PointState s = PointState.of(p.x(), kept.value(), faithful);
                LearningStages.overlapPairs(s.candidates, s.residuals, s.best, faithful,
                        kept.value().charts(), newIndexB.value(), acc);
            }, (a, b) -> {
                a.or(b);
                return a;
            });
            List<AtlasModel.Overlap> overlaps = LearningStages.overlaps(pairs, k);
            progress.update("membership", 1, 1);

            ChartModel[] finals = boundaries(points, prelim, newIndexB, oldIndex.size(), faithful);
            progress.update("summary", 0, 1);
            Broadcast<ChartSet> finalSet = broadcast(new ChartSet(finals));
            long inside = fold(points, () -> new long[1], (acc, p) -> {
                int[] candidates = kept.value().candidates(p.x());
                if (LearningStages.inside(p.x(), candidates, newIndexB.value(), finalSet.value().charts())) {
                    acc[0]++;
                }
            }, (a, b) -> new long[] {a[0] + b[0]})[0];
            progress.update("summary", 1, 1);
            LearningSummary summary = new LearningSummary(m, d, givenDimension <= 0, r, givenRadius <= 0,
                    finals.length, overlaps.size(), (double) inside / m, Math.sqrt(residuals.squares.value() / m),
                    maxResidual, seed, (int) total, (int) (total - n), prepared.stage.outliers() + isolated,
                    prepared.stage.spanDimension(), 0, estimate == null ? List.of() : estimate.evidence());
            AtlasModel model = LearningStages.atlas(prepared.stage, finals, overlaps, tolerance, summary);
            return new Learned(model, givenCentres != null ? givenCentres : rawRows(distinct, centreIndex));
        }

        /** @return the points without rows that repeat an earlier row, in order (a shuffle only if there are any) */
        private JavaRDD<Point> distinct(JavaRDD<Point> indexed, long total) {
            JavaPairRDD<RowKey, Point> keyed = indexed.mapToPair(p -> new Tuple2<>(new RowKey(p.x()), p));
            long unique = SparkErrors.unwrapped(() -> keyed.keys().distinct().count());
            if (unique == total) {
                return indexed;
            }
            return cache(keyed.reduceByKey((a, b) -> a.index() < b.index() ? a : b).values()
                    .sortBy(Point::index, true, data.partitions()));
        }

        /** The prepared points and what the preparation found. */
        private record PreparedPoints(JavaRDD<Point> points, int count, LearningStages.Preparation preparation,
                                LearningStages.Prepared stage) {
        }

        /** The single-machine preparation: its samples fetched by position, its maps run on the executors. */
        private PreparedPoints prepare(JavaRDD<Point> distinct, int n, int givenDimension, Random rng) {
            int ambient = data.ambientDimension();
            LearningStages.Preparation first = LearningStages.Preparation.centred(
                    rows(distinct).at(LearningStages.Preparation.scaleSample(n, rng)));
            if (!first.scaled()) {
                LearningStages.Preparation unscaled = first;
                first = first.withLargest(fold(distinct, () -> new double[1], (acc, p) -> {
                    double v = unscaled.distance(p.x());
                    if (Double.isFinite(v)) {
                        acc[0] = Math.max(acc[0], v);
                    }
                }, (a, b) -> new double[] {Math.max(a[0], b[0])})[0]);
            }
            Broadcast<LearningStages.Preparation> centred = broadcast(first);
            JavaRDD<Point> inner = distinct.filter(p -> !centred.value().gross(centred.value().distance(p.x())));
            int count = (int) inner.count();
            LearningStages.Preparation preparation = first.spanned(
                    rows(inner).at(LearningStages.Preparation.spanSample(count, ambient, rng)), givenDimension);
            Broadcast<LearningStages.Preparation> spanned = broadcast(preparation);
            JavaRDD<Point> points = cache(inner.map(p -> {
                double[] z = spanned.value().coordinates(p.x());
                double off = spanned.value().offDistance(p.x(), z);
                return spanned.value().outlier(off) ? null : new Point(p.index(), z);
            }).filter(p -> p != null));
            double offMax = fold(inner, () -> new double[1], (acc, p) -> {
                double off = spanned.value().offDistance(p.x(), spanned.value().coordinates(p.x()));
                if (!spanned.value().outlier(off)) {
                    acc[0] = Math.max(acc[0], off);
                }
            }, (a, b) -> new double[] {Math.max(a[0], b[0])})[0];
            int kept = (int) points.count();
            return new PreparedPoints(points, kept, preparation, preparation.prepared(n - count, count - kept, offMax));
        }

        /** @return the points at given positions of an ordered set, fetched to the driver */
        private LearningStages.Rows rows(JavaRDD<Point> points) {
            return positions -> {
                long[] wanted = new long[positions.length];
                for (int i = 0; i < positions.length; i++) {
                    wanted[i] = positions[i];
                }
                Arrays.sort(wanted);
                List<Point> found = fetch(points, wanted);
                Map<Long, double[]> byPosition = new HashMap<>();
                for (Point p : found) {
                    byPosition.put(p.index(), p.x());
                }
                double[][] out = new double[positions.length][];
                for (int i = 0; i < positions.length; i++) {
                    out[i] = byPosition.get((long) positions[i]);
                }
                return out;
            };
        }

        /**
         * @param points an ordered set of points
         * @param wanted the positions wanted, ascending, or null for all
         * @return the points at those positions, ordered, each with its position (not its index) as index
         */
        private List<Point> fetch(JavaRDD<Point> points, long[] wanted) {
            Broadcast<long[]> w = wanted == null ? null : broadcast(wanted);
            List<Point> found = new ArrayList<>(SparkErrors.unwrapped(() -> points.zipWithIndex()
                    .filter(t -> w == null || Arrays.binarySearch(w.value(), t._2()) >= 0)
                    .map(t -> new Point(wanted == null ? t._1().index() : t._2(), t._1().x())).collect()));
            return found;
        }

        /** @return the rows of the data set at given indices, in their order */
        private double[][] rawRows(JavaRDD<Point> distinct, long[] indices) {
            long[] sorted = indices.clone();
            Arrays.sort(sorted);
            Broadcast<long[]> w = broadcast(sorted);
            Map<Long, double[]> byIndex = new HashMap<>();
            for (Point p : SparkErrors.unwrapped(() -> distinct
                    .filter(p -> Arrays.binarySearch(w.value(), p.index()) >= 0).collect())) {
                byIndex.put(p.index(), p.x());
            }
            double[][] out = new double[indices.length][];
            for (int i = 0; i < indices.length; i++) {
                out[i] = byIndex.get(indices[i]);
            }
            return out;
        }

        /**
         * The r-net beyond the sample size: the greedy net of a seeded sample of {@link LearningStages#SAMPLE}
         * points, then rounds over the data: each partition proposes its points farther than the covering radius from
         * every centre (a greedy net of them), and the driver adds those still uncovered, in the order of the data.
         *
         * @return the centres, each with its index in the data as given
         */
        private List<Point> net(JavaRDD<Point> points, int m, double r, int minPoints, Random rng) {
            int[] positions = LearningStages.Preparation.scaleSample(m, rng);
            Arrays.sort(positions);
            long[] wanted = new long[positions.length];
            for (int i = 0; i < wanted.length; i++) {
                wanted[i] = positions[i];
            }
            Broadcast<long[]> w = broadcast(wanted);
            List<Point> sample = SparkErrors.unwrapped(() -> points.zipWithIndex()
                    .filter(t -> Arrays.binarySearch(w.value(), t._2()) >= 0).map(t -> t._1()).collect());
            double[][] sampled = new double[sample.size()][];
            for (int i = 0; i < sampled.length; i++) {
                sampled[i] = sample.get(i).x();
            }
            List<Point> centres = new ArrayList<>();
            for (int c : LearningStages.net(sampled, r, minPoints, rng.nextInt(sampled.length))) {
                centres.add(sample.get(c));
            }
            double cover = LearningStages.coverRadius(r);
            for (int round = 0; round < MAX_NET_ROUNDS; round++) {
                progress.update("centres", centres.size(), -1);
                double[][] current = new double[centres.size()][];
                for (int c = 0; c < current.length; c++) {
                    current[c] = centres.get(c).x();
                }
                Broadcast<double[][]> currentB = broadcast(current);
                List<Point> candidates = new ArrayList<>(fold(points, ArrayList<Point>::new, (acc, p) -> {
                    if (nearest(currentB.value(), p.x()) > cover && nearest(acc, p.x()) > cover) {
                        acc.add(p);
                    }
                }, (a, b) -> {
                    a.addAll(b);
                    return a;
                }));
                if (candidates.isEmpty()) {
                    return centres;
                }
                candidates.sort(Comparator.comparingLong(Point::index));
                for (Point c : candidates) {
                    if (nearest(centres, c.x()) > cover) {
                        centres.add(c);
                    }
                }
            }
            throw new ArithmeticException("the r-net did not cover the data in " + MAX_NET_ROUNDS + " rounds");
        }

        /** @return each centre's ball radius: r, or its minPoints-th nearest point's distance where fewer (a pass) */
        private double[] radii(JavaRDD<Point> points, double[][] centres, double r, int minPoints) {
            int k = centres.length;
            Broadcast<double[][]> centresB = broadcast(centres);
            Nearest nearest = fold(points, () -> new Nearest(k, minPoints), (acc, p) -> {
                double[][] cs = centresB.value();
                for (int c = 0; c < cs.length; c++) {
                    double v = Vectors.distance(cs[c], p.x());
                    if (v < r) {
                        acc.within[c]++;
                    }
                    acc.offer(c, v);
                }
            }, Nearest::merge);
            double[] radii = new double[k];
            for (int c = 0; c < k; c++) {
                radii[c] = LearningStages.ballRadius(r, (int) nearest.within[c], minPoints, nearest.sorted(c));
            }
            return radii;
        }

        /**
         * A pass: every point's smallest residual in the charts whose ball holds it, the largest of those and the sum
         * of their squares, and per chart the largest residual of a point of its ball.
         */
        private Residuals residuals(JavaRDD<Point> points, Broadcast<Charts> charts) {
            int k = charts.value().charts().length;
            return fold(points, () -> new Residuals(k), (acc, p) -> {
                PointState s = PointState.of(p.x(), charts.value(), 0);
                acc.max = Math.max(acc.max, s.best);
                acc.squares.add(s.best);
                for (int j = 0; j < s.candidates.length; j++) {
                    int c = s.candidates[j];
                    acc.worst[c] = Math.max(acc.worst[c], s.residuals[j]);
                }
            }, Residuals::merge);
        }

        /**
         * A round of confinement on noisy data ({@link LearningStages#confine}): the balls of the quadratic charts
         * that hold a point beyond the bound (the largest of the points' smallest residuals) are gathered on one
         * executor each, in the order of the data with each point's residual in the chart, and confined there. Reports
         * the number of charts confined as the progress of stage {@code "confine"}.
         *
         * @return the charts with the confined ones replaced and their balls narrowed; empty if none changed
         */
        private Optional<Charts> confine(JavaRDD<Point> points, Broadcast<Charts> charts, Residuals residuals, int d,
                                         int minPoints) {
            double bound = residuals.max;
            int k = residuals.worst.length;
            boolean[] chosen = new boolean[k];
            int any = 0;
            for (int c = 0; c < k; c++) {
                chosen[c] = residuals.worst[c] > bound && !charts.value().model(c).isLinear();
                any += chosen[c] ? 1 : 0;
            }
            int count = any;
            if (count == 0) {
                return Optional.empty();
            }
            JavaPairRDD<Integer, Tuple2<Point, Double>> byChart = points.flatMapToPair(p -> {
                PointState s = PointState.of(p.x(), charts.value(), 0);
                List<Tuple2<Integer, Tuple2<Point, Double>>> out = new ArrayList<>();
                for (int j = 0; j < s.candidates.length; j++) {
                    if (chosen[s.candidates[j]]) {
                        out.add(new Tuple2<>(s.candidates[j], new Tuple2<>(p, s.residuals[j])));
                    }
                }
                return out.iterator();
            });
            long learningSeed = seed;
            List<Tuple2<Integer, ChartModel>> confined = SparkErrors.unwrapped(() -> byChart
                    .groupByKey(groups(count)).flatMapToPair(g -> {
                        List<Tuple2<Point, Double>> ball = inDataOrder(g._2());
                        double[] e = ball.stream().mapToDouble(Tuple2::_2).toArray();
                        double[][] x = coordinates(ball);
                        int c = g._1();
                        return LearningStages.confine(x, e, bound, d, minPoints, charts.value().charts()[c],
                                learningSeed, c).map(m -> List.of(new Tuple2<>(c, m))).orElse(List.of()).iterator();
                    }).collect());
            if (confined.isEmpty()) {
                return Optional.empty();
            }
            ChartModel[] changed = new ChartModel[k];
            for (Tuple2<Integer, ChartModel> t : confined) {
                changed[t._1()] = t._2();
            }
            progress.update("confine", confined.size(), k);
            return Optional.of(charts.value().confined(changed, bound));
        }

        /**
         * The preliminary charts: each ball gathered on one executor in the order of the data and fitted there; then
         * the charts whose ball determined no quadratic, from the points within their widest ball.
         */
        private ChartModel[] fits(JavaRDD<Point> points, int d, double[][] centres, double[] radii) {
            int k = centres.length;
            progress.update("fits", 0, k);
            double[] reach = radii.clone();
            ChartModel[] models = gatherFits(points, d, centres, radii, reach, null);
            boolean[] wider = new boolean[k];
            boolean any = false;
            for (int c = 0; c < k; c++) {
                if (models[c] == null) {
                    wider[c] = true;
                    any = true;
                    reach[c] = LearningStages.widest(radii[c]);
                }
            }
            if (any) {
                ChartModel[] widened = gatherFits(points, d, centres, radii, reach, wider);
                for (int c = 0; c < k; c++) {
                    if (wider[c]) {
                        models[c] = widened[c];
                    }
                }
            }
            progress.update("fits", k, k);
            return models;
        }

        /** @return the fits of the chosen charts (all if null) from the points within their reach */
        private ChartModel[] gatherFits(JavaRDD<Point> points, int d, double[][] centres, double[] radii,
                                        double[] reach, boolean[] chosen) {
            int k = centres.length;
            Broadcast<double[][]> centresB = broadcast(centres);
            Broadcast<double[]> reachB = broadcast(reach);
            JavaPairRDD<Integer, Point> byChart = points.flatMapToPair(p -> {
                List<Tuple2<Integer, Point>> out = new ArrayList<>();
                double[][] cs = centresB.value();
                for (int c = 0; c < cs.length; c++) {
                    if ((chosen == null || chosen[c]) && LearningStages.inBall(p.x(), cs[c], reachB.value()[c])) {
                        out.add(new Tuple2<>(c, p));
                    }
                }
                return out.iterator();
            });
            long learningSeed = seed;
            List<Tuple2<Integer, ChartModel>> fitted = SparkErrors.unwrapped(() -> byChart
                    .groupByKey(groups(k)).mapToPair(g -> {
                        int c = g._1();
                        double[][] near = ordered(g._2());
                        return new Tuple2<>(c, LearningStages.fit(near, reachB.value()[c], d, centresB.value()[c],
                                radii[c], learningSeed, c));
                    }).collect());
            ChartModel[] models = new ChartModel[k];
            for (Tuple2<Integer, ChartModel> t : fitted) {
                models[t._1()] = t._2();
            }
            return models;
        }

        /** The kept charts' boundaries: each ball gathered on one executor with its covered points, trained there. */
        private ChartModel[] boundaries(JavaRDD<Point> points, Broadcast<Charts> prelim, Broadcast<int[]> newIndex,
                                        int kept, double faithful) {
            progress.update("boundaries", 0, kept);
            JavaPairRDD<Integer, Tuple2<Point, Boolean>> byChart = points.flatMapToPair(p -> {
                Charts charts = prelim.value();
                PointState s = PointState.of(p.x(), charts, faithful);
                List<Tuple2<Integer, Tuple2<Point, Boolean>>> out = new ArrayList<>();
                for (int old : s.candidates) {
                    int kc = newIndex.value()[old];
                    if (kc >= 0) {
                        boolean covers = LearningStages.covers(p.x(), charts.charts()[old], old, s.belongs,
                                s.nearness, s.best, faithful);
                        out.add(new Tuple2<>(kc, new Tuple2<>(p, covers)));
                    }
                }
                return out.iterator();
            });
            int[] oldOf = new int[kept];
            for (int c = 0; c < newIndex.value().length; c++) {
                if (newIndex.value()[c] >= 0) {
                    oldOf[newIndex.value()[c]] = c;
                }
            }
            long learningSeed = seed;
            int sample = svmSample;
            List<Tuple2<Integer, ChartModel>> trained = SparkErrors.unwrapped(() -> byChart
                    .groupByKey(groups(kept)).mapToPair(g -> {
                        List<Tuple2<Point, Boolean>> ball = inDataOrder(g._2());
                        double[][] x = coordinates(ball);
                        boolean[] covered = new boolean[ball.size()];
                        for (int i = 0; i < x.length; i++) {
                            covered[i] = ball.get(i)._2();
                        }
                        int kc = g._1();
                        QuadraticChart chart = prelim.value().charts()[oldOf[kc]];
                        return new Tuple2<>(kc, LearningStages.boundary(x, covered, chart, learningSeed, sample,
                                kc));
                    }).collect());
            ChartModel[] models = new ChartModel[kept];
            for (Tuple2<Integer, ChartModel> t : trained) {
                models[t._1()] = t._2();
            }
            progress.update("boundaries", kept, kept);
            return models;
        }

        /** @return the number of groups charts are gathered in: a few per executor core, at most one per chart */
        private int groups(int charts) {
            return Math.max(1, Math.min(charts, 4 * sc.defaultParallelism()));
        }

        /** Runs one pass: a visitor per point, the partitions' results merged. */
        private <A> A fold(JavaRDD<Point> points, Start<A> start, Visit<A> visitor, Function2<A, A, A> merge) {
            JavaRDD<A> partial = points.mapPartitions(it -> {
                A acc = start.get();
                while (it.hasNext()) {
                    visitor.visit(acc, it.next());
                }
                return Collections.singletonList(acc).iterator();
            }, true);
            return SparkErrors.unwrapped(() -> partial.treeReduce(merge));
        }
    }

    /** @return the points of an iterable, ordered by index */
    private static double[][] ordered(Iterable<Point> group) {
        List<Point> list = new ArrayList<>();
        group.forEach(list::add);
        list.sort(Comparator.comparingLong(Point::index));
        double[][] out = new double[list.size()][];
        for (int i = 0; i < out.length; i++) {
            out[i] = list.get(i).x();
        }
        return out;
    }

    /** The empty result of a pass on one partition. */
    @FunctionalInterface
    interface Start<A> extends Serializable {
        /** @return a new empty result */
        A get();
    }

    /** A pass's work on one point. */
    @FunctionalInterface
    interface Visit<A> extends Serializable {
        /**
         * Adds one point.
         *
         * @param acc the partition's result so far
         * @param p   the point
         */
        void visit(A acc, Point p);
    }

    /** A row's value as a key: rows are equal when every coordinate is (−0.0 and 0.0 alike). */
    private static final class RowKey implements Serializable {
        private static final long serialVersionUID = 1L;
        private final double[] x;
        private final int hash;

        RowKey(double[] x) {
            this.x = x;
            int h = 1;
            for (double v : x) {
                long bits = Double.doubleToLongBits(v + 0.0);
                h = 31 * h + (int) (bits ^ (bits >>> 32));
            }
            hash = h;
        }

        @Override
        public boolean equals(Object o) {
            if (!(o instanceof RowKey other) || other.x.length != x.length) {
                return false;
            }
            for (int i = 0; i < x.length; i++) {
                if (x[i] != other.x[i]) {
                    return false;
                }
            }
            return true;
        }

        @Override
        public int hashCode() {
            return hash;
        }
    }

    /**
     * The preliminary charts with their centres and ball radii, broadcast; the charts built once per executor. A chart
     * confined on noisy data keeps its centre and radius, and its ball keeps only the points that lay within the
     * noise's reach of it as it was before each round that confined it ({@link LearningStages#withinNoise}): the
     * earlier versions of the confined charts and the rounds' bounds go with it.
     */
    private static final class Charts implements Serializable {
        private static final long serialVersionUID = 1L;
        private final double[][] centres;
        private final double[] radii;
        private final ChartSet set;
        /** Per round of confinement, the charts it replaced as they were (null for the others). */
        private final ChartSet[] before;
        /** Per round of confinement, its bound. */
        private final double[] bounds;

        Charts(double[][] centres, double[] radii, ChartModel[] models) {
            this(centres, radii, new ChartSet(models), new ChartSet[0], new double[0]);
        }

        private Charts(double[][] centres, double[] radii, ChartSet set, ChartSet[] before, double[] bounds) {
            this.centres = centres;
            this.radii = radii;
            this.set = set;
            this.before = before;
            this.bounds = bounds;
        }

        QuadraticChart[] charts() {
            return set.charts();
        }

        ChartModel model(int c) {
            return set.model(c);
        }

        /**
         * @param changed the confined charts' models (null for the others)
         * @param bound   the round's bound
         * @return the charts after a round of confinement
         */
        Charts confined(ChartModel[] changed, double bound) {
            ChartModel[] models = new ChartModel[set.size()];
            ChartModel[] replaced = new ChartModel[set.size()];
            for (int c = 0; c < models.length; c++) {
                models[c] = changed[c] == null ? set.model(c) : changed[c];
                replaced[c] = changed[c] == null ? null : set.model(c);
            }
            ChartSet[] b = Arrays.copyOf(before, before.length + 1);
            b[before.length] = new ChartSet(replaced);
            double[] bs = Arrays.copyOf(bounds, bounds.length + 1);
            bs[bounds.length] = bound;
            return new Charts(centres, radii, new ChartSet(models), b, bs);
        }

        /** @return the charts whose ball (confined, where a round confined it) holds x, ascending */
        int[] candidates(double[] x) {
            int[] out = new int[centres.length];
            int count = 0;
            for (int c = 0; c < centres.length; c++) {
                if (LearningStages.inBall(x, centres[c], radii[c]) && keeps(c, x)) {
                    out[count++] = c;
                }
            }
            return Arrays.copyOf(out, count);
        }

        /** @return whether every round that confined chart c kept x in its ball */
        private boolean keeps(int c, double[] x) {
            for (int round = 0; round < before.length; round++) {
                QuadraticChart earlier = before[round].charts()[c];
                if (earlier != null && !LearningStages.withinNoise(LearningStages.residual(earlier, x),
                        bounds[round])) {
                    return false;
                }
            }
            return true;
        }
    }

    /** A point's residuals in its balls' preliminary charts, and the chart it belongs to. */
    private static final class PointState {
        private int[] candidates;
        private double[] residuals;
        private double best;
        private int belongs;
        private double nearness;

        /** @param faithful the faithful bound, or 0 when membership is not yet wanted */
        static PointState of(double[] x, Charts charts, double faithful) {
            PointState s = new PointState();
            QuadraticChart[] preliminary = charts.charts();
            s.candidates = charts.candidates(x);
            s.residuals = new double[s.candidates.length];
            s.best = Double.POSITIVE_INFINITY;
            for (int j = 0; j < s.candidates.length; j++) {
                s.residuals[j] = LearningStages.residual(preliminary[s.candidates[j]], x);
                s.best = Math.min(s.best, s.residuals[j]);
            }
            if (faithful > 0) {
                s.belongs = LearningStages.belongs(x, s.candidates, s.residuals, s.best, faithful, preliminary);
                s.nearness = LearningStages.nearness(x, preliminary[s.belongs]);
            }
            return s;
        }
    }

    /**
     * The largest of the points' best residuals, the sum of their squares, and per chart the largest residual of a
     * point of its ball.
     */
    private static final class Residuals implements Serializable {
        private static final long serialVersionUID = 1L;
        private double max;
        private final LearningStages.SquareSum squares = new LearningStages.SquareSum();
        private final double[] worst;

        Residuals(int k) {
            worst = new double[k];
        }

        Residuals merge(Residuals other) {
            max = Math.max(max, other.max);
            squares.merge(other.squares);
            for (int c = 0; c < worst.length; c++) {
                worst[c] = Math.max(worst[c], other.worst[c]);
            }
            return this;
        }
    }

    /** The smallest distances from each centre, and the number of points within r. */
    private static final class Nearest implements Serializable {
        private static final long serialVersionUID = 1L;
        private final long[] within;
        private final double[][] smallest;
        private final int[] size;
        private final int keep;

        Nearest(int k, int keep) {
            within = new long[k];
            smallest = new double[k][keep];
            size = new int[k];
            this.keep = keep;
        }

        /** Keeps v if it is among the {@code keep} smallest offered to chart c (an insertion into a sorted list). */
        void offer(int c, double v) {
            double[] s = smallest[c];
            int n = size[c];
            if (n == keep && v >= s[n - 1]) {
                return;
            }
            int at = n == keep ? n - 1 : n;
            while (at > 0 && s[at - 1] > v) {
                s[at] = s[at - 1];
                at--;
            }
            s[at] = v;
            if (n < keep) {
                size[c]++;
            }
        }

        Nearest merge(Nearest other) {
            for (int c = 0; c < within.length; c++) {
                within[c] += other.within[c];
                for (int i = 0; i < other.size[c]; i++) {
                    offer(c, other.smallest[c][i]);
                }
            }
            return this;
        }

        double[] sorted(int c) {
            return Arrays.copyOf(smallest[c], size[c]);
        }
    }

    private static double nearest(double[][] centres, double[] x) {
        double best = Double.POSITIVE_INFINITY;
        for (double[] c : centres) {
            best = Math.min(best, Vectors.distance(c, x));
        }
        return best;
    }

    private static double nearest(List<Point> centres, double[] x) {
        double best = Double.POSITIVE_INFINITY;
        for (Point c : centres) {
            best = Math.min(best, Vectors.distance(c.x(), x));
        }
        return best;
    }

    /** @return a chart's gathered points with what each carries, in the order of the data (the single machine's) */
    private static <T> List<Tuple2<Point, T>> inDataOrder(Iterable<Tuple2<Point, T>> gathered) {
        List<Tuple2<Point, T>> ball = new ArrayList<>();
        gathered.forEach(ball::add);
        ball.sort(Comparator.comparingLong(t -> t._1().index()));
        return ball;
    }

    /** @return the points' coordinates, in the list's order */
    private static double[][] coordinates(List<? extends Tuple2<Point, ?>> ball) {
        return ball.stream().map(t -> t._1().x()).toArray(double[][]::new);
    }
}

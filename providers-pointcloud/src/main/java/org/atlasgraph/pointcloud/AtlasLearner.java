package org.atlasgraph.pointcloud;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.IntStream;
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
    /** A chart approximates a point well when its residual is within this factor of the best chart's. */
    static final double ACCEPTABLE_RESIDUAL = 2;
    /** Margin, in units of the SVM decision value, by which every member is put inside its chart's boundary. */
    static final double COVERAGE_MARGIN = 1e-6;

    private AtlasLearner() {
    }

    /** @return the fewest points a chart's ball (and the whole cloud) must hold for a quadratic fit in d dimensions */
    static int minimumPoints(int d) {
        return 3 * QuadraticFit.coefficientCount(d);
    }

    static AtlasModel learn(double[][] points, int givenDimension, double givenRadius, long seed, int svmSample,
                            LearningProgress progress) {
        int n = points.length;
        Random rng = new Random(seed);
        progress.update("dimension", 0, 1);
        int d = givenDimension > 0 ? givenDimension : IntrinsicDimension.estimate(points, rng).dimension();
        progress.update("dimension", 1, 1);
        int minPoints = minimumPoints(d);
        if (n < minPoints) {
            throw new InvalidInputException("points", "at least " + minPoints + " points (three times the "
                    + QuadraticFit.coefficientCount(d) + " coefficients of a quadratic fit in d = " + d + ")",
                    n + " points");
        }
        progress.update("radius", 0, 1);
        double r = givenRadius > 0 ? givenRadius : ChartRadius.derive(points, d, rng).radius();
        progress.update("radius", 1, 1);

        AtomicLong centresFound = new AtomicLong();
        ChartCentres.Net net = ChartCentres.build(points, r, minPoints, rng.nextInt(n),
                far -> progress.update("centres", centresFound.incrementAndGet(), -1));
        int k = net.centres().length;

        AtomicLong fitted = new AtomicLong();
        QuadraticChart[] preliminary = new QuadraticChart[k];
        IntStream.range(0, k).parallel().forEach(c -> {
            int[] ball = net.members()[c];
            int[] pick = IntrinsicDimension.subsample(ball.length, FIT_SAMPLE, new Random(seed ^ (31L * c + 7)));
            int[] sample = new int[pick.length];
            for (int s = 0; s < pick.length; s++) {
                sample[s] = ball[pick[s]];
            }
            QuadraticFit.Result fit = QuadraticFit.fit(points, sample, d, net.radii()[c]).over(points, ball);
            BoundarySvm.Quadric unit = BoundarySvm.Quadric.ball(points[0].length);
            preliminary[c] = new QuadraticChart(c, model(points[net.centres()[c]], net.radii()[c], fit, unit,
                    net.members()[c].length));
            progress.update("fits", fitted.incrementAndGet(), k);
        });

        // the charts whose balls contain each point, and the one it belongs to (§4.2.2): among the charts that
        // approximate it well, the one with the nearest centre. The paper's rule, the single best approximation, is
        // ill-posed on clean data: a least-squares quadratic is exact on a ring at about 0.7 of its radius, so the
        // "best" chart is the one whose ring passes nearest, usually one whose centre is far away. Charts whose
        // residual is within ACCEPTABLE_RESIDUAL of the best (plus their own fit error) approximate the point equally
        // well, and among them the nearest centre gives compact cells that a quadric separates.
        int[][] candidates = invert(net.members(), n);
        int[] belongs = new int[n];
        double[] residual = new double[n];
        progress.update("membership", 0, n);
        IntStream.range(0, n).parallel().forEach(i -> {
            int[] cs = candidates[i];
            double[] e = new double[cs.length];
            double best = Double.POSITIVE_INFINITY;
            for (int j = 0; j < cs.length; j++) {
                e[j] = preliminary[cs[j]].residual(points[i]);
                best = Math.min(best, e[j]);
            }
            int arg = -1;
            double nearest = Double.POSITIVE_INFINITY;
            for (int j = 0; j < cs.length; j++) {
                QuadraticChart c = preliminary[cs[j]];
                if (e[j] > ACCEPTABLE_RESIDUAL * best + 3 * c.model().fitResidual()) {
                    continue;
                }
                double dist = Vec.distance(points[i], c.centreRef()) / c.radius();
                if (dist < nearest) {
                    nearest = dist;
                    arg = cs[j];
                }
            }
            belongs[i] = arg;
            residual[i] = best;
        });
        progress.update("membership", n, n);

        // charts that no point belongs to approximate nothing better than their neighbours: drop them
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
        int[][] ownMembers = new int[k][];
        int[] fill = new int[k];
        for (int c = 0; c < k; c++) {
            ownMembers[c] = new int[memberCount[c]];
        }
        for (int i = 0; i < n; i++) {
            ownMembers[belongs[i]][fill[belongs[i]]++] = i;
        }

        AtomicLong trained = new AtomicLong();
        int total = kept;
        ChartModel[] models = new ChartModel[kept];
        IntStream.range(0, kept).parallel().forEach(c -> {
            int old = oldIndex[c];
            models[c] = boundary(points, preliminary[old], net.members()[old], ownMembers[old], old, belongs,
                    seed, svmSample, c);
            progress.update("boundaries", trained.incrementAndGet(), total);
        });

        Set<Long> pairs = new HashSet<>();
        for (int[] cs : candidates) {
            for (int a = 0; a < cs.length; a++) {
                for (int b = a + 1; b < cs.length; b++) {
                    int x = newIndex[cs[a]];
                    int y = newIndex[cs[b]];
                    if (x >= 0 && y >= 0) {
                        pairs.add(((long) Math.min(x, y) << 32) | Math.max(x, y));
                    }
                }
            }
        }
        List<AtlasModel.Overlap> overlaps = new ArrayList<>();
        pairs.stream().sorted().forEach(key -> overlaps.add(new AtlasModel.Overlap((int) (key >>> 32),
                (int) (key & 0xffffffffL))));

        QuadraticChart[] finals = new QuadraticChart[kept];
        for (int c = 0; c < kept; c++) {
            finals[c] = new QuadraticChart(c, models[c]);
        }
        long covered = IntStream.range(0, n).parallel().filter(i -> {
            for (int c : candidates[i]) {
                int nc = newIndex[c];
                if (nc >= 0 && finals[nc].inside(finals[nc].coordinatesOf(points[i]))) {
                    return true;
                }
            }
            return false;
        }).count();
        double sumSq = 0;
        double max = 0;
        for (double e : residual) {
            sumSq += e * e;
            max = Math.max(max, e);
        }
        double tolerance = Math.max(OFF_ATLAS_FRACTION * r, OFF_ATLAS_RESIDUAL_FACTOR * max);
        LearningSummary summary = new LearningSummary(n, d, givenDimension <= 0, r, givenRadius <= 0, kept,
                overlaps.size(), (double) covered / n, Math.sqrt(sumSq / n), max, seed);
        return new AtlasModel(Arrays.asList(models), overlaps, tolerance, summary);
    }

    /**
     * Trains the boundary SVM of one chart on (a subsample of) its ball, members against the rest, and shifts the
     * quadric so that every member lies inside: the soft margin may leave a few members outside, and a training
     * point outside every chart would make the atlas miss part of the data.
     */
    private static ChartModel boundary(double[][] points, QuadraticChart chart, int[] ball, int[] own, int old,
                                       int[] belongs, long seed, int svmSample, int index) {
        Random rng = new Random(seed * 1_000_003L + index);
        int[] pick = IntrinsicDimension.subsample(ball.length, svmSample, rng);
        int[] samples = new int[pick.length];
        boolean[] positive = new boolean[pick.length];
        for (int s = 0; s < pick.length; s++) {
            samples[s] = ball[pick[s]];
            positive[s] = belongs[samples[s]] == old;
        }
        ChartModel base = withTrustRadius(chart.model(), trustRadius(points, chart, own));
        BoundarySvm.Quadric quadric = BoundarySvm.train(points, samples, positive, base.centre(), base.radius(),
                rng.nextLong());
        ChartModel trainedModel = withQuadric(base, quadric);
        QuadraticChart trainedChart = new QuadraticChart(index, trainedModel);
        double worst = Double.NEGATIVE_INFINITY;
        for (int i : own) {
            worst = Math.max(worst, trainedChart.boundaryValue(trainedChart.coordinatesOf(points[i])));
        }
        if (worst > -COVERAGE_MARGIN) {
            trainedModel = withQuadric(base, quadric.shifted(-(worst + COVERAGE_MARGIN)));
        }
        return trainedModel;
    }

    /**
     * The radius within which a chart is used: {@link #TRUST_FRACTION} of the coordinate radius of its ball, where the
     * quadratic fits best, widened if needed to reach every point that belongs to the chart.
     */
    private static double trustRadius(double[][] points, QuadraticChart chart, int[] own) {
        double rho = TRUST_FRACTION * chart.coordinateRadius();
        for (int i : own) {
            rho = Math.max(rho, Math.nextUp(Vec.norm(chart.coordinatesOf(points[i]))));
        }
        return rho;
    }

    private static ChartModel withTrustRadius(ChartModel m, double rho) {
        return new ChartModel(m.centre(), m.origin(), m.tangentBasis(), m.normalBasis(), m.curvature(), m.radius(),
                m.coordinateRadius(), Math.min(rho, m.coordinateRadius()), m.boundaryMatrix(), m.boundaryLinear(), m.boundaryConstant(), m.fitResidual(), m.pointCount());
    }

    private static ChartModel model(double[] centre, double radius, QuadraticFit.Result fit,
                                    BoundarySvm.Quadric quadric, int pointCount) {
        return new ChartModel(centre, fit.origin(), fit.tangentBasis(), fit.normalBasis(), fit.curvature(), radius,
                fit.coordinateRadius(), fit.coordinateRadius(), quadric.matrix(), quadric.linear(), quadric.constant(), fit.rmsResidual(),
                pointCount);
    }

    private static ChartModel withQuadric(ChartModel m, BoundarySvm.Quadric q) {
        return new ChartModel(m.centre(), m.origin(), m.tangentBasis(), m.normalBasis(), m.curvature(), m.radius(),
                m.coordinateRadius(), m.trustRadius(), q.matrix(), q.linear(), q.constant(), m.fitResidual(), m.pointCount());
    }

    /** @return for each point, the charts whose ball contains it */
    private static int[][] invert(int[][] members, int n) {
        int[] count = new int[n];
        for (int[] m : members) {
            for (int i : m) {
                count[i]++;
            }
        }
        int[][] out = new int[n][];
        for (int i = 0; i < n; i++) {
            out[i] = new int[count[i]];
        }
        int[] fill = new int[n];
        for (int c = 0; c < members.length; c++) {
            for (int i : members[c]) {
                out[i][fill[i]++] = c;
            }
        }
        return out;
    }
}

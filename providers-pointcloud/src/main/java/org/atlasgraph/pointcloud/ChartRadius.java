package org.atlasgraph.pointcloud;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.stream.IntStream;
import org.atlasgraph.api.base.Vectors;

/**
 * Derives the chart radius r from the data when the user gives none (the paper chose r = 1.1 by hand for the Klein
 * patches, App. E.3, footnote): the largest radius at which a quadratic still describes the points of a ball to
 * within a fixed fraction of the size of the data, but never less than the radius at which a ball holds enough points
 * for a well-posed fit.
 *
 * <p>The rule, on a subsample and at {@link #ANCHORS} random anchors:
 * <ol>
 *   <li>the support radius r_s: the median distance from an anchor to its m-th nearest point, m the minimum support
 *   of a chart ({@code AtlasLearner.minimumPoints}), so that a typical ball holds enough points;</li>
 *   <li>the fit residual ε(r): the median over the anchors of the RMS normal residual of the weighted quadratic fit
 *   (App. F.1) to the ball of radius r, for radii growing by 2^¼ from r_s up to half the data's diameter; its value
 *   at the first radius is the noise floor σ, and the curvature part of the residual is {@code √(ε(r)² − σ²)};</li>
 *   <li>r_fit: the largest r whose curvature part stays below {@link #FIT_TOLERANCE} times the data's extent R (the
 *   RMS distance of the points from their mean), or below {@link #NOISE_FRACTION}·σ if that is larger, interpolated
 *   between the last candidate below and the first above;</li>
 *   <li>r = max(r_fit, r_s).</li>
 * </ol>
 *
 * <p>Why the extent and not r: the previous rule bounded ε(r)/r by 0.3%, which on the Klein patches, whose residual
 * grows nearly linearly in r, gave r ≈ 0.43 and about 750 charts for 2·10⁴ points, six times the paper's 127 at
 * r = 1.1 with centres from the same net, with every chart change costing accuracy downstream. A bound on the
 * absolute residual relative to the size of the data is scale-free like the old one, treats charts of every radius
 * alike, and gives a compact atlas where the surface is gently curved at the scale of the data. Measured on 2·10⁴
 * Klein patches and 3000 exact points of S² (R = 2.60 and 1), with the weighted fit:
 * <pre>
 *   rule                   Klein r  charts  RMS residual  tilt max   S² r   charts  distance error max (mean)
 *   ε/r ≤ 0.3% (previous)   0.43     750     6.1e-4        0.041     0.65    32     3.7% (0.73%)   unweighted
 *   ε ≤ 0.25% R             0.71     279     1.6e-3        0.055     0.61    37     1.9% (0.45%)
 *   ε ≤ 0.4% R              0.82     224     2.3e-3        0.081     0.67    30     3.1% (0.43%)
 *   ε ≤ 0.6% R (chosen)     0.92     184     3.1e-3        0.098     0.74    27     2.5% (0.52%)
 *   ε ≤ 0.8% R              1.00     151     4.0e-3        0.109     0.79    22     2.8% (0.71%)
 *   r = 1.0 given           1.00     152     4.2e-3        0.113     1.00    14     6.9% (1.2%)
 * </pre>
 * (tilt: the largest angle between a chart's tangent plane and the true one at its origin, in radians.) 0.6% keeps
 * S² well inside the 5% bound on distances with a Klein atlas of under 200 charts; at r = 1 S² exceeds it.
 * The support floor r_s matters for small samples: below a few thousand Klein patches it sets r, and the chart count
 * then falls with N instead of leaving charts with a handful of points.
 */
final class ChartRadius {
    /** Largest accepted curvature part of the median RMS fit residual, as a fraction of the data's extent R. */
    static final double FIT_TOLERANCE = 0.006;
    /**
     * ... or half the noise floor σ, whichever is larger: below the noise the curvature part cannot be told from the
     * fluctuation of a median of a few anchors' residuals, and a surface is not resolved better than its noise anyway.
     */
    static final double NOISE_FRACTION = 0.5;
    /**
     * The first candidate radius is at least this multiple of the noise residual measured at the support radius.
     * Why: a ball whose radius is a few times the noise cuts off the points displaced farthest by it, and the weights
     * favour the least displaced, so its residual underestimates the noise; at the next radii the estimate recovers,
     * and the growth of the residual would be read as curvature (on the developable roll with noise of 1% of its
     * diameter the rule stopped at 2.5 times the noise, with 1500 charts for 20,000 points). Beyond four times the
     * noise the cut-off is negligible. On clean data the floor is far below the support radius and changes nothing.
     */
    static final double NOISE_SUPPORT = 6;
    /** Anchors at which candidate radii are tried. */
    static final int ANCHORS = 16;
    /** Points per trial fit; larger balls are subsampled. */
    static final int FIT_SAMPLE = 600;
    /** Points used to find the base scale and to evaluate candidates. */
    static final int SUBSAMPLE = 20000;
    /** Ratio of successive candidate radii. */
    static final double STEP = Math.pow(2, 0.25);
    /** Candidate radii, from the support radius up to 2⁶ times it. */
    static final int CANDIDATES = 24;

    private ChartRadius() {
    }

    /**
     * The choice and the evidence for it.
     *
     * @param radius    the chosen r = max(r_fit, r_s)
     * @param support   r_s, the radius at which a typical ball holds the minimum support
     * @param extent    R, the RMS distance of the points from their mean
     * @param radii     the candidates tried
     * @param residuals the median RMS fit residual at each candidate (NaN where none was tried)
     */
    record Choice(double radius, double support, double extent, double[] radii, double[] residuals) {
    }

    /**
     * @param n          the number of points
     * @param rows       the points at given positions
     * @param d          the intrinsic dimension
     * @param minSupport the fewest points a chart's ball should hold
     * @param rng        the random source for subsamples and anchors
     * @return the chosen radius and the evidence, the same as from the points themselves
     */
    static Choice derive(int n, LearningStages.Rows rows, int d, int minSupport, Random rng) {
        double[][] points = rows.at(IntrinsicDimension.subsample(n, SUBSAMPLE, rng));
        int[] sample = IntrinsicDimension.identity(points.length);
        int s = sample.length;
        double extent = extent(points, sample);
        int anchors = Math.min(ANCHORS, s);
        // a ball of the full data with minSupport points holds about minSupport·s/n points of the subsample
        int supportRank = Math.max(1, Math.min(s - 1, (int) Math.ceil((double) minSupport * s / n)));
        int fitRank = Math.min(minSupport, s - 1);
        double[][] anchor = new double[anchors][];
        double[][] dist = new double[anchors][s];
        double[] supportScales = new double[anchors];
        double[] fitScales = new double[anchors];
        double[] farthest = new double[anchors];
        for (int a = 0; a < anchors; a++) {
            anchor[a] = points[sample[rng.nextInt(s)]];
        }
        // the anchors are drawn first, in the order of one draw each, so their distances can be found in parallel
        IntStream.range(0, anchors).parallel().forEach(a -> {
            for (int i = 0; i < s; i++) {
                dist[a][i] = Vectors.distance(anchor[a], points[sample[i]]);
            }
            double[] sorted = dist[a].clone();
            Arrays.sort(sorted);
            supportScales[a] = sorted[supportRank];
            fitScales[a] = sorted[fitRank];
            farthest[a] = sorted[s - 1];
        });
        double diameter = 0;
        for (double f : farthest) {
            diameter = Math.max(diameter, f);
        }
        double support = median(supportScales);
        // trial fits use the subsample, so they start where a subsample ball holds minSupport points
        double base = Math.max(support, median(fitScales));
        // on noisy data, start where the ball no longer truncates the noise (twice: the first noise estimate is low)
        for (int round = 0; round < 2; round++) {
            double floor = medianResidual(points, sample, anchor, dist, base, d, minSupport, rng);
            if (!(NOISE_SUPPORT * floor > base) || NOISE_SUPPORT * floor > diameter / 2) {
                break;
            }
            base = NOISE_SUPPORT * floor;
        }
        double[] radii = new double[CANDIDATES];
        double[] residuals = new double[CANDIDATES];
        Arrays.fill(residuals, Double.NaN);
        double limit = FIT_TOLERANCE * extent;
        double noise = Double.NaN;
        double chosen = base;
        double lastGoodRadius = Double.NaN;
        double lastGoodExcess = Double.NaN;
        for (int j = 0; j < CANDIDATES; j++) {
            double r = base * Math.pow(STEP, j);
            radii[j] = r;
            if (r > diameter / 2 && j > 0) {
                break;
            }
            double median = medianResidual(points, sample, anchor, dist, r, d, minSupport, rng);
            if (Double.isNaN(median)) {
                continue;
            }
            residuals[j] = median;
            if (Double.isNaN(noise)) {
                noise = median;
                limit = Math.max(limit, NOISE_FRACTION * noise);
            }
            double excess = Math.sqrt(Math.max(0, median * median - noise * noise));
            if (excess <= limit) {
                chosen = r;
                lastGoodRadius = r;
                lastGoodExcess = excess;
                continue;
            }
            // the tolerance is crossed between two candidates: interpolate log(excess) linearly in log r, or the
            // excess itself linearly in r when it was zero at the last candidate
            if (lastGoodExcess > 0) {
                double slope = Math.log(excess / lastGoodExcess) / Math.log(r / lastGoodRadius);
                chosen = lastGoodRadius * Math.pow(limit / lastGoodExcess, 1 / slope);
            } else if (!Double.isNaN(lastGoodRadius)) {
                chosen = lastGoodRadius + (r - lastGoodRadius) * limit / excess;
            }
            break;
        }
        return new Choice(Math.max(chosen, support), support, extent, radii, residuals);
    }

    /** @return the median over the anchors of the RMS residual of the fit to the ball of radius r; NaN if none */
    private static double medianResidual(double[][] points, int[] sample, double[][] anchor, double[][] dist,
                                         double r, int d, int minSupport, Random rng) {
        // the subsamples are drawn in anchor order, then the fits (which draw nothing) run in parallel
        int[][] balls = new int[anchor.length][];
        for (int a = 0; a < anchor.length; a++) {
            int[] members = within(dist[a], r, sample);
            if (members.length < minSupport) {
                continue;
            }
            if (members.length > FIT_SAMPLE) {
                int[] pick = IntrinsicDimension.subsample(members.length, FIT_SAMPLE, rng);
                int[] sub = new int[pick.length];
                for (int i = 0; i < pick.length; i++) {
                    sub[i] = members[pick[i]];
                }
                members = sub;
            }
            balls[a] = members;
        }
        List<Optional<QuadraticFit.Result>> fits = IntStream.range(0, anchor.length).parallel()
                .mapToObj(a -> balls[a] == null ? Optional.<QuadraticFit.Result>empty()
                        : QuadraticFit.fit(points, balls[a], d, anchor[a], r)).toList();
        double[] residual = new double[anchor.length];
        int used = 0;
        for (Optional<QuadraticFit.Result> fit : fits) {
            if (fit.isPresent()) {
                residual[used++] = fit.get().noiseResidual();
            }
        }
        return used == 0 ? Double.NaN : median(Arrays.copyOf(residual, used));
    }

    /** @return the RMS distance of the sampled points from their mean */
    static double extent(double[][] points, int[] sample) {
        int ambient = points[0].length;
        double[] mean = new double[ambient];
        for (int i : sample) {
            for (int j = 0; j < ambient; j++) {
                mean[j] += points[i][j];
            }
        }
        for (int j = 0; j < ambient; j++) {
            mean[j] /= sample.length;
        }
        double sum = 0;
        for (int i : sample) {
            sum += Vectors.squaredDistance(points[i], mean);
        }
        return Math.sqrt(sum / sample.length);
    }

    private static double median(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        return sorted[sorted.length / 2];
    }

    private static int[] within(double[] dist, double r, int[] sample) {
        int count = 0;
        for (double v : dist) {
            if (v < r) {
                count++;
            }
        }
        int[] out = new int[count];
        int c = 0;
        for (int i = 0; i < dist.length; i++) {
            if (dist[i] < r) {
                out[c++] = sample[i];
            }
        }
        return out;
    }
}

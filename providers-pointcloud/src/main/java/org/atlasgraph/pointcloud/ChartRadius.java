package org.atlasgraph.pointcloud;

import java.util.Arrays;
import java.util.Random;

/**
 * Derives the chart radius r from the data when the user gives none: the largest radius at which a quadratic still
 * describes the points of a ball, i.e. the normal residual of the App. F.1 fit stays below {@link #FIT_TOLERANCE} of
 * the radius at the median anchor.
 *
 * <p>Between the last candidate below the tolerance and the first above it, r is interpolated log-linearly, so that
 * the choice varies smoothly with the data rather than jumping by √2. Candidates grow by √2 from a base scale at which a ball holds enough points for the fit (three times the number
 * of coefficients) up to half the data's diameter. Too small a radius is dominated by noise (residual/r large), too
 * large a radius by the quartic and higher terms of the curvature or by the ball reaching another sheet of the
 * manifold; the paper chose r = 1.1 by hand for the Klein patches (App. E.3, footnote).
 */
final class ChartRadius {
    /**
     * Largest accepted median of (RMS normal residual)/r: 0.3% of the radius. The residual at the edge of a ball is
     * several times the RMS, and neighbouring charts disagree by about the edge residual where they overlap; on the
     * unit sphere this tolerance gives r ≈ 0.5, where they agree to about 1e-3.
     */
    static final double FIT_TOLERANCE = 0.003;
    /** Anchors at which candidate radii are tried. */
    static final int ANCHORS = 16;
    /** Points per trial fit; larger balls are subsampled. */
    static final int FIT_SAMPLE = 600;
    /** Points used to find the base scale and to evaluate candidates. */
    static final int SUBSAMPLE = 20000;
    /** Candidate radii, each √2 times the previous. */
    static final int CANDIDATES = 16;

    private ChartRadius() {
    }

    /**
     * The choice and the evidence for it.
     *
     * @param radius    the chosen r
     * @param radii     the candidates tried
     * @param residuals the median relative residual at each candidate (NaN where balls were too small)
     */
    record Choice(double radius, double[] radii, double[] residuals) {
    }

    static Choice derive(double[][] points, int d, Random rng) {
        int[] sample = IntrinsicDimension.subsample(points.length, SUBSAMPLE, rng);
        int s = sample.length;
        int minPoints = 3 * QuadraticFit.coefficientCount(d);
        int anchors = Math.min(ANCHORS, s);
        double[][] dist = new double[anchors][s];
        double[] baseScales = new double[anchors];
        double diameter = 0;
        for (int a = 0; a < anchors; a++) {
            double[] anchor = points[sample[rng.nextInt(s)]];
            for (int i = 0; i < s; i++) {
                dist[a][i] = Vec.distance(anchor, points[sample[i]]);
            }
            double[] sorted = dist[a].clone();
            Arrays.sort(sorted);
            baseScales[a] = sorted[Math.min(minPoints, s - 1)];
            diameter = Math.max(diameter, sorted[s - 1]);
        }
        Arrays.sort(baseScales);
        double base = baseScales[anchors / 2];
        double[] radii = new double[CANDIDATES];
        double[] residuals = new double[CANDIDATES];
        Arrays.fill(residuals, Double.NaN);
        double chosen = Double.NaN;
        double bestResidual = Double.POSITIVE_INFINITY;
        double bestRadius = base;
        double lastGoodRadius = Double.NaN;
        double lastGoodResidual = Double.NaN;
        for (int j = 0; j < CANDIDATES; j++) {
            double r = base * Math.pow(Math.sqrt(2), j);
            radii[j] = r;
            if (r > diameter / 2 && j > 0) {
                break;
            }
            double[] relative = new double[anchors];
            int used = 0;
            for (int a = 0; a < anchors; a++) {
                int[] members = within(dist[a], r, sample);
                if (members.length < minPoints) {
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
                try {
                    relative[used++] = QuadraticFit.fit(points, members, d, r).rmsResidual() / r;
                } catch (ArithmeticException e) {
                    used--;
                }
            }
            if (used == 0) {
                continue;
            }
            double[] got = Arrays.copyOf(relative, used);
            Arrays.sort(got);
            double median = got[used / 2];
            residuals[j] = median;
            if (median < bestResidual) {
                bestResidual = median;
                bestRadius = r;
            }
            if (median <= FIT_TOLERANCE) {
                chosen = r;
                lastGoodRadius = r;
                lastGoodResidual = median;
            } else if (!Double.isNaN(chosen)) {
                // the tolerance is crossed between two candidates: interpolate log(residual/r) linearly in log r
                double slope = Math.log(median / lastGoodResidual) / Math.log(r / lastGoodRadius);
                if (slope > 0) {
                    chosen = lastGoodRadius * Math.pow(FIT_TOLERANCE / lastGoodResidual, 1 / slope);
                }
                break;
            }
        }
        return new Choice(Double.isNaN(chosen) ? bestRadius : chosen, radii, residuals);
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

package org.atlasgraph.pointcloud;

import java.util.Arrays;
import java.util.Random;
import org.atlasgraph.api.base.Vectors;
import org.ejml.data.DMatrixRMaj;

/**
 * Estimates the intrinsic dimension d of a point cloud from local PCA at several scales, in the spirit of multiscale
 * SVD (Little et al., cited in §4.1 and §6.2): around random anchors, the singular values √λᵢ of the covariance of the
 * k nearest neighbours grow linearly with the scale in the d tangent directions and stay at the noise level or grow
 * quadratically (curvature) in the others, so the largest gap {@code √λ_d − √λ_{d+1}} marks d.
 *
 * <p>For every anchor and every neighbourhood size the normalized gaps {@code (√λᵢ − √λᵢ₊₁)/√λ₁} are added up; d is
 * the index of the largest total. Averaging over anchors and scales makes the estimate robust to the odd anchor
 * where the curvature or the noise wins.
 */
final class IntrinsicDimension {
    /** Points used for the neighbourhoods; more adds time but no accuracy once neighbourhoods are local. */
    static final int SUBSAMPLE = 4000;
    /** Anchors around which local PCA is run. */
    static final int ANCHORS = 60;
    /** Number of neighbourhood sizes, doubling from the smallest. */
    static final int SCALES = 4;
    /** Largest dimension the smallest neighbourhood is sized for: it holds 2·min(D, this) points, at least 12. */
    static final int SIZED_FOR = 24;
    /** Length of the evidence reported: the gaps after indices 1 … this (or D − 1 if smaller). */
    static final int PROFILE = 12;

    private IntrinsicDimension() {
    }

    /**
     * The estimate and the evidence for it.
     *
     * @param dimension the estimated d, in [1, D−1]
     * @param gapScores the mean normalized gap {@code (√λᵢ − √λᵢ₊₁)/√λ₁} after each index i = 1…min(D−1,
     *                  {@value #PROFILE}) (entry i−1), over every anchor and scale: the eigengap profile whose largest
     *                  entry is d
     */
    record Estimate(int dimension, double[] gapScores) {
    }

    /**
     * @param points the point cloud, N×D with D ≥ 2 (not modified)
     * @param rng    the random source for the subsample and anchors
     * @return the estimate
     */
    static Estimate estimate(double[][] points, Random rng) {
        return estimate(points.length, positions -> PreparedCloud.rows(points, positions), rng);
    }

    /**
     * @param n    the number of points
     * @param rows the points at given positions
     * @param rng  the random source for the subsample and anchors
     * @return the estimate, the same as from the points themselves
     */
    static Estimate estimate(int n, LearningStages.Rows rows, Random rng) {
        double[][] points = rows.at(subsample(n, SUBSAMPLE, rng));
        int ambient = points[0].length;
        int[] sample = identity(points.length);
        int s = sample.length;
        int smallest = Math.max(2 * Math.min(ambient, SIZED_FOR), 12);
        int profile = Math.min(ambient - 1, PROFILE);
        double[] scores = new double[ambient - 1];
        int anchors = Math.min(ANCHORS, s);
        int runs = 0;
        double[] dist = new double[s];
        double[] sorted = new double[s];
        for (int a = 0; a < anchors; a++) {
            double[] anchor = points[sample[rng.nextInt(s)]];
            for (int i = 0; i < s; i++) {
                dist[i] = Vectors.squaredDistance(anchor, points[sample[i]]);
            }
            System.arraycopy(dist, 0, sorted, 0, s);
            Arrays.sort(sorted);
            for (int scale = 0, k = Math.min(smallest, s); scale < SCALES && k <= s; scale++, k *= 2) {
                double[] lambda = localSpectrum(points, sample, dist, sorted[k - 1]);
                double top = Math.sqrt(Math.max(lambda[0], 0));
                if (top == 0) {
                    continue;
                }
                runs++;
                for (int i = 0; i < ambient - 1; i++) {
                    double gap = Math.sqrt(Math.max(lambda[i], 0)) - Math.sqrt(Math.max(lambda[i + 1], 0));
                    scores[i] += gap / top;
                }
            }
        }
        int best = 0;
        for (int i = 1; i < scores.length; i++) {
            if (scores[i] > scores[best]) {
                best = i;
            }
        }
        double[] evidence = Arrays.copyOf(scores, profile);
        for (int i = 0; i < profile; i++) {
            evidence[i] /= Math.max(runs, 1);
        }
        return new Estimate(best + 1, evidence);
    }

    /**
     * @return the eigenvalues, decreasing and padded with zeros to length D, of the covariance of the sample points
     *     whose squared distance from the anchor is at most {@code bound}: from the D×D covariance, or from the k×k
     *     Gram matrix of the centred points when the k neighbours are fewer than D (the same nonzero eigenvalues)
     */
    private static double[] localSpectrum(double[][] points, int[] sample, double[] dist, double bound) {
        int ambient = points[0].length;
        int k = 0;
        double[] mean = new double[ambient];
        for (int p = 0; p < sample.length; p++) {
            if (dist[p] <= bound) {
                double[] x = points[sample[p]];
                for (int i = 0; i < ambient; i++) {
                    mean[i] += x[i];
                }
                k++;
            }
        }
        for (int i = 0; i < ambient; i++) {
            mean[i] /= k;
        }
        double[][] centred = new double[k][];
        int c = 0;
        for (int p = 0; p < sample.length; p++) {
            if (dist[p] <= bound) {
                centred[c++] = Vectors.minus(points[sample[p]], mean);
            }
        }
        int n = Math.min(k, ambient);
        DMatrixRMaj m = new DMatrixRMaj(n, n);
        if (k < ambient) {
            for (int a = 0; a < k; a++) {
                for (int b = a; b < k; b++) {
                    double v = Vectors.dot(centred[a], centred[b]) / k;
                    m.data[a * k + b] = v;
                    m.data[b * k + a] = v;
                }
            }
        } else {
            for (double[] y : centred) {
                for (int i = 0; i < ambient; i++) {
                    double yi = y[i] / k;
                    for (int j = i; j < ambient; j++) {
                        m.data[i * ambient + j] += yi * y[j];
                    }
                }
            }
            for (int i = 0; i < ambient; i++) {
                for (int j = 0; j < i; j++) {
                    m.data[i * ambient + j] = m.data[j * ambient + i];
                }
            }
        }
        return Arrays.copyOf(QuadraticFit.Pca.sortedEigenvalues(m), ambient);
    }

    /** @return 0, 1, …, m − 1 */
    static int[] identity(int m) {
        int[] all = new int[m];
        for (int i = 0; i < m; i++) {
            all[i] = i;
        }
        return all;
    }

    /** @return min(n, size) distinct indices in [0, n), in random order */
    static int[] subsample(int n, int size, Random rng) {
        int[] all = new int[n];
        for (int i = 0; i < n; i++) {
            all[i] = i;
        }
        int m = Math.min(n, size);
        for (int i = 0; i < m; i++) {
            int j = i + rng.nextInt(n - i);
            int t = all[i];
            all[i] = all[j];
            all[j] = t;
        }
        return Arrays.copyOf(all, m);
    }
}

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

    private IntrinsicDimension() {
    }

    /**
     * The estimate and the evidence for it.
     *
     * @param dimension the estimated d, in [1, D−1]
     * @param gapScores the summed normalized gap after each index i = 1…D−1 (entry i−1)
     */
    record Estimate(int dimension, double[] gapScores) {
    }

    /**
     * @param points the point cloud, N×D with D ≥ 2 (not modified)
     * @param rng    the random source for the subsample and anchors
     * @return the estimate
     */
    static Estimate estimate(double[][] points, Random rng) {
        int ambient = points[0].length;
        int[] sample = subsample(points.length, SUBSAMPLE, rng);
        int s = sample.length;
        int smallest = Math.max(2 * ambient, 12);
        double[] scores = new double[ambient - 1];
        int anchors = Math.min(ANCHORS, s);
        double[] dist = new double[s];
        double[] sorted = new double[s];
        for (int a = 0; a < anchors; a++) {
            double[] anchor = points[sample[rng.nextInt(s)]];
            for (int i = 0; i < s; i++) {
                dist[i] = Vectors.squaredDistance(anchor, points[sample[i]]);
            }
            System.arraycopy(dist, 0, sorted, 0, s);
            Arrays.sort(sorted);
            for (int scale = 0, k = smallest; scale < SCALES && k <= s; scale++, k *= 2) {
                double[] lambda = QuadraticFit.Pca.sortedEigenvalues(covariance(points, sample, dist, sorted[k - 1]));
                double top = Math.sqrt(Math.max(lambda[0], 0));
                if (top == 0) {
                    continue;
                }
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
        return new Estimate(best + 1, scores);
    }

    /** @return the covariance of the sample points whose squared distance from the anchor is at most {@code bound} */
    private static DMatrixRMaj covariance(double[][] points, int[] sample, double[] dist, double bound) {
        int ambient = points[0].length;
        double[] mean = new double[ambient];
        int k = 0;
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
        DMatrixRMaj cov = new DMatrixRMaj(ambient, ambient);
        for (int p = 0; p < sample.length; p++) {
            if (dist[p] > bound) {
                continue;
            }
            double[] x = points[sample[p]];
            for (int i = 0; i < ambient; i++) {
                double yi = x[i] - mean[i];
                for (int j = i; j < ambient; j++) {
                    cov.data[i * ambient + j] += yi * (x[j] - mean[j]) / k;
                }
            }
        }
        for (int i = 0; i < ambient; i++) {
            for (int j = 0; j < i; j++) {
                cov.data[i * ambient + j] = cov.data[j * ambient + i];
            }
        }
        return cov;
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

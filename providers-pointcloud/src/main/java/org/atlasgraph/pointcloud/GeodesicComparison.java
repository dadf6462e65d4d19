package org.atlasgraph.pointcloud;

import java.util.Objects;
import java.util.Random;
import org.atlasgraph.api.check.Checks;
import org.atlasgraph.pointcloud.data.ReferenceManifold;

/**
 * How faithfully a learned atlas reproduces the geodesic distances of a manifold known in closed form (issue 12.2):
 * on random pairs of sample points, the atlas's distance between the points on the manifold (the sample's clean
 * points, located on the atlas) against the exact distance of their parameters
 * ({@link ReferenceManifold#geodesicDistance}).
 *
 * @param pairs              the number of pairs compared
 * @param unreachable        pairs the atlas joined by no path (distance +∞); they count as relative error 1 and make
 *                           the distortion infinite
 * @param meanRelativeError  the mean of |d̃ − d|/d over the pairs
 * @param maxRelativeError   the largest |d̃ − d|/d
 * @param distortion         the largest ratio d̃/d over the smallest (1 for a scaled isometry)
 * @param nanosPerPair       the wall-clock time of one distance query of two ambient points (locating both included),
 *                           mean over the pairs; informative only
 */
public record GeodesicComparison(int pairs, int unreachable, double meanRelativeError, double maxRelativeError,
                                 double distortion, double nanosPerPair) {
    /**
     * Pairs closer than this fraction of the manifold's diameter are redrawn: the ratio of two tiny distances
     * measures the fit residual, not the geodesics.
     */
    static final double SHORTEST_PAIR = 0.02;

    /**
     * Compares the atlas's distances with the exact ones on random pairs of the sample's points.
     *
     * @param atlas    an atlas learned from (a superset of the rows of) {@code sample.points()}
     * @param manifold the manifold the sample was drawn from
     * @param sample   the sample
     * @param pairs    the number of pairs, ≥ 1
     * @param seed     the seed of the pair choice
     * @return the comparison
     */
    public static GeodesicComparison measure(PointCloudAtlas atlas, ReferenceManifold manifold,
                                             ReferenceManifold.Sample sample, int pairs, long seed) {
        Objects.requireNonNull(atlas, "atlas");
        Objects.requireNonNull(manifold, "manifold");
        Checks.requirePositive("pairs", pairs);
        int n = sample.points().length;
        Random rng = new Random(seed);
        double sum = 0;
        double max = 0;
        double lo = Double.POSITIVE_INFINITY;
        double hi = 0;
        int unreachable = 0;
        long nanos = 0;
        double shortest = SHORTEST_PAIR * manifold.diameter();
        for (int k = 0; k < pairs; k++) {
            int i;
            int j;
            double exact;
            do {
                i = rng.nextInt(n);
                j = rng.nextInt(n);
                exact = manifold.geodesicDistance(sample.parameters()[i], sample.parameters()[j]);
            } while (i == j || exact < shortest);
            long start = System.nanoTime();
            double learned = atlas.geodesicDistance(sample.clean()[i], sample.clean()[j]);
            nanos += System.nanoTime() - start;
            if (Double.isInfinite(learned)) {
                unreachable++;
                sum += 1;
                max = Math.max(max, 1);
                hi = Double.POSITIVE_INFINITY;
                continue;
            }
            double ratio = learned / exact;
            double error = Math.abs(ratio - 1);
            sum += error;
            max = Math.max(max, error);
            lo = Math.min(lo, ratio);
            hi = Math.max(hi, ratio);
        }
        return new GeodesicComparison(pairs, unreachable, sum / pairs, max, hi / lo, (double) nanos / pairs);
    }
}

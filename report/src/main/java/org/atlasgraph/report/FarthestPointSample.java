package org.atlasgraph.report;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.atlasgraph.api.base.Vectors;
import org.atlasgraph.api.check.InvalidInputException;

/**
 * Farthest-point (max–min) subsampling: starting from a seeded random point, repeatedly add the point farthest from
 * those chosen. The m chosen points form an ε-net of the cloud (every point within the covering radius ε of a chosen
 * one, chosen points at least ε apart), the even sample that persistent homology of a Vietoris–Rips complex wants:
 * sampling noise then dies quickly while features of the manifold persist ({@link BettiNumbers}).
 */
public final class FarthestPointSample {
    private FarthestPointSample() {
    }

    /**
     * Chooses m points.
     *
     * @param points the cloud (not modified)
     * @param m      how many to choose, in {@code [1, n]}
     * @param seed   seed of the first point's choice
     * @return the indices of the chosen points, in the order chosen
     * @throws InvalidInputException if the cloud is invalid or m is out of range
     */
    public static int[] indices(double[][] points, int m, long seed) {
        double[][] p = PointClouds.copyOf("points", points, 1);
        if (m < 1 || m > p.length) {
            throw new InvalidInputException("m", "1 ≤ m ≤ n = " + p.length, String.valueOf(m));
        }
        int[] chosen = new int[m];
        double[] nearest = new double[p.length];
        Arrays.fill(nearest, Double.POSITIVE_INFINITY);
        chosen[0] = new SplittableRandom(seed).nextInt(p.length);
        for (int c = 1; c < m; c++) {
            double[] last = p[chosen[c - 1]];
            int far = -1;
            double farthest = -1;
            for (int i = 0; i < p.length; i++) {
                nearest[i] = Math.min(nearest[i], Vectors.distance(p[i], last));
                if (nearest[i] > farthest) {
                    farthest = nearest[i];
                    far = i;
                }
            }
            chosen[c] = far;
        }
        return chosen;
    }

    /**
     * The chosen points themselves.
     *
     * @param points the cloud (not modified)
     * @param m      how many to choose, in {@code [1, n]}
     * @param seed   seed of the first point's choice
     * @return copies of the chosen points, in the order chosen
     * @throws InvalidInputException if the cloud is invalid or m is out of range
     */
    public static double[][] of(double[][] points, int m, long seed) {
        int[] idx = indices(points, m, seed);
        double[][] out = new double[m][];
        for (int c = 0; c < m; c++) {
            out[c] = points[idx[c]].clone();
        }
        return out;
    }
}

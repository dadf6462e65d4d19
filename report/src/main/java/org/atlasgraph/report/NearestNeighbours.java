package org.atlasgraph.report;

import java.util.Arrays;
import java.util.Comparator;
import org.atlasgraph.api.base.Vectors;
import org.atlasgraph.api.check.InvalidInputException;
import smile.neighbor.KDTree;
import smile.neighbor.Neighbor;

/**
 * Exact k-nearest-neighbour queries among the points of a cloud, by Smile's {@link KDTree}.
 *
 * <p>Smile's tree returns the k neighbours in no particular order (farthest first, as it happens), skips a query point
 * only when it is the <em>same array</em> as a data point, and when k equals the number of points fills the missing
 * slot with a placeholder neighbour (index 0, infinite distance). This class sorts the neighbours nearest first (ties
 * by index), asks only for the neighbours of its own points by their index, so each point is excluded from its own
 * list (copies with equal coordinates are not: they are neighbours at distance 0), and rejects {@code k ≥ n} instead
 * of padding.
 */
public final class NearestNeighbours {
    private final double[][] points;
    private final KDTree<double[]> tree;

    private NearestNeighbours(double[][] points) {
        this.points = points;
        this.tree = KDTree.of(points);
    }

    /**
     * Indexes a point cloud.
     *
     * @param points rows of equal length, at least 2 (copied)
     * @return the index
     * @throws InvalidInputException if there are fewer than 2 points, rows differ in length or an entry is not finite
     */
    public static NearestNeighbours of(double[][] points) {
        return new NearestNeighbours(PointClouds.copyOf("points", points, 2));
    }

    /** @return n, the number of points */
    public int size() {
        return points.length;
    }

    /**
     * The k nearest other points of point i.
     *
     * @param i the point's index in {@code [0, n)}
     * @param k how many, in {@code [1, n − 1]}
     * @return their indices, nearest first, ties by index
     * @throws InvalidInputException if i or k is out of range
     */
    public int[] neighbours(int i, int k) {
        if (i < 0 || i >= points.length) {
            throw new InvalidInputException("i", "an index in [0, " + points.length + ")", String.valueOf(i));
        }
        if (k < 1 || k >= points.length) {
            throw new InvalidInputException("k", "1 ≤ k ≤ n − 1 = " + (points.length - 1), String.valueOf(k));
        }
        Neighbor<double[], double[]>[] found = tree.search(points[i], k);
        Arrays.sort(found, Comparator.<Neighbor<double[], double[]>>comparingDouble(nb -> nb.distance)
                .thenComparingInt(nb -> nb.index));
        int[] out = new int[found.length];
        for (int j = 0; j < found.length; j++) {
            out[j] = found[j].index;
        }
        return out;
    }

    /**
     * The point nearest to a query that need not be in the cloud.
     *
     * @param query a point of the same dimension (not modified)
     * @return the index of the nearest point
     * @throws InvalidInputException if the length differs or an entry is not finite
     */
    public int nearest(double[] query) {
        double[] q = PointClouds.copyOf("query", new double[][] {query}, 1)[0];
        if (q.length != points[0].length) {
            throw new InvalidInputException("query", "length " + points[0].length, String.valueOf(q.length));
        }
        return tree.nearest(q).index;
    }

    /** @return the distance between points i and j */
    double distance(int i, int j) {
        return Vectors.distance(points[i], points[j]);
    }
}

package org.atlasgraph.optim.boundary;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.atlasgraph.api.ChartPoint;

/**
 * The training points of one class, located once in the atlas (each in a chart centred at it where the manifold can
 * centre charts), with nearest-point searches in the distance of {@link BoundaryPrimitives#distance}.
 */
final class ClassSample {
    private static final int PAIR_SAMPLE = 2000;

    private final String name;
    private final List<ChartPoint> points;
    private final double[][] ambient;
    private final BoundaryPrimitives g;

    ClassSample(String name, List<ChartPoint> points, List<double[]> ambient, BoundaryPrimitives g) {
        this.name = name;
        this.points = List.copyOf(points);
        this.ambient = ambient.toArray(new double[0][]);
        this.g = g;
    }

    String name() {
        return name;
    }

    int size() {
        return points.size();
    }

    ChartPoint point(int i) {
        return points.get(i);
    }

    double[] ambient(int i) {
        return ambient[i];
    }

    /** @return the distance between points i and j of this class */
    double distance(int i, int j) {
        return g.distance(points.get(i), ambient[i], points.get(j), ambient[j]);
    }

    /** @return the distance from point i of this class to a point p with ambient representation x */
    double distance(int i, ChartPoint p, double[] x) {
        return g.distance(points.get(i), ambient[i], p, x);
    }

    /**
     * The closest pair of points of two classes. Classes of more than {@value #PAIR_SAMPLE} points are searched on an
     * evenly strided subsample of that size, which bounds the cost at 4·10⁶ distances.
     *
     * @return {index in a, index in b}
     */
    static int[] closestPair(ClassSample a, ClassSample b) {
        int strideA = Math.max(1, a.size() / PAIR_SAMPLE);
        int strideB = Math.max(1, b.size() / PAIR_SAMPLE);
        int[] best = {0, 0};
        double bestD = Double.POSITIVE_INFINITY;
        for (int i = 0; i < a.size(); i += strideA) {
            for (int j = 0; j < b.size(); j += strideB) {
                double d = a.distance(i, b.point(j), b.ambient(j));
                if (d < bestD) {
                    bestD = d;
                    best = new int[] {i, j};
                }
            }
        }
        return best;
    }

    /**
     * @param p a point
     * @param x its ambient representation
     * @return the distances from p to every point of the class, sorted
     */
    double[] sortedDistancesFrom(ChartPoint p, double[] x) {
        double[] d = new double[ambient.length];
        for (int i = 0; i < d.length; i++) {
            d[i] = distance(i, p, x);
        }
        Arrays.sort(d);
        return d;
    }

    /**
     * @param p a point
     * @param x its ambient representation
     * @param k how many
     * @return the indices of the k points nearest to p, nearest first
     */
    int[] nearestIndices(ChartPoint p, double[] x, int k) {
        int m = Math.min(k, ambient.length);
        int[] best = new int[m];
        double[] bestD = new double[m];
        int filled = 0;
        for (int i = 0; i < ambient.length; i++) {
            double d = distance(i, p, x);
            if (filled < m || d < bestD[filled - 1]) {
                int j = filled < m ? filled++ : m - 1;
                while (j > 0 && bestD[j - 1] > d) {
                    best[j] = best[j - 1];
                    bestD[j] = bestD[j - 1];
                    j--;
                }
                best[j] = i;
                bestD[j] = d;
            }
        }
        return best;
    }

    /** @return for each point, the distance to the nearest point of the other class */
    double[] distancesTo(ClassSample other) {
        double[] d = new double[size()];
        for (int i = 0; i < size(); i++) {
            int nearest = other.nearestIndices(point(i), ambient(i), 1)[0];
            d[i] = other.distance(nearest, point(i), ambient(i));
        }
        return d;
    }

    /**
     * @param toOther   for each point, the distance to the other class ({@link #distancesTo})
     * @param width     the margin's width
     * @return the class restricted to its points within {@code width} of the other class, in their original order
     */
    ClassSample within(double[] toOther, double width) {
        List<ChartPoint> kept = new ArrayList<>();
        List<double[]> keptAmbient = new ArrayList<>();
        for (int i = 0; i < size(); i++) {
            if (toOther[i] <= width) {
                kept.add(point(i));
                keptAmbient.add(ambient(i));
            }
        }
        return new ClassSample(name, kept, keptAmbient, g);
    }
}

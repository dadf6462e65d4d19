package org.atlasgraph.optim.boundary;

import java.util.List;
import org.atlasgraph.api.ChartPoint;

/**
 * The training points of one class, located once in the atlas, with nearest-point searches in the ambient space.
 */
final class ClassSample {
    private static final int PAIR_SAMPLE = 2000;

    private final String name;
    private final List<ChartPoint> points;
    private final double[][] ambient;

    ClassSample(String name, List<ChartPoint> points, List<double[]> ambient) {
        this.name = name;
        this.points = List.copyOf(points);
        this.ambient = ambient.toArray(new double[0][]);
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

    /**
     * The closest pair of points of two classes in the ambient distance. Classes of more than {@value #PAIR_SAMPLE}
     * points are searched on an evenly strided subsample of that size, which bounds the cost at 4·10⁶ distances.
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
                double d = squaredDistance(a.ambient[i], b.ambient[j]);
                if (d < bestD) {
                    bestD = d;
                    best = new int[] {i, j};
                }
            }
        }
        return best;
    }

    /**
     * The ambient distances from x to every point of the class, sorted: the chord distance bounds the geodesic
     * distance from below.
     */
    double[] sortedDistancesFrom(double[] x) {
        double[] d = new double[ambient.length];
        for (int i = 0; i < d.length; i++) {
            d[i] = Math.sqrt(squaredDistance(ambient[i], x));
        }
        java.util.Arrays.sort(d);
        return d;
    }

    /**
     * @param x an ambient point
     * @param k how many
     * @return the indices of the k points nearest to x in the ambient distance, nearest first
     */
    int[] nearestIndices(double[] x, int k) {
        int m = Math.min(k, ambient.length);
        int[] best = new int[m];
        double[] bestD = new double[m];
        int filled = 0;
        for (int i = 0; i < ambient.length; i++) {
            double d = squaredDistance(ambient[i], x);
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

    static double squaredDistance(double[] a, double[] b) {
        double s = 0;
        for (int i = 0; i < a.length; i++) {
            double t = a[i] - b[i];
            s += t * t;
        }
        return s;
    }
}

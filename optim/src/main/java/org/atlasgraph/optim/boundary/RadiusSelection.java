package org.atlasgraph.optim.boundary;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.atlasgraph.api.ChartPoint;
import org.atlasgraph.api.TangentVector;

/**
 * The default kernel radius h: the scale at which each class looks like a curve.
 *
 * <p>A principal flow follows the top eigenvector of the local covariance, which carries information only where the
 * neighbourhood is elongated along the class: below the class's half-width a neighbourhood is a disc and its top
 * eigenvector is noise (the failure App. E.2 describes), while far beyond it the neighbourhood bends with the class.
 * The suggestion is the smallest radius on a geometric grid at which the median eigenvalue ratio λ₂/λ₁ over sample
 * points of each class falls to {@value #ELONGATED}, times a headroom of {@value #HEADROOM}. Without such a radius it
 * is the radius with the most elongated neighbourhoods. The grid runs from the distance to the 50th nearest neighbour
 * (below which the ratio of a sample covariance is dominated by sampling noise) to the class's diameter.
 */
final class RadiusSelection {
    static final double ELONGATED = 0.4;
    static final double HEADROOM = 1.25;
    private static final int GRID = 16;
    private static final int SAMPLES = 16;
    /** Fewest neighbours for a covariance whose eigenvalue ratio is not dominated by sampling noise (≈ 0.7 for 50). */
    private static final int NEAREST = 50;

    private RadiusSelection() {
    }

    static double suggest(ClassSample plus, NeighbourGraph plusGraph, ClassSample minus, NeighbourGraph minusGraph,
                          BoundaryPrimitives g) {
        double lo = Math.max(scale(plus, Math.min(NEAREST, plus.size() / 4)),
                scale(minus, Math.min(NEAREST, minus.size() / 4)));
        double hi = Math.max(diameter(plus), diameter(minus));
        if (!(hi > lo)) {
            return Math.max(lo, Double.MIN_NORMAL);
        }
        double[] radii = new double[GRID];
        for (int i = 0; i < GRID; i++) {
            radii[i] = lo * Math.pow(hi / lo, i / (GRID - 1.0));
        }
        double[] plusRatio = medianRatios(plus, plusGraph, radii, g);
        double[] minusRatio = medianRatios(minus, minusGraph, radii, g);
        int best = 0;
        for (int i = 0; i < GRID; i++) {
            double worse = Math.max(plusRatio[i], minusRatio[i]);
            if (worse <= ELONGATED) {
                return Math.min(HEADROOM * radii[i], hi);
            }
            if (worse < Math.max(plusRatio[best], minusRatio[best])) {
                best = i;
            }
        }
        return radii[best];
    }

    /** @return for each radius, the median over sample points of the class of λ₂/λ₁ of the local covariance */
    private static double[] medianRatios(ClassSample s, NeighbourGraph graph, double[] radii, BoundaryPrimitives g) {
        int stride = Math.max(1, s.size() / SAMPLES);
        List<double[]> perSample = new ArrayList<>();
        double largest = radii[radii.length - 1];
        for (int i = 0; i < s.size(); i += stride) {
            ChartPoint p = s.point(i);
            List<TangentVector> logs = graph.logsWithin(p, largest, g);
            double[] norms = logs.stream().mapToDouble(v -> g.norm(p, v)).toArray();
            double[] ratios = new double[radii.length];
            for (int r = 0; r < radii.length; r++) {
                List<TangentVector> within = new ArrayList<>();
                for (int k = 0; k < norms.length; k++) {
                    if (norms[k] <= radii[r]) {
                        within.add(logs.get(k));
                    }
                }
                ratios[r] = LocalStatistics.of(p, within, g).eigenvalueRatio();
            }
            perSample.add(ratios);
        }
        double[] median = new double[radii.length];
        for (int r = 0; r < radii.length; r++) {
            double[] column = new double[perSample.size()];
            for (int i = 0; i < column.length; i++) {
                column[i] = perSample.get(i)[r];
            }
            Arrays.sort(column);
            median[r] = column[column.length / 2];
        }
        return median;
    }

    /** @return the median over sample points of the distance to their k-th nearest neighbour in the class */
    static double scale(ClassSample s, int k) {
        int stride = Math.max(1, s.size() / 200);
        List<Double> kth = new ArrayList<>();
        for (int i = 0; i < s.size(); i += stride) {
            double[] d = s.sortedDistancesFrom(s.point(i), s.ambient(i));
            kth.add(d[Math.min(k, d.length - 1)]);
        }
        kth.sort(Double::compare);
        return kth.get(kth.size() / 2);
    }

    /** @return the largest distance from a sample point to a point of the class (at least half the diameter) */
    private static double diameter(ClassSample s) {
        int stride = Math.max(1, s.size() / 50);
        double max = 0;
        for (int i = 0; i < s.size(); i += stride) {
            double[] d = s.sortedDistancesFrom(s.point(i), s.ambient(i));
            max = Math.max(max, d[d.length - 1]);
        }
        return max;
    }
}

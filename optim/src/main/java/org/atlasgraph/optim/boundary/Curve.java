package org.atlasgraph.optim.boundary;

import java.util.ArrayList;
import java.util.List;
import org.atlasgraph.api.ChartPoint;
import org.atlasgraph.api.Manifold;

/**
 * A curve integrated by Euler steps: its points as chart points (each in the chart the retraction left it in) and as
 * ambient points, in the order of integration, the first being the start point.
 */
public final class Curve {
    private final String name;
    private final List<ChartPoint> points;
    private final double[][] ambient;

    Curve(String name, List<ChartPoint> points, Manifold manifold) {
        this.name = name;
        this.points = List.copyOf(points);
        this.ambient = new double[points.size()][];
        for (int i = 0; i < ambient.length; i++) {
            ambient[i] = manifold.embed(points.get(i));
        }
    }

    /** @return what the curve is, e.g. {@code "principal flow of class 'convex'"} or {@code "principal boundary"} */
    public String name() {
        return name;
    }

    /** @return the number of points: the number of Euler steps + 1 */
    public int size() {
        return points.size();
    }

    /** @return the points in chart coordinates, in integration order (unmodifiable) */
    public List<ChartPoint> points() {
        return points;
    }

    /**
     * @param i an index in {@code [0, size())}
     * @return a copy of the ambient representation of point i
     */
    public double[] ambient(int i) {
        return ambient[i].clone();
    }

    /** @return copies of the ambient points, in integration order */
    public List<double[]> ambientPoints() {
        List<double[]> copy = new ArrayList<>(ambient.length);
        for (double[] a : ambient) {
            copy.add(a.clone());
        }
        return copy;
    }

    /** Read-only access for the classifier's nearest-point search, without copying. */
    double[] ambientView(int i) {
        return ambient[i];
    }

    @Override
    public String toString() {
        return name + " (" + points.size() + " points)";
    }
}

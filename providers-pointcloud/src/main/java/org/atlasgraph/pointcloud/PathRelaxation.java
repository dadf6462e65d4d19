package org.atlasgraph.pointcloud;

import java.util.ArrayList;
import java.util.List;
import org.atlasgraph.api.base.Vectors;

/**
 * Refines a route across a learned atlas into an approximate geodesic, in the charts: the path is a chain of
 * waypoints, each a point of one chart's surface, every two consecutive ones represented by a common chart; the chain
 * is subdivided until every link is short in its chart, and each waypoint is moved to the geodesic midpoint of its
 * neighbours, computed in a chart that represents both ({@link #geodesicMidpoint}), sweep after sweep. The fixed point
 * is a discrete geodesic of the charts' quadratic surfaces; its length is the sum of the naive approximate distances
 * (§4.2.3) of its links.
 *
 * <p>Two levels, coarse to fine: links up to {@value #COARSE_LINK}·ρ, relaxed by successive over-relaxation with the
 * factor {@code 2/(1 + sin(π/n))} that is optimal for the discrete Laplacian of an n-link chain, then each link halved
 * to at most {@value #FINE_LINK}·ρ and relaxed plainly. A sweep that moves no waypoint by more than
 * {@value #MOVE_TOLERANCE} of its chart's radius ends a level. Why these values: on atlases of S², S³ and the Klein
 * bottle the distances' error against great circles and against the Klein bottle's ground-truth geodesics was the
 * same (0.2–0.3% mean) for fine links of 0.25ρ to 0.7ρ and for move tolerances from 10⁻⁴ to 10⁻¹ of the radius: the
 * length of a path is stationary at a geodesic, so a waypoint off it by ε changes the length by O(ε²), and a straight
 * link of length h in a chart exceeds the geodesic between its ends by a relative O((h·|Γ|)²/24), under 0.3% for
 * h = ρ/2 where |Γ| ≤ κ²ρ and κρ ≤ 0.7 (S²).
 *
 * <p>Invariant: every two consecutive waypoints have a chart that represents both (a waypoint moves only within a chart
 * that represents its two neighbours, and a midpoint is inserted in the chart of its link), so each link is a
 * straight segment in one chart. A waypoint for which no such chart is found keeps its place.
 *
 * <p>Instances are immutable and may be shared between threads.
 */
final class PathRelaxation {
    /** Longest link of the coarse level, as a fraction of the coordinate radius ρ of the link's chart. */
    static final double COARSE_LINK = 0.7;
    /** Longest link of the fine level, as a fraction of ρ. */
    static final double FINE_LINK = 0.5;
    /** A sweep whose largest move is below this fraction of the chart radius ends a level. */
    static final double MOVE_TOLERANCE = 1e-2;
    /** Most sweeps of the coarse level. */
    static final int COARSE_SWEEPS = 30;
    /** Most sweeps of the fine level. */
    static final int FINE_SWEEPS = 10;

    private final List<QuadraticChart> charts;
    private final int[][] neighbours;
    private final double tolerance;

    /**
     * @param charts     the atlas's charts, by index
     * @param neighbours for each chart, the indices of the charts it overlaps
     * @param tolerance  the atlas's off-atlas tolerance
     */
    PathRelaxation(List<QuadraticChart> charts, int[][] neighbours, double tolerance) {
        this.charts = charts;
        this.neighbours = neighbours;
        this.tolerance = tolerance;
    }

    /**
     * @param route a path whose consecutive points have a common chart (not modified)
     * @return the relaxed path, with the same ends
     */
    List<ShortestPathLogarithm.Node> relax(List<ShortestPathLogarithm.Node> route) {
        List<ShortestPathLogarithm.Node> path = new ArrayList<>(route);
        subdivide(path, COARSE_LINK);
        int links = Math.max(2, path.size() - 1);
        sweep(path, 2 / (1 + Math.sin(Math.PI / links)), COARSE_SWEEPS);
        subdivide(path, FINE_LINK);
        sweep(path, 1, FINE_SWEEPS);
        return path;
    }

    /**
     * @param path a path whose consecutive points have a common chart
     * @return its links as straight segments, each in a chart that represents both its ends
     */
    List<ShortestPathLogarithm.Segment> segments(List<ShortestPathLogarithm.Node> path) {
        List<ShortestPathLogarithm.Segment> out = new ArrayList<>(path.size() - 1);
        for (int i = 0; i + 1 < path.size(); i++) {
            ShortestPathLogarithm.Node a = path.get(i);
            ShortestPathLogarithm.Node b = path.get(i + 1);
            Shared s = shared(a, b, a.chart(), b.chart());
            if (s == null) {
                throw new IllegalStateException("no chart represents both " + a.chart().id() + " at ‖ξ‖ = "
                        + Vectors.norm(a.xi()) + " and " + b.chart().id() + " at ‖ξ‖ = " + Vectors.norm(b.xi()));
            }
            out.add(new ShortestPathLogarithm.Segment(s.chart(), s.first(), s.second()));
        }
        return out;
    }

    /**
     * @return whether chart a represents y or chart b represents x: the two points can be joined by one straight
     *     segment
     */
    boolean direct(ShortestPathLogarithm.Node x, ShortestPathLogarithm.Node y) {
        return shared(x, y, x.chart(), y.chart()) != null;
    }

    /** Inserts geodesic midpoints until every link is at most {@code fraction}·ρ long in its chart. */
    private void subdivide(List<ShortestPathLogarithm.Node> path, double fraction) {
        int i = 0;
        while (i + 1 < path.size()) {
            ShortestPathLogarithm.Node a = path.get(i);
            ShortestPathLogarithm.Node b = path.get(i + 1);
            Shared s = shared(a, b, a.chart(), b.chart());
            if (s != null) {
                QuadraticChart c = s.chart();
                if (Vectors.distance(s.first(), s.second()) > fraction * c.coordinateRadius()) {
                    double[] m = geodesicMidpoint(c, s.first(), s.second());
                    if (c.trusted(m)) {
                        path.add(i + 1, new ShortestPathLogarithm.Node(c, m, c.ambientOf(m)));
                        continue;
                    }
                }
            }
            i++;
        }
    }

    /**
     * Gauss–Seidel sweeps moving each inner waypoint toward the geodesic midpoint of its neighbours by the factor
     * ω (over-relaxation for ω &gt; 1; where the over-relaxed point leaves the chart's disc, the midpoint itself).
     */
    private void sweep(List<ShortestPathLogarithm.Node> path, double omega, int maxSweeps) {
        for (int sweep = 0; sweep < maxSweeps; sweep++) {
            double moved = 0;
            for (int i = 1; i + 1 < path.size(); i++) {
                ShortestPathLogarithm.Node prev = path.get(i - 1);
                ShortestPathLogarithm.Node cur = path.get(i);
                ShortestPathLogarithm.Node next = path.get(i + 1);
                Shared s = shared(prev, next, cur.chart(), prev.chart(), next.chart());
                if (s == null) {
                    continue;
                }
                QuadraticChart c = s.chart();
                double[] m = geodesicMidpoint(c, s.first(), s.second());
                if (omega != 1) {
                    double[] here = in(c, cur);
                    if (here != null) {
                        double[] over = Vectors.plusScaled(here, omega, Vectors.minus(m, here));
                        m = c.trusted(over) ? over : m;
                    }
                }
                if (!c.trusted(m)) {
                    continue;
                }
                double[] x = c.ambientOf(m);
                moved = Math.max(moved, Vectors.distance(x, cur.x()) / c.radius());
                path.set(i, new ShortestPathLogarithm.Node(c, m, x));
            }
            if (moved < MOVE_TOLERANCE) {
                return;
            }
        }
    }

    /**
     * The midpoint of the geodesic from a to b in one chart, to third order: {@code (a + b)/2 + ⅛Γ_m(Δ, Δ)} with
     * Δ = b − a and m = (a + b)/2. (A curve with γ(0) = a, γ(1) = b and constant acceleration −Γ(Δ, Δ), as the
     * geodesic equation γ'' = −Γ(γ', γ') gives, passes through that point at t = ½.)
     */
    static double[] geodesicMidpoint(QuadraticChart c, double[] a, double[] b) {
        double[] m = Vectors.scaled(Vectors.plus(a, b), 0.5);
        double[] delta = Vectors.minus(b, a);
        return Vectors.plusScaled(m, 0.125, c.christoffel(m, delta, delta));
    }

    /** @return a point's coordinates in chart c: its own if c is its chart, else its strict representation */
    private double[] in(QuadraticChart c, ShortestPathLogarithm.Node a) {
        return c.equals(a.chart()) ? a.xi() : ChartMembership.represent(c, a.x(), tolerance);
    }

    /** A chart that represents two points, with their coordinates there. */
    private record Shared(QuadraticChart chart, double[] first, double[] second) {
    }

    /**
     * @return the first of the given charts, then of the charts overlapping the first, that represents both points,
     *     with their coordinates there; null if none does
     */
    private Shared shared(ShortestPathLogarithm.Node a, ShortestPathLogarithm.Node b, QuadraticChart... tries) {
        for (int t = 0; t < tries.length; t++) {
            if (!repeated(tries, t)) {
                Shared s = shared(a, b, tries[t]);
                if (s != null) {
                    return s;
                }
            }
        }
        for (int j : neighbours[tries[0].index()]) {
            QuadraticChart c = charts.get(j);
            if (!c.equals(a.chart()) && !c.equals(b.chart())) {
                Shared s = shared(a, b, c);
                if (s != null) {
                    return s;
                }
            }
        }
        return null;
    }

    private Shared shared(ShortestPathLogarithm.Node a, ShortestPathLogarithm.Node b, QuadraticChart c) {
        double[] xa = in(c, a);
        if (xa == null) {
            return null;
        }
        double[] xb = in(c, b);
        return xb == null ? null : new Shared(c, xa, xb);
    }

    /** @return whether tries[t] is one of the charts before it */
    private static boolean repeated(QuadraticChart[] tries, int t) {
        for (int u = 0; u < t; u++) {
            if (tries[u].equals(tries[t])) {
                return true;
            }
        }
        return false;
    }
}

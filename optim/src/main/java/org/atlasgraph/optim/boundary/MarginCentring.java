package org.atlasgraph.optim.boundary;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.atlasgraph.api.ChartPoint;
import org.atlasgraph.api.Manifold;
import org.atlasgraph.api.TangentVector;

/**
 * Moves a principal boundary between two classes that are regions to the middle of the gap where their margins face
 * each other. The paper defines the boundary only between curve-like classes (principal flows and their average,
 * App. E.2); for regions this is our rule.
 *
 * <p>Why: between regions the principal flows follow the centre lines of the two margin bands (deviation 6 of
 * {@link PrincipalBoundary}), and the boundary their midpoint. A band's centre line is a mean of the band's points and
 * carries their sampling noise, which shrinks only as the square root of the number of points within h: on two
 * hemispheres of 500 points the boundary's mean distance from the equator was 0.01–0.03 rad, and 1–1.6% of held-out
 * points fell between it and the equator. Where the classes are separable the points that decide where the boundary
 * lies are the nearest ones of each class, as for the support vector machine that RPB generalizes (§5): the empty gap
 * between the margins is located to the spacing of the data divided by the number of points within the window, not
 * by its square root.
 *
 * <p>The rule, {@value #PASSES} passes, each measuring from the boundary the previous one left, every scale the
 * kernel radius h (the window):
 * <ol>
 *   <li>The curve's shape is smoothed: each boundary point moves along its normal n by the mean normal offset of the
 *       boundary points within h of it along the curve. This removes the flows' wiggles shorter than h, which the gap
 *       votes below cannot see (they are measured from the curve), and pulls the curve toward its inside by about
 *       κh²/6 where its geodesic curvature is κ: an offset that varies along the curve only as κ does, and that the
 *       votes take out again.</li>
 *   <li>The gap votes: every training point x is measured from its nearest boundary point b′ by the signed offset
 *       {@code ⟨Log_{b′} x, n_{b′}⟩} (relative to the curve, so that the boundary's bending is not counted as offset).
 *       The points whose b′ lies within h of a boundary point b along the curve vote for b's offset: the middle of the
 *       interval of thresholds that misclassify the fewest of them (the gap itself when they are separable, the
 *       empirical-risk-minimizing threshold when they overlap), 0 where that interval is unbounded (one class alone
 *       in the window).</li>
 *   <li>The votes are averaged over h along the curve, and each point moves along its normal by the average.</li>
 * </ol>
 * On the hemispheres (seeds 0–7) this brings the mean distance from the equator to 0.003–0.013 rad; on the cap
 * z &gt; 1/2, a curved boundary, from 0.09–0.16 rad to 0.006–0.015 rad. Every quantity is intrinsic (distances, local
 * logarithms, the metric), so an isometry of the manifold moving the data moves the centred boundary with them.
 */
final class MarginCentring {
    /** Passes of smoothing, voting and moving. */
    static final int PASSES = 3;

    /** About how many curve points, evenly strided, the shape's moving average reads on the whole curve. */
    private static final int SHAPE_SAMPLES = 400;

    private MarginCentring() {
    }

    /** The centred boundary: its points and unit normals (toward the first class), in the same order. */
    record Centred(List<ChartPoint> points, List<TangentVector> normals) {
    }

    /**
     * @param boundary the boundary points, in order
     * @param normals  their unit normals, oriented toward the first class
     * @param closed   whether the boundary is a closed curve (its last point next to its first)
     * @param plus     the points of the first class
     * @param minus    the points of the second class
     * @param window   the half-length along the curve of the windows of the shape's average, the votes and their
     *                 average: the kernel radius h
     * @param g        the primitives
     * @return the centred boundary
     */
    static Centred centre(List<ChartPoint> boundary, List<TangentVector> normals, boolean closed, ClassSample plus,
                          ClassSample minus, double window, BoundaryPrimitives g) {
        List<ChartPoint> b = new ArrayList<>(boundary);
        List<TangentVector> n = new ArrayList<>(normals);
        if (b.size() < 2) {
            return new Centred(b, n);
        }
        for (int pass = 0; pass < PASSES; pass++) {
            smoothShape(b, n, arcLengths(b, closed, g), closed, window, g);
            double[] arc = arcLengths(b, closed, g);
            move(b, n, smoothed(offsets(b, n, arc, closed, plus, minus, window, g), arc, closed, window), g);
        }
        return new Centred(b, n);
    }

    /**
     * Step 1 of the rule: moves each boundary point along its normal by the mean normal offset of the boundary points
     * within {@code width} of it along the curve (read on an evenly strided subset of about {@value #SHAPE_SAMPLES}
     * points of the whole curve).
     */
    private static void smoothShape(List<ChartPoint> b, List<TangentVector> n, double[] arc, boolean closed,
                                    double width, BoundaryPrimitives g) {
        double total = arc[b.size()];
        int stride = Math.max(1, b.size() / SHAPE_SAMPLES);
        double[] shift = new double[b.size()];
        for (int i = 0; i < b.size(); i++) {
            ChartPoint p = b.get(i);
            double sum = 0;
            int count = 0;
            for (int j = i % stride; j < b.size(); j += stride) {
                if (along(arc[i], arc[j], total, closed) <= width) {
                    sum += g.inner(p, g.near(p, b.get(j)), n.get(i));
                    count++;
                }
            }
            shift[i] = sum / count;
        }
        move(b, n, shift, g);
    }

    /** Moves each boundary point b_i by {@code shift[i]} along its normal, and carries the normal along. */
    private static void move(List<ChartPoint> b, List<TangentVector> n, double[] shift, BoundaryPrimitives g) {
        for (int i = 0; i < b.size(); i++) {
            if (shift[i] == 0) {
                continue;
            }
            ChartPoint p = b.get(i);
            ChartPoint q = g.retract(p, n.get(i).scale(shift[i])).map(g::canonical).orElse(p);
            TangentVector moved = g.nearTransport(p, n.get(i), q);
            b.set(i, q);
            n.set(i, g.unit(q, moved).orElse(moved));
        }
    }

    /** @return for each boundary point, the middle of the gap its window's training points leave open (0 if none) */
    private static double[] offsets(List<ChartPoint> b, List<TangentVector> n, double[] arc, boolean closed,
                                    ClassSample plus, ClassSample minus, double window, BoundaryPrimitives g) {
        Manifold m = g.manifold();
        double[][] ambient = new double[b.size()][];
        for (int i = 0; i < b.size(); i++) {
            ambient[i] = m.embed(b.get(i));
        }
        int count = plus.size() + minus.size();
        double[] foot = new double[count];
        double[] offset = new double[count];
        boolean[] isPlus = new boolean[count];
        for (int k = 0; k < count; k++) {
            ClassSample s = k < plus.size() ? plus : minus;
            int i = k < plus.size() ? k : k - plus.size();
            int nearest = 0;
            double best = Double.POSITIVE_INFINITY;
            for (int j = 0; j < b.size(); j++) {
                double d = s.distance(i, b.get(j), ambient[j]);
                if (d < best) {
                    best = d;
                    nearest = j;
                }
            }
            ChartPoint foot0 = b.get(nearest);
            foot[k] = arc[nearest];
            offset[k] = g.inner(foot0, g.near(foot0, s.point(i)), n.get(nearest));
            isPlus[k] = s == plus;
        }
        double total = arc[b.size()];
        double[] result = new double[b.size()];
        double[] votes = new double[count];
        boolean[] votesPlus = new boolean[count];
        for (int i = 0; i < b.size(); i++) {
            int v = 0;
            for (int k = 0; k < count; k++) {
                if (along(arc[i], foot[k], total, closed) <= window) {
                    votes[v] = offset[k];
                    votesPlus[v] = isPlus[k];
                    v++;
                }
            }
            result[i] = gapMiddle(votes, votesPlus, v);
        }
        return result;
    }

    /**
     * The middle of the interval of thresholds c that misclassify the fewest of the votes (a vote of the first class
     * is misclassified when its offset is below c, of the second when above), the interval nearest 0 among equally
     * good ones; 0 when that interval is unbounded.
     */
    static double gapMiddle(double[] offsets, boolean[] plus, int count) {
        Integer[] order = new Integer[count];
        for (int i = 0; i < count; i++) {
            order[i] = i;
        }
        Arrays.sort(order, (a, c) -> Double.compare(offsets[a], offsets[c]));
        // threshold below every offset: every second-class vote is misclassified
        int errors = 0;
        for (int i = 0; i < count; i++) {
            errors += plus[i] ? 0 : 1;
        }
        int fewest = errors;
        double lo = Double.NEGATIVE_INFINITY;
        double hi = count > 0 ? offsets[order[0]] : Double.POSITIVE_INFINITY;
        for (int r = 0; r < count; r++) {
            errors += plus[order[r]] ? 1 : -1;
            double from = offsets[order[r]];
            double to = r + 1 < count ? offsets[order[r + 1]] : Double.POSITIVE_INFINITY;
            if (errors < fewest || errors == fewest && distanceToZero(from, to) < distanceToZero(lo, hi)) {
                fewest = errors;
                lo = from;
                hi = to;
            }
        }
        return Double.isInfinite(lo) || Double.isInfinite(hi) ? 0 : 0.5 * (lo + hi);
    }

    private static double distanceToZero(double lo, double hi) {
        return lo > 0 ? lo : hi < 0 ? -hi : 0;
    }

    /**
     * @return the cumulative length along the boundary at each of its points (0 at the first), and one more entry:
     *     the whole length, with the link from the last point back to the first if the boundary is closed
     */
    private static double[] arcLengths(List<ChartPoint> b, boolean closed, BoundaryPrimitives g) {
        Manifold m = g.manifold();
        int size = b.size();
        double[] arc = new double[size + 1];
        double[] first = m.embed(b.get(0));
        double[] previous = first;
        for (int i = 1; i < size; i++) {
            double[] x = m.embed(b.get(i));
            arc[i] = arc[i - 1] + g.distance(b.get(i - 1), previous, b.get(i), x);
            previous = x;
        }
        arc[size] = arc[size - 1] + (closed ? g.distance(b.get(size - 1), previous, b.get(0), first) : 0);
        return arc;
    }

    /** @return the distance along the curve between two arc-length positions, the short way round if closed */
    private static double along(double s, double t, double total, boolean closed) {
        double d = Math.abs(s - t);
        return closed ? Math.min(d, total - d) : d;
    }

    /** @return the offsets averaged over the window along the curve (a moving average by arc length) */
    private static double[] smoothed(double[] offsets, double[] arc, boolean closed, double window) {
        double total = arc[offsets.length];
        double[] out = new double[offsets.length];
        for (int i = 0; i < offsets.length; i++) {
            double sum = 0;
            int count = 0;
            for (int j = 0; j < offsets.length; j++) {
                if (along(arc[i], arc[j], total, closed) <= window) {
                    sum += offsets[j];
                    count++;
                }
            }
            out[i] = sum / count;
        }
        return out;
    }
}

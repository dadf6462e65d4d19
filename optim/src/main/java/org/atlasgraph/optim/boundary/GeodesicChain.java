package org.atlasgraph.optim.boundary;

import java.util.Arrays;
import org.atlasgraph.api.ChartPoint;
import org.atlasgraph.api.TangentVector;

/**
 * A discrete geodesic c₀, c₁, …, c_K between two points, kept short-linked so that every logarithm and transport it
 * needs is between nearby points.
 *
 * <p>Why: the boundary ODE transports each flow's direction from γ±(t) to the boundary point b(t), a distance of the
 * order of the class separation. One transport across that distance (the ambient route of §4.2.4) is only first-order
 * accurate and degenerates on curved embeddings (on the Klein bottle of patches the θ-direction at φ = 0 is nearly
 * orthogonal, in R⁹, to the tangent plane at φ = π/2). §4.2.4 notes that transport between distant points "can be
 * approximated by iterated vector transports between near points"; this chain supplies those near points. Its interior
 * is kept near the geodesic by relaxation sweeps, {@code c_k ← Ret_{c_k}(½(Log_{c_k} c_{k−1} + Log_{c_k} c_{k+1}))}, a
 * discrete form of the geodesic equation whose fixed points are evenly spaced points on a geodesic. As the end points
 * move by one Euler step per iteration, the interior is first moved along ({@link #moveEnds}) and one or two sweeps
 * then keep it on the geodesic. An interior point whose step would cross the manifold's edge (a learned atlas where
 * its data end) stays where it is; the next sweeps move it again.
 */
final class GeodesicChain {
    /** Largest link, relative to the mean, of a chain that still follows its ends. */
    static final double BALANCE = 3;

    private final ChartPoint[] c;

    private GeodesicChain(ChartPoint[] c) {
        this.c = c;
    }

    /**
     * Shoots a chain from {@code from} toward {@code to}: K retraction steps along the (transported) initial logarithm,
     * then pins the last point to {@code to}. The relaxation evens out what the shooting got wrong.
     */
    static GeodesicChain shoot(ChartPoint from, ChartPoint to, int links, BoundaryPrimitives g) {
        ChartPoint[] c = new ChartPoint[links + 1];
        c[0] = from;
        TangentVector v = g.farLog(from, to).scale(1.0 / links);
        for (int k = 1; k < links; k++) {
            c[k] = g.retract(c[k - 1], v).orElse(c[k - 1]);
            v = g.nearTransport(c[k - 1], v, c[k]);
        }
        c[links] = to;
        return new GeodesicChain(c);
    }

    int links() {
        return c.length - 1;
    }

    ChartPoint point(int k) {
        return c[k];
    }

    ChartPoint first() {
        return c[0];
    }

    ChartPoint last() {
        return c[c.length - 1];
    }

    /**
     * Moves the chain with its end points after an Euler step: each interior point c_k takes the interpolated step
     * {@code (1 − k/K)·T(σ₀) + (k/K)·T(σ_K)} of the end steps transported to it along the chain, and the ends are
     * replaced. Why: relaxation alone lets the interior trail moving ends (it spreads an end's motion over ~K²/π²
     * sweeps), and a chain bowed backward tilts the directions and logarithms it carries to the boundary.
     *
     * @param first     the new first point
     * @param firstStep the step that took the old first point to {@code first}, at the old first point
     * @param last      the new last point
     * @param lastStep  the step that took the old last point to {@code last}, at the old last point
     */
    void moveEnds(ChartPoint first, TangentVector firstStep, ChartPoint last, TangentVector lastStep,
                  BoundaryPrimitives g) {
        int k = c.length - 1;
        TangentVector[] fromFirst = new TangentVector[k];
        fromFirst[0] = firstStep;
        for (int i = 1; i < k; i++) {
            fromFirst[i] = g.nearTransport(c[i - 1], fromFirst[i - 1], c[i]);
        }
        TangentVector fromLast = lastStep;
        ChartPoint at = c[k];
        for (int i = k - 1; i > 0; i--) {
            fromLast = g.nearTransport(at, fromLast, c[i]);
            at = c[i];
            double s = i / (double) k;
            c[i] = g.retract(c[i], fromFirst[i].scale(1 - s).plus(fromLast.scale(s))).orElse(c[i]);
        }
        c[0] = first;
        c[k] = last;
    }

    /**
     * Runs Gauss–Seidel relaxation sweeps over the interior points: each moves to the point that the logarithms to its
     * two neighbours, scaled to the links' symmetric lengths, put halfway between them.
     */
    void relax(int sweeps, BoundaryPrimitives g) {
        for (int s = 0; s < sweeps; s++) {
            for (int k = 1; k < c.length - 1; k++) {
                TangentVector back = scaledLog(c[k], c[k - 1], g);
                TangentVector ahead = scaledLog(c[k], c[k + 1], g);
                c[k] = g.retract(c[k], back.plus(ahead).scale(0.5)).orElse(c[k]);
            }
        }
    }

    /**
     * {@code Log_p(q)} rescaled to the symmetric length of the link, ½(‖Log_p q‖ + ‖Log_q p‖). Why: in a chart whose
     * metric is not stationary at p (a point far from its chart's centre) the coordinate difference misstates the
     * length by a relative O(‖Δ‖); the two one-sided lengths err in opposite directions, so their mean is accurate to
     * second order, and a chain relaxed or measured with it is not pulled toward chart centres.
     */
    private static TangentVector scaledLog(ChartPoint p, ChartPoint q, BoundaryPrimitives g) {
        TangentVector v = g.near(p, q);
        double there = g.norm(p, v);
        if (there == 0) {
            return v;
        }
        double back = g.norm(q, g.near(q, p));
        return v.scale(0.5 * (there + back) / there);
    }

    /**
     * Whether every link is shorter than {@value #BALANCE} times the mean link: a relaxed chain has links of equal
     * length, so a longer one means that the chain no longer follows its ends.
     */
    boolean balanced(BoundaryPrimitives g) {
        double[] lengths = new double[c.length - 1];
        double total = 0;
        for (int k = 0; k < lengths.length; k++) {
            lengths[k] = g.norm(c[k], scaledLog(c[k], c[k + 1], g));
            total += lengths[k];
        }
        double limit = BALANCE * total / lengths.length;
        for (double l : lengths) {
            if (l > limit) {
                return false;
            }
        }
        return true;
    }

    /** @return the length of the chain: the sum of its links' symmetric lengths */
    double length(BoundaryPrimitives g) {
        double total = 0;
        for (int k = 0; k + 1 < c.length; k++) {
            total += g.norm(c[k], scaledLog(c[k], c[k + 1], g));
        }
        return total;
    }

    /** @return the points c_k, c_{k−1}, …, c₀ as a chain starting at c_k */
    GeodesicChain headTo(int k) {
        ChartPoint[] r = new ChartPoint[k + 1];
        for (int i = 0; i <= k; i++) {
            r[i] = c[k - i];
        }
        return new GeodesicChain(r);
    }

    /** @return the points c_k, c_{k+1}, …, c_K as a chain starting at c_k */
    GeodesicChain tailFrom(int k) {
        return new GeodesicChain(Arrays.copyOfRange(c, k, c.length));
    }

    /**
     * Transports a tangent vector at the last point to the first, link by link.
     *
     * @param w a tangent vector at {@link #last()}
     * @return its transport at {@link #first()}
     */
    TangentVector transportToFirst(TangentVector w, BoundaryPrimitives g) {
        TangentVector v = w;
        for (int k = c.length - 1; k > 0; k--) {
            v = isometricHop(c[k], v, c[k - 1], g);
        }
        return v;
    }

    /**
     * Transports a tangent vector at the first point to the last, link by link.
     *
     * @param w a tangent vector at {@link #first()}
     * @return its transport at {@link #last()}
     */
    TangentVector transportToLast(TangentVector w, BoundaryPrimitives g) {
        TangentVector v = w;
        for (int k = 1; k < c.length; k++) {
            v = isometricHop(c[k - 1], v, c[k], g);
        }
        return v;
    }

    /**
     * One link of a transport, rescaled to keep the metric norm. Parallel transport is an isometry; a first-order
     * transport between charts whose tangent planes disagree (a chart of a learned atlas fitted to few points) shrinks
     * the vector, and over many links the shrinkage compounds and unbalances the average of the two flows'
     * directions. Restoring the norm leaves the direction of each link's transport as it is.
     */
    private static TangentVector isometricHop(ChartPoint p, TangentVector v, ChartPoint q, BoundaryPrimitives g) {
        TangentVector moved = g.nearTransport(p, v, q);
        double before = g.norm(p, v);
        double after = g.norm(q, moved);
        return after > 0 ? moved.scale(before / after) : moved;
    }

    /**
     * The logarithm at the first point of the last: the direction of the first link with the length of the chain.
     * On a relaxed chain this is {@code Log_{c₀}(c_K)} without relying on the links being evenly spaced.
     */
    TangentVector logOfLast(BoundaryPrimitives g) {
        TangentVector first = g.near(c[0], c[1]);
        double n = g.norm(c[0], first);
        return n == 0 ? first : first.scale(length(g) / n);
    }
}

package org.atlasgraph.pointcloud;

import java.util.Optional;
import org.atlasgraph.api.ChartPoint;
import org.atlasgraph.api.Coordinates;
import org.atlasgraph.api.Retraction;
import org.atlasgraph.api.TangentVector;
import org.atlasgraph.api.base.Vectors;
import org.atlasgraph.api.check.Checks;
import org.atlasgraph.api.check.InvalidInputException;

/**
 * The quasi-Euclidean retraction of a learned atlas with chart changes (§4.2.1–4.2.2): ξ + τ in sub-steps of at most
 * {@link #SUBSTEP_FRACTION}·ρ. A sub-step that leaves the chart's domain of trust changes chart at its exit point
 * (found by {@link #EXIT_BISECTIONS} bisections of the sub-step) and finishes in the new chart, the rest of the
 * sub-step carried there by the differentials of §4.2.4.
 *
 * <p>Why the exit point and not the sub-step's end: beyond its domain a chart's quadratic leaves the data quickly (its
 * error grows like the cube of ‖ξ‖), and a point handed over up to a sub-step past the edge may be farther from every
 * neighbour's surface than the tolerance. Why not the base {@code QuasiEuclideanRetraction}: a learned atlas has an
 * edge where its data end, and a step that crosses it has no answer.
 */
final class QuasiEuclideanUpdate implements Retraction {
    /** A retraction step longer than this fraction of ρ is taken in sub-steps, each followed by a boundary check. */
    static final double SUBSTEP_FRACTION = 0.25;
    /**
     * Bisections that locate where a retraction's sub-step leaves a chart's domain: the chart change then happens
     * within 2⁻⁸ of a sub-step (under 0.001·ρ) of the domain's edge.
     */
    static final int EXIT_BISECTIONS = 8;
    /**
     * Most sub-steps of one retraction, so that its walk is bounded (issue 10.1): a step of up to 2¹⁶·¼ρ = 16384
     * coordinate radii, which crosses any learned atlas many times over; a longer one (or one whose norm overflows,
     * ‖τ‖ ≥ 1.3e154) is rejected as input rather than walked for minutes or carried on as ∞ (issue 10.4).
     */
    static final int MAX_SUBSTEPS = 1 << 16;

    private final ChartMembership membership;

    /** @param membership the charts and their chart change */
    QuasiEuclideanUpdate(ChartMembership membership) {
        this.membership = membership;
    }

    /**
     * {@inheritDoc} Empty where a sub-step leaves the learned atlas: its exit point is represented by no chart within
     * its fitted disc, because the data end there (the manifold has an edge).
     *
     * @throws InvalidInputException if p is not in a chart of this atlas, τ not in p's chart, or τ longer than
     *     {@value #MAX_SUBSTEPS} sub-steps
     */
    @Override
    public Optional<ChartPoint> retract(ChartPoint p, TangentVector tau) {
        p.requireTangent("tau", tau);
        QuadraticChart chart = membership.own(p.chart());
        double[] xi = p.xi().toArray();
        double[] t = tau.tau().toArray();
        double substep = SUBSTEP_FRACTION * chart.coordinateRadius();
        double length = norm(t);
        if (!(length <= MAX_SUBSTEPS * substep)) {
            throw new InvalidInputException("tau", "a step of at most " + Checks.number(MAX_SUBSTEPS * substep)
                    + " (" + MAX_SUBSTEPS + " sub-steps of ¼ρ in chart " + chart.id() + ")", "‖τ‖ = "
                    + Checks.number(length));
        }
        int steps = Math.max(1, (int) Math.ceil(length / substep));
        double[] step = Vectors.scaled(t, 1.0 / steps);
        double left = steps;
        while (left > 0) {
            double take = Math.min(1, left);
            double[] next = Vectors.plus(xi, Vectors.scaled(step, take));
            if (chart.inside(next)) {
                xi = next;
                left -= take;
                continue;
            }
            double f = chart.inside(xi) ? exitFraction(chart, xi, step, take) : take;
            double[] exit = f == take ? next : Vectors.plus(xi, Vectors.scaled(step, f));
            Optional<ChartPoint> moved = membership.changeChart(chart, exit);
            if (moved.isEmpty()) {
                return Optional.empty();
            }
            QuadraticChart to = (QuadraticChart) moved.get().chart();
            double[] toXi = moved.get().xi().toArray();
            step = ShortestPathLogarithm.carry(chart, exit, to, toXi, step);
            chart = to;
            xi = toXi;
            left -= f;
        }
        return Optional.of(new ChartPoint(chart, Coordinates.ofComputed("retract", xi)));
    }

    /** @return ‖v‖ without overflow or underflow of its square (finite for every finite v) */
    static double norm(double[] v) {
        double largest = 0;
        for (double x : v) {
            largest = Math.max(largest, Math.abs(x));
        }
        if (largest == 0) {
            return 0;
        }
        double sum = 0;
        for (double x : v) {
            sum += (x / largest) * (x / largest);
        }
        return largest * Math.sqrt(sum);
    }

    /**
     * @return the fraction f ∈ (0, take] of a sub-step at which ξ + f·step first lies outside the chart's domain of
     *     trust, to 2^−{@value #EXIT_BISECTIONS} of the sub-step; ξ is inside and ξ + take·step outside
     */
    private static double exitFraction(QuadraticChart chart, double[] xi, double[] step, double take) {
        double in = 0;
        double out = take;
        for (int i = 0; i < EXIT_BISECTIONS; i++) {
            double mid = 0.5 * (in + out);
            if (chart.inside(Vectors.plus(xi, Vectors.scaled(step, mid)))) {
                in = mid;
            } else {
                out = mid;
            }
        }
        return out;
    }
}

package org.atlasgraph.api.base;

import java.util.Objects;
import java.util.Optional;
import org.atlasgraph.api.Chart;
import org.atlasgraph.api.ChartPoint;
import org.atlasgraph.api.Coordinates;
import org.atlasgraph.api.Manifold;
import org.atlasgraph.api.Retraction;
import org.atlasgraph.api.TangentVector;
import org.atlasgraph.api.check.Checks;
import org.atlasgraph.api.check.InvalidInputException;

/**
 * The quasi-Euclidean update of §2.4: ξ ↦ ξ + τ in the chart of p, followed by the atlas's chart change when the result
 * leaves the chart's domain of trust (Alg. 1's {@code |a| ≥ 1} test for Gr(n,k), the positive quartic for point
 * clouds). Within one chart it is a retraction (Claim 2.1, App. A.1).
 *
 * <p>Charts with a bounded image (the Beltrami–Klein ball) cannot take a step that ends outside the image. Such a step
 * is walked instead: it stops where the segment ξ + sτ leaves the domain of trust, changes chart there, carries the
 * rest of the step into the new chart by the transition's differential (or the ambient route of §4.2.4) and goes on.
 * The rest keeps the metric length it had where the segment began, (1 − s)‖τ‖: carried as the coordinate vector
 * (1 − s)τ it would be measured at the edge of the domain of trust, where a bounded image's metric is large (2.4
 * times the centre's at hyperbolic distance 1 in a Klein chart), and a long step would then grow with every chart
 * change and run off to infinity. A step that ends inside the image takes the single update above, so charts with
 * unbounded images (gnomonic, Ehresmann) keep the paper's retraction exactly.
 *
 * <p>Immutable and thread-safe when the manifold is.
 */
public final class QuasiEuclideanRetraction implements Retraction {
    /** Bisections of a segment to find where it leaves the domain of trust: 2⁻⁴⁰ of the step. */
    private static final int EXIT_BISECTIONS = 40;
    /** The precision of the exit point, as a fraction of the step. */
    private static final double EXIT_TOLERANCE = 0x1p-40;
    /** Chart changes one step may take before it is declared stuck; each covers a domain of trust. */
    private static final int MAX_CHART_CHANGES = 100_000;

    private final Manifold manifold;

    /** @param manifold the manifold whose atlas changes chart when a step leaves its chart */
    public QuasiEuclideanRetraction(Manifold manifold) {
        this.manifold = Objects.requireNonNull(manifold, "manifold");
    }

    /**
     * {@inheritDoc} Never empty: a chart change always succeeds on an atlas without edges.
     *
     * @throws InvalidInputException naming {@code tau} if ξ + τ overflows (a step beyond 1e308 in a coordinate), and
     *     naming {@code p} or {@code tau} if either is {@code null}
     * @throws ArithmeticException if a walked step makes no progress through {@value #MAX_CHART_CHANGES} chart
     *     changes (a domain of trust that shrinks to nothing)
     */
    @Override
    public Optional<ChartPoint> retract(ChartPoint p, TangentVector tau) {
        Checks.requireNonNull("p", p, "a chart point");
        p.requireTangent("tau", tau);
        Coordinates xi = step(p, tau);
        Chart chart = p.chart();
        if (chart.contains(xi)) {
            return Optional.of(new ChartPoint(chart, xi));
        }
        if (chart.inImage(xi)) {
            return Optional.of(manifold.atlas().changeChart(new ChartPoint(chart, xi)));
        }
        return Optional.of(walk(p, tau.tau()));
    }

    /**
     * @return ξ + τ, the quasi-Euclidean update in p's chart
     * @throws InvalidInputException naming {@code tau} when a coordinate of the sum overflows: no chart can hold the
     *     point, and a silent ∞ would become NaN in the next chart change
     */
    static Coordinates step(ChartPoint p, TangentVector tau) {
        Coordinates xi = p.xi();
        Coordinates t = tau.tau();
        for (int i = 0; i < xi.dimension(); i++) {
            if (!Double.isFinite(xi.get(i) + t.get(i))) {
                throw new InvalidInputException("tau", "a step whose chart coordinates ξ + τ are finite (|ξᵢ + τᵢ| ≤ "
                        + Checks.number(Double.MAX_VALUE) + ")", "τ[" + i + "] = " + t.get(i) + " at ξ[" + i + "] = "
                        + xi.get(i), "chart " + p.chart().id());
            }
        }
        return xi.plus(t);
    }

    /** The step τ from p taken across chart changes at the edges of the domains of trust. */
    private ChartPoint walk(ChartPoint p, Coordinates tau) {
        ChartPoint at = p.chart().contains(p.xi()) ? p : manifold.atlas().changeChart(p);
        Coordinates rest = at == p ? tau : DifferentialVectorTransport.carry(manifold, p, tau, at);
        for (int changes = 0; changes < MAX_CHART_CHANGES; changes++) {
            Chart chart = at.chart();
            Coordinates end = at.xi().plus(rest);
            if (chart.contains(end)) {
                return new ChartPoint(chart, end);
            }
            if (chart.inImage(end)) {
                return manifold.atlas().changeChart(new ChartPoint(chart, end));
            }
            double s = exitFraction(chart, at.xi(), rest);
            ChartPoint edge = new ChartPoint(chart, at.xi().plus(rest.scale(s)));
            edge = edge.chart().inImage(edge.xi()) ? edge : new ChartPoint(chart,
                    at.xi().plus(rest.scale(s - EXIT_TOLERANCE)));
            double remaining = (1 - s) * manifold.metric().norm(at, at.tangent(rest));
            Coordinates atEdge = rest.scale(remaining / manifold.metric().norm(edge, edge.tangent(rest)));
            ChartPoint next = manifold.atlas().changeChart(edge);
            rest = DifferentialVectorTransport.carry(manifold, edge, atEdge, next);
            at = next;
        }
        throw new ArithmeticException("retract: the step from chart " + p.chart().id() + " made no progress through "
                + MAX_CHART_CHANGES + " chart changes (‖τ‖ = " + tau.norm() + ")");
    }

    /**
     * @return the smallest s ∈ (0, 1] found to {@value #EXIT_TOLERANCE} such that ξ + sτ has left the domain of trust
     *     (the chart change expects a point just outside it); ξ is inside it
     */
    private static double exitFraction(Chart chart, Coordinates xi, Coordinates tau) {
        double in = 0;
        double out = 1;
        for (int i = 0; i < EXIT_BISECTIONS; i++) {
            double mid = 0.5 * (in + out);
            if (chart.contains(xi.plus(tau.scale(mid)))) {
                in = mid;
            } else {
                out = mid;
            }
        }
        return out;
    }
}

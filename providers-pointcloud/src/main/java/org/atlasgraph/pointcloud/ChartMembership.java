package org.atlasgraph.pointcloud;

import java.util.List;
import java.util.Optional;
import org.atlasgraph.api.Chart;
import org.atlasgraph.api.ChartPoint;
import org.atlasgraph.api.Coordinates;
import org.atlasgraph.api.base.Vectors;
import org.atlasgraph.api.check.Defect;
import org.atlasgraph.api.check.InvalidInputException;
import org.atlasgraph.api.check.NotOnManifoldException;

/**
 * Which charts of a learned atlas represent an ambient point, and which of them the atlas prefers: the chart a point
 * belongs to (§4.2.2). One scan over the charts serves locating, {@code coordinatesIn}, the membership check and the
 * chart change of a retraction, so that all of them agree.
 *
 * <p>A chart represents a point when the point's projection ξ = L_αᵀ(x − c) lies in the fitted disc ‖ξ‖ ≤ ρ and x
 * within the atlas's tolerance of the chart's surface there ({@link #represent}); a point
 * beyond the rim of every fitted disc is still on the atlas when some chart's patch rim is within the tolerance.
 */
final class ChartMembership {
    private final List<QuadraticChart> charts;
    private final double tolerance;
    private final String atlasName;

    /**
     * @param charts    the atlas's charts, by index
     * @param tolerance the largest distance from a chart's patch at which a point is on the atlas
     * @param atlasName the atlas's name, for messages
     */
    ChartMembership(List<QuadraticChart> charts, double tolerance, String atlasName) {
        this.charts = charts;
        this.tolerance = tolerance;
        this.atlasName = atlasName;
    }

    /**
     * The result of {@link #scan}: the preferred chart and coordinates, whether the chart's domain of trust contains
     * them, and the nearest chart that represents the point within its fitted disc (unclipped coordinates; null if
     * none); or (chart null) the defect of an unrepresented point.
     */
    record Located(QuadraticChart chart, double[] xi, boolean contained, QuadraticChart strict, double[] strictXi,
                   Defect defect) {
    }

    /**
     * @param chart a chart handed in by a caller
     * @return it, as one of this atlas's charts
     * @throws InvalidInputException naming {@code chart} if it belongs to another atlas
     */
    QuadraticChart own(Chart chart) {
        if (chart instanceof QuadraticChart c && c.index() < charts.size() && charts.get(c.index()) == c) {
            return c;
        }
        throw new InvalidInputException("chart", "a chart of " + atlasName, String.valueOf(chart));
    }

    /**
     * One pass over the charts: the preferred chart for an ambient point with the point's coordinates there, or, when
     * no chart's patch is within the tolerance, the defect: the smallest distance to a chart's patch. The preferred
     * chart is, among the charts that represent the point (projection in the fitted disc, surface within the
     * tolerance) and whose domain of trust contains it, the one with the nearest centre relative to its radius, which
     * is the membership rule the boundaries were trained on; if none contains it, the nearest that represents it; if
     * none represents it, the nearest whose patch rim is within the tolerance, with clipped coordinates (then
     * {@code strict} is null). Preferring central charts keeps computations away from chart edges, where a
     * quadratic fits worst. Every chart is measured, so the defect is exact; a pass costs O(k·D·d²) for k charts, a
     * few microseconds.
     *
     * @param x an ambient point (not modified)
     * @return where it belongs
     */
    Located scan(double[] x) {
        QuadraticChart inside = null;
        double[] insideXi = null;
        double insideDist = Double.POSITIVE_INFINITY;
        QuadraticChart any = null;
        double[] anyXi = null;
        double anyDist = Double.POSITIVE_INFINITY;
        QuadraticChart strict = null;
        double[] strictXi = null;
        double strictDist = Double.POSITIVE_INFINITY;
        double nearest = Double.POSITIVE_INFINITY;
        for (QuadraticChart c : charts) {
            double[] projected = c.coordinatesOf(x);
            double off = c.patchDistance(x, projected);
            nearest = Math.min(nearest, off);
            if (!(off <= tolerance)) {
                continue;
            }
            double[] xi = c.clipped(projected);
            double dist = Vectors.distance(x, c.centreRef()) / c.radius();
            boolean trusted = c.trusted(projected);
            if (dist < insideDist && trusted && c.inside(xi)) {
                inside = c;
                insideXi = xi;
                insideDist = dist;
            }
            if (dist < anyDist) {
                any = c;
                anyXi = xi;
                anyDist = dist;
            }
            if (dist < strictDist && trusted) {
                strict = c;
                strictXi = xi;
                strictDist = dist;
            }
        }
        if (inside != null) {
            return new Located(inside, insideXi, true, inside, insideXi, null);
        }
        if (strict != null) {
            return new Located(strict, strictXi, false, strict, strictXi, null);
        }
        return any != null ? new Located(any, anyXi, false, null, null, null)
                : new Located(null, null, false, null, null,
                        new Defect("distance to the learned atlas", nearest, tolerance));
    }

    /**
     * @param x an ambient point (not modified)
     * @return where it belongs; the chart is never null
     * @throws NotOnManifoldException naming {@code ambient} when no chart's patch is within the tolerance
     */
    Located located(double[] x) {
        Located found = scan(x);
        if (found.chart() == null) {
            throw new NotOnManifoldException("ambient", found.defect());
        }
        return found;
    }

    /**
     * The chart change of a retraction (§4.2.2): the point φ̃⁻¹(ξ) of a chart whose domain of trust it has left, in
     * the chart the atlas prefers for it: the preferred chart among those whose domain of trust contains it
     * ({@link #scan}); else, where it lies in no domain (a gap between the domains of neighbouring charts), the chart
     * with the nearest centre among those that represent it within their own fitted disc, which may be the chart it
     * came from. Coordinates are never clipped: a chart change that moved ξ back to the rim of a disc would stop a
     * retraction there, so that the step no longer agreed with τ to first order.
     *
     * @param chart the chart the point is given in
     * @param xi    its coordinates there (not modified)
     * @return the point in its new chart; empty when no chart represents it within its fitted disc: the data end
     *     there
     */
    Optional<ChartPoint> changeChart(QuadraticChart chart, double[] xi) {
        Located found = scan(chart.ambientOf(xi));
        if (found.contained()) {
            return Optional.of(new ChartPoint(found.chart(), Coordinates.ofComputed("changeChart", found.xi())));
        }
        if (found.strict() == null) {
            return Optional.empty();
        }
        return Optional.of(new ChartPoint(found.strict(), Coordinates.ofComputed("changeChart", found.strictXi())));
    }

    /**
     * @param a a chart
     * @param q a point of the atlas
     * @return q's coordinates in chart a (its own if q is in a), or null when a cannot represent q
     */
    double[] expressIn(QuadraticChart a, ChartPoint q) {
        if (q.chart().equals(a)) {
            return q.xi().toArray();
        }
        QuadraticChart b = (QuadraticChart) q.chart();
        return represent(a, b.ambientOf(q.xi().toArray()), tolerance);
    }

    /**
     * Whether, and where, a chart represents an ambient point strictly.
     *
     * @param chart     a chart
     * @param x         an ambient point (not modified)
     * @param tolerance the atlas's off-atlas tolerance
     * @return the coordinates ξ = Lᵀ(x − c) of x in the chart, or {@code null} when the chart cannot represent it
     *     strictly: ξ outside the disc ‖ξ‖ ≤ ρ of the fitted points, or x farther than {@code tolerance} from the
     *     chart's surface. Paths, transitions and the landmark graph use this strict test, so that every coordinate
     *     they measure with is a projection inside the fitted disc; locating also accepts points within the tolerance
     *     of the patch's rim ({@link QuadraticChart#located}).
     */
    static double[] represent(QuadraticChart chart, double[] x, double tolerance) {
        double[] xi = chart.coordinatesOf(x);
        if (!chart.trusted(xi) || Vectors.distance(x, chart.ambientOf(xi)) > tolerance) {
            return null;
        }
        return xi;
    }
}

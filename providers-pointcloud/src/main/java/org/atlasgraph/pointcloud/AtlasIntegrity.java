package org.atlasgraph.pointcloud;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.atlasgraph.api.base.Vectors;
import org.atlasgraph.api.check.Checks;
import org.atlasgraph.api.check.InvalidInputException;

/**
 * The self-consistency of an atlas model that did not come from the learner (a saved file, a model built by hand):
 * every chart's fit, boundary and transitions finite and of sane size relative to its radius, and the summary in
 * agreement with the charts. {@link AtlasModel} and {@link ChartModel} already reject wrong shapes, non-finite
 * numbers and non-orthonormal bases; these checks reject the parseable corruptions that pass them and would make the
 * atlas answer wrongly (a curvature set to 1e308, a zeroed boundary SVM, a summary that contradicts its charts), each
 * with the model path of what is wrong.
 *
 * <p>The bounds are what learning guarantees, with room: a chart is fitted to the points within r of its centre, so
 * its origin (the surface above their mean) lies within {@value #SANE_RADII}·r of the centre, its coordinate radius ρ
 * (the largest ‖ξ‖ of those points) is at most 2r, its support radius exceeds r by at most the off-atlas tolerance,
 * and two charts overlap only when their balls share a point (their centres are at most r_α + r_β apart); the height
 * of its quadratic over its disc, at most {@code ½‖K‖_F ρ²}, was at most 1.6·r on the learned atlases of S², S³ and the
 * Klein bottle (clean and noisy) and is allowed {@value #SANE_HEIGHT}·r. A chart's domain of trust must contain its
 * origin or one of the points ±½ρ_t along its axes (the atlas's sampler and routes need every chart's domain to be
 * non-empty; a zeroed boundary quadric makes it empty).
 */
final class AtlasIntegrity {
    /** Largest distance of a chart's origin from its centre, and of its ρ and R_s, in chart radii. */
    static final double SANE_RADII = 2;
    /** Largest height of a chart's quadratic over its disc, in chart radii. */
    static final double SANE_HEIGHT = 10;
    /** Relative slack of comparisons between saved numbers that learning derives from each other. */
    private static final double ROUNDING = 1e-9;

    private AtlasIntegrity() {
    }

    /**
     * @param model the model
     * @throws InvalidInputException naming the model path of the first inconsistency, e.g.
     *     {@code charts[3].curvature: expected a quadratic at most 10 chart radii high over its disc, found 1.2e+308}
     */
    static void check(AtlasModel model) {
        List<ChartModel> charts = model.charts();
        for (int i = 0; i < charts.size(); i++) {
            chart(new QuadraticChart(i, charts.get(i)));
        }
        overlaps(model);
        summary(model);
    }

    private static void chart(QuadraticChart c) {
        ChartModel m = c.model();
        String at = "charts[" + c.index() + "].";
        double r = m.radius();
        String radii = Checks.number(SANE_RADII) + " chart radii (r = " + Checks.number(r) + ")";
        atMost(at + "origin", "an origin within " + radii + " of the centre",
                Vectors.distance(m.origin(), m.centre()), SANE_RADII * r);
        atMost(at + "coordinateRadius", "at most " + radii, m.coordinateRadius(), SANE_RADII * r);
        atMost(at + "supportRadius", "at most " + radii, m.supportRadius(), SANE_RADII * r);
        double k2 = 0;
        for (double v : m.curvature()) {
            k2 += v * v;
        }
        double rho = m.coordinateRadius();
        atMost(at + "curvature", "a quadratic at most " + Checks.number(SANE_HEIGHT) + " chart radii (r = "
                + Checks.number(r) + ") high over its disc (½‖K‖ρ²)", 0.5 * Math.sqrt(k2) * rho * rho, SANE_HEIGHT * r);
        double[] origin = new double[c.dimension()];
        double value = c.boundaryValue(origin);
        if (!Double.isFinite(value)) {
            throw new InvalidInputException(at + "boundaryMatrix", "a boundary quadric whose quartic is finite",
                    "the value " + value + " at the chart's origin");
        }
        if (!hasInterior(c)) {
            throw new InvalidInputException(at + "boundaryMatrix", "a boundary quadric around the chart's points "
                    + "(quartic < 0 at ξ = 0 or at ±½ρ_t on an axis)", "none inside (the quartic is "
                    + Checks.number(value) + " at ξ = 0)");
        }
    }

    /** @return whether the chart's domain of trust contains its origin or a point ±½ρ_t along one of its axes */
    private static boolean hasInterior(QuadraticChart c) {
        int d = c.dimension();
        if (c.inside(new double[d])) {
            return true;
        }
        for (int a = 0; a < d; a++) {
            for (int sign = -1; sign <= 1; sign += 2) {
                double[] xi = new double[d];
                xi[a] = 0.5 * sign * c.trustRadius();
                if (c.inside(xi)) {
                    return true;
                }
            }
        }
        return false;
    }

    private static void overlaps(AtlasModel model) {
        Set<AtlasModel.Overlap> seen = new HashSet<>();
        for (int i = 0; i < model.overlaps().size(); i++) {
            AtlasModel.Overlap o = model.overlaps().get(i);
            if (!seen.add(o)) {
                throw new InvalidInputException("overlaps[" + i + "]", "each pair of charts once", "[" + o.first()
                        + ", " + o.second() + "] again");
            }
            ChartModel a = model.charts().get(o.first());
            ChartModel b = model.charts().get(o.second());
            atMost("overlaps[" + i + "]", "two charts whose balls share a point (centres at most r_α + r_β = "
                    + Checks.number(a.radius() + b.radius()) + " apart)", Vectors.distance(a.centre(), b.centre()),
                    (a.radius() + b.radius()) * (1 + ROUNDING));
        }
    }

    private static void summary(AtlasModel model) {
        LearningSummary s = model.summary();
        equal("summary.chartCount", "the " + model.charts().size() + " charts", s.chartCount(), model.charts().size());
        equal("summary.overlapCount", "the " + model.overlaps().size() + " overlaps", s.overlapCount(),
                model.overlaps().size());
        long linear = model.charts().stream().filter(ChartModel::isLinear).count();
        equal("summary.linearChartCount", "the " + linear + " linear charts", s.linearChartCount(), linear);
        int spanDimension = model.span().dimension(model.ambientDimension());
        equal("summary.spanDimension", "the span's dimension " + spanDimension, s.spanDimension(), spanDimension);
        double smallest = Double.POSITIVE_INFINITY;
        int largestCount = 0;
        for (ChartModel c : model.charts()) {
            smallest = Math.min(smallest, c.radius());
            largestCount = Math.max(largestCount, c.pointCount());
        }
        if (!(s.radius() > 0) || s.radius() > smallest * (1 + ROUNDING)) {
            throw new InvalidInputException("summary.radius", "the chart radius r > 0, at most the smallest ball "
                    + "radius " + Checks.number(smallest), Checks.number(s.radius()));
        }
        if (s.pointCount() < largestCount || s.inputCount() < s.pointCount()) {
            throw new InvalidInputException("summary.pointCount", "at least the " + largestCount + " points of the "
                    + "largest chart and at most the " + s.inputCount() + " input points", String.valueOf(
                    s.pointCount()));
        }
        if (!(s.coverage() >= 0 && s.coverage() <= 1)) {
            throw new InvalidInputException("summary.coverage", "a fraction in [0, 1]", Checks.number(s.coverage()));
        }
        if (!(s.rmsFitResidual() >= 0) || s.rmsFitResidual() > s.maxFitResidual() * (1 + ROUNDING)
                || !Double.isFinite(s.maxFitResidual())) {
            throw new InvalidInputException("summary.rmsFitResidual", "a finite value ≥ 0, at most maxFitResidual = "
                    + Checks.number(s.maxFitResidual()), Checks.number(s.rmsFitResidual()));
        }
    }

    private static void atMost(String input, String expected, double found, double bound) {
        if (!(found <= bound)) {
            throw new InvalidInputException(input, expected, Checks.number(found));
        }
    }

    private static void equal(String input, String expected, long found, long actual) {
        if (found != actual) {
            throw new InvalidInputException(input, expected, String.valueOf(found));
        }
    }
}

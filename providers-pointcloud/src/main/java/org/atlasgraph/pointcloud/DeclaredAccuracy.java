package org.atlasgraph.pointcloud;

import java.util.List;
import java.util.Locale;
import org.atlasgraph.api.base.Vectors;
import org.atlasgraph.api.capability.Accuracy;
import org.atlasgraph.api.capability.LengthScale;

/**
 * What a learned atlas declares about itself: its length scale and its accuracy, each bound derived from the atlas's
 * own quantities. The charts are separate quadratic fits (§4.1), so they disagree on their overlaps and the round
 * trips of the conformance kit cannot close to rounding; the declaration says by how much they may not, and why.
 */
final class DeclaredAccuracy {
    /**
     * The declared length scale as a fraction of the chart radius r: a tenth, so that test steps (up to one length
     * scale) and off-centre points (0.3 length scales) stay well inside a chart's cell.
     */
    static final double LENGTH_SCALE_FRACTION = 0.1;
    /**
     * Declared shortfall of fitted log-log slopes: rates are fitted over steps up to one length scale, where a chart's
     * quadratic terms and its boundary already bend the slope (the value the conformance kit's README gives for
     * learned charts).
     */
    static final double APPROXIMATE_SLOPE = 0.3;
    /**
     * Declared relative excess of the naive approximate distance over the geodesic distance within a chart: it is
     * O(‖Δ‖²κ²) (§4.2.3, footnote), under 2% for segments up to a chart radius on a unit sphere (‖Δ‖κ ≤ 0.65); the
     * disagreement between charts is added to it.
     */
    static final double NAIVE_DISTANCE_EXCESS = 0.02;
    /** Points drawn from the atlas (App. E.1) on which {@link #chartDisagreement} is measured. */
    static final int DISAGREEMENT_SAMPLES = 2000;
    /** Seed of those points, fixed so that the declaration is a function of the atlas alone. */
    static final long DISAGREEMENT_SEED = 11;

    private DeclaredAccuracy() {
    }

    /**
     * @param radius the chart radius r
     * @return {@value #LENGTH_SCALE_FRACTION}·r, with its reason
     */
    static LengthScale lengthScale(double radius) {
        return new LengthScale(LENGTH_SCALE_FRACTION * radius, String.format(Locale.ROOT, "a tenth of the chart radius"
                + " r = %.3g, so that test steps and off-centre points stay well inside a chart's cell", radius));
    }

    /**
     * The accuracy of the atlas:
     * <ul>
     *   <li>round trip 2E/length scale, where E = {@link #chartDisagreement}: a point embedded from one chart lies
     *   off another chart's surface by up to E, and locate∘embed, ψ̃_βα∘ψ̃_αβ and Ret∘Log^Ret each cross at most
     *   two charts;</li>
     *   <li>distance {@value #NAIVE_DISTANCE_EXCESS} + 2E/r: the naive distance's excess within a chart, and the
     *   disagreement across charts: a path of length ℓ changes chart about ℓ/r times, each change moving it by up
     *   to 2E, so the relative error it adds is 2E/r (the round-trip bound measures 2E against the length scale
     *   r/10 instead, ten times stricter than distances need and ten times looser than they allow);</li>
     *   <li>slope {@value #APPROXIMATE_SLOPE}.</li>
     * </ul>
     * It costs {@value #DISAGREEMENT_SAMPLES} draws from the sampler, each projected onto every chart, O(N_s·k·D·d²)
     * for k charts (a few milliseconds for the Klein atlas).
     *
     * @param charts    the atlas's charts
     * @param tolerance the atlas's off-surface tolerance
     * @param radius    the chart radius r
     * @param sampler   the atlas's sampler
     * @return the declared accuracy with its justification
     */
    static Accuracy accuracy(List<QuadraticChart> charts, double tolerance, double radius, AtlasSampler sampler) {
        double scale = LENGTH_SCALE_FRACTION * radius;
        double e = chartDisagreement(charts, tolerance, sampler);
        // E = 0 only for a single chart, which has no round trips between charts; keep the bound positive
        double roundTrip = Math.max(2 * e / scale, Math.ulp(1.0));
        double distance = NAIVE_DISTANCE_EXCESS + 2 * e / radius;
        return new Accuracy(APPROXIMATE_SLOPE, roundTrip, distance,
                String.format(Locale.ROOT, "%d quadratic charts of radius r = %.3g fitted separately (§4.1): on %d "
                        + "points drawn from the atlas, two charts that both represent a point disagree by up to E ="
                        + " %.2e, so round trips err by up to 2E = %.3g length scales (length scale 0.1·r = %.3g); "
                        + "naive distances exceed geodesic ones by < %.0f%% within a chart and a path changes chart "
                        + "every r, each change adding up to 2E, so distances err by up to %.0f%% + 2E/r = %.3g; "
                        + "rates are fitted up to one length scale, where the quadratic terms bend them",
                        charts.size(), radius, DISAGREEMENT_SAMPLES, e, roundTrip, scale,
                        100 * NAIVE_DISTANCE_EXCESS, 100 * NAIVE_DISTANCE_EXCESS, distance));
    }

    /**
     * The largest disagreement E between two charts that both represent a point: for points x drawn from the atlas
     * (App. E.1, {@value #DISAGREEMENT_SAMPLES} points, seed {@value #DISAGREEMENT_SEED}), the largest sum of the
     * smallest and largest residuals ‖x − φ̃⁻¹(φ̃(x))‖ over the charts that represent x within their fitted disc (the
     * smallest is 0 for a drawn point, which lies on its own chart's surface, so E is the farthest another chart's
     * surface lies from a point of the atlas).
     *
     * @param charts    the atlas's charts
     * @param tolerance the atlas's off-surface tolerance
     * @param sampler   the atlas's sampler
     * @return E, in ambient units; 0 when no two charts overlap
     */
    static double chartDisagreement(List<QuadraticChart> charts, double tolerance, AtlasSampler sampler) {
        double worst = 0;
        for (double[] x : sampler.ambientSample(DISAGREEMENT_SAMPLES, DISAGREEMENT_SEED)) {
            double lo = Double.POSITIVE_INFINITY;
            double hi = 0;
            for (QuadraticChart c : charts) {
                double[] xi = ChartMembership.represent(c, x, tolerance);
                if (xi != null) {
                    double e = Vectors.distance(x, c.ambientOf(xi));
                    lo = Math.min(lo, e);
                    hi = Math.max(hi, e);
                }
            }
            if (hi > 0) {
                worst = Math.max(worst, hi + lo);
            }
        }
        return worst;
    }
}

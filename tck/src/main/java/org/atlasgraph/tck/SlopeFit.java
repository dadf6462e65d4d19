package org.atlasgraph.tck;

import java.util.ArrayList;
import java.util.List;
import org.atlasgraph.api.check.Checks;

/**
 * A least-squares fit of {@code log defect} against {@code log t}: the order k of a defect that behaves like
 * {@code C·t^k}, with a best-window diagnostic in the manner of ManifoldsBase's {@code prepare_check_result}.
 *
 * <p>Defects at or below a rounding floor carry no information about the order and are left out; when fewer than
 * {@link #MINIMUM_POINTS} remain, the defect is at rounding level throughout ({@link Kind#AT_ROUNDING}), which a
 * rate rule accepts (e.g. a retraction that is the exponential map). The verdict uses the slope over all remaining
 * steps, t ∈ [1e-4, 1e-1]; when that falls short, the slope over the asymptotic decades t ≤ {@link #ASYMPTOTIC_LIMIT}
 * may carry it instead, because in the top decade a higher-order term of opposite sign can bend a scalar defect down
 * (seen on the kit's reference manifold: VT-3 fits 0.935 over [1e-4, 1e-1] and 0.999 over [1e-4, 1e-2]). An order
 * that is wrong as t → 0 fails both. The best window (the {@link #WINDOW} consecutive points whose slope is closest
 * to the expected order) is printed beside them, so that a reader can tell rounding at one end from a wrong order.
 *
 * @param kind            whether a slope was fitted, the defect stayed at rounding level, or a defect was not finite
 * @param slope           fitted slope over all points above the floor (NaN unless fitted)
 * @param from            smallest t used (for {@link Kind#NON_FINITE}: the t of the non-finite defect)
 * @param to              largest t used
 * @param points          number of points above the floor
 * @param asymptoticSlope fitted slope over the points with t ≤ {@link #ASYMPTOTIC_LIMIT} (NaN if fewer than
 *                        {@link #MINIMUM_POINTS})
 * @param windowSlope     slope of the best window (NaN unless fitted)
 * @param windowFrom      smallest t of the best window
 * @param windowTo        largest t of the best window
 */
public record SlopeFit(Kind kind, double slope, double from, double to, int points, double asymptoticSlope,
                       double windowSlope, double windowFrom, double windowTo) {
    /** What the fit found. */
    public enum Kind {
        /** enough defects above the floor: {@link #slope()} is the measured order */
        FITTED,
        /** fewer than {@link #MINIMUM_POINTS} defects above the floor: no order to measure */
        AT_ROUNDING,
        /** a defect was NaN or infinite */
        NON_FINITE
    }

    /** Points per window of the diagnostic: one decade on the kit's grid of four points per decade. */
    public static final int WINDOW = 4;
    /** Upper end of the asymptotic decades whose slope may carry the verdict when the full range falls short. */
    public static final double ASYMPTOTIC_LIMIT = 1e-2;
    /** Fewest points above the floor for a meaningful fit; below this the defect is rounding. */
    public static final int MINIMUM_POINTS = 3;

    /**
     * The step sizes the rate rules use: 13 points, four per decade, from 1e-4 to 1e-1 (times the length scale).
     * Below 1e-4 a second-order defect of a unit-scale manifold approaches rounding (1e-8 against 1e-16 per entry);
     * above 1e-1 higher-order terms take over.
     *
     * @return a new array of the steps, increasing
     */
    public static double[] standardSteps() {
        double[] t = new double[13];
        for (int i = 0; i < t.length; i++) {
            t[i] = Math.pow(10, -4 + i / 4.0);
        }
        return t;
    }

    /**
     * Fits the slope.
     *
     * @param t        step sizes, positive and increasing (not modified)
     * @param defects  the defect at each step (not modified)
     * @param floor    defects at or below this are rounding and left out
     * @param expected the order the rule expects, used to choose the best window
     * @return the fit
     */
    public static SlopeFit of(double[] t, double[] defects, double floor, double expected) {
        if (t.length != defects.length) {
            throw new IllegalArgumentException("defects: expected length " + t.length + ", found "
                    + defects.length);
        }
        List<double[]> used = new ArrayList<>();
        for (int i = 0; i < t.length; i++) {
            if (!Double.isFinite(defects[i])) {
                return new SlopeFit(Kind.NON_FINITE, Double.NaN, t[i], t[i], 0, Double.NaN, Double.NaN, t[i], t[i]);
            }
            if (defects[i] > floor) {
                used.add(new double[] {Math.log10(t[i]), Math.log10(defects[i])});
            }
        }
        if (used.size() < MINIMUM_POINTS) {
            return new SlopeFit(Kind.AT_ROUNDING, Double.NaN, t[0], t[t.length - 1], used.size(), Double.NaN,
                    Double.NaN, t[0], t[t.length - 1]);
        }
        double all = slope(used);
        List<double[]> asymptotic = used.stream().filter(p -> p[0] <= Math.log10(ASYMPTOTIC_LIMIT) + 1e-12).toList();
        double early = asymptotic.size() >= MINIMUM_POINTS ? slope(asymptotic) : Double.NaN;
        int w = Math.min(WINDOW, used.size());
        double best = Double.NaN;
        int bestStart = 0;
        for (int s = 0; s + w <= used.size(); s++) {
            double m = slope(used.subList(s, s + w));
            if (Double.isNaN(best) || Math.abs(m - expected) < Math.abs(best - expected)) {
                best = m;
                bestStart = s;
            }
        }
        return new SlopeFit(Kind.FITTED, all, Math.pow(10, used.get(0)[0]), Math.pow(10, used.get(used.size() - 1)[0]),
                used.size(), early, best, Math.pow(10, used.get(bestStart)[0]),
                Math.pow(10, used.get(bestStart + w - 1)[0]));
    }


    /** @return the larger of the full-range and the asymptotic slope (NaN unless fitted) */
    public double bestSlope() {
        return Double.isNaN(asymptoticSlope) ? slope : Math.max(slope, asymptoticSlope);
    }

    /**
     * @param expected the order the rule expects
     * @param shortfall how far the slope may fall below it
     * @return whether the defect is at rounding level or shrinks at least like t^(expected − shortfall)
     */
    public boolean meets(double expected, double shortfall) {
        return kind == Kind.AT_ROUNDING
                || kind == Kind.FITTED && bestSlope() >= expected - shortfall;
    }

    /** @return e.g. {@code "slope 1.02 over t∈[1e-4, 1e-1] (best window [1e-4, 1e-3]: 1.98)"} */
    public String describe() {
        if (kind == Kind.NON_FINITE) {
            return "non-finite defect at t=" + Checks.number(from);
        }
        if (kind == Kind.AT_ROUNDING) {
            return "defect at rounding level for all t∈[" + Checks.number(from) + ", " + Checks.number(to) + "]";
        }
        String early = Double.isNaN(asymptoticSlope) ? ""
                : ", " + Checks.number(round(asymptoticSlope)) + " over t ≤ " + Checks.number(ASYMPTOTIC_LIMIT);
        return "slope " + Checks.number(round(slope)) + " over t∈[" + Checks.number(from) + ", " + Checks.number(to)
                + "]" + early + " (best window [" + Checks.number(windowFrom) + ", " + Checks.number(windowTo) + "]: "
                + Checks.number(round(windowSlope)) + ")";
    }

    private static double round(double v) {
        return Math.round(v * 1000) / 1000.0;
    }

    private static double slope(List<double[]> xy) {
        double mx = 0;
        double my = 0;
        for (double[] p : xy) {
            mx += p[0];
            my += p[1];
        }
        mx /= xy.size();
        my /= xy.size();
        double sxy = 0;
        double sxx = 0;
        for (double[] p : xy) {
            sxy += (p[0] - mx) * (p[1] - my);
            sxx += (p[0] - mx) * (p[0] - mx);
        }
        return sxy / sxx;
    }
}

package org.atlasgraph.optim.linesearch;

import java.util.Optional;
import org.atlasgraph.api.check.Checks;
import org.atlasgraph.api.check.InvalidInputException;

/**
 * A step that satisfies the strong Wolfe conditions along the retraction curve (Ring and Wirth 2012; Sato 2021,
 * §4.2): sufficient decrease {@code φ(t) ≤ φ(0) + c₁·t·φ'(0)} and {@code |φ'(t)| ≤ c₂·|φ'(0)|}, found by bracketing
 * (doubling the step while φ still descends steeply) and zooming with safeguarded cubic, quadratic or secant
 * interpolation (Nocedal and Wright 2006, Alg. 3.5 and 3.6). The slope at a trial point costs a gradient, which the
 * method reuses if it accepts the point.
 *
 * <p>The curvature condition keeps conjugate-gradient directions descent directions (Fletcher–Reeves with c₂ &lt; ½)
 * and L-BFGS pairs curved ({@code ⟨s, y⟩ > 0} in the Euclidean case). Trials the retraction cannot take, or with a
 * non-finite value, count as too far. A step that reaches the line's cap on step lengths while f still descends
 * steeply is taken as it is. If the budget runs out after a step that decreases f sufficiently, that step is taken
 * (only its curvature condition is unmet); otherwise the search fails.
 *
 * @param sufficientDecrease c₁ ∈ (0, ½)
 * @param curvature          c₂ ∈ (c₁, 1)
 * @param maxTrials          the most trial points, ≥ 1
 */
public record StrongWolfe(double sufficientDecrease, double curvature, int maxTrials) implements LineSearch {
    /** c₂ = 0.1, the usual choice for nonlinear conjugate gradients (Nocedal and Wright, §5.2). */
    public static final StrongWolfe CONJUGATE_GRADIENTS = new StrongWolfe(1e-4, 0.1, 40);
    /** c₂ = 0.9, the usual choice for quasi-Newton methods: the unit step is accepted most of the time. */
    public static final StrongWolfe QUASI_NEWTON = new StrongWolfe(1e-4, 0.9, 40);

    /** Interpolated steps stay this fraction of the bracket away from its ends. */
    private static final double SAFEGUARD = 0.1;
    private static final double EXPANSION = 2;

    /**
     * Validates the constants.
     *
     * @throws InvalidInputException naming the constant that is out of range
     */
    public StrongWolfe {
        if (!(sufficientDecrease > 0 && sufficientDecrease < 0.5)) {
            throw new InvalidInputException("sufficientDecrease", "a value in (0, 0.5)",
                    String.valueOf(sufficientDecrease));
        }
        if (!(curvature > sufficientDecrease && curvature < 1)) {
            throw new InvalidInputException("curvature", "a value in (sufficientDecrease = "
                    + Checks.number(sufficientDecrease) + ", 1)", String.valueOf(curvature));
        }
        Checks.requirePositive("maxTrials", maxTrials);
    }

    @Override
    public Optional<Trial> search(Line line, double initialStep) {
        Checks.requirePositive("initialStep", initialStep);
        End previous = End.origin(line);
        double t = Math.min(initialStep, line.maxStep());
        for (int i = 0; i < maxTrials; i++) {
            Optional<Trial> trial = line.at(t);
            if (trial.isEmpty()) {
                return zoom(line, previous, End.tooFar(t), maxTrials - i - 1);
            }
            Trial x = trial.get();
            if (!LineSearch.sufficientDecrease(line, x, sufficientDecrease)
                    || (i > 0 && clearlyAbove(line, x.comparableValue(), previous.value))) {
                return zoom(line, previous, End.of(x), maxTrials - i - 1);
            }
            if (curved(line, x)) {
                return trial;
            }
            if (x.slope() >= 0) {
                return zoom(line, End.of(x), previous, maxTrials - i - 1);
            }
            if (x.step() >= line.maxStep()) {
                return trial;
            }
            previous = End.of(x);
            t = Math.min(t * EXPANSION, line.maxStep());
        }
        return previous.trial;
    }

    /**
     * Nocedal and Wright's zoom: lo satisfies sufficient decrease and has the lower value, and its slope points toward
     * hi; the bracket shrinks until a point satisfies both conditions.
     */
    private Optional<Trial> zoom(Line line, End lo, End hi, int budget) {
        for (int i = 0; i < budget; i++) {
            double t = interpolate(line, lo, hi);
            Optional<Trial> trial = line.at(t);
            if (trial.isEmpty()) {
                hi = End.tooFar(t);
                continue;
            }
            Trial x = trial.get();
            if (!LineSearch.sufficientDecrease(line, x, sufficientDecrease)
                    || clearlyAbove(line, x.comparableValue(), lo.value)) {
                hi = End.of(x);
                continue;
            }
            if (curved(line, x)) {
                return trial;
            }
            if (x.slope() * (hi.step - lo.step) >= 0) {
                hi = lo;
            }
            lo = End.of(x);
        }
        return lo.trial;
    }

    private boolean curved(Line line, Trial x) {
        return Math.abs(x.slope()) <= -curvature * line.slope0();
    }

    /** Whether v exceeds the reference by more than rounding (values that differ by rounding decide nothing). */
    private static boolean clearlyAbove(Line line, double v, double reference) {
        return line.hasValues() && v > reference && !(v - reference <= ROUNDING * Math.abs(line.value0()));
    }

    /**
     * The next trial inside the bracket: the minimizer of the cubic through both ends' values and slopes, of the
     * quadratic through lo's value and slope and hi's value, or the zero of the secant of the slopes, whichever the
     * known quantities allow; bisection where none does; kept {@value #SAFEGUARD} of the bracket from its ends.
     */
    private static double interpolate(Line line, End lo, End hi) {
        double a = lo.step;
        double b = hi.step;
        double width = b - a;
        boolean valuesDecide = line.hasValues() && Double.isFinite(lo.value) && Double.isFinite(hi.value)
                && Math.abs(hi.value - lo.value) > ROUNDING * Math.abs(line.value0());
        double t = Double.NaN;
        if (valuesDecide && !Double.isNaN(hi.slope)) {
            double d1 = lo.slope + hi.slope - 3 * (lo.value - hi.value) / (a - b);
            double disc = d1 * d1 - lo.slope * hi.slope;
            if (disc >= 0) {
                double d2 = Math.signum(width) * Math.sqrt(disc);
                t = b - width * (hi.slope + d2 - d1) / (hi.slope - lo.slope + 2 * d2);
            }
        }
        if (Double.isNaN(t) && valuesDecide) {
            double curvatureTerm = hi.value - lo.value - lo.slope * width;
            if (curvatureTerm > 0) {
                t = a - lo.slope * width * width / (2 * curvatureTerm);
            }
        }
        if (Double.isNaN(t) && !Double.isNaN(hi.slope) && hi.slope != lo.slope) {
            t = a - lo.slope * width / (hi.slope - lo.slope);
        }
        double low = Math.min(a, b) + SAFEGUARD * Math.abs(width);
        double high = Math.max(a, b) - SAFEGUARD * Math.abs(width);
        if (!Double.isFinite(t) || t < low || t > high) {
            return Double.isFinite(t) ? Math.max(low, Math.min(high, t)) : a + 0.5 * width;
        }
        return t;
    }

    @Override
    public String toString() {
        return "strong Wolfe (c1 = " + Checks.number(sufficientDecrease) + ", c2 = " + Checks.number(curvature) + ")";
    }

    /**
     * One end of a bracket: a step with its value and slope where known (NaN where not), and the trial if there was
     * one (the origin and steps beyond the manifold's edge have none).
     */
    private record End(double step, double value, double slope, Optional<Trial> trial) {
        static End origin(Line line) {
            return new End(0, line.value0(), line.slope0(), Optional.empty());
        }

        static End of(Trial x) {
            return new End(x.step(), x.comparableValue(), x.hasGradient() ? x.slope() : Double.NaN, Optional.of(x));
        }

        static End tooFar(double step) {
            return new End(step, Double.POSITIVE_INFINITY, Double.NaN, Optional.empty());
        }
    }
}

package org.atlasgraph.optim.linesearch;

import java.util.Optional;

/**
 * Chooses the step size along a descent direction: a value of a first-order method, as retractions are values of a
 * manifold. {@link ArmijoBacktracking} and {@link StrongWolfe} are the two here; any first-order method of this
 * library accepts either.
 *
 * <p>Both judge a trial by the values of the objective where it has them, and by slopes where values cannot decide:
 * for an objective without values (a Riemannian gradient field such as {@code −mean Log_p x_i} on an approximate
 * atlas), and near a minimum, where a decrease of {@code c₁·t·|φ'(0)|} is below the rounding error of f. There the
 * Armijo condition is replaced by its quadratic model in slopes, {@code φ'(t) ≤ (2c₁ − 1)·φ'(0)} (the "approximate
 * Wolfe" condition of Hager and Zhang, 2005), which is exact for a quadratic φ and computable to full precision.
 */
public interface LineSearch {
    /**
     * Relative change of f below which values cannot tell a decrease from rounding (f is computed to about 1e-16
     * relative, and a sum of N terms to about N times that): there a search decides by slopes.
     */
    double ROUNDING = 1e-10;

    /**
     * @param line        the objective along the direction
     * @param initialStep the first step size to try, &gt; 0
     * @return the accepted trial, or empty when no acceptable step was found within the search's budget
     */
    Optional<Trial> search(Line line, double initialStep);

    /**
     * Whether the trial decreases the objective sufficiently (Armijo): {@code φ(t) ≤ φ(0) + c₁·t·φ'(0)}; by the slope
     * model where the objective has no values or the values differ by rounding only (see the class comment).
     *
     * @param line  the line
     * @param trial a trial on it
     * @param c1    the sufficient-decrease constant c₁ ∈ (0, ½)
     * @return whether the condition holds
     */
    static boolean sufficientDecrease(Line line, Trial trial, double c1) {
        if (line.hasValues()) {
            double v = trial.comparableValue();
            double v0 = line.value0();
            if (v <= v0 + c1 * trial.step() * line.slope0()) {
                return true;
            }
            if (!(Math.abs(v - v0) <= ROUNDING * Math.abs(v0))) {
                return false;
            }
        }
        return trial.slope() <= (2 * c1 - 1) * line.slope0();
    }
}

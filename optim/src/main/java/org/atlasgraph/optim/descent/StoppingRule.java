package org.atlasgraph.optim.descent;

import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.atlasgraph.api.check.Checks;
import org.atlasgraph.api.check.InvalidInputException;

/**
 * Decides after each step whether a first-order method (SGD, conjugate gradients, L-BFGS) should stop, and says why.
 * Rules compose with {@link #or}; every method adds its iteration budget, so a run terminates whatever rules are
 * given. Rules see iterations 1, 2, …; the start point is not checked (a method stops there only when the gradient is
 * exactly zero).
 */
@FunctionalInterface
public interface StoppingRule {
    /**
     * @param progress the state after the latest step
     * @return a human-readable reason to stop (what was measured against which threshold), or empty to continue
     */
    Optional<String> check(Progress progress);

    /**
     * @param other another rule
     * @return a rule that stops when either rule does (this one's reason first)
     */
    default StoppingRule or(StoppingRule other) {
        Objects.requireNonNull(other, "other");
        return progress -> {
            Optional<String> mine = check(progress);
            return mine.isPresent() ? mine : other.check(progress);
        };
    }

    /**
     * @param rules the rules
     * @return a rule that stops as soon as any of them does
     */
    static StoppingRule anyOf(List<StoppingRule> rules) {
        List<StoppingRule> copy = List.copyOf(rules);
        return progress -> {
            for (StoppingRule r : copy) {
                Optional<String> reason = r.check(progress);
                if (reason.isPresent()) {
                    return reason;
                }
            }
            return Optional.empty();
        };
    }

    /**
     * @param n the largest number of steps, ≥ 1
     * @return a rule that stops after n steps
     * @throws InvalidInputException if n &lt; 1
     */
    static StoppingRule maxIterations(int n) {
        Checks.requirePositive("maxIterations", n);
        return p -> p.iteration() >= n ? Optional.of("iteration budget " + n + " reached") : Optional.empty();
    }

    /**
     * First-order stationarity.
     *
     * @param tolerance ε &gt; 0
     * @return a rule that stops when {@code ‖grad f(p_t)‖ ≤ ε} at the new iterate
     */
    static StoppingRule gradientNormBelow(double tolerance) {
        Checks.requirePositive("gradient tolerance", tolerance);
        return p -> p.gradientNorm() <= tolerance
                ? Optional.of("gradient norm " + Checks.number(p.gradientNorm()) + " ≤ " + Checks.number(tolerance))
                : Optional.empty();
    }

    /**
     * @param tolerance ε &gt; 0
     * @return a rule that stops when the retracted tangent vector has metric norm ≤ ε
     */
    static StoppingRule stepNormBelow(double tolerance) {
        Checks.requirePositive("step tolerance", tolerance);
        return p -> p.stepNorm() <= tolerance
                ? Optional.of("step norm " + Checks.number(p.stepNorm()) + " ≤ " + Checks.number(tolerance))
                : Optional.empty();
    }

    /**
     * Stagnation of the value; needs an objective with a value.
     *
     * @param tolerance ε &gt; 0
     * @return a rule that stops when {@code |f_t − f_{t−1}| ≤ ε · max(1, |f_{t−1}|)} between consecutive evaluations
     */
    static StoppingRule valueChangeBelow(double tolerance) {
        Checks.requirePositive("value tolerance", tolerance);
        return p -> {
            if (p.value().isEmpty() || p.previousValue().isEmpty()) {
                return Optional.empty();
            }
            double now = p.value().getAsDouble();
            double before = p.previousValue().getAsDouble();
            double change = Math.abs(now - before);
            return change <= tolerance * Math.max(1, Math.abs(before))
                    ? Optional.of("value change " + Checks.number(change) + " ≤ " + Checks.number(tolerance)
                            + " · max(1, |f|)")
                    : Optional.empty();
        };
    }
}

package org.atlasgraph.optim.descent;

import java.util.Objects;
import java.util.Optional;
import org.atlasgraph.api.Metric;
import org.atlasgraph.api.Retraction;
import org.atlasgraph.api.VectorTransport;
import org.atlasgraph.api.check.Checks;
import org.atlasgraph.api.check.InvalidInputException;

/**
 * What every first-order method is configured with, whatever chooses its directions and step sizes: the primitives
 * it computes with, its iteration budget, an optional stopping rule and a listener. Built by {@link DescentBuilder}.
 *
 * @param metric        measures gradients and steps, and raises indices
 * @param retraction    takes the steps
 * @param transport     carries tangent vectors (momentum, search directions, L-BFGS memory, line-search slopes) to
 *                      the new iterate
 * @param maxIterations the iteration budget, ≥ 1
 * @param maxStepNorm   the largest metric norm of a retracted step (or a line search's trial step), &gt; 0 or +∞
 * @param stoppingRule  a rule checked after every step besides the budget
 * @param listener      receives the progress at the start and after every step
 */
public record DescentSettings(Metric metric, Retraction retraction, VectorTransport transport, int maxIterations,
                              double maxStepNorm, Optional<StoppingRule> stoppingRule, DescentListener listener) {
    /** Validates the parts. */
    public DescentSettings {
        Objects.requireNonNull(metric, "metric");
        Objects.requireNonNull(retraction, "retraction");
        Objects.requireNonNull(transport, "transport");
        Checks.requirePositive("maxIterations", maxIterations);
        if (!(maxStepNorm > 0)) {
            throw new InvalidInputException("maxStepNorm", "a value > 0", String.valueOf(maxStepNorm));
        }
        Objects.requireNonNull(stoppingRule, "stoppingRule");
        Objects.requireNonNull(listener, "listener");
    }

    /** @return the stopping rule, if any, or the iteration budget */
    public StoppingRule rule() {
        StoppingRule budget = StoppingRule.maxIterations(maxIterations);
        return stoppingRule.map(r -> r.or(budget)).orElse(budget);
    }
}

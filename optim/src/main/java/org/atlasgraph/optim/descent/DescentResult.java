package org.atlasgraph.optim.descent;

import java.util.Objects;
import java.util.OptionalDouble;
import org.atlasgraph.api.ChartPoint;

/**
 * The outcome of a first-order method's {@code minimize}.
 *
 * @param point               the last iterate
 * @param iterations          the number of steps taken
 * @param stopReason          which rule stopped the run and what it measured, e.g. {@code "gradient norm 8.1e-11 ≤
 *                            1e-10"}, or why no further step could be taken
 * @param gradientNorm        the metric norm of the gradient at the last iterate
 * @param value               f at the last iterate, when the objective has a value
 * @param valueEvaluations    how many times the objective's value was computed (line searches compute it at every
 *                            trial point)
 * @param gradientEvaluations how many times the objective's gradient was computed
 */
public record DescentResult(ChartPoint point, int iterations, String stopReason, double gradientNorm,
                            OptionalDouble value, int valueEvaluations, int gradientEvaluations) {
    /** Validates that the parts are present. */
    public DescentResult {
        Objects.requireNonNull(point, "point");
        Objects.requireNonNull(stopReason, "stopReason");
        Objects.requireNonNull(value, "value");
    }
}

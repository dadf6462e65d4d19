package org.atlasgraph.optim.sgd;

import java.util.Objects;
import java.util.OptionalDouble;
import org.atlasgraph.api.ChartPoint;

/**
 * The state of {@link RiemannianSgd} after one step, as seen by stopping rules and listeners.
 *
 * @param iteration     the number of steps taken so far (≥ 1)
 * @param point         the new iterate p_t
 * @param stepSize      η_{t−1}, the step size of the step just taken
 * @param gradientNorm  {@code ‖grad f(p_{t−1})‖}, the metric norm of the gradient at the point the step was taken from
 * @param stepNorm      the metric norm of the tangent vector that was retracted
 * @param value         f(p_t), when the objective has a value and it was evaluated at this iteration
 * @param previousValue the previous evaluated value, when there is one
 */
public record SgdProgress(int iteration, ChartPoint point, double stepSize, double gradientNorm, double stepNorm,
                          OptionalDouble value, OptionalDouble previousValue) {
    /** Validates that the point and the optional values are present. */
    public SgdProgress {
        Objects.requireNonNull(point, "point");
        Objects.requireNonNull(value, "value");
        Objects.requireNonNull(previousValue, "previousValue");
    }
}

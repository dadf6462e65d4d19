package org.atlasgraph.optim.descent;

import java.util.Objects;
import java.util.OptionalDouble;
import org.atlasgraph.api.ChartPoint;

/**
 * The state of a first-order method after one step (or at its start, iteration 0), as seen by stopping rules and
 * listeners. Every method reports the same quantities, so that rules, listeners, progress bars and convergence plots
 * work with any of them.
 *
 * @param iteration     the number of steps taken so far (0 at the start point, reported to listeners only)
 * @param point         the iterate p_t
 * @param stepSize      the step size of the step just taken: η_t of a schedule, or the α a line search accepted
 *                      (0 at the start)
 * @param gradientNorm  {@code ‖grad f(p_t)‖}, the metric norm of the (estimated) gradient at the new iterate
 * @param stepNorm      the metric norm of the tangent vector that was retracted (0 at the start)
 * @param value         f(p_t), when the objective has a value and it was evaluated at this iteration
 * @param previousValue the previous evaluated value, when there is one
 */
public record Progress(int iteration, ChartPoint point, double stepSize, double gradientNorm, double stepNorm,
                       OptionalDouble value, OptionalDouble previousValue) {
    /** Validates that the point and the optional values are present. */
    public Progress {
        Objects.requireNonNull(point, "point");
        Objects.requireNonNull(value, "value");
        Objects.requireNonNull(previousValue, "previousValue");
    }
}

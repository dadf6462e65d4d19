package org.atlasgraph.optim.sgd;

import java.util.Objects;
import java.util.OptionalDouble;
import org.atlasgraph.api.ChartPoint;

/**
 * The outcome of {@link RiemannianSgd#minimize}.
 *
 * @param point        the last iterate
 * @param iterations   the number of steps taken
 * @param stopReason   which rule stopped the run and what it measured, e.g. {@code "gradient norm 8.1e-11 ≤ 1e-10"}
 * @param gradientNorm the metric norm of the last gradient computed
 * @param value        f at the last iterate, when the objective has a value
 */
public record SgdResult(ChartPoint point, int iterations, String stopReason, double gradientNorm,
                        OptionalDouble value) {
    /** Validates that the parts are present. */
    public SgdResult {
        Objects.requireNonNull(point, "point");
        Objects.requireNonNull(stopReason, "stopReason");
        Objects.requireNonNull(value, "value");
    }
}

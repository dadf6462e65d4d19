package org.atlasgraph.optim.linesearch;

import java.util.OptionalDouble;
import org.atlasgraph.api.ChartPoint;
import org.atlasgraph.api.TangentVector;

/**
 * One trial point of a line search, {@code Ret_p(tη)}, with φ(t) and, computed on first request, the gradient there and
 * the slope φ'(t). A method that accepts the trial reuses the gradient for its next direction, so an accepted strong
 * Wolfe step costs no extra gradient.
 */
public final class Trial {
    private final Line line;
    private final double step;
    private final ChartPoint point;
    private final OptionalDouble value;
    private TangentVector gradient;
    private double slope = Double.NaN;

    Trial(Line line, double step, ChartPoint point, OptionalDouble value) {
        this.line = line;
        this.step = step;
        this.point = point;
        this.value = value;
    }

    /** @return t */
    public double step() {
        return step;
    }

    /** @return {@code Ret_p(tη)} */
    public ChartPoint point() {
        return point;
    }

    /** @return φ(t) = f(Ret_p(tη)) (possibly non-finite), or empty for an objective without values */
    public OptionalDouble value() {
        return value;
    }

    /** @return φ(t), +∞ when it is not finite (the search treats the point as too far), NaN without values */
    double comparableValue() {
        if (value.isEmpty()) {
            return Double.NaN;
        }
        double v = value.getAsDouble();
        return Double.isFinite(v) ? v : Double.POSITIVE_INFINITY;
    }

    /** @return the gradient at the trial point (computed once) */
    public TangentVector gradient() {
        if (gradient == null) {
            gradient = line.gradientAt(point);
        }
        return gradient;
    }

    /** @return {@code φ'(t) = ⟨grad f(q), T_{p→q}(η)⟩} (computed once) */
    public double slope() {
        if (Double.isNaN(slope)) {
            slope = line.slopeAt(point, gradient());
        }
        return slope;
    }

    /** @return whether the gradient was computed */
    boolean hasGradient() {
        return gradient != null;
    }
}

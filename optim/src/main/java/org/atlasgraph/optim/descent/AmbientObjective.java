package org.atlasgraph.optim.descent;

import java.util.OptionalDouble;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.ToDoubleFunction;
import java.util.function.UnaryOperator;
import java.util.random.RandomGenerator;
import org.atlasgraph.api.ChartPoint;
import org.atlasgraph.api.Metric;
import org.atlasgraph.api.TangentVector;
import org.atlasgraph.api.check.Checks;

/**
 * {@link Objective#ambient}: f and ∇f on R^D, the gradient raised by the metric. A line search asks for the value and
 * then the gradient at the same trial point; the point's ambient form {@code φ⁻¹(ξ)} is computed once for both
 * (recognised by the identity of the point, an immutable value) and each function receives its own copy.
 */
final class AmbientObjective implements Objective {
    private final ToDoubleFunction<double[]> value;
    private final UnaryOperator<double[]> euclideanGradient;
    private final Metric metric;
    private final AtomicReference<Embedded> last = new AtomicReference<>();

    /** A chart point and its ambient form. */
    private record Embedded(ChartPoint point, double[] x) {
    }

    AmbientObjective(ToDoubleFunction<double[]> value, UnaryOperator<double[]> euclideanGradient, Metric metric) {
        this.value = value;
        this.euclideanGradient = euclideanGradient;
        this.metric = metric;
    }

    @Override
    public TangentVector gradient(ChartPoint p, RandomGenerator rng) {
        double[] x = ambientOf(p);
        double[] g = euclideanGradient.apply(x);
        Checks.requireFiniteOfLength("Euclidean gradient", g, x.length, "ambient dimension");
        return metric.riemannianGradient(p, g);
    }

    @Override
    public OptionalDouble value(ChartPoint p) {
        return OptionalDouble.of(value.applyAsDouble(ambientOf(p)));
    }

    /** @return a fresh copy of φ⁻¹(ξ_p) */
    private double[] ambientOf(ChartPoint p) {
        Embedded e = last.get();
        if (e == null || e.point() != p) {
            e = new Embedded(p, p.chart().toAmbient(p.xi()));
            last.set(e);
        }
        return e.x().clone();
    }
}

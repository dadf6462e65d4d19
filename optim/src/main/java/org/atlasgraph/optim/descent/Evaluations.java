package org.atlasgraph.optim.descent;

import java.util.Objects;
import java.util.OptionalDouble;
import java.util.random.RandomGenerator;
import org.atlasgraph.api.ChartPoint;
import org.atlasgraph.api.Metric;
import org.atlasgraph.api.TangentVector;
import org.atlasgraph.api.check.InvalidInputException;

/**
 * One run's access to an objective: it counts the evaluations (reported in {@link DescentResult}), checks that every
 * gradient is expressed in its base point's chart, and turns a non-finite gradient into an error that names the
 * method and the iteration instead of a NaN that spreads. Not thread-safe; one per run.
 */
public final class Evaluations {
    private final String method;
    private final Objective objective;
    private final RandomGenerator rng;
    private final Metric metric;
    private int values;
    private int gradients;

    /**
     * @param method    the method's name in messages, e.g. {@code "cg"}
     * @param objective the objective
     * @param rng       the random source of a stochastic objective
     * @param metric    the metric that measures gradient norms
     */
    public Evaluations(String method, Objective objective, RandomGenerator rng, Metric metric) {
        this.method = Objects.requireNonNull(method, "method");
        this.objective = Objects.requireNonNull(objective, "objective");
        this.rng = Objects.requireNonNull(rng, "rng");
        this.metric = Objects.requireNonNull(metric, "metric");
    }

    /**
     * @param p         a point
     * @param iteration the iteration it belongs to, for messages
     * @return the gradient at p, in p's chart
     * @throws InvalidInputException if the objective returns a gradient in another chart
     * @throws ArithmeticException   if its norm is not finite
     */
    public TangentVector gradient(ChartPoint p, int iteration) {
        gradients++;
        TangentVector g = p.requireTangent("gradient", objective.gradient(p, rng));
        double norm = metric.norm(p, g);
        if (!Double.isFinite(norm)) {
            throw new ArithmeticException(method + ": gradient norm at iteration " + iteration + " is " + norm);
        }
        return g;
    }

    /**
     * @param p a point
     * @return f(p), or empty when the objective has no value; a non-finite value is returned as it is (a line search
     *     treats it as "too far")
     */
    public OptionalDouble value(ChartPoint p) {
        OptionalDouble v = objective.value(p);
        if (v.isPresent()) {
            values++;
        }
        return v;
    }

    /**
     * The value at a point the method keeps (a start point or an accepted iterate), which must be finite.
     *
     * @param p         the point
     * @param iteration its iteration, for the message
     * @param advice    what to try when the value is not finite, appended to the message (may be empty)
     * @return f(p), or empty when the objective has no value
     * @throws ArithmeticException if the value is not finite
     */
    public OptionalDouble finiteValue(ChartPoint p, int iteration, String advice) {
        OptionalDouble v = value(p);
        if (v.isPresent() && !Double.isFinite(v.getAsDouble())) {
            throw new ArithmeticException(method + ": objective value at iteration " + iteration + " is "
                    + v.getAsDouble() + advice);
        }
        return v;
    }

    /** @return the metric that measures gradient norms */
    public Metric metric() {
        return metric;
    }

    /** @return the number of values computed so far */
    public int values() {
        return values;
    }

    /** @return the number of gradients computed so far */
    public int gradients() {
        return gradients;
    }

    /**
     * The result of a run that ends at p.
     *
     * @param p            the last iterate
     * @param iterations   the steps taken
     * @param reason       why the run stopped
     * @param gradientNorm the gradient norm at p
     * @param value        f(p) if known
     * @return the result with this run's evaluation counts
     */
    public DescentResult result(ChartPoint p, int iterations, String reason, double gradientNorm,
                                OptionalDouble value) {
        return new DescentResult(p, iterations, reason, gradientNorm, value, values, gradients);
    }
}

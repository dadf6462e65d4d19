package org.atlasgraph.optim.linesearch;

import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;
import org.atlasgraph.api.ChartPoint;
import org.atlasgraph.api.Retraction;
import org.atlasgraph.api.TangentVector;
import org.atlasgraph.api.VectorTransport;
import org.atlasgraph.api.check.InvalidInputException;
import org.atlasgraph.optim.descent.Evaluations;

/**
 * The objective restricted to the retraction curve {@code φ(t) = f(Ret_p(tη))} along a search direction η at p, with
 * its slope {@code φ'(t) = ⟨grad f(Ret_p(tη)), T_{p→Ret_p(tη)}(η)⟩}: the vector transport stands in for the
 * differentiated retraction {@code D Ret_p(tη)[η]}, which it equals for the quasi-Euclidean retraction (the identity on
 * representatives within a chart, the transition's differential across a chart change).
 *
 * <p>Every trial point is a point the retraction returned, so a line search never leaves the manifold: a step beyond a
 * chart's bounded image is walked across charts by the retraction, and a step across the edge of a learned atlas is an
 * empty trial, which a line search treats as "too far". Not thread-safe; one per search.
 */
public final class Line {
    private final Evaluations evaluations;
    private final ChartPoint origin;
    private final TangentVector direction;
    private final OptionalDouble value0;
    private final double slope0;
    private final Retraction retraction;
    private final VectorTransport transport;
    private final int iteration;
    private final double maxStep;
    private int trials;
    private double shortest = Double.POSITIVE_INFINITY;

    /**
     * @param evaluations the run's access to the objective
     * @param origin      p
     * @param direction   η, a descent direction at p
     * @param value0      f(p), or empty for an objective without values (the searches then use slopes alone)
     * @param slope0      {@code φ'(0) = ⟨grad f(p), η⟩ < 0}
     * @param retraction  the retraction that takes the steps
     * @param transport   the vector transport that carries η to trial points
     * @param maxStepNorm the largest metric norm of a trial step tη, &gt; 0 or +∞
     * @param iteration   the method's iteration, for messages
     * @throws InvalidInputException if the slope is not negative and finite
     */
    public Line(Evaluations evaluations, ChartPoint origin, TangentVector direction, OptionalDouble value0,
                double slope0, Retraction retraction, VectorTransport transport, double maxStepNorm, int iteration) {
        this.evaluations = Objects.requireNonNull(evaluations, "evaluations");
        this.origin = Objects.requireNonNull(origin, "origin");
        this.direction = origin.requireTangent("direction", direction);
        this.value0 = Objects.requireNonNull(value0, "value0");
        if (!(slope0 < 0) || !Double.isFinite(slope0)) {
            throw new InvalidInputException("slope0", "a finite value < 0 (the slope of a descent direction)",
                    String.valueOf(slope0));
        }
        this.slope0 = slope0;
        this.retraction = Objects.requireNonNull(retraction, "retraction");
        this.transport = Objects.requireNonNull(transport, "transport");
        this.iteration = iteration;
        this.maxStep = maxStepNorm / evaluations.metric().norm(origin, direction);
    }

    /** @return p, where t = 0 */
    public ChartPoint origin() {
        return origin;
    }

    /** @return η */
    public TangentVector direction() {
        return direction;
    }

    /** @return whether the objective has values; without them searches judge decrease by slopes alone */
    public boolean hasValues() {
        return value0.isPresent();
    }

    /** @return φ(0) = f(p), NaN when the objective has no values */
    public double value0() {
        return value0.orElse(Double.NaN);
    }

    /** @return φ'(0) &lt; 0 */
    public double slope0() {
        return slope0;
    }

    /** @return the largest step size t whose step tη has the largest allowed metric norm (+∞ without a cap) */
    public double maxStep() {
        return maxStep;
    }

    /**
     * Evaluates φ at t: retracts tη and computes the value there (the gradient only on demand, {@link Trial#slope}).
     *
     * @param step a step size &gt; 0; a step beyond {@link #maxStep()} is shortened to it
     * @return the trial, or empty when the retraction cannot take the step (it would cross the manifold's edge)
     */
    public Optional<Trial> at(double step) {
        double t = Math.min(step, maxStep);
        trials++;
        shortest = Math.min(shortest, t);
        return retraction.retract(origin, direction.scale(t))
                .map(q -> new Trial(this, t, q, hasValues() ? evaluations.value(q) : OptionalDouble.empty()));
    }

    /** @return how many trial points were evaluated */
    public int trials() {
        return trials;
    }

    /** @return the shortest step tried, +∞ before the first trial */
    public double shortestStep() {
        return shortest;
    }

    TangentVector gradientAt(ChartPoint q) {
        return evaluations.gradient(q, iteration);
    }

    double slopeAt(ChartPoint q, TangentVector gradient) {
        return evaluations.metric().inner(q, gradient, transport.transport(origin, direction, q));
    }
}

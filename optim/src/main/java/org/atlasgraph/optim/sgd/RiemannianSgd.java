package org.atlasgraph.optim.sgd;

import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.SplittableRandom;
import java.util.random.RandomGenerator;
import org.atlasgraph.api.ChartPoint;
import org.atlasgraph.api.Manifold;
import org.atlasgraph.api.Metric;
import org.atlasgraph.api.TangentVector;
import org.atlasgraph.api.check.Checks;
import org.atlasgraph.api.check.InvalidInputException;
import org.atlasgraph.optim.descent.DescentBuilder;
import org.atlasgraph.optim.descent.DescentResult;
import org.atlasgraph.optim.descent.DescentSettings;
import org.atlasgraph.optim.descent.Evaluations;
import org.atlasgraph.optim.descent.Objective;
import org.atlasgraph.optim.descent.Progress;
import org.atlasgraph.optim.descent.StoppingRule;
import org.atlasgraph.optim.linesearch.Line;
import org.atlasgraph.optim.linesearch.LineSearch;
import org.atlasgraph.optim.linesearch.Trial;

/**
 * Riemannian (stochastic) gradient descent with a retraction and optional heavy-ball momentum (§2.4, and the
 * first-order methods surveyed by Hosseini and Sra that the paper cites):
 *
 * <pre>
 *   m_t     = β · T_{p_{t−1}→p_t}(m_{t−1}) + grad f(p_t)        (m_t = grad f(p_t) when β = 0)
 *   p_{t+1} = Ret_{p_t}(−η_t m_t)
 * </pre>
 *
 * <p>With the manifold's defaults the retraction is the quasi-Euclidean update ξ + τ with a chart change when the step
 * leaves the chart (walked across charts when it would leave a bounded chart image), and T is the identity on
 * representatives within a chart and the differential of the transition across charts, so the momentum survives
 * chart changes. Any other retraction or transport may be passed, for example the exact ones of
 * {@code ExactPrimitives} as a baseline.
 *
 * <p>With a {@linkplain Builder#lineSearch line search} (Armijo backtracking, for example) η_t is the first step
 * tried and the search shrinks it until f decreases sufficiently: steepest descent with line search for deterministic
 * objectives, which then need a value (or are judged by slopes, see {@link LineSearch}). Where m_t is not a descent
 * direction the momentum is dropped for that step.
 *
 * <p>Instances are immutable and may be reused; build them with {@link #on(Manifold)}.
 */
public final class RiemannianSgd {
    private final DescentSettings settings;
    private final StepSchedule schedule;
    private final double momentum;
    private final int valueEvery;
    private final Optional<LineSearch> lineSearch;

    private RiemannianSgd(Builder b, DescentSettings settings) {
        this.settings = settings;
        this.schedule = b.schedule;
        this.momentum = b.momentum;
        this.valueEvery = b.valueEvery;
        this.lineSearch = b.lineSearch;
    }

    /**
     * Starts the configuration of an optimizer on a manifold. Defaults: the manifold's retraction, vector transport and
     * metric; {@code StepSchedule.constant(0.01)}; no momentum; no line search; at most 1000 iterations; no other
     * stopping rule; steps capped at ten typical lengths ({@link DescentBuilder#maxStepNorm}); the value evaluated at
     * every iteration when the objective has one.
     *
     * @param manifold the manifold
     * @return a builder
     */
    public static Builder on(Manifold manifold) {
        return new Builder(Objects.requireNonNull(manifold, "manifold"));
    }

    /**
     * Minimizes a deterministic objective (one that ignores its random source).
     *
     * @param objective the objective
     * @param start     the first iterate
     * @return the last iterate and why the run stopped
     * @throws ArithmeticException if a gradient or value becomes non-finite (the message names the iteration and the
     *     step size, which is usually too large)
     */
    public DescentResult minimize(Objective objective, ChartPoint start) {
        return minimize(objective, start, new SplittableRandom(0));
    }

    /**
     * Minimizes an objective, drawing the stochastic gradients' samples from {@code rng}.
     *
     * @param objective the objective
     * @param start     the first iterate
     * @param rng       the only random source used; a seeded source replays the run
     * @return the last iterate and why the run stopped: a stopping rule, the iteration budget, a step the retraction
     *     cannot take because it would cross the manifold's edge (a learned atlas where its data end), or a line search
     *     that finds no decrease
     * @throws InvalidInputException if the objective returns a gradient in another chart than its base point, or the
     *     schedule a step size that is not finite and positive
     * @throws ArithmeticException   if a gradient or value becomes non-finite
     */
    public DescentResult minimize(Objective objective, ChartPoint start, RandomGenerator rng) {
        Objects.requireNonNull(objective, "objective");
        Objects.requireNonNull(start, "start");
        Metric metric = settings.metric();
        Evaluations f = new Evaluations("sgd", objective, rng, metric);
        StoppingRule rule = settings.rule();
        ChartPoint p = start;
        OptionalDouble value = valueEvery > 0 || lineSearch.isPresent() ? f.finiteValue(p, 0, "")
                : OptionalDouble.empty();
        OptionalDouble previousValue = value;
        TangentVector g = f.gradient(p, 0);
        double gradientNorm = metric.norm(p, g);
        settings.listener().onIteration(new Progress(0, p, 0, gradientNorm, 0, value, OptionalDouble.empty()));
        TangentVector velocity = null;
        for (int t = 0; ; t++) {
            TangentVector direction = velocity == null ? g : velocity.scale(momentum).plus(g);
            double eta = schedule.stepSize(t);
            if (!(eta > 0) || !Double.isFinite(eta)) {
                throw new InvalidInputException("step size at iteration " + t, "a finite value > 0",
                        String.valueOf(eta), "schedule " + schedule);
            }
            double directionNorm = metric.norm(p, direction);
            if (directionNorm == 0) {
                return f.result(p, t, "the gradient is zero", gradientNorm, value);
            }
            double step = Math.min(eta, settings.maxStepNorm() / directionNorm);
            ChartPoint q;
            OptionalDouble newValue = OptionalDouble.empty();
            TangentVector newGradient = null;
            if (lineSearch.isPresent()) {
                if (!(metric.inner(p, g, direction) > 0)) {
                    direction = g;
                    directionNorm = gradientNorm;
                    step = Math.min(eta, settings.maxStepNorm() / directionNorm);
                }
                Line line = new Line(f, p, direction.scale(-1), value, -metric.inner(p, g, direction),
                        settings.retraction(), settings.transport(), settings.maxStepNorm(), t + 1);
                Optional<Trial> accepted = lineSearch.get().search(line, step);
                if (accepted.isEmpty()) {
                    return f.result(p, t, "the line search (" + lineSearch.get() + ") found no acceptable step in "
                            + line.trials() + " trials (shortest step " + Checks.number(line.shortestStep())
                            + ", gradient norm " + Checks.number(gradientNorm) + ")", gradientNorm, value);
                }
                q = accepted.get().point();
                step = accepted.get().step();
                newValue = accepted.get().value();
                newGradient = accepted.get().gradient();
            } else {
                Optional<ChartPoint> next = settings.retraction().retract(p, direction.scale(-step));
                if (next.isEmpty()) {
                    // Only a manifold with an edge (a learned atlas where its data end) answers so: stop here.
                    return f.result(p, t, "the step at iteration " + t + " (norm " + Checks.number(step
                            * directionNorm) + ") would leave the manifold, whose atlas ends there", gradientNorm,
                            value);
                }
                q = next.get();
            }
            if (momentum > 0) {
                velocity = settings.transport().transport(p, direction, q);
            }
            p = q;
            int iteration = t + 1;
            g = newGradient != null ? newGradient : f.gradient(p, iteration);
            gradientNorm = metric.norm(p, g);
            if (lineSearch.isPresent()) {
                value = newValue;
            } else {
                value = valueEvery > 0 && iteration % valueEvery == 0 ? f.finiteValue(p, iteration,
                        " after a step of size " + Checks.number(eta) + "; try a smaller step size")
                        : OptionalDouble.empty();
            }
            Progress progress = new Progress(iteration, p, step, gradientNorm, step * directionNorm, value,
                    previousValue);
            settings.listener().onIteration(progress);
            Optional<String> reason = rule.check(progress);
            if (value.isPresent()) {
                previousValue = value;
            }
            if (reason.isPresent()) {
                return f.result(p, iteration, reason.get(), gradientNorm, value.isPresent() ? value
                        : objective.value(p));
            }
        }
    }

    /** Configures a {@link RiemannianSgd}; every setter validates its argument. */
    public static final class Builder extends DescentBuilder<Builder> {
        private StepSchedule schedule = StepSchedule.constant(0.01);
        private double momentum;
        private int valueEvery = 1;
        private Optional<LineSearch> lineSearch = Optional.empty();

        private Builder(Manifold manifold) {
            super(manifold, 1000);
        }

        @Override
        protected Builder self() {
            return this;
        }

        /**
         * @param schedule the step sizes η_t (with a line search: the first step tried at each iteration)
         * @return this builder
         */
        public Builder schedule(StepSchedule schedule) {
            this.schedule = Objects.requireNonNull(schedule, "schedule");
            return this;
        }

        /**
         * @param beta the heavy-ball coefficient β ∈ [0, 1); 0 disables momentum
         * @return this builder
         * @throws InvalidInputException if β is outside [0, 1)
         */
        public Builder momentum(double beta) {
            if (!(beta >= 0 && beta < 1)) {
                throw new InvalidInputException("momentum", "a value in [0, 1)", String.valueOf(beta));
            }
            this.momentum = beta;
            return this;
        }

        /**
         * Chooses each step by a line search, starting from the schedule's η_t: for example
         * {@code ArmijoBacktracking.DEFAULT}, which makes a constant schedule safe whatever its size.
         *
         * @param lineSearch the line search
         * @return this builder
         */
        public Builder lineSearch(LineSearch lineSearch) {
            this.lineSearch = Optional.of(Objects.requireNonNull(lineSearch, "lineSearch"));
            return this;
        }

        /**
         * @param every evaluate the objective's value every {@code every} iterations; 0 never (for objectives whose
         *              value is expensive). A line search evaluates it at every trial regardless.
         * @return this builder
         */
        public Builder evaluateValueEvery(int every) {
            this.valueEvery = Checks.requireInRange("evaluateValueEvery", every, 0, Integer.MAX_VALUE);
            return this;
        }

        /** @return the optimizer */
        public RiemannianSgd build() {
            return new RiemannianSgd(this, settings());
        }
    }
}

package org.atlasgraph.optim.sgd;

import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.SplittableRandom;
import java.util.random.RandomGenerator;
import org.atlasgraph.api.ChartPoint;
import org.atlasgraph.api.Manifold;
import org.atlasgraph.api.Metric;
import org.atlasgraph.api.Retraction;
import org.atlasgraph.api.TangentVector;
import org.atlasgraph.api.VectorTransport;
import org.atlasgraph.api.check.Checks;
import org.atlasgraph.api.check.InvalidInputException;

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
 * leaves the chart, and T is the identity on representatives within a chart and the differential of the transition
 * across charts, so the momentum survives chart changes. Any other retraction or transport may be passed, for example
 * the exact ones of {@code ExactPrimitives} as a baseline. Instances are immutable and may be reused; build them with
 * {@link #on(Manifold)}.
 */
public final class RiemannianSgd {
    private final Metric metric;
    private final Retraction retraction;
    private final VectorTransport transport;
    private final StepSchedule schedule;
    private final double momentum;
    private final int maxIterations;
    private final Optional<StoppingRule> stoppingRule;
    private final SgdListener listener;
    private final double maxStepNorm;
    private final int valueEvery;

    private RiemannianSgd(Builder b) {
        this.metric = b.metric;
        this.retraction = b.retraction;
        this.transport = b.transport;
        this.schedule = b.schedule;
        this.momentum = b.momentum;
        this.maxIterations = b.maxIterations;
        this.stoppingRule = b.stoppingRule;
        this.listener = b.listener;
        this.maxStepNorm = b.maxStepNorm;
        this.valueEvery = b.valueEvery;
    }

    /**
     * Starts the configuration of an optimizer on a manifold. Defaults: the manifold's retraction, vector transport and
     * metric; {@code StepSchedule.constant(0.01)}; no momentum; at most 1000 iterations; no other stopping rule; no
     * limit on the step norm; the value evaluated at every iteration when the objective has one.
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
    public SgdResult minimize(Objective objective, ChartPoint start) {
        return minimize(objective, start, new SplittableRandom(0));
    }

    /**
     * Minimizes an objective, drawing the stochastic gradients' samples from {@code rng}.
     *
     * @param objective the objective
     * @param start     the first iterate
     * @param rng       the only random source used; a seeded source replays the run
     * @return the last iterate and why the run stopped: a stopping rule, the iteration budget, or a step the retraction
     *     cannot take because it would cross the manifold's edge (a learned atlas where its data end)
     * @throws InvalidInputException if the objective returns a gradient in another chart than its base point, or the
     *     schedule a step size that is not finite and positive
     * @throws ArithmeticException   if a gradient or value becomes non-finite
     */
    public SgdResult minimize(Objective objective, ChartPoint start, RandomGenerator rng) {
        Objects.requireNonNull(objective, "objective");
        Objects.requireNonNull(start, "start");
        Objects.requireNonNull(rng, "rng");
        StoppingRule rule = stoppingRule.map(r -> r.or(StoppingRule.maxIterations(maxIterations)))
                .orElse(StoppingRule.maxIterations(maxIterations));
        ChartPoint p = start;
        TangentVector velocity = null;
        OptionalDouble previousValue = valueEvery > 0 ? finiteValue(objective, p, 0, Double.NaN)
                : OptionalDouble.empty();
        for (int t = 0; ; t++) {
            TangentVector g = p.requireTangent("gradient", objective.gradient(p, rng));
            double gradientNorm = metric.norm(p, g);
            if (!Double.isFinite(gradientNorm)) {
                throw new ArithmeticException("sgd: gradient norm at iteration " + t + " is " + gradientNorm);
            }
            TangentVector direction = velocity == null ? g : velocity.scale(momentum).plus(g);
            double eta = schedule.stepSize(t);
            if (!(eta > 0) || !Double.isFinite(eta)) {
                throw new InvalidInputException("step size at iteration " + t, "a finite value > 0",
                        String.valueOf(eta), "schedule " + schedule);
            }
            TangentVector tau = direction.scale(-eta);
            double stepNorm = metric.norm(p, tau);
            if (stepNorm > maxStepNorm) {
                tau = tau.scale(maxStepNorm / stepNorm);
                stepNorm = maxStepNorm;
            }
            Optional<ChartPoint> next = retraction.retract(p, tau);
            if (next.isEmpty()) {
                // Only a manifold with an edge (a learned atlas where its data end) answers so: stop at the last point.
                return new SgdResult(p, t, "the step at iteration " + t + " (norm " + Checks.number(stepNorm)
                        + ") would leave the manifold, whose atlas ends there", gradientNorm, objective.value(p));
            }
            ChartPoint q = next.get();
            if (momentum > 0) {
                velocity = transport.transport(p, direction, q);
            }
            p = q;
            int iteration = t + 1;
            OptionalDouble value = valueEvery > 0 && iteration % valueEvery == 0
                    ? finiteValue(objective, p, iteration, eta) : OptionalDouble.empty();
            SgdProgress progress = new SgdProgress(iteration, p, eta, gradientNorm, stepNorm, value, previousValue);
            listener.onIteration(progress);
            Optional<String> reason = rule.check(progress);
            if (value.isPresent()) {
                previousValue = value;
            }
            if (reason.isPresent()) {
                return new SgdResult(p, iteration, reason.get(), gradientNorm, value.isPresent() ? value
                        : objective.value(p));
            }
        }
    }

    private static OptionalDouble finiteValue(Objective objective, ChartPoint p, int iteration, double eta) {
        OptionalDouble v = objective.value(p);
        if (v.isPresent() && !Double.isFinite(v.getAsDouble())) {
            throw new ArithmeticException("sgd: objective value at iteration " + iteration + " is "
                    + v.getAsDouble() + (Double.isNaN(eta) ? "" : " after a step of size " + Checks.number(eta)
                    + "; try a smaller step size"));
        }
        return v;
    }

    /** Configures a {@link RiemannianSgd}; every setter validates its argument. */
    public static final class Builder {
        private Metric metric;
        private Retraction retraction;
        private VectorTransport transport;
        private StepSchedule schedule = StepSchedule.constant(0.01);
        private double momentum;
        private int maxIterations = 1000;
        private Optional<StoppingRule> stoppingRule = Optional.empty();
        private SgdListener listener = SgdListener.NONE;
        private double maxStepNorm = Double.POSITIVE_INFINITY;
        private int valueEvery = 1;

        private Builder(Manifold manifold) {
            this.metric = manifold.metric();
            this.retraction = manifold.retraction();
            this.transport = manifold.vectorTransport();
        }

        /**
         * @param schedule the step sizes η_t
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
         * @param n the iteration budget, ≥ 1; always enforced in addition to {@link #stopWhen}
         * @return this builder
         */
        public Builder maxIterations(int n) {
            this.maxIterations = Checks.requirePositive("maxIterations", n);
            return this;
        }

        /**
         * @param rule an additional stopping rule, e.g. {@code StoppingRule.gradientNormBelow(1e-8)}
         * @return this builder
         */
        public Builder stopWhen(StoppingRule rule) {
            this.stoppingRule = Optional.of(Objects.requireNonNull(rule, "rule"));
            return this;
        }

        /**
         * @param listener receives the progress after every step
         * @return this builder
         */
        public Builder listener(SgdListener listener) {
            this.listener = Objects.requireNonNull(listener, "listener");
            return this;
        }

        /**
         * @param retraction the retraction used for steps, instead of the manifold's
         * @return this builder
         */
        public Builder retraction(Retraction retraction) {
            this.retraction = Objects.requireNonNull(retraction, "retraction");
            return this;
        }

        /**
         * @param transport the vector transport that carries momentum, instead of the manifold's
         * @return this builder
         */
        public Builder vectorTransport(VectorTransport transport) {
            this.transport = Objects.requireNonNull(transport, "transport");
            return this;
        }

        /**
         * @param metric the metric that measures gradient and step norms, instead of the manifold's
         * @return this builder
         */
        public Builder metric(Metric metric) {
            this.metric = Objects.requireNonNull(metric, "metric");
            return this;
        }

        /**
         * Caps the metric norm of every retracted step (gradient clipping), which keeps quasi-Euclidean steps inside
         * the region where a chart is trusted.
         *
         * @param maxNorm the largest step norm, &gt; 0 (infinity for no cap)
         * @return this builder
         */
        public Builder maxStepNorm(double maxNorm) {
            if (!(maxNorm > 0)) {
                throw new InvalidInputException("maxStepNorm", "a value > 0", String.valueOf(maxNorm));
            }
            this.maxStepNorm = maxNorm;
            return this;
        }

        /**
         * @param every evaluate the objective's value every {@code every} iterations; 0 never (for objectives whose
         *              value is expensive)
         * @return this builder
         */
        public Builder evaluateValueEvery(int every) {
            this.valueEvery = Checks.requireInRange("evaluateValueEvery", every, 0, Integer.MAX_VALUE);
            return this;
        }

        /** @return the optimizer */
        public RiemannianSgd build() {
            return new RiemannianSgd(this);
        }
    }
}

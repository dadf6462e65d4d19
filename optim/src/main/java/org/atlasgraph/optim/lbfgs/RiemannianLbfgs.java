package org.atlasgraph.optim.lbfgs;

import java.util.Objects;
import java.util.SplittableRandom;
import java.util.random.RandomGenerator;
import org.atlasgraph.api.ChartPoint;
import org.atlasgraph.api.Manifold;
import org.atlasgraph.api.check.Checks;
import org.atlasgraph.optim.descent.DescentBuilder;
import org.atlasgraph.optim.descent.DescentResult;
import org.atlasgraph.optim.descent.Objective;
import org.atlasgraph.optim.linesearch.LineSearch;
import org.atlasgraph.optim.linesearch.LineSearchDescent;
import org.atlasgraph.optim.linesearch.StrongWolfe;

/**
 * Riemannian limited-memory BFGS (Huang, Gallivan and Absil 2015; Manopt's {@code rlbfgs}): the quasi-Newton direction
 * {@code −H_k grad f(p_k)} of the two-loop recursion over the last m curvature pairs, which the vector transport
 * carries along with the iterate, with the cautious update that keeps H_k positive definite, and a line search (strong
 * Wolfe with c₂ = 0.9 by default, trying the unit step first). Written against the SPI only.
 *
 * <p>Instances are immutable and may be reused; build them with {@link #on(Manifold)}.
 */
public final class RiemannianLbfgs {
    /** Manopt's default memory ({@code rlbfgs}). */
    public static final int DEFAULT_MEMORY = 30;

    private final LineSearchDescent descent;

    private RiemannianLbfgs(LineSearchDescent descent) {
        this.descent = descent;
    }

    /**
     * Starts the configuration on a manifold. Defaults: memory {@value #DEFAULT_MEMORY},
     * {@link StrongWolfe#QUASI_NEWTON}, at most 1000 iterations, the manifold's primitives.
     *
     * @param manifold the manifold
     * @return a builder
     */
    public static Builder on(Manifold manifold) {
        return new Builder(Objects.requireNonNull(manifold, "manifold"));
    }

    /**
     * Minimizes a deterministic objective.
     *
     * @param objective the objective; with a value the line search compares values, without one it judges steps by
     *                  slopes alone
     * @param start     the first iterate
     * @return the last iterate and why the run stopped
     * @throws ArithmeticException if the value or the gradient becomes non-finite at an accepted point
     */
    public DescentResult minimize(Objective objective, ChartPoint start) {
        return minimize(objective, start, new SplittableRandom(0));
    }

    /**
     * Minimizes an objective whose gradient may draw from a random source.
     *
     * @param objective the objective
     * @param start     the first iterate
     * @param rng       the only random source used
     * @return the last iterate and why the run stopped
     */
    public DescentResult minimize(Objective objective, ChartPoint start, RandomGenerator rng) {
        return descent.minimize(Objects.requireNonNull(objective, "objective"), start, rng);
    }

    @Override
    public String toString() {
        return descent.toString();
    }

    /** Configures a {@link RiemannianLbfgs}. */
    public static final class Builder extends DescentBuilder<Builder> {
        private int memory = DEFAULT_MEMORY;
        private LineSearch lineSearch = StrongWolfe.QUASI_NEWTON;

        private Builder(Manifold manifold) {
            super(manifold, 1000);
        }

        @Override
        protected Builder self() {
            return this;
        }

        /**
         * @param m the number of curvature pairs kept, ≥ 1
         * @return this builder
         */
        public Builder memory(int m) {
            this.memory = Checks.requirePositive("memory", m);
            return this;
        }

        /**
         * @param lineSearch how the step size is chosen
         * @return this builder
         */
        public Builder lineSearch(LineSearch lineSearch) {
            this.lineSearch = Objects.requireNonNull(lineSearch, "lineSearch");
            return this;
        }

        /** @return the optimizer */
        public RiemannianLbfgs build() {
            int m = memory;
            return new RiemannianLbfgs(new LineSearchDescent("lbfgs", settings(), lineSearch,
                    s -> new LbfgsDirections(m, s.metric(), s.transport())));
        }
    }
}

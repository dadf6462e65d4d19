package org.atlasgraph.optim.cg;

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
 * Riemannian nonlinear conjugate gradients (Absil, Mahony and Sepulchre 2008, Alg. 13; Sato 2021, Ch. 4): steps
 * {@code p_{k+1} = Ret_{p_k}(α_k η_k)} along {@code η_{k+1} = −grad f(p_{k+1}) + β_k T_{p_k→p_{k+1}}(η_k)}, with β by
 * Fletcher–Reeves, Polak–Ribière+ or Hestenes–Stiefel ({@link ConjugateRule}), restarts every d steps and by Powell's
 * test, and α from a line search (strong Wolfe by default, Armijo backtracking on request). Written against the SPI
 * only: with the manifold's defaults the retraction is the quasi-Euclidean update and the transport the identity on
 * representatives within a chart, so most iterations are plain vector arithmetic in one chart.
 *
 * <p>Instances are immutable and may be reused; build them with {@link #on(Manifold)}.
 */
public final class RiemannianConjugateGradient {
    private final LineSearchDescent descent;

    private RiemannianConjugateGradient(LineSearchDescent descent) {
        this.descent = descent;
    }

    /**
     * Starts the configuration on a manifold. Defaults: Polak–Ribière+, {@link StrongWolfe#CONJUGATE_GRADIENTS}, a
     * restart every d = {@code manifold.dimension()} steps, at most 1000 iterations, the manifold's primitives.
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

    /** Configures a {@link RiemannianConjugateGradient}. */
    public static final class Builder extends DescentBuilder<Builder> {
        private ConjugateRule rule = ConjugateRule.POLAK_RIBIERE_PLUS;
        private LineSearch lineSearch = StrongWolfe.CONJUGATE_GRADIENTS;
        private int restartEvery;

        private Builder(Manifold manifold) {
            super(manifold, 1000);
            this.restartEvery = Math.max(1, manifold.dimension());
        }

        @Override
        protected Builder self() {
            return this;
        }

        /**
         * @param rule the choice of β
         * @return this builder
         */
        public Builder rule(ConjugateRule rule) {
            this.rule = Objects.requireNonNull(rule, "rule");
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

        /**
         * @param n restart (β = 0) at least every n steps, ≥ 1; 1 is steepest descent with line search
         * @return this builder
         */
        public Builder restartEvery(int n) {
            this.restartEvery = Checks.requirePositive("restartEvery", n);
            return this;
        }

        /** @return the optimizer */
        public RiemannianConjugateGradient build() {
            ConjugateRule r = rule;
            int every = restartEvery;
            return new RiemannianConjugateGradient(new LineSearchDescent("cg-" + r.code(), settings(), lineSearch,
                    s -> new ConjugateDirections(r, every, s.metric(), s.transport())));
        }
    }
}

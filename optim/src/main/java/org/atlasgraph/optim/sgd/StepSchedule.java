package org.atlasgraph.optim.sgd;

import org.atlasgraph.api.check.Checks;
import org.atlasgraph.api.check.InvalidInputException;

/**
 * The step size η_t of iteration t of a gradient method. Constant steps suit deterministic gradients; stochastic
 * gradients need decaying steps (Σ η_t = ∞, Σ η_t² &lt; ∞ for {@link #inverseTime}) to converge rather than hover.
 */
@FunctionalInterface
public interface StepSchedule {
    /**
     * @param iteration t ≥ 0, the number of steps taken so far
     * @return η_t &gt; 0
     */
    double stepSize(int iteration);

    /**
     * @param eta η &gt; 0
     * @return η_t = η
     * @throws InvalidInputException if η is not a finite positive number
     */
    static StepSchedule constant(double eta) {
        Checks.requirePositive("eta", eta);
        return named(t -> eta, "constant(" + Checks.number(eta) + ")");
    }

    /**
     * The Robbins–Monro schedule; with η₀ = decay = 1 and a one-sample gradient {@code −Log_p(x)} it is the online
     * Fréchet mean of Alg. 1.
     *
     * @param eta0  η₀ &gt; 0
     * @param decay c ≥ 0
     * @return η_t = η₀ / (1 + c·t)
     */
    static StepSchedule inverseTime(double eta0, double decay) {
        Checks.requirePositive("eta0", eta0);
        Checks.requireInRange("decay", decay, 0, Double.MAX_VALUE);
        return named(t -> eta0 / (1 + decay * t), "inverseTime(" + Checks.number(eta0) + ", "
                + Checks.number(decay) + ")");
    }

    /**
     * @param eta0 η₀ &gt; 0
     * @return η_t = η₀ / √(1 + t)
     */
    static StepSchedule inverseSqrt(double eta0) {
        Checks.requirePositive("eta0", eta0);
        return named(t -> eta0 / Math.sqrt(1.0 + t), "inverseSqrt(" + Checks.number(eta0) + ")");
    }

    /**
     * @param eta0 η₀ &gt; 0
     * @param rate r ∈ (0, 1]
     * @return η_t = η₀ · r^t
     */
    static StepSchedule exponential(double eta0, double rate) {
        Checks.requirePositive("eta0", eta0);
        if (!(rate > 0 && rate <= 1)) {
            throw new InvalidInputException("rate", "a value in (0, 1]", String.valueOf(rate));
        }
        return named(t -> eta0 * Math.pow(rate, t), "exponential(" + Checks.number(eta0) + ", "
                + Checks.number(rate) + ")");
    }

    private static StepSchedule named(StepSchedule schedule, String name) {
        return new StepSchedule() {
            @Override
            public double stepSize(int iteration) {
                return schedule.stepSize(iteration);
            }

            @Override
            public String toString() {
                return name;
            }
        };
    }
}

package org.atlasgraph.optim.mean;

import java.util.Objects;
import java.util.function.Function;
import org.atlasgraph.api.Manifold;
import org.atlasgraph.api.capability.AmbientStep;

/**
 * A scheme that keeps the estimate as an ambient array and updates it with a closed-form {@link AmbientStep}, such
 * as the exact geodesic step or the GifeeLog/GifeeExp and ManoptLog/ManoptRet pairs of Fig. S1. No chart is involved,
 * which makes these the fair baselines of §3.2: the same work Pymanopt and GiFEE do.
 */
final class AmbientScheme implements FrechetScheme {
    private final String name;
    private final Function<Manifold, AmbientStep> step;

    /**
     * @param name the scheme's name
     * @param step the manifold's step; throws an {@code InvalidInputException} naming the scheme when it has none
     */
    AmbientScheme(String name, Function<Manifold, AmbientStep> step) {
        this.name = Objects.requireNonNull(name, "name");
        this.step = Objects.requireNonNull(step, "step");
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public MeanEstimator estimator(Manifold manifold) {
        return new Estimator(step.apply(manifold));
    }

    @Override
    public String toString() {
        return name;
    }

    private static final class Estimator implements MeanEstimator {
        private final AmbientStep step;
        private double[] mean;

        Estimator(AmbientStep step) {
            this.step = step;
        }

        @Override
        public void initialize(double[] first) {
            mean = first.clone();
        }

        @Override
        public boolean update(double[] sample, double t) {
            mean = step.step(mean, sample, t);
            return true;
        }

        @Override
        public double[] ambient() {
            return mean.clone();
        }

        @Override
        public long chartChanges() {
            return 0;
        }
    }
}

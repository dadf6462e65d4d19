package org.atlasgraph.optim.mean;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import org.atlasgraph.api.capability.ExactGeometry;
import org.atlasgraph.api.capability.Sampler;
import org.atlasgraph.tck.fixture.HyperbolicSpace;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The online mean on a manifold whose metric is not the embedding's and whose charts have bounded images: hyperbolic
 * space in the hyperboloid model with Beltrami–Klein charts (the kit's {@link HyperbolicSpace}).
 */
class HyperbolicFrechetMeanTest {
    private static final long SEED = 9;
    private static final int N = 2000;
    /**
     * The sampler's wrapped normal is symmetric about the origin o = e₀, its Fréchet mean. The estimate after N
     * samples is within about √(2/N) ≈ 0.03 of o in each tangent direction; the bound is five times that.
     */
    private static final double MEAN_TOLERANCE = 0.15;

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"atlas", "exp"})
    void findsTheOriginAsTheMeanOfTheWrappedNormal(String scheme) {
        HyperbolicSpace h = HyperbolicSpace.of(2);
        Sampler sampler = h.capability(Sampler.class).orElseThrow();
        OnlineFrechetMean mean = new OnlineFrechetMean(h, FrechetScheme.parse(scheme, h));
        SplittableRandom rng = new SplittableRandom(SEED);
        for (int i = 0; i < N; i++) {
            mean.add(h.embed(sampler.sample(rng)));
        }
        double error = h.capability(ExactGeometry.class).orElseThrow().distance(mean.estimate().orElseThrow(),
                new double[] {1, 0, 0});
        assertThat(error).as("distance of the %s estimate to the origin after %d samples", scheme, N)
                .isLessThan(MEAN_TOLERANCE);
    }
}

package org.atlasgraph.optim.mean;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.SplittableRandom;
import org.atlasgraph.api.capability.ExactGeometry;
import org.atlasgraph.api.check.InvalidInputException;
import org.atlasgraph.optim.ClosedFormKarcherMean;
import org.atlasgraph.optim.WithoutCapabilities;
import org.atlasgraph.sphere.Sphere;
import org.junit.jupiter.api.Test;

/** The batch Fréchet mean against batch gradient descent with the sphere's closed-form exp and log. */
class KarcherMeanTest {
    private static final long SEED = 11;
    /** Both descents reach the fixed point to rounding; 1e-9 leaves room for ~1e7 ulps. */
    private static final double TOLERANCE = 1e-9;

    private final Sphere sphere = Sphere.of(3);

    @Test
    void equalsTheFixedPointOfExpLogDescent() {
        List<double[]> data = samples(50);

        KarcherMean mean = KarcherMean.of(sphere, data, 1e-13, 1000);

        ExactGeometry exact = sphere.capability(ExactGeometry.class).orElseThrow();
        assertThat(mean.mean()).as("mean (%s)", mean.detail()).isPresent();
        assertThat(exact.distance(sphere.embed(mean.mean().get()), ClosedFormKarcherMean.of(exact, data)))
                .as("distance to the exp/log Karcher mean").isLessThan(TOLERANCE);
        assertThat(mean.detail()).as("detail").startsWith("converged in " + mean.iterations() + " iterations");
        assertThat(mean.gradientNorm()).as("last gradient norm").isLessThanOrEqualTo(1e-13);
    }

    @Test
    void aManifoldWithoutGeodesicsHasNoMeanAndSaysWhy() {
        KarcherMean mean = KarcherMean.of(new WithoutCapabilities(sphere), samples(5), 1e-13, 1000);

        assertThat(mean.mean()).as("mean").isEmpty();
        assertThat(mean.detail()).as("detail").isEqualTo("S^2 has no Riemannian logarithm (no Geodesics capability)");
    }

    @Test
    void tooFewIterationsLeaveNoMeanAndSaySo() {
        KarcherMean mean = KarcherMean.of(sphere, samples(50), 1e-13, 1);

        assertThat(mean.mean()).as("mean").isEmpty();
        assertThat(mean.detail()).as("detail").startsWith("did not converge in 1 iterations");
    }

    @Test
    void rejectsAnEmptySample() {
        assertThatThrownBy(() -> KarcherMean.of(sphere, List.of(), 1e-13, 10))
                .isInstanceOf(InvalidInputException.class)
                .hasMessage("samples: expected at least one sample, found none");
    }

    private List<double[]> samples(int count) {
        List<double[]> data = new ArrayList<>();
        Iterator<double[]> it = SphereSamples.symmetricAbout(SphereSamples.normalized(new double[] {1, 2, 2}), 0.4,
                count, new SplittableRandom(SEED));
        it.forEachRemaining(data::add);
        return data;
    }
}

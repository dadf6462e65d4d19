package org.atlasgraph.optim.problem;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import org.atlasgraph.api.base.Vectors;
import org.atlasgraph.optim.cg.ConjugateRule;
import org.atlasgraph.optim.cg.RiemannianConjugateGradient;
import org.atlasgraph.optim.descent.DescentResult;
import org.atlasgraph.optim.descent.StoppingRule;
import org.atlasgraph.optim.lbfgs.RiemannianLbfgs;
import org.atlasgraph.optim.mean.KarcherMean;
import org.atlasgraph.pointcloud.PointCloudAtlas;
import org.atlasgraph.pointcloud.data.KleinPatches;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The Karcher mean on an atlas learned from Klein-bottle patches (§4.3.1): conjugate gradients and L-BFGS against the
 * batch exp/log descent of {@link KarcherMean}. The learned logarithms are approximations (Alg. 2 and 3), so the
 * objective is the gradient field {@code −mean Log} without a value and the line searches judge steps by slopes; both
 * methods and the reference look for the same zero of that field.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class LearnedKleinKarcherTest {
    private static final long SEED = 1;
    private static final int PATCHES = 1500;
    private static final int SAMPLES = 30;
    private static final double GRADIENT_TOLERANCE = 1e-8;
    /**
     * Both iterates sit where ‖mean Log‖ ≤ 1e-8 (the reference: 1e-10) and the field's derivative is about −id there,
     * so they agree to about 1e-8; the bound leaves a factor 100.
     */
    private static final double AGREEMENT = 1e-6;

    private PointCloudAtlas atlas;
    private Problem karcher;
    private double[] reference;

    @BeforeAll
    void learnTheAtlasAndTheReference() {
        KleinPatches data = KleinPatches.sample(PATCHES, SEED);
        atlas = PointCloudAtlas.builder(data.points()).seed(SEED).build();
        double[] centre = data.point(0);
        List<double[]> samples = new ArrayList<>(Arrays.asList(data.points()));
        samples.sort(Comparator.comparingDouble(x -> Vectors.distance(x, centre)));
        samples = samples.subList(0, SAMPLES);
        KarcherMean mean = KarcherMean.of(atlas, samples, 1e-10, 1000);
        reference = atlas.embed(mean.mean().orElseThrow(() -> new AssertionError(mean.detail())));
        karcher = Problems.karcher(atlas, samples, samples.get(SAMPLES - 1));
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(ConjugateRule.class)
    void conjugateGradientsFindTheBatchDescentsMean(ConjugateRule rule) {
        DescentResult result = RiemannianConjugateGradient.on(atlas).rule(rule)
                .stopWhen(StoppingRule.gradientNormBelow(GRADIENT_TOLERANCE)).build()
                .minimize(karcher.objective(), karcher.start());

        assertAgrees(result);
    }

    @Test
    void lbfgsFindsTheBatchDescentsMean() {
        DescentResult result = RiemannianLbfgs.on(atlas).stopWhen(StoppingRule.gradientNormBelow(GRADIENT_TOLERANCE))
                .build().minimize(karcher.objective(), karcher.start());

        assertAgrees(result);
        assertThat(result.valueEvaluations()).as("no value: an approximate atlas's objective is its gradient field")
                .isZero();
    }

    private void assertAgrees(DescentResult result) {
        assertThat(result.stopReason()).startsWith("gradient norm");
        assertThat(Vectors.distance(atlas.embed(result.point()), reference))
                .as("ambient distance to KarcherMean's fixed point (%d iterations)", result.iterations())
                .isLessThan(AGREEMENT);
    }
}

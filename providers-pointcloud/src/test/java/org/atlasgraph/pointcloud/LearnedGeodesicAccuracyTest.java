package org.atlasgraph.pointcloud;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.stream.Stream;
import org.atlasgraph.pointcloud.data.ReferenceManifold;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The accuracy suite of issue 12.2 at small sizes (the full sizes are {@code bench}'s {@code LearningReport
 * accuracy}): atlases learned with every setting derived from samples of manifolds whose geodesic distances are known
 * in closed form ({@link ReferenceManifold}), native and rotated into a larger R^D, clean and with Gaussian noise of
 * 1% of the diameter per coordinate. On 200 random pairs the atlas's distances must be within 3% of the exact ones on
 * average and 20% at worst, with distortion (largest over smallest ratio) below 1.2, every pair joined, and the
 * estimated d right.
 */
class LearnedGeodesicAccuracyTest {
    private static final long SEED = 7;
    private static final int PAIRS = 200;
    /** Noise per coordinate, as a fraction of the diameter. */
    private static final double NOISE = 0.01;
    /**
     * Bound on the largest relative error of one pair: a path that cuts across the layers of the roll errs by far more
     * (77–79% on the noisy roll); one that keeps to the manifold by a few percent, or by up to 12% on the torus (T² in
     * R³⁰), where a pair near the cut locus can be routed the long way round.
     */
    private static final double LARGEST_ERROR = 0.2;

    static Stream<Arguments> cases() {
        return Stream.of(
                Arguments.of(ReferenceManifold.sphere(2).rotatedInto(20, SEED), 3000, NOISE),
                Arguments.of(ReferenceManifold.sphere(3), 6000, 0.0),
                Arguments.of(ReferenceManifold.flatTorus(2).rotatedInto(30, SEED), 4000, 0.0),
                Arguments.of(ReferenceManifold.roll(), 4000, NOISE),
                // a chart at the roll's inner edge spanned two layers, and its overlaps with the next layer were
                // short cuts: distortion 4.8, largest error 79% before AtlasLearner.confine
                Arguments.of(ReferenceManifold.roll(), 8000, NOISE));
    }

    @ParameterizedTest(name = "{0}, {1} points, noise {2} of the diameter")
    @MethodSource("cases")
    void distancesMatchTheClosedForm(ReferenceManifold manifold, int points, double noise) {
        ReferenceManifold.Sample sample = manifold.sample(points, noise * manifold.diameter(), SEED);
        PointCloudAtlas atlas = PointCloudAtlas.builder(sample.points()).seed(SEED).build();
        GeodesicComparison g = GeodesicComparison.measure(atlas, manifold, sample, PAIRS, SEED);
        String what = manifold.name() + " with noise " + noise + ": " + g + ", " + atlas.summary();
        assertThat(atlas.dimension()).as("estimated d of %s", what).isEqualTo(manifold.dimension());
        assertThat(g.unreachable()).as("pairs without a path on %s", what).isZero();
        assertThat(g.meanRelativeError()).as("mean relative geodesic error on %s", what).isLessThan(0.03);
        assertThat(g.distortion()).as("distortion on %s", what).isLessThan(1.2);
        assertThat(g.maxRelativeError()).as("largest relative geodesic error on %s", what).isLessThan(LARGEST_ERROR);
    }
}

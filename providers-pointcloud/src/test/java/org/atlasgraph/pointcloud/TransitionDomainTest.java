package org.atlasgraph.pointcloud;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Optional;
import java.util.SplittableRandom;
import org.atlasgraph.api.ChartPoint;
import org.atlasgraph.api.Coordinates;
import org.atlasgraph.api.Transition;
import org.atlasgraph.api.capability.Sampler;
import org.atlasgraph.pointcloud.data.KleinPatches;
import org.junit.jupiter.api.Test;

/**
 * Regression test of the contract between {@code coordinatesIn} and the transition maps ({@code atlas tck --provider
 * pointcloud} failed TRN-1…3 with "ψ_αβ(ξ_p) is empty although chart β represents p"): coordinatesIn answered for a
 * point past the rim of β's fitted disc with the rim point's coordinates (a different point, up to the off-atlas
 * tolerance away), where ψ̃_αβ, defined on the strict overlap, was empty. Now, for every point of a chart's disc
 * and every neighbouring chart β, ψ̃_αβ(ξ) is defined exactly when β represents the point, with the same
 * coordinates.
 */
class TransitionDomainTest {
    private static final long SEED = 17;
    /** The Klein atlas of the consistency tests: 1500 patches, seed 1. */
    private static final int KLEIN_POINTS = 1500;
    /** Points drawn from the atlas. */
    private static final int DRAWS = 300;

    @Test
    void transitionsAreDefinedExactlyWhereTheTargetChartRepresentsThePoint() {
        PointCloudAtlas atlas = PointCloudAtlas.builder(KleinPatches.sample(KLEIN_POINTS, 1).points()).seed(1).build();
        SplittableRandom rng = new SplittableRandom(SEED);
        int pairs = 0;
        int pastRim = 0;
        for (int i = 0; i < DRAWS; i++) {
            ChartPoint p = atlas.capability(Sampler.class).orElseThrow().sample(rng);
            double[] x = atlas.embed(p);
            for (Transition t : atlas.atlas().asGraph().orElseThrow().outgoingEdgesOf(p.chart())) {
                QuadraticChart beta = (QuadraticChart) t.to();
                Optional<ChartPoint> represented = atlas.coordinatesIn(beta, x);
                Optional<Coordinates> image = t.apply(p.xi());
                assertThat(image.isPresent()).as("draw %d: ψ %s → %s defined iff %s represents the point", i,
                        p.chart().id(), beta.id(), beta.id()).isEqualTo(represented.isPresent());
                if (image.isPresent()) {
                    assertThat(image.get()).as("draw %d: ψ %s → %s against coordinatesIn", i, p.chart().id(),
                            beta.id()).isEqualTo(represented.get().xi());
                }
                if (!beta.trusted(beta.coordinatesOf(x)) && beta.located(x, atlas.offAtlasTolerance()) != null) {
                    pastRim++;
                }
                pairs++;
            }
        }
        assertThat(pairs).as("chart pairs checked").isGreaterThan(DRAWS);
        assertThat(pastRim).as("pairs where the point lies past β's rim within the tolerance (the old failure)")
                .isGreaterThan(10);
    }
}

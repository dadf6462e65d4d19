package org.atlasgraph.optim.boundary;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.atlasgraph.pointcloud.PointCloudAtlas;
import org.atlasgraph.pointcloud.data.KleinPatches;
import org.atlasgraph.pointcloud.data.PatchLabel;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * The paper's experiment (§5, Fig. 6): the principal boundary between convex and concave 3×3 patches on an atlas
 * learned from a sample of the Klein bottle (§4.3.1), with default parameters (h suggested from the data, 2000 Euler
 * steps of h/400), classifies patches drawn with another seed.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class LearnedKleinBoundaryTest {
    private static final long TRAINING_SEED = 1L;
    private static final long HELD_OUT_SEED = 2L;
    /** The CLI's default sample: below ~2500 patches some charts are fitted to ~20 points and the curves can snag. */
    private static final int TRAINING = 3000;
    private static final int HELD_OUT = 1000;
    /** The bound. */
    private static final double MIN_ACCURACY = 0.95;
    /**
     * The boundary should run along φ = π/2 and φ = 3π/2, the centre of the gap (atan 2, π − atan 2) = (1.107, 2.034)
     * between the classes, and not reach either class: within half the gap's half-width of 0.46.
     */
    private static final double BOUNDARY_TOLERANCE = 0.23;

    private BoundaryFit fit;

    @BeforeAll
    void fit() {
        KleinPatches data = KleinPatches.sample(TRAINING, TRAINING_SEED);
        PointCloudAtlas atlas = PointCloudAtlas.builder(data.points()).seed(TRAINING_SEED).build();
        List<double[]> convex = new ArrayList<>();
        List<double[]> concave = new ArrayList<>();
        for (int i = 0; i < data.size(); i++) {
            if (data.label(i) == PatchLabel.CONVEX) {
                convex.add(data.point(i));
            } else if (data.label(i) == PatchLabel.CONCAVE) {
                concave.add(data.point(i));
            }
        }
        fit = PrincipalBoundary.on(atlas).classNames("convex", "concave").build().fit(convex, concave);
    }

    @Test
    void classifiesHeldOutConvexAndConcavePatchesDrawnWithAnotherSeed() {
        KleinPatches held = KleinPatches.sample(HELD_OUT, HELD_OUT_SEED);
        int correct = 0;
        int total = 0;
        for (int i = 0; i < held.size(); i++) {
            PatchLabel label = held.label(i);
            if (label != PatchLabel.NEITHER) {
                correct += (fit.classify(held.point(i)) == Side.PLUS) == (label == PatchLabel.CONVEX) ? 1 : 0;
                total++;
            }
        }
        assertThat(correct / (double) total).as("held-out accuracy with %s", fit.parameters())
                .isGreaterThanOrEqualTo(MIN_ACCURACY);
    }

    @Test
    void theBoundaryRunsThroughTheGapBetweenTheClasses() {
        double worst = fit.boundary().ambientPoints().stream()
                .mapToDouble(x -> Math.abs(Math.cos(KleinPatches.angles(x)[1]))).max().orElseThrow();
        assertThat(worst).as("largest |cos φ| on the boundary (0 on φ = π/2, 3π/2)")
                .isLessThan(Math.sin(BOUNDARY_TOLERANCE));
    }
}

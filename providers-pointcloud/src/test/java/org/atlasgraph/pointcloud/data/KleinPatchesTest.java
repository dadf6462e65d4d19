package org.atlasgraph.pointcloud.data;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.Random;
import org.atlasgraph.api.check.InvalidInputException;
import org.junit.jupiter.api.Test;

class KleinPatchesTest {
    private static final long SEED = 13;
    /** Gauss–Newton on the exact parametrization converges to round-off. */
    private static final double INVERSE_TOLERANCE = 1e-9;

    @Test
    void patchesFollowThePaperFormulaRowMajorWithYDownTheRows() {
        // θ = 0, φ = 0: k = x², the same row three times
        assertThat(KleinPatches.patch(0, 0)).containsExactly(1, 0, 1, 1, 0, 1, 1, 0, 1);
        // θ = π/2, φ = π/2: k = y, rows y = −1, 0, 1
        double[] p = KleinPatches.patch(Math.PI / 2, Math.PI / 2);
        double[] expected = {-1, -1, -1, 0, 0, 0, 1, 1, 1};
        for (int i = 0; i < 9; i++) {
            assertThat(p[i]).as("entry %d of k = y", i).isCloseTo(expected[i], within(1e-15));
        }
        // general case against the formula cos φ u² + sin φ u, u = x cos θ + y sin θ at (x, y) = (1, −1): entry 2
        double t = 0.7;
        double f = 2.1;
        double u = Math.cos(t) - Math.sin(t);
        assertThat(KleinPatches.patch(t, f)[2]).isCloseTo(Math.cos(f) * u * u + Math.sin(f) * u, within(1e-15));
    }

    @Test
    void labelsSplitNonMonotonicPatchesByTheSignOfCosPhi() {
        assertThat(PatchLabel.of(0)).isEqualTo(PatchLabel.CONVEX);
        assertThat(PatchLabel.of(Math.PI)).isEqualTo(PatchLabel.CONCAVE);
        assertThat(PatchLabel.of(Math.PI / 2)).isEqualTo(PatchLabel.NEITHER);
        assertThat(PatchLabel.of(Math.atan(1.9))).as("tan φ = 1.9").isEqualTo(PatchLabel.CONVEX);
        assertThat(PatchLabel.of(Math.atan(2.1))).as("tan φ = 2.1").isEqualTo(PatchLabel.NEITHER);
        assertThat(PatchLabel.of(Math.PI + Math.atan(-1.5))).as("cos φ < 0, tan φ = −1.5")
                .isEqualTo(PatchLabel.CONCAVE);
    }

    @Test
    void samplesAreSeededAndCarryTheirParameters() {
        KleinPatches a = KleinPatches.sample(50, SEED);
        KleinPatches b = KleinPatches.sample(50, SEED);
        assertThat(a.points()).as("same seed, same points").isDeepEqualTo(b.points());
        for (int i = 0; i < a.size(); i++) {
            assertThat(a.point(i)).isEqualTo(KleinPatches.patch(a.theta(i), a.phi(i)));
            assertThat(a.theta(i)).isBetween(0.0, Math.PI);
            assertThat(a.phi(i)).isBetween(0.0, 2 * Math.PI);
            assertThat(a.label(i)).isEqualTo(PatchLabel.of(a.phi(i)));
        }
        assertThatThrownBy(() -> KleinPatches.sample(0, SEED)).isInstanceOf(InvalidInputException.class)
                .hasMessage("count: expected an integer > 0, found 0");
    }

    @Test
    void anglesInvertThePatchMap() {
        Random rng = new Random(SEED);
        for (int i = 0; i < 50; i++) {
            double t = 0.05 + (Math.PI - 0.1) * rng.nextDouble();
            double f = 2 * Math.PI * rng.nextDouble();
            double[] back = KleinPatches.angles(KleinPatches.patch(t, f));
            double[] again = KleinPatches.patch(back[0], back[1]);
            double[] original = KleinPatches.patch(t, f);
            for (int j = 0; j < 9; j++) {
                assertThat(again[j]).as("patch of the recovered angles, entry %d", j)
                        .isCloseTo(original[j], within(INVERSE_TOLERANCE));
            }
            assertThat(back[0]).isBetween(0.0, Math.PI);
            assertThat(back[1]).isBetween(0.0, 2 * Math.PI);
        }
    }
}

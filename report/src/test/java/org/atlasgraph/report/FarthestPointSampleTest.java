package org.atlasgraph.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.atlasgraph.api.base.Vectors;
import org.atlasgraph.api.check.InvalidInputException;
import org.junit.jupiter.api.Test;

class FarthestPointSampleTest {
    private static final long SEED = 11L;

    @Test
    void chosenPointsAreAtLeastTheCoveringRadiusApart() {
        SplittableRandom rng = new SplittableRandom(SEED);
        double[][] p = new double[3000][];
        for (int i = 0; i < p.length; i++) {
            p[i] = new double[] {rng.nextDouble(), rng.nextDouble()};
        }
        int[] chosen = FarthestPointSample.indices(p, 100, SEED);
        // Covering radius ε by a brute-force scan; the max–min order guarantees pairwise separation ≥ ε.
        double cover = Arrays.stream(p).mapToDouble(x -> Arrays.stream(chosen)
                .mapToDouble(c -> Vectors.distance(x, p[c])).min().orElseThrow()).max().orElseThrow();
        for (int a = 0; a < chosen.length; a++) {
            for (int b = a + 1; b < chosen.length; b++) {
                assertThat(Vectors.distance(p[chosen[a]], p[chosen[b]])).as("separation of %d and %d", a, b)
                        .isGreaterThanOrEqualTo(cover);
            }
        }
        assertThat(Arrays.stream(chosen).distinct().count()).as("distinct choices").isEqualTo(100);
        assertThat(FarthestPointSample.indices(p, 100, SEED)).as("seeded").containsExactly(chosen);
    }

    @Test
    void rejectsMOutOfRange() {
        assertThatThrownBy(() -> FarthestPointSample.indices(new double[][] {{0}, {1}}, 3, SEED))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("m: expected 1 ≤ m ≤ n = 2, found 3");
    }
}

package org.atlasgraph.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.atlasgraph.api.base.Vectors;
import org.atlasgraph.api.check.InvalidInputException;
import org.junit.jupiter.api.Test;

class NearestNeighboursTest {
    private static final long SEED = 99L;

    @Test
    void matchesABruteForceScanIncludingDuplicatesAtDistanceZero() {
        SplittableRandom rng = new SplittableRandom(SEED);
        double[][] p = new double[300][];
        for (int i = 0; i < p.length; i++) {
            p[i] = new double[] {rng.nextDouble(), rng.nextDouble(), rng.nextDouble()};
        }
        p[7] = p[3].clone();
        NearestNeighbours index = NearestNeighbours.of(p);
        int k = 6;
        for (int i = 0; i < p.length; i++) {
            final int q = i;
            double[] expected = java.util.stream.IntStream.range(0, p.length).filter(j -> j != q)
                    .mapToDouble(j -> Vectors.distance(p[q], p[j])).sorted().limit(k).toArray();
            double[] found = Arrays.stream(index.neighbours(i, k)).mapToDouble(j -> Vectors.distance(p[q], p[j]))
                    .toArray();
            assertThat(found).as("distances to the %d nearest of point %d (tree vs scan)", k, i)
                    .containsExactly(expected, within(1e-15));
            assertThat(index.neighbours(i, k)).as("point %d is not its own neighbour", i).doesNotContain(i);
        }
        assertThat(index.neighbours(3, 1)).as("the copy of point 3").containsExactly(7);
    }

    @Test
    void askingForAllOtherPointsGivesNoPlaceholder() {
        double[][] p = {{0}, {1}, {3}};
        assertThat(NearestNeighbours.of(p).neighbours(0, 2)).as("k = n − 1 (Smile pads k = n)").containsExactly(1, 2);
        assertThatThrownBy(() -> NearestNeighbours.of(p).neighbours(0, 3)).isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("k: expected 1 ≤ k ≤ n − 1 = 2, found 3");
    }

    @Test
    void findsTheNearestPointToAnOutsideQuery() {
        double[][] p = {{0, 0}, {1, 0}, {0, 2}};
        assertThat(NearestNeighbours.of(p).nearest(new double[] {0.9, 0.2})).as("nearest to (0.9, 0.2)")
                .isEqualTo(1);
    }

    @Test
    void rejectsRaggedAndNonFiniteClouds() {
        assertThatThrownBy(() -> NearestNeighbours.of(new double[][] {{0, 0}, {1}}))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("points[1]: expected length 2");
        assertThatThrownBy(() -> NearestNeighbours.of(new double[][] {{0, 0}, {1, Double.NaN}}))
                .isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("points[1][1]: expected a finite value, found NaN");
    }
}

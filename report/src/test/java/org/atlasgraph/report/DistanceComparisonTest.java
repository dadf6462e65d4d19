package org.atlasgraph.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.atlasgraph.api.check.InvalidInputException;
import org.junit.jupiter.api.Test;

class DistanceComparisonTest {
    @Test
    void aPureRescalingHasDistortionOneAndNoError() {
        DistanceComparison c = DistanceComparison.of(new double[] {1, 2, 4}, new double[] {3, 6, 12});
        assertThat(c.distortion()).as("α of a rescaling").isCloseTo(1.0, within(1e-15));
        assertThat(c.scale()).as("best scale").isCloseTo(1.0 / 3, within(1e-15));
        assertThat(c.meanRelativeError()).as("error after scaling").isCloseTo(0.0, within(1e-15));
    }

    @Test
    void distortionIsTheRatioOfTheLargestToTheSmallestExpansion() {
        // Ratios 1, 2 and 0.5: α = 2 / 0.5 = 4; the zero-distance pair is left out.
        DistanceComparison c = DistanceComparison.of(new double[] {1, 1, 2, 0}, new double[] {1, 2, 1, 5});
        assertThat(c.distortion()).as("α").isCloseTo(4.0, within(1e-15));
        assertThat(c.pairs()).as("pairs with positive true distance").isEqualTo(3);
        // s = Σte/Σe² = (1 + 2 + 2) / (1 + 4 + 1) = 5/6; errors |5/6 − 1| = 1/6, |5/3 − 1| = 2/3 and
        // |5/6 − 2| / 2 = 7/12, mean 17/36.
        assertThat(c.scale()).as("least-squares scale").isCloseTo(5.0 / 6, within(1e-15));
        assertThat(c.meanRelativeError()).as("mean relative error").isCloseTo(17.0 / 36, within(1e-15));
    }

    @Test
    void aCollapsedPairMakesTheDistortionInfinite() {
        assertThat(DistanceComparison.of(new double[] {1, 2}, new double[] {0, 2}).distortion())
                .as("α with an estimate of 0").isInfinite();
    }

    @Test
    void rejectsMismatchedOrNegativeInput() {
        assertThatThrownBy(() -> DistanceComparison.of(new double[] {1}, new double[] {1, 2}))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("estimate: expected as many");
        assertThatThrownBy(() -> DistanceComparison.of(new double[] {-1}, new double[] {1}))
                .isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("truth[0]: expected a finite distance ≥ 0, found -1.0");
    }
}

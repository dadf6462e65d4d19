package org.atlasgraph.optim.boundary;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.offset;

import org.junit.jupiter.api.Test;

/**
 * The vote of {@code MarginCentring}: the middle of the interval of thresholds that misclassify the fewest offsets,
 * against intervals worked out by hand.
 */
class MarginCentringTest {
    @Test
    void separableVotesGiveTheMiddleOfTheGap() {
        double[] offsets = {0.3, -0.05, 0.1, -0.4, 0.12};
        boolean[] plus = {true, false, true, false, true};
        assertThat(MarginCentring.gapMiddle(offsets, plus, offsets.length))
                .as("middle of the gap (−0.05, 0.1)").isCloseTo(0.025, offset(1e-15));
    }

    @Test
    void overlappingVotesGiveTheMiddleOfTheThresholdsWithFewestErrors() {
        // thresholds in (−0.15, 0.0) misclassify one vote (the plus at −0.3), every other interval two or three
        double[] offsets = {-0.3, -0.2, 0.0, 0.2, -0.5, -0.15};
        boolean[] plus = {true, false, true, true, false, false};
        assertThat(MarginCentring.gapMiddle(offsets, plus, offsets.length))
                .as("middle of (−0.15, 0.0)").isCloseTo(-0.075, offset(1e-15));
    }

    @Test
    void amongEquallyGoodIntervalsTheOneNearestZeroWins() {
        // (−0.6, −0.4) and (0.2, 0.5) both misclassify one vote; the second is nearer the current boundary
        double[] offsets = {-0.6, -0.4, 0.2, 0.5};
        boolean[] plus = {false, true, false, true};
        assertThat(MarginCentring.gapMiddle(offsets, plus, offsets.length))
                .as("middle of (0.2, 0.5)").isCloseTo(0.35, offset(1e-15));
    }

    @Test
    void oneClassAloneLeavesTheBoundaryWhereItIs() {
        double[] offsets = {0.2, 0.3, 0.1};
        boolean[] plus = {true, true, true};
        assertThat(MarginCentring.gapMiddle(offsets, plus, offsets.length)).as("unbounded interval: no move")
                .isZero();
        assertThat(MarginCentring.gapMiddle(new double[0], new boolean[0], 0)).as("no votes").isZero();
    }
}

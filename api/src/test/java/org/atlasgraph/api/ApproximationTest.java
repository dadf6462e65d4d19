package org.atlasgraph.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.atlasgraph.api.check.InvalidInputException;
import org.junit.jupiter.api.Test;

class ApproximationTest {
    private static final String WHY = "quadratic charts fitted to 100 points";

    @Test
    void keepsItsFieldsAndPrintsThemWithTheJustification() {
        Approximation a = new Approximation(0.1, 0.3, 0.05, 0.07, WHY);
        assertThat(a.lengthScale()).as("length scale").isEqualTo(0.1);
        assertThat(a.roundTrip()).as("round trip").isEqualTo(0.05);
        assertThat(a.toString()).as("printed form")
                .isEqualTo("length scale 0.1, slope 0.3, round trip 0.05, distance 0.07: " + WHY);
    }

    @Test
    void rejectsNonPositiveOrNonFiniteNumbersNamingTheField() {
        assertThatThrownBy(() -> new Approximation(0, 0.3, 0.05, 0.07, WHY)).as("zero length scale")
                .isInstanceOf(InvalidInputException.class).hasMessageStartingWith("lengthScale: expected");
        assertThatThrownBy(() -> new Approximation(0.1, Double.NaN, 0.05, 0.07, WHY)).as("NaN slope")
                .isInstanceOf(InvalidInputException.class).hasMessageStartingWith("slope: expected");
        assertThatThrownBy(() -> new Approximation(0.1, 0.3, -1, 0.07, WHY)).as("negative round trip")
                .isInstanceOf(InvalidInputException.class).hasMessageStartingWith("roundTrip: expected");
        assertThatThrownBy(() -> new Approximation(0.1, 0.3, 0.05, Double.POSITIVE_INFINITY, WHY))
                .as("infinite distance tolerance")
                .isInstanceOf(InvalidInputException.class).hasMessageStartingWith("distance: expected");
    }

    @Test
    void rejectsAMissingOrBlankJustification() {
        assertThatThrownBy(() -> new Approximation(0.1, 0.3, 0.05, 0.07, " ")).as("blank justification")
                .isInstanceOf(InvalidInputException.class)
                .hasMessageStartingWith("justification: expected").hasMessageEndingWith("found a blank string");
        assertThatThrownBy(() -> new Approximation(0.1, 0.3, 0.05, 0.07, null)).as("null justification")
                .isInstanceOf(InvalidInputException.class).hasMessageEndingWith("found null");
    }

    @Test
    void aManifoldIsExactUnlessItSaysOtherwise() {
        assertThat(new FlatManifold(2, 1.0).approximation()).as("default declaration").isEmpty();
    }
}

package org.atlasgraph.api.capability;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.atlasgraph.api.FlatManifold;
import org.atlasgraph.api.check.InvalidInputException;
import org.junit.jupiter.api.Test;

class AccuracyTest {
    private static final String WHY = "quadratic charts fitted to 100 points";

    @Test
    void keepsItsFieldsAndPrintsThemWithTheJustification() {
        Accuracy a = new Accuracy(0.3, 0.05, 0.07, WHY);
        assertThat(a.roundTrip()).as("round trip").isEqualTo(0.05);
        assertThat(a.isExact()).as("a declared approximation is not exact").isFalse();
        assertThat(a.toString()).as("printed form").isEqualTo("slope 0.3, round trip 0.05, distance 0.07: " + WHY);
    }

    @Test
    void raisesABoundBelowTheExactOneToIt() {
        Accuracy a = new Accuracy(0.01, 1e-12, 0.07, WHY);
        assertThat(a.slope()).as("slope raised to the exact 0.1").isEqualTo(Accuracy.EXACT.slope());
        assertThat(a.roundTrip()).as("round trip raised to the exact 1e-9").isEqualTo(Accuracy.EXACT.roundTrip());
        assertThat(Accuracy.EXACT.isExact()).isTrue();
    }

    @Test
    void rejectsNonPositiveOrNonFiniteNumbersNamingTheField() {
        assertThatThrownBy(() -> new Accuracy(Double.NaN, 0.05, 0.07, WHY)).as("NaN slope")
                .isInstanceOf(InvalidInputException.class).hasMessageStartingWith("slope: expected");
        assertThatThrownBy(() -> new Accuracy(0.3, -1, 0.07, WHY)).as("negative round trip")
                .isInstanceOf(InvalidInputException.class).hasMessageStartingWith("roundTrip: expected");
        assertThatThrownBy(() -> new Accuracy(0.3, 0.05, Double.POSITIVE_INFINITY, WHY))
                .as("infinite distance tolerance")
                .isInstanceOf(InvalidInputException.class).hasMessageStartingWith("distance: expected");
        assertThatThrownBy(() -> new LengthScale(0, "x")).as("zero length scale")
                .isInstanceOf(InvalidInputException.class).hasMessageStartingWith("lengthScale: expected");
    }

    @Test
    void rejectsAMissingOrBlankJustification() {
        assertThatThrownBy(() -> new Accuracy(0.3, 0.05, 0.07, " ")).as("blank justification")
                .isInstanceOf(InvalidInputException.class)
                .hasMessageStartingWith("justification: expected").hasMessageEndingWith("found a blank string");
        assertThatThrownBy(() -> new Accuracy(0.3, 0.05, 0.07, null)).as("null justification")
                .isInstanceOf(InvalidInputException.class).hasMessageEndingWith("found null");
    }

    @Test
    void aManifoldDeclaresNothingUnlessItSaysSo() {
        FlatManifold flat = new FlatManifold(2, 1.0);
        assertThat(flat.capability(Accuracy.class)).as("accuracy").isEmpty();
        assertThat(flat.capability(ExactGeometry.class)).as("exact geometry").isEmpty();
        assertThat(flat.capability(Geodesics.class)).as("geodesics without exact geometry").isEmpty();
    }
}

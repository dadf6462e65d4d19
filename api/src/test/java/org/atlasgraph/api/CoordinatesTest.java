package org.atlasgraph.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.atlasgraph.api.check.InvalidInputException;
import org.junit.jupiter.api.Test;

class CoordinatesTest {
    @Test
    void ofCopiesItsInputSoLaterWritesDoNotLeakIn() {
        double[] values = {1, 2, 3};
        Coordinates c = Coordinates.of(values);
        values[0] = 99;
        assertThat(c.get(0)).as("entry after the caller changed its array").isEqualTo(1.0);
        double[] out = c.toArray();
        out[1] = 99;
        assertThat(c.get(1)).as("entry after the caller changed the returned copy").isEqualTo(2.0);
    }

    @Test
    void rejectsNonFiniteEntriesNamingTheIndex() {
        assertThatThrownBy(() -> Coordinates.of(0, Double.NaN))
                .isInstanceOf(InvalidInputException.class)
                .hasMessage("coordinates[1]: expected a finite value, found NaN");
        assertThatThrownBy(() -> Coordinates.of(Double.NEGATIVE_INFINITY))
                .hasMessageContaining("coordinates[0]: expected a finite value, found -Infinity");
    }

    @Test
    void computedResultsWithNaNBecomeArithmeticErrorsNamingTheOperation() {
        assertThatThrownBy(() -> Coordinates.ofComputed("retract", new double[] {0, 0, Double.NaN}))
                .isInstanceOf(ArithmeticException.class)
                .hasMessage("retract: result[2] is NaN");
        assertThatThrownBy(() -> Coordinates.of(Double.MAX_VALUE).plus(Coordinates.of(Double.MAX_VALUE)))
                .as("overflow is a non-finite result too")
                .isInstanceOf(ArithmeticException.class)
                .hasMessageContaining("plus");
    }

    @Test
    void arithmeticMatchesComponentwiseDefinitions() {
        Coordinates a = Coordinates.of(1, -2, 3);
        Coordinates b = Coordinates.of(0.5, 4, -1);
        assertThat(a.plus(b)).isEqualTo(Coordinates.of(1.5, 2, 2));
        assertThat(a.minus(b)).isEqualTo(Coordinates.of(0.5, -6, 4));
        assertThat(a.scale(-2)).isEqualTo(Coordinates.of(-2, 4, -6));
        assertThat(a.dot(b)).isEqualTo(0.5 - 8 - 3);
        assertThat(a.norm()).isCloseTo(Math.sqrt(14), within(1e-15));
        assertThat(a.maxAbs()).isEqualTo(3.0);
    }

    @Test
    void mismatchedDimensionsAreRejected() {
        assertThatThrownBy(() -> Coordinates.of(1, 2).plus(Coordinates.of(1, 2, 3)))
                .isInstanceOf(InvalidInputException.class)
                .hasMessage("other: expected dimension 2, found 3");
    }

    @Test
    void equalityIsByValueAndToStringIsReadable() {
        assertThat(Coordinates.of(1, 2)).isEqualTo(Coordinates.of(1, 2)).hasSameHashCodeAs(Coordinates.of(1, 2));
        assertThat(Coordinates.of(1, 2)).isNotEqualTo(Coordinates.of(1, 2.5));
        assertThat(Coordinates.of(1, 2)).hasToString("[1.0, 2.0]");
        assertThat(Coordinates.zeros(20).toString()).contains("(20 entries)");
    }

    @Test
    void copyIntoWritesAtTheOffset() {
        double[] target = new double[5];
        Coordinates.of(7, 8).copyInto(target, 2);
        assertThat(target).containsExactly(0, 0, 7, 8, 0);
    }
}

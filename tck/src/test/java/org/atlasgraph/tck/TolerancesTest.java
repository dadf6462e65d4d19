package org.atlasgraph.tck;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Optional;
import org.junit.jupiter.api.Test;

class TolerancesTest {
    @Test
    void defaultsAreStrict() {
        TckSettings s = TckSettings.defaults();

        assertThat(s.tolerances()).as("tolerances").isEqualTo(Tolerances.strict());
        assertThat(s.tolerances().isApproximate()).as("approximate").isFalse();
        assertThat(s.seed()).as("seed").isEqualTo(TckSettings.DEFAULT_SEED);
        assertThat(new TckSettings(7, 3)).as("two-argument settings").isEqualTo(new TckSettings(7, 3, 1.0,
                Tolerances.strict()));
    }

    @Test
    void approximateToleranceNeedsAJustification() {
        assertThatThrownBy(() -> Tolerances.approximate(0.2, 1e-3, 1e-3, " "))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("approximation");
        assertThat(Tolerances.approximate(0.2, 1e-3, 1e-3, "learned charts").approximation())
                .as("justification").isEqualTo(Optional.of("learned charts"));
    }

    @Test
    void toleranceStricterThanStrictIsRejected() {
        assertThatThrownBy(() -> Tolerances.approximate(0.01, 1e-3, 1e-3, "why"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("slope: expected");
        assertThatThrownBy(() -> Tolerances.approximate(0.2, Double.NaN, 1e-3, "why"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("roundTrip: expected");
    }

    @Test
    void settingsRejectNoSamplesAndBadLengthScale() {
        assertThatThrownBy(() -> TckSettings.defaults().withSamples(0))
                .isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("samples: expected");
        assertThatThrownBy(() -> TckSettings.defaults().withLengthScale(-1))
                .isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("lengthScale: expected");
    }
}

package org.atlasgraph.tck;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.atlasgraph.api.capability.Accuracy;
import org.junit.jupiter.api.Test;

class TckSettingsTest {
    @Test
    void defaultsAreExact() {
        TckSettings s = TckSettings.defaults();

        assertThat(s.accuracy()).as("accuracy").isEqualTo(Accuracy.EXACT);
        assertThat(s.seed()).as("seed").isEqualTo(TckSettings.DEFAULT_SEED);
        assertThat(s.driftSteps()).as("drift steps").isEqualTo(1_000_000);
        assertThat(new TckSettings(7, 3)).as("two-argument settings").isEqualTo(new TckSettings(7, 3, 1.0,
                Accuracy.EXACT, TckSettings.DEFAULT_DRIFT_STEPS));
    }

    @Test
    void withersChangeOneKnob() {
        TckSettings s = TckSettings.defaults().withSeed(7).withSamples(3).withLengthScale(0.5).withDriftSteps(10);

        assertThat(s).as("settings").isEqualTo(new TckSettings(7, 3, 0.5, Accuracy.EXACT, 10));
    }

    @Test
    void settingsRejectNoSamplesNoStepsAndBadLengthScale() {
        assertThatThrownBy(() -> TckSettings.defaults().withSamples(0))
                .isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("samples: expected");
        assertThatThrownBy(() -> TckSettings.defaults().withDriftSteps(0))
                .isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("driftSteps: expected");
        assertThatThrownBy(() -> TckSettings.defaults().withLengthScale(-1))
                .isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("lengthScale: expected");
    }
}

package org.atlasgraph.api.spi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.atlasgraph.api.FlatManifold;
import org.atlasgraph.api.Manifold;
import org.atlasgraph.api.check.InvalidInputException;
import org.junit.jupiter.api.Test;

class ProviderParametersTest {
    /** A provider with one parameter of every type. */
    private static final ManifoldProvider FLAT = new ManifoldProvider() {
        @Override
        public String name() {
            return "flat";
        }

        @Override
        public String description() {
            return "R^d";
        }

        @Override
        public List<ParameterSpec> parameters() {
            return List.of(ParameterSpec.required("d", ParameterSpec.Type.INTEGER, "dimension, d ≥ 1"),
                    ParameterSpec.optional("scale", ParameterSpec.Type.DECIMAL, "chart scale > 0", "1.5"),
                    ParameterSpec.optional("label", ParameterSpec.Type.TEXT, "a name", "plain"),
                    ParameterSpec.optional("input", ParameterSpec.Type.PATH, "a file", ""));
        }

        @Override
        public Manifold create(ProviderParameters parameters) {
            int d = parameters.integer("d");
            if (d < 1) {
                throw parameters.outOfRange("d", "an integer ≥ 1");
            }
            return new FlatManifold(d, parameters.decimal("scale"));
        }
    };

    @Test
    void parsesValuesAndFillsDefaults() {
        ProviderParameters p = ProviderParameters.of(FLAT, Map.of("d", "3", "input", "x.npy"));
        assertThat(p.integer("d")).isEqualTo(3);
        assertThat(p.decimal("scale")).isEqualTo(1.5);
        assertThat(p.text("label")).isEqualTo("plain");
        assertThat(p.path("input")).contains(Path.of("x.npy"));
        assertThat(ProviderParameters.of(FLAT, Map.of("d", "3")).path("input")).isEmpty();
        assertThat(FLAT.create(p).dimension()).isEqualTo(3);
        assertThat(p.asMap().keySet()).as("declaration order").containsExactly("d", "scale", "label", "input");
    }

    @Test
    void unknownNamesMissingValuesAndBadNumbersNameTheParameterAndProvider() {
        assertThatThrownBy(() -> ProviderParameters.of(FLAT, Map.of("d", "2", "dim", "3")))
                .isInstanceOf(InvalidInputException.class)
                .hasMessage("parameter 'dim' of provider 'flat': expected one of [d, scale, label, input], "
                        + "found 'dim'");
        assertThatThrownBy(() -> ProviderParameters.of(FLAT, Map.of()))
                .hasMessage("parameter 'd' of provider 'flat': expected dimension, d ≥ 1, found nothing"
                        + " (the parameter is required)");
        assertThatThrownBy(() -> ProviderParameters.of(FLAT, Map.of("d", "two")))
                .hasMessage("parameter 'd' of provider 'flat': expected an integer (dimension, d ≥ 1), found 'two'");
        assertThatThrownBy(() -> ProviderParameters.of(FLAT, Map.of("d", "2", "scale", "NaN")))
                .hasMessageContaining("expected a finite number");
    }

    @Test
    void providersReportRangeErrorsInTheSameFormat() {
        assertThatThrownBy(() -> FLAT.create(ProviderParameters.of(FLAT, Map.of("d", "0"))))
                .isInstanceOf(InvalidInputException.class)
                .hasMessage("parameter 'd' of provider 'flat': expected an integer ≥ 1, found 0");
    }

    @Test
    void unknownProviderListsTheAvailableOnes() {
        assertThatThrownBy(() -> Providers.onClassPath().named("spehre"))
                .isInstanceOf(InvalidInputException.class)
                .hasMessageStartingWith("provider 'spehre': expected one of [");
    }
}

package org.atlasgraph.tck;

import java.util.Map;
import java.util.Objects;

/**
 * A set of provider parameter values that must be rejected, and the parameter the error message must name (rule
 * SPI-3). Example: {@code InvalidParameters.of("n", "1")} for the sphere, whose n must be ≥ 2.
 *
 * @param values    the raw {@code name → text} values handed to the provider, as a user would type them
 * @param parameter the parameter the rejection must name, e.g. {@code "n"}
 */
public record InvalidParameters(Map<String, String> values, String parameter) {
    /** Copies the values. */
    public InvalidParameters {
        values = Map.copyOf(values);
        Objects.requireNonNull(parameter, "parameter");
    }

    /**
     * @param parameter the one parameter that is set, and must be named
     * @param value     its invalid value
     * @return the fixture
     */
    public static InvalidParameters of(String parameter, String value) {
        return new InvalidParameters(Map.of(parameter, value), parameter);
    }
}

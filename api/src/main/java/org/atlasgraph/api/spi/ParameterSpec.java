package org.atlasgraph.api.spi;

import java.util.Objects;
import java.util.Optional;

/**
 * One named parameter of a {@link ManifoldProvider}, e.g. {@code n} of the sphere.
 *
 * @param name         the name users type in {@code --param name=value}
 * @param type         how the value is parsed
 * @param description  one line on its meaning and range
 * @param defaultValue the value used when it is absent, or empty for a required parameter
 */
public record ParameterSpec(String name, Type type, String description, Optional<String> defaultValue) {
    /** How a parameter's text is parsed. */
    public enum Type {
        /** a decimal integer */
        INTEGER,
        /** a finite decimal number */
        DECIMAL,
        /** free text, such as a data-set name */
        TEXT,
        /** a file-system path */
        PATH
    }

    /** Validates that the parts are present. */
    public ParameterSpec {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(description, "description");
        Objects.requireNonNull(defaultValue, "defaultValue");
    }

    /** @return a required parameter */
    public static ParameterSpec required(String name, Type type, String description) {
        return new ParameterSpec(name, type, description, Optional.empty());
    }

    /** @return an optional parameter with a default */
    public static ParameterSpec optional(String name, Type type, String description, String defaultValue) {
        return new ParameterSpec(name, type, description, Optional.of(defaultValue));
    }
}

package org.atlasgraph.api.spi;

import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.atlasgraph.api.check.Checks;
import org.atlasgraph.api.check.InvalidInputException;

/**
 * Parameter values for {@link ManifoldProvider#create}, parsed and checked against the provider's
 * {@link ParameterSpec}s: unknown names, missing required values and unparsable numbers are rejected here with a
 * message that names the parameter and the provider; range checks are the provider's. Numbers are read by a strict
 * decimal grammar: Java's literal syntax ({@code 0x10}, {@code 2f}, {@code 1_000}), spellings of NaN and infinity,
 * and digits of other scripts are refused, as they are in files and options.
 *
 * <p>Immutable and thread-safe.
 */
public final class ProviderParameters {
    /** An integer in ASCII digits. */
    private static final Pattern INTEGER = Pattern.compile("[+-]?[0-9]+");
    /** A decimal number: {@code 1}, {@code -0.5}, {@code .25}, {@code 3.}, {@code 6.02e23}. */
    private static final Pattern DECIMAL =
            Pattern.compile("[+-]?(?:[0-9]+(?:\\.[0-9]*)?|\\.[0-9]+)(?:[eE][+-]?[0-9]+)?");

    private final String provider;
    private final Map<String, ParameterSpec> specs;
    private final Map<String, String> values;

    private ProviderParameters(String provider, Map<String, ParameterSpec> specs, Map<String, String> values) {
        this.provider = provider;
        this.specs = specs;
        this.values = values;
    }

    /**
     * Checks raw {@code name → text} values against a provider's specs.
     *
     * @param provider the provider
     * @param raw      the values given by the user (copied)
     * @return the checked parameters, defaults filled in
     * @throws InvalidInputException for an unknown name, a missing required value or an unparsable number
     */
    public static ProviderParameters of(ManifoldProvider provider, Map<String, String> raw) {
        Checks.requireNonNull("provider", provider, "a manifold provider");
        Checks.requireNonNull("parameters", raw, "a map of parameter names to values (empty for none)");
        Map<String, ParameterSpec> specs = new LinkedHashMap<>();
        for (ParameterSpec s : provider.parameters()) {
            specs.put(s.name(), s);
        }
        for (String name : raw.keySet()) {
            if (!specs.containsKey(name)) {
                throw new InvalidInputException("parameter '" + name + "' of provider '" + provider.name() + "'",
                        "one of " + specs.keySet(), "'" + name + "'");
            }
        }
        Map<String, String> values = new LinkedHashMap<>();
        for (ParameterSpec s : specs.values()) {
            String v = raw.containsKey(s.name()) ? raw.get(s.name()) : s.defaultValue().orElse(null);
            if (v == null) {
                throw new InvalidInputException(label(provider.name(), s.name()), s.description(), "nothing",
                        "the parameter is required");
            }
            parse(provider.name(), s, v);
            values.put(s.name(), v);
        }
        return new ProviderParameters(provider.name(), specs, Collections.unmodifiableMap(values));
    }

    /**
     * @param name an {@link ParameterSpec.Type#INTEGER} parameter
     * @return its value
     */
    public int integer(String name) {
        return (Integer) parse(provider, spec(name, ParameterSpec.Type.INTEGER), values.get(name));
    }

    /**
     * @param name a {@link ParameterSpec.Type#DECIMAL} parameter
     * @return its value
     */
    public double decimal(String name) {
        return (Double) parse(provider, spec(name, ParameterSpec.Type.DECIMAL), values.get(name));
    }

    /**
     * @param name a {@link ParameterSpec.Type#TEXT} parameter
     * @return its value
     */
    public String text(String name) {
        return values.get(spec(name, ParameterSpec.Type.TEXT).name());
    }

    /**
     * @param name a {@link ParameterSpec.Type#PATH} parameter
     * @return its value, or empty when it is the empty string (the usual default for "no file")
     */
    public Optional<Path> path(String name) {
        String v = values.get(spec(name, ParameterSpec.Type.PATH).name());
        return v.isEmpty() ? Optional.empty() : Optional.of(Path.of(v));
    }

    /** @return every value as text, defaults included, in the provider's declaration order */
    public Map<String, String> asMap() {
        return values;
    }

    /**
     * A range error for one of these parameters, in the house format.
     *
     * @param name     the parameter
     * @param expected what is allowed, e.g. {@code "1 ≤ k < n = 5"}
     * @return the exception to throw
     */
    public InvalidInputException outOfRange(String name, String expected) {
        return new InvalidInputException(label(provider, name), expected, values.get(name));
    }

    private ParameterSpec spec(String name, ParameterSpec.Type type) {
        ParameterSpec s = specs.get(name);
        if (s == null || s.type() != type) {
            throw new IllegalArgumentException("provider '" + provider + "' declares no " + type
                    + " parameter '" + name + "'; declared: " + specs.values().stream()
                    .map(p -> p.name() + ":" + p.type()).collect(Collectors.toList()));
        }
        return s;
    }

    private static Object parse(String provider, ParameterSpec s, String v) {
        try {
            switch (s.type()) {
                case INTEGER:
                    if (!INTEGER.matcher(v.trim()).matches()) {
                        throw new NumberFormatException();
                    }
                    return Integer.parseInt(v.trim());
                case DECIMAL:
                    if (!DECIMAL.matcher(v.trim()).matches()) {
                        throw new NumberFormatException();
                    }
                    double d = Double.parseDouble(v.trim());
                    if (!Double.isFinite(d)) {
                        throw new NumberFormatException();
                    }
                    return d;
                default:
                    return v;
            }
        } catch (NumberFormatException e) {
            String kind = s.type() == ParameterSpec.Type.INTEGER ? "an integer" : "a finite number";
            throw new InvalidInputException(label(provider, s.name()), kind + " (" + s.description() + ")",
                    "'" + v + "'");
        }
    }

    private static String label(String provider, String name) {
        return "parameter '" + name + "' of provider '" + provider + "'";
    }

    @Override
    public String toString() {
        return provider + List.of(values);
    }
}

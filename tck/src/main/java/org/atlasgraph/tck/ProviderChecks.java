package org.atlasgraph.tck;

import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.StreamSupport;
import org.atlasgraph.api.Manifold;
import org.atlasgraph.api.spi.ManifoldProvider;
import org.atlasgraph.api.spi.ParameterSpec;
import org.atlasgraph.api.spi.ProviderParameters;
import org.atlasgraph.api.spi.Providers;

/** Rules SPI-1…3: the {@link ManifoldProvider} that makes the manifold, when the fixtures name it. */
final class ProviderChecks {
    /** Provider names users type: lower-case words joined by hyphens, e.g. {@code "sphere"}, {@code "point-cloud"}. */
    static final Pattern NAME = Pattern.compile("[a-z][a-z0-9]*(-[a-z0-9]+)*");

    private ProviderChecks() {
    }

    /** SPI-1: ServiceLoader finds the provider by its name, and it creates a manifold from its defaults. */
    static RuleResult discoverable(Probe probe) {
        if (probe.fixtures().provider().isEmpty()) {
            return noProvider(RuleId.SPI_1);
        }
        ManifoldProvider provider = probe.fixtures().provider().get();
        Evidence ev = probe.evidence(RuleId.SPI_1);
        String where = "provider '" + provider.name() + "' (" + provider.getClass().getName() + ")";
        List<ManifoldProvider> loaded = load(provider);
        if (loaded.stream().anyMatch(p -> p.getClass().equals(provider.getClass()))) {
            ev.held("ServiceLoader finds " + provider.getClass().getSimpleName(), where);
        } else {
            ev.violation("ServiceLoader does not find " + provider.getClass().getName() + " (it finds "
                    + loaded.stream().map(ManifoldProvider::name).collect(Collectors.toList()) + ")", where);
        }
        ev.guard(where, () -> {
            ManifoldProvider named = Providers.discover(provider.getClass().getClassLoader()).named(provider.name());
            if (named.getClass().equals(provider.getClass())) {
                ev.held("Providers.named(\"" + provider.name() + "\") is it", where);
            } else {
                ev.violation("Providers.named(\"" + provider.name() + "\") is " + named.getClass().getName(), where);
            }
        });
        if (provider.parameters().stream().allMatch(s -> s.defaultValue().isPresent())) {
            ev.guard(where + ", default parameters", () -> {
                Manifold m = provider.create(ProviderParameters.of(provider, Map.of()));
                ev.held("create(defaults) makes " + m.name(), where);
            });
        }
        return ev.result();
    }

    /** SPI-2: a unique, lower-case name, a description, and described parameters with distinct names. */
    static RuleResult wellFormedName(Probe probe) {
        if (probe.fixtures().provider().isEmpty()) {
            return noProvider(RuleId.SPI_2);
        }
        ManifoldProvider provider = probe.fixtures().provider().get();
        Evidence ev = probe.evidence(RuleId.SPI_2);
        String where = "provider '" + provider.name() + "' (" + provider.getClass().getName() + ")";
        if (NAME.matcher(provider.name()).matches()) {
            ev.held("name is lower-case", where);
        } else {
            ev.violation("name \"" + provider.name() + "\" is not lower-case words joined by hyphens", where);
        }
        long sameName = load(provider).stream().filter(p -> p.name().equals(provider.name())).count();
        if (sameName <= 1) {
            ev.held(sameName + " provider(s) on the class path named '" + provider.name() + "'", where);
        } else {
            ev.violation(sameName + " providers on the class path are named '" + provider.name() + "'", where);
        }
        if (provider.description().isBlank()) {
            ev.violation("description() is blank", where);
        }
        Set<String> names = new HashSet<>();
        for (ParameterSpec s : provider.parameters()) {
            if (!names.add(s.name())) {
                ev.violation("two parameters are named '" + s.name() + "'", where);
            } else if (s.description().isBlank()) {
                ev.violation("parameter '" + s.name() + "' has a blank description", where);
            } else {
                ev.held("parameter '" + s.name() + "' described", where);
            }
        }
        return ev.result();
    }

    /**
     * SPI-3: each invalid parameter set is rejected with an IllegalArgumentException naming the parameter, quoted as
     * in {@code ProviderParameters.outOfRange} ({@code parameter 'n' of provider 'sphere': …}) or as an input of the
     * house format ({@code n: expected …}).
     */
    static RuleResult badParameters(Probe probe) {
        if (probe.fixtures().provider().isEmpty()) {
            return noProvider(RuleId.SPI_3);
        }
        if (probe.fixtures().invalidParameters().isEmpty()) {
            return Evidence.skipped(RuleId.SPI_3, "no invalid parameter values were given (override "
                    + "invalidParameters() in ManifoldVerification, or pass them to TckFixtures.withProvider)");
        }
        ManifoldProvider provider = probe.fixtures().provider().get();
        Evidence ev = probe.evidence(RuleId.SPI_3);
        for (InvalidParameters bad : probe.fixtures().invalidParameters()) {
            String where = "provider '" + provider.name() + "' with " + bad.values();
            try {
                Manifold m = provider.create(ProviderParameters.of(provider, bad.values()));
                ev.violation("create() accepted it and made " + m.name(), where);
            } catch (IllegalArgumentException e) {
                String message = String.valueOf(e.getMessage());
                if (message.contains("'" + bad.parameter() + "'") || ErrorChecks.names(message, bad.parameter())) {
                    ev.held("rejected naming '" + bad.parameter() + "'", where);
                } else {
                    ev.violation("the rejection does not name '" + bad.parameter() + "': \"" + message + "\"",
                            where);
                }
            } catch (RuntimeException e) {
                ev.violation("create() threw " + Probe.describe(e) + " instead of an IllegalArgumentException", where);
            }
        }
        return ev.result();
    }

    /**
     * The providers visible to the class loader of the provider under test: the application's for a provider on the
     * class path, the plug-in loader of {@code atlas --class-path} for one in an outside jar.
     */
    private static List<ManifoldProvider> load(ManifoldProvider provider) {
        return StreamSupport.stream(ServiceLoader.load(ManifoldProvider.class, provider.getClass().getClassLoader())
                .spliterator(), false).toList();
    }

    private static RuleResult noProvider(RuleId id) {
        return Evidence.skipped(id, "no provider was given (override provider() in ManifoldVerification, or use "
                + "TckFixtures.withProvider)");
    }
}

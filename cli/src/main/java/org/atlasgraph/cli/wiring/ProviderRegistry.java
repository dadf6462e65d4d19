package org.atlasgraph.cli.wiring;

import jakarta.inject.Inject;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.atlasgraph.api.Manifold;
import org.atlasgraph.api.check.InvalidInputException;
import org.atlasgraph.api.spi.ManifoldProvider;
import org.atlasgraph.api.spi.ProviderParameters;

/**
 * The manifold providers bound by {@link ProvidersModule}, looked up by the name a user typed.
 *
 * <p>Every failure is an {@link InvalidInputException} that lists what is available, so the CLI can print it as its
 * one-line error: {@code provider 'spehre': expected one of [grassmann, pointcloud, sphere], found 'spehre'}.
 */
public final class ProviderRegistry {
    private final List<ManifoldProvider> providers;

    /**
     * Creates the registry.
     *
     * @param providers the bound providers by name (copied)
     */
    @Inject
    public ProviderRegistry(Map<String, ManifoldProvider> providers) {
        this.providers = providers.values().stream().sorted(Comparator.comparing(ManifoldProvider::name))
                .collect(Collectors.toUnmodifiableList());
    }

    /** @return every provider, sorted by name */
    public List<ManifoldProvider> all() {
        return providers;
    }

    /** @return the names of every provider, sorted */
    public List<String> names() {
        return providers.stream().map(ManifoldProvider::name).collect(Collectors.toUnmodifiableList());
    }

    /**
     * Finds a provider by name.
     *
     * @param name the name as typed
     * @return the provider
     * @throws InvalidInputException listing the available names if there is no provider by that name
     */
    public ManifoldProvider named(String name) {
        return providers.stream().filter(p -> p.name().equals(name)).findFirst()
                .orElseThrow(() -> new InvalidInputException("provider '" + name + "'", "one of " + names(),
                        "'" + name + "'", "'atlas providers' lists them with their parameters"));
    }

    /**
     * Creates a manifold from a provider name and raw parameter text.
     *
     * @param name the provider's name
     * @param raw  {@code parameter → value} as typed (not modified)
     * @return the manifold
     * @throws InvalidInputException for an unknown provider, an unknown or missing parameter, an unparsable value or a
     *     value the provider rejects; the message names the parameter
     */
    public Manifold create(String name, Map<String, String> raw) {
        ManifoldProvider p = named(name);
        return p.create(ProviderParameters.of(p, raw));
    }
}

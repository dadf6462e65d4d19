package org.atlasgraph.api.spi;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.stream.Collectors;
import org.atlasgraph.api.Manifold;
import org.atlasgraph.api.check.InvalidInputException;

/**
 * Finds {@link ManifoldProvider}s on the class path with {@link ServiceLoader}.
 */
public final class Providers {
    private Providers() {
    }

    /**
     * @return every provider on the class path, sorted by name
     * @throws IllegalStateException if two providers share a name
     */
    public static List<ManifoldProvider> all() {
        List<ManifoldProvider> found = new ArrayList<>();
        ServiceLoader.load(ManifoldProvider.class).forEach(found::add);
        found.sort(Comparator.comparing(ManifoldProvider::name));
        for (int i = 1; i < found.size(); i++) {
            if (found.get(i).name().equals(found.get(i - 1).name())) {
                throw new IllegalStateException("two providers are named '" + found.get(i).name() + "': "
                        + found.get(i - 1).getClass().getName() + " and " + found.get(i).getClass().getName());
            }
        }
        return found;
    }

    /**
     * @param name a provider name
     * @return the provider
     * @throws InvalidInputException listing the available names if there is none by that name
     */
    public static ManifoldProvider named(String name) {
        List<ManifoldProvider> all = all();
        return all.stream().filter(p -> p.name().equals(name)).findFirst()
                .orElseThrow(() -> new InvalidInputException("provider '" + name + "'", "one of "
                        + all.stream().map(ManifoldProvider::name).collect(Collectors.toList()), "'" + name + "'"));
    }

    /**
     * Looks up a provider and creates a manifold from raw parameter text.
     *
     * @param name the provider's name
     * @param raw  {@code parameter → value} as typed by a user
     * @return the manifold
     */
    public static Manifold create(String name, Map<String, String> raw) {
        ManifoldProvider p = named(name);
        return p.create(ProviderParameters.of(p, raw));
    }
}

package org.atlasgraph.api.spi;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.ServiceLoader;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.atlasgraph.api.Manifold;
import org.atlasgraph.api.check.Checks;
import org.atlasgraph.api.check.InvalidInputException;

/**
 * The registry of {@link ManifoldProvider}s: the one place that finds them (with {@link ServiceLoader}, on the class
 * path or in a plug-in class loader), checks their names and looks them up by the name a user typed. Immutable.
 *
 * <p>Every lookup failure is an {@link InvalidInputException} that lists what is available:
 * {@code provider 'spehre': expected one of [grassmann, pointcloud, sphere], found 'spehre'}.
 */
public final class Providers {
    /** What a provider name may look like: lower case, starting with a letter, so users can type it unquoted. */
    public static final Pattern NAME = Pattern.compile("[a-z][a-z0-9-]*");

    private final List<ManifoldProvider> providers;

    private Providers(List<ManifoldProvider> providers) {
        this.providers = providers;
    }

    /**
     * A registry of the given providers.
     *
     * @param providers the providers, in any order (copied)
     * @return the registry, sorted by name
     * @throws IllegalStateException naming both classes if two providers share a name, or the class if a name is not
     *     lower-case letters, digits and '-' starting with a letter
     */
    public static Providers of(Iterable<? extends ManifoldProvider> providers) {
        Map<String, ManifoldProvider> byName = new LinkedHashMap<>();
        for (ManifoldProvider p : providers) {
            String name = p.name();
            if (name == null || !NAME.matcher(name).matches()) {
                throw new IllegalStateException("manifold provider " + p.getClass().getName() + " has name '" + name
                        + "': expected lower-case letters, digits and '-', starting with a letter");
            }
            ManifoldProvider earlier = byName.putIfAbsent(name, p);
            if (earlier != null) {
                throw new IllegalStateException("two manifold providers are named '" + name + "': "
                        + earlier.getClass().getName() + " and " + p.getClass().getName());
            }
        }
        List<ManifoldProvider> sorted = new ArrayList<>(byName.values());
        sorted.sort(Comparator.comparing(ManifoldProvider::name));
        return new Providers(List.copyOf(sorted));
    }

    /**
     * Every provider registered in {@code META-INF/services/org.atlasgraph.api.spi.ManifoldProvider} visible to a
     * class loader: the application's, or one that adds plug-in jars.
     *
     * @param loader the class loader to search
     * @return the registry
     * @throws IllegalStateException if two providers share a name or a name is malformed
     * @throws java.util.ServiceConfigurationError if a registered provider cannot be loaded or instantiated
     */
    public static Providers discover(ClassLoader loader) {
        return of(ServiceLoader.load(ManifoldProvider.class, Objects.requireNonNull(loader, "loader")));
    }

    /** @return every provider on the class path of this library, see {@link #discover} */
    public static Providers onClassPath() {
        return discover(Providers.class.getClassLoader());
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
     * @param name a provider name as typed
     * @return the provider
     * @throws InvalidInputException listing the available names if there is none by that name
     */
    public ManifoldProvider named(String name) {
        Checks.requireNonNull("provider", name, "one of " + names());
        return providers.stream().filter(p -> p.name().equals(name)).findFirst()
                .orElseThrow(() -> new InvalidInputException("provider '" + name + "'", "one of " + names(),
                        "'" + name + "'", "'atlas providers' lists them with their parameters"));
    }

    /**
     * Looks up a provider and creates a manifold from raw parameter text.
     *
     * @param name the provider's name
     * @param raw  {@code parameter → value} as typed by a user (not modified)
     * @return the manifold
     * @throws InvalidInputException for an unknown provider, an unknown or missing parameter, an unparsable value or a
     *     value the provider rejects; the message names the parameter
     */
    public Manifold create(String name, Map<String, String> raw) {
        ManifoldProvider p = named(name);
        return p.create(ProviderParameters.of(p, raw));
    }
}

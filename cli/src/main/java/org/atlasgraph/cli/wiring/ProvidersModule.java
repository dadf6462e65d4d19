package org.atlasgraph.cli.wiring;

import com.google.inject.AbstractModule;
import com.google.inject.multibindings.MapBinder;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.regex.Pattern;
import org.atlasgraph.api.spi.ManifoldProvider;

/**
 * Binds manifold providers into a {@code Map<String, ManifoldProvider>} keyed by {@link ManifoldProvider#name()}.
 *
 * <p>{@link #discovered()} takes every provider registered in
 * {@code META-INF/services/org.atlasgraph.api.spi.ManifoldProvider}; the public constructor takes an explicit list,
 * which is how tests bind fakes. Two providers with one name, or a name a user could not type, fail injector creation
 * with a message that names both classes, so a packaging mistake is found at start-up rather than by whichever lookup
 * happens to hit it.
 */
public final class ProvidersModule extends AbstractModule {
    /** What a provider name may look like: lower case, starting with a letter, so users can type it unquoted. */
    static final Pattern NAME = Pattern.compile("[a-z][a-z0-9-]*");

    private final List<ManifoldProvider> providers;

    /**
     * Creates a module binding the given providers.
     *
     * @param providers the providers, in any order (copied)
     */
    public ProvidersModule(Iterable<? extends ManifoldProvider> providers) {
        List<ManifoldProvider> copy = new ArrayList<>();
        providers.forEach(copy::add);
        this.providers = List.copyOf(copy);
    }

    /**
     * Creates a module binding every provider on the class path.
     *
     * @return the module
     * @throws java.util.ServiceConfigurationError if a registered provider cannot be loaded or instantiated
     */
    public static ProvidersModule discovered() {
        return new ProvidersModule(ServiceLoader.load(ManifoldProvider.class));
    }

    @Override
    protected void configure() {
        MapBinder<String, ManifoldProvider> byName =
                MapBinder.newMapBinder(binder(), String.class, ManifoldProvider.class);
        Map<String, ManifoldProvider> seen = new LinkedHashMap<>();
        for (ManifoldProvider p : providers) {
            String name = p.name();
            ManifoldProvider earlier = seen.putIfAbsent(name, p);
            if (earlier != null) {
                binder().addError("two manifold providers are named '%s': %s and %s", name,
                        earlier.getClass().getName(), p.getClass().getName());
            } else if (!NAME.matcher(name).matches()) {
                binder().addError("manifold provider %s has name '%s': expected lower-case letters, digits and '-',"
                        + " starting with a letter", p.getClass().getName(), name);
            } else {
                byName.addBinding(name).toInstance(p);
            }
        }
    }
}

package org.atlasgraph.cli.wiring;

import com.google.inject.AbstractModule;
import java.util.Objects;
import org.atlasgraph.api.spi.Providers;

/**
 * Binds the registry of manifold providers, {@link Providers}, so that commands and mixins receive it through their
 * {@code @Inject} constructors. The registry itself finds the providers (on the class path of {@code atlas}, and in
 * the plug-ins of {@link Plugins}) and checks their names and that no two share one; tests bind a registry of fakes
 * with {@code new ProvidersModule(Providers.of(list))}.
 */
public final class ProvidersModule extends AbstractModule {
    private final Providers providers;

    /**
     * Creates a module binding the given registry.
     *
     * @param providers the providers
     */
    public ProvidersModule(Providers providers) {
        this.providers = Objects.requireNonNull(providers, "providers");
    }

    /**
     * Creates a module binding every provider on the class path of {@code atlas}.
     *
     * @return the module
     * @throws java.util.ServiceConfigurationError if a registered provider cannot be loaded or instantiated
     * @throws IllegalStateException               if two providers share a name or a name is malformed
     */
    public static ProvidersModule discovered() {
        return new ProvidersModule(Providers.onClassPath());
    }

    @Override
    protected void configure() {
        bind(Providers.class).toInstance(providers);
    }
}

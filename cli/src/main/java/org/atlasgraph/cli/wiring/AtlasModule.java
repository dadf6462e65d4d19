package org.atlasgraph.cli.wiring;

import com.google.inject.AbstractModule;
import java.util.Objects;
import org.atlasgraph.api.spi.Providers;

/**
 * The root Guice module of the {@code atlas} application. A module contributing bindings for new subcommands (e.g.
 * optimizers keyed by name) is registered here with one {@code install} line.
 */
public final class AtlasModule extends AbstractModule {
    private final Providers providers;

    /**
     * Creates the module with the providers on the class path of {@code atlas} and no plug-ins.
     *
     * @throws java.util.ServiceConfigurationError if a registered provider cannot be loaded or instantiated
     * @throws IllegalStateException               if two providers share a name or a name is malformed
     */
    public AtlasModule() {
        this(Providers.onClassPath());
    }

    /**
     * Creates the module with given providers, e.g. those discovered with the class loader of {@link Plugins}.
     *
     * @param providers the providers
     */
    public AtlasModule(Providers providers) {
        this.providers = Objects.requireNonNull(providers, "providers");
    }

    @Override
    protected void configure() {
        install(new ProvidersModule(providers));
    }
}

package org.atlasgraph.cli.wiring;

import com.google.inject.AbstractModule;

/**
 * The root Guice module of the {@code atlas} application. A module contributing bindings for new subcommands (e.g.
 * optimizers keyed by name) is registered here with one {@code install} line.
 */
public final class AtlasModule extends AbstractModule {
    /** Creates the module. */
    public AtlasModule() {
    }

    @Override
    protected void configure() {
        install(ProvidersModule.discovered());
    }
}

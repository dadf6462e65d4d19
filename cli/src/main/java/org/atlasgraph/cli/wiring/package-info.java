/**
 * Guice wiring of the {@code atlas} command: {@link org.atlasgraph.cli.wiring.ProvidersModule} binds every
 * {@link org.atlasgraph.api.spi.ManifoldProvider} found by {@link java.util.ServiceLoader} into a
 * {@code MapBinder<String, ManifoldProvider>} keyed by name, {@link org.atlasgraph.cli.wiring.ProviderRegistry} looks
 * them up with errors that list what is available, {@link org.atlasgraph.cli.wiring.AtlasModule} is the application's
 * root module, and {@link org.atlasgraph.cli.wiring.GuiceFactory} lets picocli obtain commands and mixins from the
 * injector, so a subcommand receives its collaborators through an {@code @Inject} constructor.
 */
package org.atlasgraph.cli.wiring;

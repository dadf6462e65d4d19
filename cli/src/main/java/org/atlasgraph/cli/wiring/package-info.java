/**
 * Guice wiring of the {@code atlas} command: {@link org.atlasgraph.cli.wiring.Plugins} collects the out-of-tree
 * provider jars ({@code --class-path}, {@code ATLAS_PLUGINS}, {@code ~/.atlas/plugins}) into a class loader, from which
 * {@link org.atlasgraph.api.spi.Providers#discover} builds the one provider registry;
 * {@link org.atlasgraph.cli.wiring.ProvidersModule} binds it, {@link org.atlasgraph.cli.wiring.AtlasModule} is the
 * application's root module, and {@link org.atlasgraph.cli.wiring.GuiceFactory} lets picocli obtain commands and mixins
 * from the injector, so a subcommand receives its collaborators through an {@code @Inject} constructor.
 */
package org.atlasgraph.cli.wiring;

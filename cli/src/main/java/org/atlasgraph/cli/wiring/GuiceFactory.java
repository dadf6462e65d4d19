package org.atlasgraph.cli.wiring;

import com.google.inject.ConfigurationException;
import com.google.inject.Injector;
import java.util.Objects;
import picocli.CommandLine;

/**
 * A picocli {@link CommandLine.IFactory} backed by a Guice {@link Injector}: commands, mixins, converters and version
 * providers are obtained from the injector, so they can declare their collaborators in an {@code @Inject} constructor.
 * Types Guice cannot construct (interfaces such as {@code List} that picocli asks for) fall back to picocli's default
 * factory.
 */
public final class GuiceFactory implements CommandLine.IFactory {
    private final Injector injector;

    /**
     * Creates the factory.
     *
     * @param injector the application's injector
     */
    public GuiceFactory(Injector injector) {
        this.injector = Objects.requireNonNull(injector, "injector");
    }

    /**
     * Creates an instance through the injector, or through picocli's default factory when Guice has no way to.
     *
     * @param type the class picocli needs
     * @return a new instance (or the bound singleton)
     * @throws Exception if the type cannot be constructed at all
     */
    @Override
    public <K> K create(Class<K> type) throws Exception {
        try {
            return injector.getInstance(type);
        } catch (ConfigurationException notInjectable) {
            return CommandLine.defaultFactory().create(type);
        }
    }
}

package org.atlasgraph.cli.wiring;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.inject.Guice;
import jakarta.inject.Inject;
import java.util.List;
import org.atlasgraph.api.spi.Providers;
import org.atlasgraph.cli.FakeProvider;
import org.junit.jupiter.api.Test;

class GuiceFactoryTest {
    private final GuiceFactory factory = new GuiceFactory(
            Guice.createInjector(new ProvidersModule(Providers.of(List.of(new FakeProvider("sphere"))))));

    /** A command-like class with an injected collaborator. */
    static final class NeedsRegistry {
        final Providers registry;

        @Inject
        NeedsRegistry(Providers registry) {
            this.registry = registry;
        }
    }

    @Test
    void injectsConstructorDependencies() throws Exception {
        assertThat(factory.create(NeedsRegistry.class).registry.names()).as("injected registry")
                .containsExactly("sphere");
    }

    @Test
    void fallsBackToPicocliForTypesGuiceCannotBuild() throws Exception {
        Object created = factory.create(List.class);

        assertThat(created).as("picocli's default for List").isInstanceOf(List.class);
        assertThat((List<?>) created).as("new list").isEmpty();
    }
}

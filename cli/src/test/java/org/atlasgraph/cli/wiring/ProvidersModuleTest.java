package org.atlasgraph.cli.wiring;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.inject.CreationException;
import com.google.inject.Guice;
import com.google.inject.Key;
import com.google.inject.TypeLiteral;
import java.util.List;
import java.util.Map;
import org.atlasgraph.api.spi.ManifoldProvider;
import org.atlasgraph.cli.FakeProvider;
import org.atlasgraph.sphere.SphereProvider;
import org.junit.jupiter.api.Test;

class ProvidersModuleTest {
    private static final Key<Map<String, ManifoldProvider>> BY_NAME = Key.get(new TypeLiteral<>() { });

    @Test
    void discoveredProvidersAreBoundByNameAndIncludeTheSphere() {
        Map<String, ManifoldProvider> byName = Guice.createInjector(ProvidersModule.discovered()).getInstance(BY_NAME);

        assertThat(byName).as("providers by name").containsKey("sphere");
        assertThat(byName.get("sphere")).as("sphere provider").isInstanceOf(SphereProvider.class);
        byName.forEach((name, p) -> assertThat(p.name()).as("key of %s", p.getClass()).isEqualTo(name));
    }

    @Test
    void applicationModuleBindsTheDiscoveredProviders() {
        Map<String, ManifoldProvider> byName = Guice.createInjector(new AtlasModule()).getInstance(BY_NAME);

        assertThat(byName).as("providers by name").containsKey("sphere");
    }

    @Test
    void twoProvidersWithOneNameAreRejectedNamingBothClasses() {
        ProvidersModule module = new ProvidersModule(List.of(new SphereProvider(), new FakeProvider("sphere")));

        assertThatThrownBy(() -> Guice.createInjector(module)).isInstanceOf(CreationException.class)
                .hasMessageContaining("two manifold providers are named 'sphere'")
                .hasMessageContaining(SphereProvider.class.getName())
                .hasMessageContaining(FakeProvider.class.getName());
    }

    @Test
    void aNameUsersCannotTypeIsRejected() {
        ProvidersModule module = new ProvidersModule(List.of(new FakeProvider("Point Cloud")));

        assertThatThrownBy(() -> Guice.createInjector(module)).isInstanceOf(CreationException.class)
                .hasMessageContaining("has name 'Point Cloud'");
    }
}

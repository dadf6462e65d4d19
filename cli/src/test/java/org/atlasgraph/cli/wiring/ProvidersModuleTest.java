package org.atlasgraph.cli.wiring;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.inject.Guice;
import java.util.List;
import org.atlasgraph.api.spi.Providers;
import org.atlasgraph.cli.FakeProvider;
import org.junit.jupiter.api.Test;

class ProvidersModuleTest {
    @Test
    void discoveredProvidersAreBoundAndIncludeTheSphere() {
        Providers providers = Guice.createInjector(ProvidersModule.discovered()).getInstance(Providers.class);

        assertThat(providers.names()).as("provider names").contains("sphere");
        assertThat(providers.named("sphere").name()).as("name of the sphere provider").isEqualTo("sphere");
    }

    @Test
    void applicationModuleBindsTheDiscoveredProviders() {
        Providers providers = Guice.createInjector(new AtlasModule()).getInstance(Providers.class);

        assertThat(providers.names()).as("provider names").contains("sphere", "grassmann", "pointcloud");
    }

    @Test
    void theGivenRegistryIsTheOneBound() {
        Providers fakes = Providers.of(List.of(new FakeProvider("zeta"), new FakeProvider("alpha")));

        Providers bound = Guice.createInjector(new ProvidersModule(fakes)).getInstance(Providers.class);

        assertThat(bound).as("bound registry").isSameAs(fakes);
        assertThat(bound.names()).as("names in order").containsExactly("alpha", "zeta");
    }
}

package org.atlasgraph.cli.wiring;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.inject.Guice;
import java.util.List;
import java.util.Map;
import org.atlasgraph.api.check.InvalidInputException;
import org.atlasgraph.cli.FakeProvider;
import org.atlasgraph.sphere.SphereProvider;
import org.junit.jupiter.api.Test;

class ProviderRegistryTest {
    private final ProviderRegistry registry = Guice.createInjector(new ProvidersModule(List.of(
            new SphereProvider(), new FakeProvider("grassmann"), new FakeProvider("pointcloud"))))
            .getInstance(ProviderRegistry.class);

    @Test
    void listsProvidersInNameOrder() {
        assertThat(registry.names()).as("names").containsExactly("grassmann", "pointcloud", "sphere");
    }

    @Test
    void unknownNameListsTheAvailableOnesInTheHouseFormat() {
        assertThatThrownBy(() -> registry.named("spehre")).isInstanceOf(InvalidInputException.class)
                .hasMessageStartingWith(
                        "provider 'spehre': expected one of [grassmann, pointcloud, sphere], found 'spehre'");
    }

    @Test
    void createsAManifoldFromRawParameters() {
        assertThat(registry.create("sphere", Map.of("n", "5")).dimension()).as("dimension of S^4").isEqualTo(4);
    }
}

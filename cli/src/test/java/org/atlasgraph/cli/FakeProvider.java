package org.atlasgraph.cli;

import java.util.List;
import java.util.Map;
import org.atlasgraph.api.Manifold;
import org.atlasgraph.api.spi.ManifoldProvider;
import org.atlasgraph.api.spi.ParameterSpec;
import org.atlasgraph.api.spi.ProviderParameters;
import org.atlasgraph.api.spi.Providers;

/**
 * A provider for wiring tests: a chosen name and parameter list, making a sphere of dimension {@code n} when it has
 * such a parameter.
 */
public final class FakeProvider implements ManifoldProvider {
    private final String name;
    private final List<ParameterSpec> parameters;

    /**
     * @param name       the name
     * @param parameters its parameters
     */
    public FakeProvider(String name, ParameterSpec... parameters) {
        this.name = name;
        this.parameters = List.of(parameters);
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public String description() {
        return "A fake provider named " + name + ".";
    }

    @Override
    public List<ParameterSpec> parameters() {
        return parameters;
    }

    @Override
    public Manifold create(ProviderParameters p) {
        return Providers.onClassPath().create("sphere", Map.of("n", p.asMap().getOrDefault("n", "3")));
    }
}

package org.example.hyperbolic;

import java.util.List;
import org.atlasgraph.api.Manifold;
import org.atlasgraph.api.spi.ManifoldProvider;
import org.atlasgraph.api.spi.ParameterSpec;
import org.atlasgraph.api.spi.ProviderParameters;

/**
 * Registers hyperbolic space as provider {@code "hyperbolic"} with one parameter, the dimension {@code n}. It is found
 * by {@link java.util.ServiceLoader} through {@code META-INF/services/org.atlasgraph.api.spi.ManifoldProvider}, by the
 * conformance kit and by {@code atlas --class-path <this jar>}.
 */
public final class HyperbolicProvider implements ManifoldProvider {
    /** Creates the provider; called by {@link java.util.ServiceLoader}. */
    public HyperbolicProvider() {
    }

    @Override
    public String name() {
        return "hyperbolic";
    }

    @Override
    public String description() {
        return "Hyperbolic space H^n in the hyperboloid model (Minkowski metric) with Poincaré-ball charts centred "
                + "anywhere and exact geometry.";
    }

    @Override
    public List<ParameterSpec> parameters() {
        return List.of(ParameterSpec.optional("n", ParameterSpec.Type.INTEGER, "dimension, n ≥ 1", "2"));
    }

    @Override
    public Manifold create(ProviderParameters parameters) {
        int n = parameters.integer("n");
        if (n < 1) {
            throw parameters.outOfRange("n", "an integer ≥ 1");
        }
        return HyperbolicSpace.of(n);
    }
}

package org.atlasgraph.sphere;

import java.util.List;
import org.atlasgraph.api.Manifold;
import org.atlasgraph.api.check.Checks;
import org.atlasgraph.api.spi.ManifoldProvider;
import org.atlasgraph.api.spi.ParameterSpec;
import org.atlasgraph.api.spi.ProviderParameters;

/**
 * Registers the sphere as provider {@code "sphere"} with one parameter, the ambient dimension {@code n}.
 *
 * <p>Stateless and thread-safe.
 */
public final class SphereProvider implements ManifoldProvider {
    /** Creates the provider; called by {@link java.util.ServiceLoader}. */
    public SphereProvider() {
    }

    @Override
    public String name() {
        return "sphere";
    }

    @Override
    public String description() {
        return "The unit sphere S^{n-1} in R^n with gnomonic charts centred anywhere and exact great-circle geometry.";
    }

    @Override
    public List<ParameterSpec> parameters() {
        return List.of(ParameterSpec.optional("n", ParameterSpec.Type.INTEGER, "ambient dimension, n ≥ 2", "3"));
    }

    @Override
    public Manifold create(ProviderParameters parameters) {
        Checks.requireNonNull("parameters", parameters, "the checked parameters of provider 'sphere'");
        int n = parameters.integer("n");
        if (n < 2) {
            throw parameters.outOfRange("n", "an integer ≥ 2");
        }
        return Sphere.of(n);
    }
}

package org.atlasgraph.tck;

import java.util.List;
import org.atlasgraph.api.Manifold;
import org.atlasgraph.api.spi.ManifoldProvider;
import org.atlasgraph.api.spi.ParameterSpec;
import org.atlasgraph.api.spi.ProviderParameters;
import org.atlasgraph.tck.fixture.HyperbolicSpace;

/**
 * Registers the kit's reference manifold {@link HyperbolicSpace} as provider {@code "hyperbolic-space"}, on the test
 * class path only (a registration in the kit's main jar would show up in every provider list), for the SPI rules.
 */
public class HyperbolicSpaceProvider implements ManifoldProvider {
    /** Called by ServiceLoader. */
    public HyperbolicSpaceProvider() {
    }

    @Override
    public String name() {
        return "hyperbolic-space";
    }

    @Override
    public String description() {
        return "Hyperbolic space H^d in the hyperboloid model with Beltrami–Klein charts: the kit's reference "
                + "manifold.";
    }

    @Override
    public List<ParameterSpec> parameters() {
        return List.of(ParameterSpec.optional("d", ParameterSpec.Type.INTEGER, "dimension, d ≥ 1", "2"));
    }

    @Override
    public Manifold create(ProviderParameters parameters) {
        int d = parameters.integer("d");
        if (d < 1) {
            throw parameters.outOfRange("d", "an integer ≥ 1");
        }
        return HyperbolicSpace.of(d);
    }
}

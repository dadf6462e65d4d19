package org.atlasgraph.tck;

import java.util.List;
import org.atlasgraph.api.Manifold;
import org.atlasgraph.api.spi.ManifoldProvider;
import org.atlasgraph.api.spi.ParameterSpec;
import org.atlasgraph.api.spi.ProviderParameters;

/** Registers {@link SinhPlane} as provider {@code "sinh-plane"} (test class path only) for the SPI rules. */
public class SinhPlaneProvider implements ManifoldProvider {
    /** Called by ServiceLoader. */
    public SinhPlaneProvider() {
    }

    @Override
    public String name() {
        return "sinh-plane";
    }

    @Override
    public String description() {
        return "The hyperplane x_d = 0 of R^{d+1} in sinh charts: the kit's own reference manifold.";
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
        return new SinhPlane(d);
    }
}

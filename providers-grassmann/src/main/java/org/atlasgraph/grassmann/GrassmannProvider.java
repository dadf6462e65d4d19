package org.atlasgraph.grassmann;

import java.util.List;
import org.atlasgraph.api.Manifold;
import org.atlasgraph.api.spi.ManifoldProvider;
import org.atlasgraph.api.spi.ParameterSpec;
import org.atlasgraph.api.spi.ProviderParameters;

/** Registers the Grassmann manifold as provider {@code "grassmann"} with parameters {@code n} and {@code k}. */
public final class GrassmannProvider implements ManifoldProvider {
    /** Creates the provider; called by {@link java.util.ServiceLoader}. */
    public GrassmannProvider() {
    }

    @Override
    public String name() {
        return "grassmann";
    }

    @Override
    public String description() {
        return "The Grassmann manifold Gr(n,k) of k-dimensional subspaces of R^n, with Ehresmann and ad hoc charts "
                + "and exact geometry.";
    }

    @Override
    public List<ParameterSpec> parameters() {
        return List.of(
                ParameterSpec.optional("n", ParameterSpec.Type.INTEGER, "ambient dimension, n > k", "5"),
                ParameterSpec.optional("k", ParameterSpec.Type.INTEGER, "subspace dimension, 1 ≤ k < n", "2"));
    }

    @Override
    public Manifold create(ProviderParameters parameters) {
        int n = parameters.integer("n");
        int k = parameters.integer("k");
        if (k < 1) {
            throw parameters.outOfRange("k", "an integer with 1 ≤ k < n = " + n);
        }
        if (n <= k) {
            throw parameters.outOfRange("n", "an integer n > k = " + k);
        }
        if ((long) n * k > Grassmann.MAX_AMBIENT_LENGTH) {
            throw parameters.outOfRange("n", "n·k ≤ " + Grassmann.MAX_AMBIENT_LENGTH + " (length of an ambient array)");
        }
        return Grassmann.of(n, k);
    }
}

package org.atlasgraph.grassmann;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.atlasgraph.api.Manifold;
import org.atlasgraph.api.spi.ManifoldProvider;
import org.atlasgraph.api.spi.ParameterSpec;
import org.atlasgraph.api.spi.ProviderParameters;

/**
 * Registers the Grassmann manifold as provider {@code "grassmann"} with parameters {@code n}, {@code k} and
 * {@code delta-max} (the δ_max of its geodesic power distribution, {@code paper} or {@code diameter}).
 */
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
                ParameterSpec.optional("k", ParameterSpec.Type.INTEGER, "subspace dimension, 1 ≤ k < n", "2"),
                ParameterSpec.optional("delta-max", ParameterSpec.Type.TEXT, "δ_max of the geodesic power "
                        + "distribution: paper ((π/2)√max(k, n−k), App. C.3) or diameter ((π/2)√min(k, n−k))",
                        DeltaMax.PAPER.parameterValue()));
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
        String choice = parameters.text("delta-max").trim().toLowerCase(Locale.ROOT);
        DeltaMax deltaMax = Arrays.stream(DeltaMax.values()).filter(d -> d.parameterValue().equals(choice))
                .findFirst().orElseThrow(() -> parameters.outOfRange("delta-max", "one of "
                        + Arrays.stream(DeltaMax.values()).map(DeltaMax::parameterValue).toList()));
        return Grassmann.of(n, k, deltaMax);
    }
}

package org.atlasgraph.cli.frechet;

import java.util.function.Supplier;
import java.util.random.RandomGenerator;
import org.atlasgraph.api.Manifold;
import org.atlasgraph.api.Sampler;
import org.atlasgraph.api.check.InvalidInputException;
import org.atlasgraph.api.primitive.ExactGeometry;

/**
 * Geodesic power scaling (App. C.3) on any manifold with a sampler and exact geometry: draw Y uniformly, measure
 * δ = d(X, Y), return {@code Exp_X((δ/δ_max)^p Log_X Y)}. The Grassmann provider has its own implementation with the
 * paper's δ_max; this one serves the other providers (the sphere).
 */
final class GeodesicPowerSamples {
    private GeodesicPowerSamples() {
    }

    /**
     * @param manifold the manifold
     * @param mean     X, an ambient point
     * @param power    p
     * @param deltaMax δ_max &gt; 0
     * @param rng      the only random source
     * @return one draw of GPD(X, p) per call
     * @throws InvalidInputException naming the provider if it lacks a sampler or exact geometry
     */
    static Supplier<double[]> of(Manifold manifold, double[] mean, double power, double deltaMax,
                                 RandomGenerator rng) {
        Sampler sampler = manifold.sampler().orElseThrow(() -> unsupported(manifold, "a sampler"));
        ExactGeometry exact = manifold.exact().orElseThrow(() -> unsupported(manifold, "exact geometry"));
        double[] x = mean.clone();
        return () -> {
            double[] y = manifold.embed(sampler.sample(rng));
            double scale = Math.pow(exact.distance(x, y) / deltaMax, power);
            double[] v = exact.log(x, y);
            for (int i = 0; i < v.length; i++) {
                v[i] *= scale;
            }
            return exact.exp(x, v);
        };
    }

    private static InvalidInputException unsupported(Manifold manifold, String what) {
        return new InvalidInputException("--provider", "a manifold with " + what + " to draw samples from, or --input",
                manifold.name());
    }
}

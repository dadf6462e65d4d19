package org.atlasgraph.api.base;

import java.util.Objects;
import java.util.random.RandomGenerator;
import org.atlasgraph.api.Manifold;
import org.atlasgraph.api.capability.ExactGeometry;
import org.atlasgraph.api.capability.GeodesicPowerDistribution;
import org.atlasgraph.api.capability.Sampler;
import org.atlasgraph.api.check.Checks;
import org.atlasgraph.api.check.InvalidInputException;

/**
 * The geodesic power distribution GPD(X, p) of App. C.3 for any compact manifold with closed-form geodesics and a
 * uniform sampler: Y uniform, δ = d(X, Y), the sample is {@code Exp_X((δ/δ_max)^p Log_X Y)}. Providers with a faster
 * route (the Grassmannian's principal-angle form) offer their own.
 */
public final class GeodesicPowerSampling implements GeodesicPowerDistribution {
    private final Manifold manifold;
    private final ExactGeometry exact;
    private final Sampler uniform;
    private final double deltaMax;

    /**
     * @param manifold the manifold (validates the mean)
     * @param exact    its closed forms
     * @param uniform  a sampler of its uniform measure
     * @param deltaMax δ_max &gt; 0, e.g. the diameter
     * @throws InvalidInputException if δ_max is not finite and positive
     */
    public GeodesicPowerSampling(Manifold manifold, ExactGeometry exact, Sampler uniform, double deltaMax) {
        this.manifold = Objects.requireNonNull(manifold, "manifold");
        this.exact = Objects.requireNonNull(exact, "exact");
        this.uniform = Objects.requireNonNull(uniform, "uniform");
        this.deltaMax = Checks.requirePositive("deltaMax", deltaMax);
    }

    @Override
    public double deltaMax() {
        return deltaMax;
    }

    @Override
    public double[] sample(double[] mean, double power, RandomGenerator rng) {
        if (!(power > 1) || !Double.isFinite(power)) {
            throw new InvalidInputException("power", "a finite value > 1 (App. C.3: GPD(X, p) needs p > 1)",
                    String.valueOf(power));
        }
        double[] x = manifold.embed(manifold.locate(mean));
        double[] y = manifold.embed(uniform.sample(rng));
        double delta = exact.distance(x, y);
        double[] v = exact.log(x, y);
        double f = Math.pow(delta / deltaMax, power);
        for (int i = 0; i < v.length; i++) {
            v[i] *= f;
        }
        return exact.exp(x, v);
    }
}

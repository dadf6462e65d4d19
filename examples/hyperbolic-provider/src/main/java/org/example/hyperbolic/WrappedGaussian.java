package org.example.hyperbolic;

import java.util.random.RandomGenerator;
import org.atlasgraph.api.ChartPoint;
import org.atlasgraph.api.capability.Sampler;

/**
 * The wrapped Gaussian at the origin o = (1, 0, …, 0): a tangent vector v ~ N(0, σ²I) at o, mapped to
 * {@code Exp_o(v) = (cosh‖v‖, sinh‖v‖ v/‖v‖)}. H^n has infinite volume and so no uniform distribution; the
 * conformance kit needs test points spread over a few length scales, which σ = {@value #SIGMA} gives (about 95% of the
 * points within distance 2√n of the origin).
 */
final class WrappedGaussian implements Sampler {
    /** The standard deviation of each tangent coordinate. */
    static final double SIGMA = 1.0;

    private final HyperbolicSpace manifold;

    WrappedGaussian(HyperbolicSpace manifold) {
        this.manifold = manifold;
    }

    @Override
    public ChartPoint sample(RandomGenerator rng) {
        int n = manifold.dimension();
        double[] v = new double[n];
        double norm2 = 0;
        for (int i = 0; i < n; i++) {
            v[i] = SIGMA * rng.nextGaussian();
            norm2 += v[i] * v[i];
        }
        double t = Math.sqrt(norm2);
        double f = t == 0 ? 1 : Math.sinh(t) / t;
        double[] x = new double[n + 1];
        x[0] = Math.cosh(t);
        for (int i = 0; i < n; i++) {
            x[i + 1] = f * v[i];
        }
        return manifold.locate(x);
    }

    @Override
    public String distribution() {
        return "wrapped Gaussian at the origin (1, 0, …, 0), σ = " + SIGMA + " in each tangent coordinate";
    }
}

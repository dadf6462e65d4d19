package org.atlasgraph.optim.mean;

import java.util.Iterator;
import java.util.random.RandomGenerator;

/** Test fixtures on S^{n-1}: a distribution symmetric about a known mean, and small geometric helpers. */
final class SphereSamples {
    private SphereSamples() {
    }

    /**
     * Samples {@code normalize(μ + σg)} with g standard Gaussian: rotationally symmetric about μ, so for small σ its
     * Fréchet mean is μ.
     */
    static Iterator<double[]> symmetricAbout(double[] mu, double sigma, int count, RandomGenerator rng) {
        return new Iterator<>() {
            private int produced;

            @Override
            public boolean hasNext() {
                return produced < count;
            }

            @Override
            public double[] next() {
                produced++;
                double[] x = new double[mu.length];
                for (int i = 0; i < x.length; i++) {
                    x[i] = mu[i] + sigma * rng.nextGaussian();
                }
                return normalized(x);
            }
        };
    }

    static double[] normalized(double[] x) {
        double s = 0;
        for (double v : x) {
            s += v * v;
        }
        double norm = Math.sqrt(s);
        double[] r = new double[x.length];
        for (int i = 0; i < x.length; i++) {
            r[i] = x[i] / norm;
        }
        return r;
    }

    /** @return the unit vector at angle θ from e₀ toward e₁ */
    static double[] atAngle(int n, double theta) {
        double[] x = new double[n];
        x[0] = Math.cos(theta);
        x[1] = Math.sin(theta);
        return x;
    }
}

package org.atlasgraph.api.capability;

import java.util.random.RandomGenerator;
import org.atlasgraph.api.Capability;

/**
 * The geodesic power distribution GPD(X, p) of App. C.3 on a compact manifold: a uniform Y at distance δ from X is
 * moved to {@code Exp_X((δ/δ_max)^p Log_X Y)}. Its Fréchet mean is X, and larger p concentrates it: the test
 * distribution of the online Fréchet mean (§3.2, Fig. 1). The manifold declares δ_max (for the Grassmannian the
 * paper's (π/2)·√max(k, n−k), or the diameter), so that algorithms and the command line draw from it without naming a
 * provider.
 */
public interface GeodesicPowerDistribution extends Capability {
    /** @return δ_max, the distance that maps to the exponent's base 1 */
    double deltaMax();

    /**
     * @param mean  X, an ambient point (not modified)
     * @param power p &gt; 1
     * @param rng   the only source of randomness
     * @return a new ambient point drawn from GPD(X, p)
     * @throws org.atlasgraph.api.check.InvalidInputException if the mean is not a point of the manifold or p is not
     *     a finite value &gt; 1
     */
    double[] sample(double[] mean, double power, RandomGenerator rng);
}

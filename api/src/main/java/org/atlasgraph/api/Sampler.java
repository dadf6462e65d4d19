package org.atlasgraph.api;

import java.util.random.RandomGenerator;

/**
 * Draws points from a manifold's reference distribution: the uniform (Haar) measure for homogeneous spaces such as
 * S^{n-1} and Gr(n,k), the atlas sampling of App. E.1 for learned atlases. The TCK draws its test points here, and
 * the geodesic power distribution of App. C.3 starts from it.
 */
@FunctionalInterface
public interface Sampler {
    /**
     * @param rng the random source; the only randomness used, so a seeded source replays
     * @return a point of the manifold
     */
    ChartPoint sample(RandomGenerator rng);
}

package org.atlasgraph.api.capability;

import java.util.random.RandomGenerator;
import org.atlasgraph.api.Capability;
import org.atlasgraph.api.ChartPoint;

/**
 * Draws points from a probability distribution the manifold declares: the uniform (Haar) measure for compact
 * homogeneous spaces such as S^{n-1} and Gr(n,k), a distribution concentrated around a base point for a non-compact
 * manifold (which has no uniform measure), the atlas sampling of App. E.1 for learned atlases. The TCK draws its test
 * points here; its rules need points spread over a region a few length scales wide, not a particular measure.
 */
public interface Sampler extends Capability {
    /**
     * @param rng the random source; the only randomness used, so a seeded source replays
     * @return a point of the manifold
     */
    ChartPoint sample(RandomGenerator rng);

    /** @return the distribution in a few words, e.g. {@code "uniform (Haar) measure"} */
    String distribution();
}

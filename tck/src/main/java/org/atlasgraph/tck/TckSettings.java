package org.atlasgraph.tck;

/**
 * Knobs of a run: the seed every random draw derives from and the number of random samples per stochastic rule.
 *
 * @param seed    the seed
 * @param samples draws per stochastic rule
 */
public record TckSettings(long seed, int samples) {
    /** @return seed 42, 8 samples */
    public static TckSettings defaults() {
        return new TckSettings(42, 8);
    }
}

package org.atlasgraph.optim.mean;

/**
 * Observes an online mean after every sample, for error curves and progress. It runs outside the timed update, so a
 * listener that embeds the estimate and measures its distance to a reference does not distort the timing; it should
 * only read the mean ({@link OnlineFrechetMean#count()}, {@link OnlineFrechetMean#estimate()}, …), never add to it.
 */
@FunctionalInterface
public interface FrechetListener {
    /**
     * Called after each sample has been added.
     *
     * @param mean the running mean; {@code mean.count()} is the number of samples so far (1 after the first)
     */
    void afterSample(OnlineFrechetMean mean);

    /** @return a listener that does nothing */
    static FrechetListener none() {
        return mean -> { };
    }
}

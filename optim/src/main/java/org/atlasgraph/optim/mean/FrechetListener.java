package org.atlasgraph.optim.mean;

/**
 * Observes an online mean around every sample, for timing, error curves and progress. A listener should only read
 * the mean ({@link OnlineFrechetMean#count()}, {@link OnlineFrechetMean#estimate()}, …), never add to it.
 *
 * <p>The hooks of the listeners {@linkplain OnlineFrechetMean#listen attached} to a mean nest around each update:
 * {@link #beforeSample} runs in the order of attachment, {@link #afterSample} in the reverse order, so the listener
 * attached last wraps the update most tightly. Attach an {@link UpdateTimer} last, so that it measures the update and
 * nothing else.
 */
@FunctionalInterface
public interface FrechetListener {
    /**
     * Called just before a sample's update, after the sample has been checked (its length; its entries too,
     * unless the scheme rejects non-finite ones itself, when the update may still throw and {@link #afterSample}
     * is not called). The default does nothing.
     *
     * @param mean the running mean; {@code mean.count()} is the number of samples before this one
     */
    default void beforeSample(OnlineFrechetMean mean) {
    }

    /**
     * Called just after a sample has been added.
     *
     * @param mean the running mean; {@code mean.count()} is the number of samples so far (1 after the first)
     */
    void afterSample(OnlineFrechetMean mean);

    /** @return a listener that does nothing */
    static FrechetListener none() {
        return mean -> { };
    }
}

package org.atlasgraph.optim.mean;

/**
 * Measures the wall-clock time of an online mean's updates (the cost §3.2 and Fig. 1 compare): the time from
 * {@link #beforeSample} to {@link #afterSample}, which encloses the update of one sample and, where the timer is
 * attached last, nothing else (initialisation included; producing samples, checking them and other listeners
 * excluded). The timing lives here, not in {@link OnlineFrechetMean}, so that a mean that is not timed pays nothing and
 * one driver (the command line, a benchmark) decides what to measure. Mutable and single-threaded, like the mean.
 *
 * <pre>{@code
 * UpdateTimer timer = new UpdateTimer();
 * OnlineFrechetMean mean = new OnlineFrechetMean(manifold).listen(timer);
 * mean.run(samples, FrechetListener.none());
 * double us = timer.microsPerUpdate();
 * }</pre>
 */
public final class UpdateTimer implements FrechetListener {
    private long start;
    private long lastNanos;
    private long totalNanos;
    private long updates;

    /** Creates a timer that has measured nothing. */
    public UpdateTimer() {
    }

    @Override
    public void beforeSample(OnlineFrechetMean mean) {
        start = System.nanoTime();
    }

    @Override
    public void afterSample(OnlineFrechetMean mean) {
        lastNanos = System.nanoTime() - start;
        totalNanos += lastNanos;
        updates++;
    }

    /** @return how many updates have been timed */
    public long updates() {
        return updates;
    }

    /** @return the wall-clock nanoseconds of all timed updates */
    public long totalNanos() {
        return totalNanos;
    }

    /** @return the wall-clock nanoseconds of the most recent update, 0 before the first */
    public long lastNanos() {
        return lastNanos;
    }

    /** @return the total update time in seconds */
    public double seconds() {
        return totalNanos * 1e-9;
    }

    /** @return the mean update time in microseconds, 0 before the first update */
    public double microsPerUpdate() {
        return updates == 0 ? 0 : totalNanos * 1e-3 / updates;
    }

    @Override
    public String toString() {
        return "UpdateTimer[" + updates + " updates, " + totalNanos + " ns]";
    }
}

package org.atlasgraph.optim.descent;

/**
 * Receives the progress of a first-order method at its start point (iteration 0) and after every step: for progress
 * bars, traces and convergence plots. A listener must not block for long; it runs on the optimizer's thread.
 */
@FunctionalInterface
public interface DescentListener {
    /** A listener that ignores every step. */
    DescentListener NONE = progress -> { };

    /** @param progress the state at the start or after a step */
    void onIteration(Progress progress);
}

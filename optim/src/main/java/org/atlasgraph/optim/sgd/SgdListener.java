package org.atlasgraph.optim.sgd;

/**
 * Receives the progress of {@link RiemannianSgd} after every step: for progress bars, traces and plots. A listener
 * must not block for long; it runs on the optimizer's thread.
 */
@FunctionalInterface
public interface SgdListener {
    /** A listener that ignores every step. */
    SgdListener NONE = progress -> { };

    /** @param progress the state after the step */
    void onIteration(SgdProgress progress);
}

package org.atlasgraph.optim.boundary;

/** Receives the progress of {@link PrincipalBoundary#fit} after every Euler step, for progress bars. */
@FunctionalInterface
public interface BoundaryListener {
    /** A listener that ignores every step. */
    BoundaryListener NONE = (completed, total) -> { };

    /**
     * @param completed the number of Euler steps taken so far
     * @param total     the number of steps the fit will take
     */
    void onStep(int completed, int total);
}

package org.atlasgraph.pointcloud;

/**
 * Receives progress while an atlas is learned, e.g. to drive a progress bar. Stages, in order: {@code "dimension"},
 * {@code "radius"}, {@code "centres"}, {@code "fits"}, {@code "membership"}, {@code "boundaries"}.
 */
@FunctionalInterface
public interface LearningProgress {
    /** Ignores all progress. */
    LearningProgress NONE = (stage, done, total) -> { };

    /**
     * @param stage the current stage
     * @param done  units of work done in this stage
     * @param total units of work in this stage, or −1 while unknown (the number of chart centres is found as it goes)
     */
    void update(String stage, long done, long total);
}

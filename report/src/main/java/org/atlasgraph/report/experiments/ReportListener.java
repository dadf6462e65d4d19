package org.atlasgraph.report.experiments;

/**
 * Hears how far {@link AtlasReport} has come: one task per stage of the report (drawing samples, embedding, Ripser…),
 * each with its number of steps. The command line draws a progress bar per task; a library caller may log or ignore
 * them ({@link #SILENT}). Tasks are started and closed one after another on the report's thread.
 */
public interface ReportListener {
    /** A listener that ignores everything. */
    ReportListener SILENT = (name, total) -> Task.NONE;

    /**
     * Starts a task.
     *
     * @param name  a short label, e.g. {@code "t-SNE"}
     * @param total its number of steps; 0 when unknown
     * @return the task, to advance and close
     */
    Task start(String name, long total);

    /** One running task. */
    interface Task extends AutoCloseable {
        /** A task that ignores everything. */
        Task NONE = new Task() {
            @Override
            public void stepTo(long done) {
            }

            @Override
            public void close() {
            }
        };

        /**
         * Reports progress.
         *
         * @param done steps completed so far
         */
        void stepTo(long done);

        /**
         * Shows a short status, e.g. the stage of a task whose steps are unknown.
         *
         * @param text the status
         */
        default void message(String text) {
        }

        /** Ends the task. */
        @Override
        void close();
    }
}

package org.atlasgraph.cli.console;

/**
 * Where a long task gets its {@link Progress} bar: {@code AtlasCommand::progress} in a run of {@code atlas} (silent
 * with {@code --quiet}, drawn when standard error is a terminal), {@code (task, total) -> Progress.silent()} in tests.
 */
@FunctionalInterface
public interface ProgressBars {
    /**
     * Starts a bar.
     *
     * @param task  the label
     * @param total the number of steps; 0 or less when unknown
     * @return the bar, to be closed when the task ends
     */
    Progress start(String task, long total);
}

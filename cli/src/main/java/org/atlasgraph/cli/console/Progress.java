package org.atlasgraph.cli.console;

import java.io.PrintStream;
import java.util.Optional;
import me.tongfei.progressbar.ConsoleProgressBarConsumer;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;

/**
 * A progress bar for long subcommands ({@code learn}, {@code frechet}) that draws on standard error only when the
 * JVM has an interactive console ({@code System.console() != null}) and is silent otherwise, so piped output, files
 * and CI logs contain no control characters. Use it with try-with-resources:
 * <pre>{@code
 * try (Progress progress = Progress.start("GiFEE", samples)) {
 *     for (...) { ...; progress.step(); }
 * }
 * }</pre>
 * The bar is erased when closed, so the subcommand's own results follow on a clean screen.
 */
public final class Progress implements AutoCloseable {
    /** Redraw at most ten times a second: smooth to the eye, negligible cost to the loop. */
    private static final int UPDATE_INTERVAL_MILLIS = 100;

    private final Optional<ProgressBar> bar;

    private Progress(Optional<ProgressBar> bar) {
        this.bar = bar;
    }

    /**
     * Starts a bar that draws only on an interactive terminal.
     *
     * @param task  the label shown before the bar
     * @param total the number of steps; 0 or less for an indeterminate task
     * @return a drawing bar on a console, a silent one otherwise
     */
    public static Progress start(String task, long total) {
        return System.console() == null ? silent() : new Progress(Optional.of(
                builder(task, total).setConsumer(new ConsoleProgressBarConsumer(System.err)).build()));
    }

    /** @return a progress that counts nothing and prints nothing */
    public static Progress silent() {
        return new Progress(Optional.empty());
    }

    /**
     * A bar that always draws, to a given stream and width; for tests of the drawing path.
     *
     * @param task  the label
     * @param total the number of steps
     * @param sink  where to draw
     * @param width the rendered width in characters
     * @return a drawing bar
     */
    static Progress drawingTo(String task, long total, PrintStream sink, int width) {
        return new Progress(Optional.of(builder(task, total).setConsumer(new ConsoleProgressBarConsumer(sink, width))
                .build()));
    }

    /** @return whether this bar draws anything */
    public boolean drawing() {
        return bar.isPresent();
    }

    /** Advances by one step. */
    public void step() {
        bar.ifPresent(ProgressBar::step);
    }

    /**
     * Advances by several steps.
     *
     * @param steps how many
     */
    public void stepBy(long steps) {
        bar.ifPresent(b -> b.stepBy(steps));
    }

    /**
     * Sets the number of completed steps.
     *
     * @param done steps completed so far
     */
    public void stepTo(long done) {
        bar.ifPresent(b -> b.stepTo(done));
    }

    /**
     * Shows a short status after the bar, such as the current objective value.
     *
     * @param message the text
     */
    public void message(String message) {
        bar.ifPresent(b -> b.setExtraMessage(message));
    }

    /** Stops drawing and erases the bar. */
    @Override
    public void close() {
        bar.ifPresent(ProgressBar::close);
    }

    private static ProgressBarBuilder builder(String task, long total) {
        ProgressBarBuilder b = new ProgressBarBuilder().setTaskName(task)
                .setUpdateIntervalMillis(UPDATE_INTERVAL_MILLIS).clearDisplayOnFinish();
        return total > 0 ? b.setInitialMax(total) : b.setInitialMax(-1);
    }
}

package org.atlasgraph.cli.console;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import me.tongfei.progressbar.ConsoleProgressBarConsumer;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;

/**
 * A progress bar for long subcommands ({@code learn}, {@code frechet}, {@code rpb}, {@code tck}) that draws on
 * standard error whenever standard error is a terminal, whatever standard input and output are: {@code atlas frechet
 * … > out.txt} shows its progress while the table goes to the file, and {@code 2> log} or a CI log gets no control
 * characters. A task whose length is known draws a determinate bar with a count and an estimate of the time left;
 * {@code atlas --quiet} silences every bar ({@link #silent()}). Use it with try-with-resources:
 * <pre>{@code
 * try (Progress progress = Progress.start("GiFEE", samples)) {
 *     for (...) { ...; progress.step(); }
 * }
 * }</pre>
 * The bar is erased when closed, so the subcommand's own results follow on a clean screen.
 *
 * <p>When standard error is not a terminal nothing is drawn, however long the task: there standard error is a log or
 * a pipe that a script reads, and the contract of every command is that a failure is exactly one line on it
 * ({@code atlas <command>: …}); a periodic progress line would break that for long failing runs. Someone who
 * redirects both streams and wants to watch a long run can still see the bar with {@code 2>/dev/tty}.
 *
 * <p>Not thread-safe: one thread drives a bar (the library it wraps redraws from its own thread).
 */
public final class Progress implements AutoCloseable {
    /** Redraw at most ten times a second: smooth to the eye, negligible cost to the loop. */
    private static final int UPDATE_INTERVAL_MILLIS = 100;
    /** Where Linux shows what file descriptor 2 is: a link to {@code /dev/pts/N} or {@code /dev/ttyN} if a terminal. */
    private static final Path STDERR_LINK = Path.of("/proc/self/fd/2");

    private final Optional<ProgressBar> bar;

    private Progress(Optional<ProgressBar> bar) {
        this.bar = bar;
    }

    /**
     * Starts a bar that draws only when standard error is a terminal ({@link #stderrIsTerminal}).
     *
     * @param task  the label shown before the bar
     * @param total the number of steps; 0 or less for an indeterminate task
     * @return a drawing bar on a terminal, a silent one otherwise
     */
    public static Progress start(String task, long total) {
        if (!stderrIsTerminal(System.getenv())) {
            return silent();
        }
        return new Progress(Optional.of(builder(task, total)
                .setConsumer(new ConsoleProgressBarConsumer(System.err, width(System.getenv()))).build()));
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

    /**
     * Whether standard error is an interactive terminal, in which a bar may be drawn. On Linux the answer is where
     * {@code /proc/self/fd/2} points (a terminal device); elsewhere, where that is not available, Java can only tell
     * whether standard input and output are both terminals ({@link System#console()}), and that is the answer. A
     * {@code TERM} of {@code dumb} (Emacs shells, some CI runners) never gets a bar.
     *
     * @param environment the process environment
     * @return whether to draw
     */
    static boolean stderrIsTerminal(Map<String, String> environment) {
        if ("dumb".equals(environment.get("TERM"))) {
            return false;
        }
        if (Files.isSymbolicLink(STDERR_LINK)) {
            try {
                return isTerminalDevice(Files.readSymbolicLink(STDERR_LINK).toString());
            } catch (IOException | SecurityException e) {
                return false;
            }
        }
        return System.console() != null;
    }

    /**
     * @param target what file descriptor 2 points to, e.g. {@code /dev/pts/3}, {@code pipe:[1234]}, {@code /tmp/log}
     * @return whether that is a terminal device
     */
    static boolean isTerminalDevice(String target) {
        return target.startsWith("/dev/pts/") || target.startsWith("/dev/tty") || target.equals("/dev/console");
    }

    /** @return the terminal's width from {@code COLUMNS} when it is set, else 0 (the library asks the terminal) */
    static int width(Map<String, String> environment) {
        String columns = environment.getOrDefault("COLUMNS", "");
        return columns.matches("\\d{2,4}") ? Integer.parseInt(columns) : 0;
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

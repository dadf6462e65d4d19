package org.atlasgraph.cli.console;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ProgressTest {
    /** Wide enough for the task name, the bar and the counters. */
    private static final int WIDTH = 100;

    @Test
    void whenStderrIsNotATerminalTheBarIsSilent() {
        PrintStream original = System.err;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        System.setErr(new PrintStream(captured, true, StandardCharsets.UTF_8));
        boolean drawing;
        try (Progress progress = Progress.start("learn", 10)) {
            drawing = progress.drawing();
            progress.step();
            progress.stepBy(3);
            progress.message("loss 0.5");
            progress.stepTo(10);
        } finally {
            System.setErr(original);
        }

        assertThat(Progress.stderrIsTerminal(System.getenv())).as("the test JVM's stderr is a pipe or a file")
                .isFalse();
        assertThat(drawing).as("drawing").isFalse();
        assertThat(captured.toString(StandardCharsets.UTF_8)).as("stderr").isEmpty();
    }

    /**
     * Issue 10: progress showed only when stdin and stdout were both terminals, so {@code frechet … > out.txt} ran
     * ten minutes without a byte. Now it is where file descriptor 2 points that counts.
     */
    @Test
    void terminalDevicesAreTheOnlyStderrThatGetsABar() {
        assertThat(Progress.isTerminalDevice("/dev/pts/3")).as("a pseudo-terminal").isTrue();
        assertThat(Progress.isTerminalDevice("/dev/tty1")).as("a virtual console").isTrue();
        assertThat(Progress.isTerminalDevice("pipe:[48213]")).as("a pipe").isFalse();
        assertThat(Progress.isTerminalDevice("/tmp/log.txt")).as("a file").isFalse();
        assertThat(Progress.isTerminalDevice("/dev/null")).as("/dev/null").isFalse();
        assertThat(Progress.stderrIsTerminal(Map.of("TERM", "dumb"))).as("TERM=dumb").isFalse();
    }

    @Test
    void widthComesFromColumnsWhenItIsANumber() {
        assertThat(Progress.width(Map.of("COLUMNS", "132"))).as("COLUMNS=132").isEqualTo(132);
        assertThat(Progress.width(Map.of("COLUMNS", "wide"))).as("COLUMNS=wide").isZero();
        assertThat(Progress.width(Map.of())).as("no COLUMNS").isZero();
    }

    @Test
    void drawingBarShowsTheTaskAndCount() {
        ByteArrayOutputStream sink = new ByteArrayOutputStream();
        try (Progress progress = Progress.drawingTo("GiFEE", 4, new PrintStream(sink, true, StandardCharsets.UTF_8),
                WIDTH)) {
            progress.stepTo(3);
            assertThat(progress.drawing()).as("drawing").isTrue();
        }

        assertThat(sink.toString(StandardCharsets.UTF_8)).as("drawn bar").contains("GiFEE").contains("3/4");
    }
}

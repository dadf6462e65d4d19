package org.atlasgraph.cli.console;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class ProgressTest {
    /** Wide enough for the task name, the bar and the counters. */
    private static final int WIDTH = 100;

    @Test
    void withoutAConsoleTheBarIsSilent() {
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

        assertThat(System.console()).as("test JVM has no console").isNull();
        assertThat(drawing).as("drawing").isFalse();
        assertThat(captured.toString(StandardCharsets.UTF_8)).as("stderr").isEmpty();
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

package org.atlasgraph.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code atlas report} on bad input: one line naming the input, exit code 2, before any long work. (The report itself
 * is rendered and checked in headless Chromium by {@code AtlasReportTest} in the report module.)
 */
class ReportCommandTest {
    @TempDir
    Path dir;

    @Test
    void anOutputThatIsAFileIsRefused() throws IOException {
        Path file = Files.writeString(dir.resolve("taken.txt"), "x");
        CliRun run = CliRun.atlas("report", "--quick", "--out", file.toString());
        assertThat(run.exitCode()).as("exit code").isEqualTo(ExitCodes.BAD_INPUT);
        assertThat(run.errLines()).as("one line on stderr").hasSize(1);
        assertThat(run.err()).as("message").contains("atlas report: --out: expected a writable folder (created if "
                + "absent), found '" + file + "', a file");
        assertThat(run.out()).as("nothing on stdout").isEmpty();
    }

    @Test
    void aMissingInputIsRefused() {
        Path missing = dir.resolve("absent.npy");
        CliRun run = CliRun.atlas("report", "--quick", "--input", missing.toString(), "--out",
                dir.resolve("r").toString());
        assertThat(run.exitCode()).as("exit code").isEqualTo(ExitCodes.BAD_INPUT);
        assertThat(run.errLines()).as("one line on stderr: %s", run.err()).hasSize(1);
        assertThat(run.err()).as("message names the option and the file").contains("--input").contains("absent.npy");
        assertThat(dir.resolve("r")).as("no output folder").doesNotExist();
    }

    @Test
    void aMalformedInputIsRefusedWithItsLine() throws IOException {
        Path csv = Files.writeString(dir.resolve("bad.csv"), "x,y,z\n1,2,3\n4,five,6\n");
        CliRun run = CliRun.atlas("report", "--input", csv.toString(), "--out", dir.resolve("r").toString());
        assertThat(run.exitCode()).as("exit code").isEqualTo(ExitCodes.BAD_INPUT);
        assertThat(run.errLines()).as("one line on stderr: %s", run.err()).hasSize(1);
        assertThat(run.err()).as("message names the file").contains("bad.csv").contains("five");
    }

    @Test
    void tooFewPointsAreRefusedNamingTheInput() throws IOException {
        StringBuilder csv = new StringBuilder("x,y,z\n");
        for (int i = 0; i < 12; i++) {
            double t = 0.5 * i;
            csv.append(Math.cos(t)).append(',').append(Math.sin(t)).append(',').append(0.1 * i).append('\n');
        }
        Path file = Files.writeString(dir.resolve("few.csv"), csv);
        CliRun run = CliRun.atlas("report", "--input", file.toString(), "--out", dir.resolve("r").toString());
        assertThat(run.exitCode()).as("exit code; stderr: %s", run.err()).isEqualTo(ExitCodes.BAD_INPUT);
        assertThat(run.errLines()).as("one line on stderr: %s", run.err()).hasSize(1);
        assertThat(run.err()).as("message").startsWith("atlas report: --input '" + file + "': expected at least");
    }

    @Test
    void anUnknownOptionIsRefused() {
        CliRun run = CliRun.atlas("report", "--quik");
        assertThat(run.exitCode()).as("exit code").isEqualTo(ExitCodes.BAD_INPUT);
        assertThat(run.err()).as("suggestion").contains("Unknown option: '--quik'").contains("--quick");
    }
}

package org.atlasgraph.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.inject.Guice;
import com.google.inject.Injector;
import java.io.UncheckedIOException;
import java.nio.file.NoSuchFileException;
import java.util.concurrent.Callable;
import org.atlasgraph.api.check.InvalidInputException;
import org.atlasgraph.cli.wiring.AtlasModule;
import org.junit.jupiter.api.Test;
import picocli.CommandLine.Command;

class CliErrorsTest {
    private static final Injector INJECTOR = Guice.createInjector(new AtlasModule());

    /** A test-only subcommand that throws what it is given. */
    @Command(name = "boom")
    static final class Boom implements Callable<Integer> {
        private final Exception failure;

        Boom(Exception failure) {
            this.failure = failure;
        }

        @Override
        public Integer call() throws Exception {
            throw failure;
        }
    }

    private static CliRun boom(Exception failure, String... extra) {
        String[] args = new String[extra.length + 1];
        args[0] = "boom";
        System.arraycopy(extra, 0, args, 1, extra.length);
        return CliRun.atlas(INJECTOR, cmd -> cmd.addSubcommand(new Boom(failure)), args);
    }

    @Test
    void invalidInputIsItsMessageOnOneLineWithExitTwo() {
        CliRun run = boom(new InvalidInputException("--data", "a readable file", "'x.npy'", "no such file"));

        assertThat(run.exitCode()).as("exit code").isEqualTo(ExitCodes.BAD_INPUT);
        assertThat(run.errLines()).as("stderr lines").containsExactly(
                "atlas boom: --data: expected a readable file, found 'x.npy' (no such file)");
    }

    @Test
    void fileSystemFailureNamesTheFileWithExitTwo() {
        CliRun run = boom(new NoSuchFileException("points.npy"));

        assertThat(run.exitCode()).as("exit code").isEqualTo(ExitCodes.BAD_INPUT);
        assertThat(run.errLines()).as("stderr lines")
                .containsExactly("atlas boom: 'points.npy': no such file or directory");
    }

    @Test
    void uncheckedIoFailureIsTreatedAsAnIoFailure() {
        CliRun run = boom(new UncheckedIOException(new NoSuchFileException("atlas.json")));

        assertThat(run.exitCode()).as("exit code").isEqualTo(ExitCodes.BAD_INPUT);
        assertThat(run.err()).as("stderr").startsWith("atlas boom: 'atlas.json': no such file");
    }

    @Test
    void unexpectedExceptionIsAnInternalErrorWithAHintAndNoStackTrace() {
        CliRun run = boom(new ArithmeticException("retract: result xi[2] is NaN"));

        assertThat(run.exitCode()).as("exit code").isEqualTo(ExitCodes.INTERNAL_ERROR);
        assertThat(run.errLines()).as("stderr lines").hasSize(1);
        assertThat(run.err()).as("stderr").contains("internal error", "xi[2] is NaN", "--verbose")
                .doesNotContain("\tat ");
    }

    @Test
    void verboseBeforeTheSubcommandPrintsTheStackTrace() {
        CliRun run = CliRun.atlas(INJECTOR, cmd -> cmd.addSubcommand(new Boom(new IllegalStateException("bug"))),
                "--verbose", "boom");

        assertThat(run.exitCode()).as("exit code").isEqualTo(ExitCodes.INTERNAL_ERROR);
        assertThat(run.errLines()[0]).as("first line").contains("internal error", "bug")
                .doesNotContain("rerun with --verbose");
        assertThat(run.err()).as("stack trace").contains("java.lang.IllegalStateException: bug", "\tat ");
    }
}

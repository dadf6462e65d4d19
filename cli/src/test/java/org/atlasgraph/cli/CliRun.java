package org.atlasgraph.cli;

import com.google.inject.Guice;
import com.google.inject.Injector;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.function.Consumer;
import org.atlasgraph.cli.wiring.AtlasModule;
import picocli.CommandLine;

/**
 * The result of running {@code atlas} in-process with captured output; the way every CLI test runs a command.
 *
 * @param exitCode what {@link CommandLine#execute} returned
 * @param out      everything printed on standard output
 * @param err      everything printed on standard error
 */
record CliRun(int exitCode, String out, String err) {
    /** The application's injector, built once: discovery and injector creation are the slow part of a run. */
    private static final Injector APPLICATION = Guice.createInjector(new AtlasModule());

    /** Runs {@code atlas args…} with the application's wiring (every provider on the test class path). */
    static CliRun atlas(String... args) {
        return atlas(APPLICATION, cmd -> { }, args);
    }

    /**
     * Runs {@code atlas args…} with a given injector, after adjusting the command line (e.g. adding a test-only
     * subcommand).
     */
    static CliRun atlas(Injector injector, Consumer<CommandLine> adjust, String... args) {
        CommandLine cmd = Atlas.commandLine(injector);
        adjust.accept(cmd);
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        cmd.setOut(new PrintWriter(out, true));
        cmd.setErr(new PrintWriter(err, true));
        int code = cmd.execute(args);
        return new CliRun(code, out.toString(), err.toString());
    }

    /** @return the lines of standard error, for "exactly one line" assertions */
    String[] errLines() {
        return err.isEmpty() ? new String[0] : err.split("\\R");
    }
}

package org.atlasgraph.cli;

import com.google.inject.CreationException;
import com.google.inject.Guice;
import com.google.inject.Injector;
import com.google.inject.Module;
import com.google.inject.spi.Message;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.ServiceConfigurationError;
import org.atlasgraph.cli.wiring.AtlasModule;
import org.atlasgraph.cli.wiring.GuiceFactory;
import picocli.CommandLine;

/**
 * The entry point of {@code atlas}: builds the Guice injector ({@link AtlasModule}), a picocli {@link CommandLine}
 * whose objects come from it, installs the {@linkplain CliErrors error path}, runs the arguments and exits with the
 * {@linkplain ExitCodes code} the subcommand returned. Output is UTF-8, whatever the platform's default charset,
 * because reports use symbols such as ‖·‖ and ≤.
 */
public final class Atlas {
    private Atlas() {
    }

    /**
     * Runs {@code atlas} and exits the JVM with its exit code.
     *
     * @param args the command line
     */
    public static void main(String[] args) {
        PrintWriter out = new PrintWriter(new OutputStreamWriter(System.out, StandardCharsets.UTF_8), true);
        PrintWriter err = new PrintWriter(new OutputStreamWriter(System.err, StandardCharsets.UTF_8), true);
        int code = run(new AtlasModule(), args, out, err);
        out.flush();
        err.flush();
        System.exit(code);
    }

    /**
     * Runs {@code atlas} with an injector built from a module; a module that cannot be built (two providers with one
     * name, a provider class that cannot be loaded) is a broken installation: one line,
     * {@link ExitCodes#INTERNAL_ERROR}.
     *
     * @param module the application's bindings, {@link AtlasModule} outside tests
     * @param args   the command line
     * @param out  standard output
     * @param err  standard error
     * @return the exit code
     */
    static int run(Module module, String[] args, PrintWriter out, PrintWriter err) {
        Injector injector;
        try {
            injector = Guice.createInjector(module);
        } catch (CreationException | ServiceConfigurationError e) {
            err.println("atlas: broken installation: " + firstMessage(e)
                    + (List.of(args).contains(CliErrors.VERBOSE) ? "" : " (rerun with --verbose for details)"));
            if (List.of(args).contains(CliErrors.VERBOSE)) {
                e.printStackTrace(err);
            }
            return ExitCodes.INTERNAL_ERROR;
        }
        CommandLine cmd = commandLine(injector);
        cmd.setOut(out);
        cmd.setErr(err);
        return cmd.execute(args);
    }

    /**
     * The configured command line: objects from the injector, the {@linkplain CliErrors one error path}. Tests call it
     * with an injector of their own and capture output with {@link CommandLine#setOut}/{@link CommandLine#setErr}.
     *
     * @param injector the injector that supplies commands, mixins and their collaborators
     * @return a command line ready for {@link CommandLine#execute}
     */
    public static CommandLine commandLine(Injector injector) {
        CliErrors errors = new CliErrors();
        return new CommandLine(AtlasCommand.class, new GuiceFactory(injector))
                .setExecutionExceptionHandler(errors)
                .setParameterExceptionHandler(errors);
    }

    private static String firstMessage(Throwable e) {
        if (e instanceof CreationException c && !c.getErrorMessages().isEmpty()) {
            Message m = c.getErrorMessages().iterator().next();
            return m.getMessage();
        }
        return String.valueOf(e.getMessage()).replaceAll("\\R", " ");
    }
}

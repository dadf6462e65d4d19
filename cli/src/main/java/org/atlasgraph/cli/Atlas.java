package org.atlasgraph.cli;

import com.google.inject.CreationException;
import com.google.inject.Guice;
import com.google.inject.Injector;
import com.google.inject.Module;
import com.google.inject.spi.Message;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.ServiceConfigurationError;
import org.atlasgraph.api.check.InvalidInputException;
import org.atlasgraph.api.spi.Providers;
import org.atlasgraph.cli.wiring.AtlasModule;
import org.atlasgraph.cli.wiring.GuiceFactory;
import org.atlasgraph.cli.wiring.Plugins;
import picocli.CommandLine;

/**
 * The entry point of {@code atlas}: finds the plug-ins ({@link Plugins}: {@code --class-path}, {@code ATLAS_PLUGINS},
 * {@code ~/.atlas/plugins}) in the raw arguments and the environment, discovers the providers through a class loader
 * that adds them ({@link Providers#discover}), builds the Guice injector ({@link AtlasModule}) and a picocli
 * {@link CommandLine} whose objects come from it, installs the {@linkplain CliErrors error path}, runs the arguments
 * and exits with the {@linkplain ExitCodes code} the subcommand returned. Output is UTF-8, whatever the platform's
 * default charset, because reports use symbols such as ‖·‖ and ≤.
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
        int code = run(args, System.getenv(), Path.of(System.getProperty("user.home")), out, err);
        out.flush();
        err.flush();
        System.exit(code);
    }

    /**
     * Runs {@code atlas} with the providers on its class path and in the plug-ins the arguments, the environment and
     * the plug-in directory name. Each failure is one line on standard error: a missing plug-in path, or a plug-in
     * whose provider cannot be loaded or duplicates a name, is {@link ExitCodes#BAD_INPUT} naming the path and where it
     * was given; a built-in provider that fails is a broken installation, {@link ExitCodes#INTERNAL_ERROR}.
     *
     * @param args        the command line
     * @param environment the process environment ({@value Plugins#VARIABLE} is read)
     * @param home        the user's home directory (its {@code .atlas/plugins} is read)
     * @param out         standard output
     * @param err         standard error
     * @return the exit code
     */
    static int run(String[] args, Map<String, String> environment, Path home, PrintWriter out, PrintWriter err) {
        boolean verbose = List.of(args).contains(CliErrors.VERBOSE);
        Plugins plugins;
        try {
            plugins = Plugins.find(args, environment, home);
        } catch (InvalidInputException e) {
            err.println("atlas: " + e.getMessage());
            return ExitCodes.BAD_INPUT;
        }
        ClassLoader loader = plugins.loader(Atlas.class.getClassLoader());
        Providers providers;
        try {
            providers = Providers.discover(loader);
        } catch (ServiceConfigurationError | IllegalStateException e) {
            Optional<Plugins.Entry> culprit = plugins.blame(e);
            if (culprit.isPresent()) {
                err.println("atlas: " + new InvalidInputException(culprit.get().toString(),
                        "a jar whose manifold providers load", describe(e)).getMessage());
            } else {
                err.println("atlas: broken installation: " + describe(e)
                        + (verbose ? "" : " (rerun with --verbose for details)"));
            }
            if (verbose) {
                e.printStackTrace(err);
            }
            return culprit.isPresent() ? ExitCodes.BAD_INPUT : ExitCodes.INTERNAL_ERROR;
        }
        Thread thread = Thread.currentThread();
        ClassLoader previous = thread.getContextClassLoader();
        thread.setContextClassLoader(loader);
        try {
            return run(new AtlasModule(providers), args, out, err);
        } finally {
            thread.setContextClassLoader(previous);
        }
    }

    /**
     * Runs {@code atlas} with an injector built from a module; a module that cannot be built is a broken installation:
     * one line, {@link ExitCodes#INTERNAL_ERROR}.
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
        } catch (CreationException e) {
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
        return StrictNumbers.register(new CommandLine(AtlasCommand.class, new GuiceFactory(injector)))
                .setExecutionStrategy(CliErrors::guarded)
                .setExecutionExceptionHandler(errors)
                .setParameterExceptionHandler(errors);
    }

    /** @return the failure and its causes in one line, e.g. {@code "Provider x.Y could not be instantiated (…)"} */
    private static String describe(Throwable e) {
        StringBuilder line = new StringBuilder(String.valueOf(e.getMessage()));
        for (Throwable c = e.getCause(); c != null; c = c.getCause()) {
            line.append(" (").append(c).append(')');
        }
        return line.toString().replaceAll("\\R", " ");
    }

    private static String firstMessage(Throwable e) {
        if (e instanceof CreationException c && !c.getErrorMessages().isEmpty()) {
            Message m = c.getErrorMessages().iterator().next();
            return m.getMessage();
        }
        return String.valueOf(e.getMessage()).replaceAll("\\R", " ");
    }
}

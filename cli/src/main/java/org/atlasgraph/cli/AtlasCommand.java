package org.atlasgraph.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.atlasgraph.api.Manifold;
import org.atlasgraph.api.validate.ValidatingManifold;
import org.atlasgraph.cli.console.Progress;
import org.atlasgraph.cli.wiring.Plugins;
import picocli.CommandLine.Command;
import picocli.CommandLine.HelpCommand;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ScopeType;
import picocli.CommandLine.Spec;

/**
 * The top-level {@code atlas} command: global options ({@code --help}, {@code --version}, {@code --verbose},
 * {@code --quiet}, {@code --class-path}, {@code --validate}, all inherited by every subcommand, so they may come before
 * or after it) and the list of subcommands. Register a new subcommand by adding its class to {@code subcommands}, one
 * per line.
 *
 * <p>One instance per run, filled in by picocli; not thread-safe while it is being parsed, read-only afterwards.
 */
@Command(name = "atlas", scope = ScopeType.INHERIT, mixinStandardHelpOptions = true,
        versionProvider = AtlasVersion.class, sortOptions = false, usageHelpAutoWidth = true,
        description = {
            "Riemannian geometry on atlas graphs: manifolds as coordinate charts joined by transition maps, with "
                    + "computation in chart coordinates.",
            "Providers outside atlas load from --class-path, the environment variable " + Plugins.VARIABLE
                    + " (same format) and every jar in ~/.atlas/plugins.",
            "Exit codes: 0 ok, 1 a check failed, 2 bad input, 3 internal error.",
        },
        subcommands = {
            ProvidersCommand.class,
            TckCommand.class,
            LearnCommand.class,
            SampleCommand.class,
            DistanceCommand.class,
            FrechetCommand.class,
            OptimizeCommand.class,
            RpbCommand.class,
            ReportCommand.class,
            HelpCommand.class,
        })
public final class AtlasCommand implements Callable<Integer> {
    @Spec
    private CommandSpec spec;

    @Option(names = CliErrors.VERBOSE, scope = ScopeType.INHERIT,
            description = "Print stack traces with errors, and extra detail where a subcommand has it.")
    private boolean verbose;

    /**
     * Read by {@link Atlas} from the raw arguments before the injector is built (the providers must be known when the
     * commands are created); declared here so that picocli accepts it anywhere and lists it in the usage.
     */
    @Option(names = Plugins.OPTION, paramLabel = "PATHS", scope = ScopeType.INHERIT,
            description = "Load manifold providers from these jars or class directories, separated by the path "
                    + "separator (':' on Unix, ';' on Windows); repeatable.")
    private List<String> classPath = new ArrayList<>();

    @Option(names = "--quiet", scope = ScopeType.INHERIT,
            description = "Draw no progress bars (they go to standard error, and only when it is a terminal).")
    private boolean quiet;

    @Option(names = "--validate", scope = ScopeType.INHERIT,
            description = "Check every call into a manifold and every answer out of it (ValidatingManifold): "
                    + "slower, for finding a provider's faults.")
    private boolean validate;

    /** Creates the command; picocli calls this through the Guice factory. */
    public AtlasCommand() {
    }

    /** @return whether {@code --verbose} was given, before or after the subcommand */
    public boolean verbose() {
        return verbose;
    }

    /**
     * A progress bar for a long task: drawn on standard error when it is a terminal, never with {@code --quiet}.
     *
     * @param task  the label
     * @param total the number of steps; 0 or less when unknown (an indeterminate bar)
     * @return the bar, to be closed when the task ends
     */
    public Progress progress(String task, long total) {
        return quiet ? Progress.silent() : Progress.start(task, total);
    }

    /**
     * Every manifold a subcommand creates passes through here.
     *
     * @param manifold a manifold from a provider or a file
     * @return {@code ValidatingManifold.of(manifold)} when {@code --validate} was given, else the manifold itself
     */
    public Manifold prepare(Manifold manifold) {
        return validate ? ValidatingManifold.of(manifold) : manifold;
    }

    /**
     * Runs {@code atlas} without a subcommand: prints the usage on standard error.
     *
     * @return {@link ExitCodes#BAD_INPUT}, since a subcommand is required
     */
    @Override
    public Integer call() {
        spec.commandLine().usage(spec.commandLine().getErr());
        return ExitCodes.BAD_INPUT;
    }
}

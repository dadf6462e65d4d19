package org.atlasgraph.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.HelpCommand;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ScopeType;
import picocli.CommandLine.Spec;

/**
 * The top-level {@code atlas} command: global options ({@code --help}, {@code --version}, {@code --verbose}, all
 * inherited by every subcommand) and the list of subcommands. Register a new subcommand by adding its class to
 * {@code subcommands}, one per line.
 */
@Command(name = "atlas", scope = ScopeType.INHERIT, mixinStandardHelpOptions = true,
        versionProvider = AtlasVersion.class, sortOptions = false, usageHelpAutoWidth = true,
        description = {
            "Riemannian geometry on atlas graphs: manifolds as coordinate charts joined by transition maps, with "
                    + "computation in chart coordinates.",
            "Exit codes: 0 ok, 1 a check failed, 2 bad input, 3 internal error.",
        },
        subcommands = {
            ProvidersCommand.class,
            TckCommand.class,
            LearnCommand.class,
            SampleCommand.class,
            DistanceCommand.class,
            FrechetCommand.class,
            RpbCommand.class,
            HelpCommand.class,
        })
public final class AtlasCommand implements Callable<Integer> {
    @Spec
    private CommandSpec spec;

    @Option(names = CliErrors.VERBOSE, scope = ScopeType.INHERIT,
            description = "Print stack traces with errors, and extra detail where a subcommand has it.")
    private boolean verbose;

    /** Creates the command; picocli calls this through the Guice factory. */
    public AtlasCommand() {
    }

    /** @return whether {@code --verbose} was given, before or after the subcommand */
    public boolean verbose() {
        return verbose;
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

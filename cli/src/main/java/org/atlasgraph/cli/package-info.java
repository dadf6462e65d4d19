/**
 * The {@code atlas} command line: {@link org.atlasgraph.cli.Atlas} is the entry point (it loads the plug-ins first),
 * {@link org.atlasgraph.cli.AtlasCommand} the top-level picocli command with the global options, one class per
 * subcommand ({@code providers}, {@code tck}, …).
 *
 * <p><b>Adding a subcommand</b> takes one class and one line. Write a picocli {@code @Command} class in this package
 * that implements {@code Callable<Integer>}, declare its collaborators in an {@code @Inject} constructor (Guice builds
 * it, see {@link org.atlasgraph.cli.wiring.GuiceFactory}), print through {@code spec.commandLine().getOut()} of an
 * injected {@code @Spec CommandSpec spec}, and return an {@link org.atlasgraph.cli.ExitCodes exit code}; then add the
 * class to the {@code subcommands} list of {@link org.atlasgraph.cli.AtlasCommand}. Reuse: the
 * {@link org.atlasgraph.cli.ProviderOptions} mixin ({@code --provider NAME --param key=value}; a manifold made any
 * other way goes through {@link org.atlasgraph.cli.AtlasCommand#prepare} so that {@code --validate} applies),
 * {@link org.atlasgraph.cli.console.TextTable}, {@link org.atlasgraph.cli.console.Progress},
 * {@link org.atlasgraph.cli.io.AtomicFiles}, {@link org.atlasgraph.cli.io.JsonFiles} and
 * {@link org.atlasgraph.cli.io.InputFiles}. Throw {@link org.atlasgraph.api.check.InvalidInputException} for bad
 * input and let I/O exceptions propagate: {@link org.atlasgraph.cli.CliErrors} turns them into one line on standard
 * error and exit code 2 ({@code --help}, {@code --version}, {@code --verbose}, {@code --class-path} and
 * {@code --validate} are inherited).
 */
package org.atlasgraph.cli;

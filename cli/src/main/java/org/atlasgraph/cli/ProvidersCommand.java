package org.atlasgraph.cli;

import jakarta.inject.Inject;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import org.atlasgraph.api.spi.ManifoldProvider;
import org.atlasgraph.api.spi.ParameterSpec;
import org.atlasgraph.api.spi.Providers;
import org.atlasgraph.cli.console.TextTable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * {@code atlas providers}: lists every manifold provider (on the class path of {@code atlas} and in its plug-ins) with
 * its description and a table of its parameters (name, type, default, description).
 */
@Command(name = "providers", description = "List the manifold providers and the parameters each one takes.")
final class ProvidersCommand implements Callable<Integer> {
    private final Providers registry;

    @Spec
    private CommandSpec spec;

    @Inject
    ProvidersCommand(Providers registry) {
        this.registry = registry;
    }

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        for (ManifoldProvider p : registry.all()) {
            out.println(p.name() + ": " + p.description());
            if (p.parameters().isEmpty()) {
                out.println("  (no parameters)");
            } else {
                TextTable table = TextTable.withColumns("parameter", "type", "default", "description");
                for (ParameterSpec s : p.parameters()) {
                    table.row(s.name(), ProviderOptions.typeName(s.type()), s.defaultValue().orElse("(required)"),
                            s.description());
                }
                table.print(out, "  ");
            }
            out.println();
        }
        out.println(registry.all().size() + " provider" + (registry.all().size() == 1 ? "" : "s")
                + "; use one with: atlas tck --provider NAME --param KEY=VALUE");
        out.flush();
        return ExitCodes.OK;
    }
}

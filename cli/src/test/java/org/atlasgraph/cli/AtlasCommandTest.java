package org.atlasgraph.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.inject.Guice;
import java.util.Map;
import org.atlasgraph.api.Manifold;
import org.atlasgraph.api.spi.Providers;
import org.atlasgraph.api.validate.ValidatingManifold;
import org.atlasgraph.cli.wiring.AtlasModule;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import picocli.CommandLine;

class AtlasCommandTest {
    @Test
    void versionNamesTheProjectVersionAndJava() {
        CliRun run = CliRun.atlas("--version");

        assertThat(run.exitCode()).as("exit code").isEqualTo(ExitCodes.OK);
        assertThat(run.out()).as("version output").containsPattern("^atlas \\d+\\.\\d+\\.\\d+")
                .doesNotContain("${project.version}").contains("Java 17");
    }

    @Test
    void helpListsEverySubcommand() {
        CliRun run = CliRun.atlas("--help");

        assertThat(run.exitCode()).as("exit code").isEqualTo(ExitCodes.OK);
        assertThat(run.out()).as("usage").contains("providers", "tck", "--verbose", "Exit codes");
    }

    @Test
    void noSubcommandPrintsUsageOnStandardErrorAndExitsTwo() {
        CliRun run = CliRun.atlas();

        assertThat(run.exitCode()).as("exit code").isEqualTo(ExitCodes.BAD_INPUT);
        assertThat(run.out()).as("stdout").isEmpty();
        assertThat(run.err()).as("usage on stderr").contains("Usage: atlas", "tck");
    }

    @Test
    void unknownSubcommandIsOneLineNamingItAndExitsTwo() {
        CliRun run = CliRun.atlas("tkc");

        assertThat(run.exitCode()).as("exit code").isEqualTo(ExitCodes.BAD_INPUT);
        assertThat(run.errLines()).as("stderr lines").hasSize(1);
        assertThat(run.err()).as("stderr").startsWith("atlas: ").contains("'tkc'", "atlas --help");
    }

    @Test
    void unknownOptionOfASubcommandIsOneLineNamingItAndExitsTwo() {
        CliRun run = CliRun.atlas("tck", "--provider", "sphere", "--bogus");

        assertThat(run.exitCode()).as("exit code").isEqualTo(ExitCodes.BAD_INPUT);
        assertThat(run.errLines()).as("stderr lines").hasSize(1);
        assertThat(run.err()).as("stderr").startsWith("atlas tck: ").contains("'--bogus'");
    }

    @Test
    void subcommandHelpIsInherited() {
        CliRun run = CliRun.atlas("providers", "--help");

        assertThat(run.exitCode()).as("exit code").isEqualTo(ExitCodes.OK);
        assertThat(run.out()).as("usage").contains("Usage: atlas providers");
    }

    @Test
    void helpListsThePluginAndValidateOptions() {
        CliRun run = CliRun.atlas("--help");

        assertThat(run.out()).as("usage").contains("--class-path=PATHS", "--validate", "ATLAS_PLUGINS",
                "~/.atlas/plugins");
    }

    @ParameterizedTest(name = "--validate {0} the subcommand")
    @ValueSource(strings = {"before", "after"})
    void validateWrapsEveryManifoldWhereverItIsGiven(String where) {
        AtlasCommand atlas = where.equals("before") ? parse("--validate", "providers")
                : parse("providers", "--validate");
        Manifold sphere = Providers.onClassPath().create("sphere", Map.of());

        assertThat(atlas.prepare(sphere)).as("prepared manifold").isInstanceOf(ValidatingManifold.class);
        assertThat(((ValidatingManifold) atlas.prepare(sphere)).unwrap()).as("wrapped manifold").isSameAs(sphere);
    }

    @Test
    void withoutValidateAManifoldIsUsedAsItIs() {
        Manifold sphere = Providers.onClassPath().create("sphere", Map.of());

        assertThat(parse("providers").prepare(sphere)).as("prepared manifold").isSameAs(sphere);
    }

    private static AtlasCommand parse(String... args) {
        CommandLine cmd = Atlas.commandLine(Guice.createInjector(new AtlasModule()));
        cmd.parseArgs(args);
        return cmd.getCommand();
    }
}

package org.atlasgraph.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

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
}

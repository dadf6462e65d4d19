package org.atlasgraph.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.List;
import org.atlasgraph.cli.io.JsonFiles;
import org.atlasgraph.tck.Report;
import org.atlasgraph.tck.RuleId;
import org.atlasgraph.tck.RuleResult;
import org.atlasgraph.tck.Status;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class TckCommandTest {
    @Test
    void sphereRunsEveryRuleAndPrintsTheTableAndSummary() {
        CliRun run = CliRun.atlas("tck", "--provider", "sphere", "--param", "n=3");

        assertThat(run.exitCode()).as("exit code; stderr: %s", run.err()).isEqualTo(ExitCodes.OK);
        assertThat(run.out()).as("table header").containsPattern("^ID +\\| level +\\| status +\\| measured");
        for (RuleId id : RuleId.values()) {
            assertThat(run.out()).as("row of rule %s", id.id()).containsPattern("(?m)^" + id.id() + " +\\| ");
        }
        assertThat(run.out()).as("summary").contains("S^2 from sphere n=3, seed 42, 8 samples, length scale 1 "
                + "(default): " + RuleId.values().length + " rule");
        assertThat(run.err()).as("stderr").isEmpty();
    }

    @Test
    void theLearnedKleinAtlasPassesAgainstTheBoundsItDeclaresAndTheReportSaysSo() {
        CliRun run = CliRun.atlas("tck", "--provider", "pointcloud");

        assertThat(run.exitCode()).as("exit code; stdout: %s; stderr: %s", run.out(), run.err())
                .isEqualTo(ExitCodes.OK);
        assertThat(run.out()).as("declaration with its justification")
                .contains("approximate atlas, tested against its declared bounds (slope ")
                .contains("fitted separately (§4.1)");
        assertThat(run.out()).as("summary").contains("from pointcloud").containsPattern(
                "samples, length scale [0-9.e-]+ \\(declared: [^)]+\\): ").contains(" 0 failed");
    }

    @Test
    void anExactManifoldIsNotCalledApproximate() {
        CliRun run = CliRun.atlas("tck", "--provider", "sphere");

        assertThat(run.out()).as("stdout").doesNotContain("approximate atlas");
    }

    @Test
    void lengthScaleOptionOverridesTheDefaultAndTheSummarySaysSo() {
        CliRun run = CliRun.atlas("tck", "--provider", "sphere", "--samples", "2", "--length-scale", "0.5");

        assertThat(run.exitCode()).as("exit code; stderr: %s", run.err()).isEqualTo(ExitCodes.OK);
        assertThat(run.out()).as("summary").contains("2 samples, length scale 0.5 (--length-scale): ");
    }

    @Test
    void aLengthScaleThatIsNotPositiveIsRejectedNamingTheOption() {
        CliRun run = CliRun.atlas("tck", "--provider", "sphere", "--length-scale", "0");

        assertThat(run.exitCode()).as("exit code").isEqualTo(ExitCodes.BAD_INPUT);
        assertThat(run.out()).as("nothing ran").isEmpty();
        assertThat(run.err()).as("stderr").startsWith("atlas tck: --length-scale: expected a finite value > 0, "
                + "found 0.0");
    }

    @Test
    void validateRunsTheKitOnTheCheckedManifold() {
        CliRun run = CliRun.atlas("--validate", "tck", "--provider", "sphere", "--samples", "2");

        assertThat(run.exitCode()).as("exit code; stdout: %s; stderr: %s", run.out(), run.err())
                .isEqualTo(ExitCodes.OK);
        assertThat(run.out()).as("summary").contains(" 0 failed");
    }

    @Test
    void seedAndSamplesReachTheSummary() {
        CliRun run = CliRun.atlas("tck", "--provider", "sphere", "--seed", "7", "--samples", "2");

        assertThat(run.exitCode()).as("exit code; stderr: %s", run.err()).isEqualTo(ExitCodes.OK);
        assertThat(run.out()).as("summary with defaults filled in").contains("from sphere n=3, seed 7, 2 samples");
    }

    @Test
    void unknownProviderListsTheAvailableOnesInOneLineAndExitsTwo() {
        CliRun run = CliRun.atlas("tck", "--provider", "nope");

        assertThat(run.exitCode()).as("exit code").isEqualTo(ExitCodes.BAD_INPUT);
        assertThat(run.out()).as("stdout").isEmpty();
        assertThat(run.errLines()).as("stderr lines").hasSize(1);
        assertThat(run.err()).as("stderr").startsWith("atlas tck: provider 'nope': expected one of [")
                .contains("sphere").doesNotContain("\tat ");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = ';', value = {
        "n=1;    parameter 'n' of provider 'sphere': expected an integer ≥ 2, found 1",
        "n=abc;  parameter 'n' of provider 'sphere': expected an integer",
        "m=3;    parameter 'm' of provider 'sphere': expected one of [n], found 'm'",
    })
    void badParameterIsNamedWithWhatTheProviderTakesAndExitsTwo(String param, String expected) {
        CliRun run = CliRun.atlas("tck", "--provider", "sphere", "--param", param);

        assertThat(run.exitCode()).as("exit code").isEqualTo(ExitCodes.BAD_INPUT);
        assertThat(run.out()).as("stdout").isEmpty();
        assertThat(run.errLines()).as("stderr lines").hasSize(1);
        assertThat(run.err()).as("stderr").startsWith("atlas tck: " + expected)
                .contains("sphere takes: n integer, default 3");
    }

    @Test
    void verboseAfterTheSubcommandAddsTheStackTrace() {
        CliRun run = CliRun.atlas("tck", "--provider", "sphere", "--param", "n=1", "--verbose");

        assertThat(run.exitCode()).as("exit code").isEqualTo(ExitCodes.BAD_INPUT);
        assertThat(run.errLines()[0]).as("first line").startsWith("atlas tck: parameter 'n'");
        assertThat(run.err()).as("stack trace").contains("InvalidInputException", "\tat ");
    }

    @Test
    void samplesBelowOneAreRejectedNamingTheOption() {
        CliRun run = CliRun.atlas("tck", "--provider", "sphere", "--samples", "0");

        assertThat(run.exitCode()).as("exit code").isEqualTo(ExitCodes.BAD_INPUT);
        assertThat(run.err()).as("stderr").startsWith("atlas tck: --samples: expected an integer ≥ 1, found 0");
    }

    @Test
    void unparsableSeedIsRejectedNamingTheOption() {
        CliRun run = CliRun.atlas("tck", "--provider", "sphere", "--seed", "x");

        assertThat(run.exitCode()).as("exit code").isEqualTo(ExitCodes.BAD_INPUT);
        assertThat(run.errLines()).as("stderr lines").hasSize(1);
        assertThat(run.err()).as("stderr").contains("--seed", "'x'");
    }

    @Test
    void jsonReportRecordsProviderSettingsAndEveryRule(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("report.json");

        CliRun run = CliRun.atlas("tck", "--provider", "sphere", "--param", "n=4", "--seed", "5", "--json",
                file.toString());

        assertThat(run.exitCode()).as("exit code; stderr: %s", run.err()).isEqualTo(ExitCodes.OK);
        JsonNode json = JsonFiles.mapper().readTree(file.toFile());
        assertThat(json.get("manifold").asText()).as("manifold").isEqualTo("S^3");
        assertThat(json.get("provider").asText()).as("provider").isEqualTo("sphere");
        assertThat(json.get("parameters").get("n").asText()).as("parameter n").isEqualTo("4");
        assertThat(json.get("seed").asLong()).as("seed").isEqualTo(5);
        assertThat(json.get("passed").asBoolean()).as("passed").isTrue();
        assertThat(json.get("approximation").asText()).as("an exact manifold declares no approximation").isEmpty();
        assertThat(json.get("lengthScale").asDouble()).as("length scale").isEqualTo(1.0);
        assertThat(json.get("rules").size()).as("one entry per rule").isEqualTo(RuleId.values().length);
    }

    @Test
    void jsonIntoAMissingDirectoryFailsBeforeRunningAndWritesNothing(@TempDir Path dir) {
        Path file = dir.resolve("missing").resolve("report.json");

        CliRun run = CliRun.atlas("tck", "--provider", "sphere", "--json", file.toString());

        assertThat(run.exitCode()).as("exit code").isEqualTo(ExitCodes.BAD_INPUT);
        assertThat(run.out()).as("nothing ran").isEmpty();
        assertThat(run.err()).as("stderr").startsWith("atlas tck: --json '" + file + "': expected a file in an "
                + "existing directory");
        assertThat(dir).as("temporary directory").isEmptyDirectory();
    }

    @Test
    void aFailedRuleIsPrintedWithItsMessageCountedAndExitsOne() {
        Assumptions.assumeTrue(RuleId.values().length > 0, "the kit defines no rules yet");
        RuleId id = RuleId.values()[0];
        Report report = new Report("S^2", List.of(new RuleResult(id, Status.FAILED, "slope 1.02 < 1.9",
                "[" + id.id() + "] broken · slope 1.02 · seed=42 · check the retraction")));
        StringWriter out = new StringWriter();

        TckCommand.print(report, new PrintWriter(out, true), false);

        assertThat(report.passed()).as("report passed").isFalse();
        assertThat(out.toString()).as("table row").containsPattern("(?m)^" + id.id() + " +\\| .*FAILED.*slope 1.02");
        assertThat(out.toString()).as("failure message").contains("FAILED [" + id.id() + "] broken");
        assertThat(TckCommand.counts(report)).as("counts").isEqualTo("1 rule, 0 passed, 1 failed, 0 skipped");
        assertThat(TckCommand.exitCode(report)).as("exit code").isEqualTo(ExitCodes.CHECK_FAILED);
    }
}

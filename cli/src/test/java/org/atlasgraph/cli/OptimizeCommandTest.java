package org.atlasgraph.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.atlasgraph.optim.problem.Method;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class OptimizeCommandTest {
    private static final byte[] PNG_MAGIC = {(byte) 0x89, 'P', 'N', 'G'};

    @TempDir
    Path dir;

    @Test
    void everyMethodReachesTheToleranceAndThePlotIsWritten() throws IOException {
        Path png = dir.resolve("rayleigh.png");
        CliRun run = CliRun.atlas("optimize", "--problem", "rayleigh", "--n", "20", "--tolerance", "1e-9",
                "--plot", png.toString());

        assertThat(run.exitCode()).as("exit code; stderr: %s", run.err()).isEqualTo(ExitCodes.OK);
        assertThat(run.out()).as("problem line").startsWith("Rayleigh quotient").contains("minimum f = -1.000000000");
        for (Method m : Method.values()) {
            assertThat(run.out()).as("row of %s: stopped by the tolerance at f = −1 (λ₁ = 1)", m.code())
                    .containsPattern("(?m)^" + m.code() + " +\\|.*\\| *-1\\.00000000\\d* +\\|.*gradient norm");
        }
        assertThat(run.err()).as("stderr (no console, so no progress bar)").isEmpty();
        assertThat(Arrays.copyOf(Files.readAllBytes(png), 4)).as("PNG signature").isEqualTo(PNG_MAGIC);
    }

    @Test
    void brockettRunsTheChosenMethodsOnly() {
        CliRun run = CliRun.atlas("optimize", "--problem", "brockett", "--n", "12", "--k", "3", "--methods",
                "lbfgs,cg-hs", "--repeat", "2");

        assertThat(run.exitCode()).as("exit code; stderr: %s", run.err()).isEqualTo(ExitCodes.OK);
        assertThat(run.out()).as("rows").containsPattern("(?m)^lbfgs ").containsPattern("(?m)^cg-hs ")
                .doesNotContainPattern("(?m)^cg-fr ").contains("2 runs per method");
    }

    @Test
    void anUnknownMethodIsBadInputNamingTheOption() {
        CliRun run = CliRun.atlas("optimize", "--methods", "cg-prp,newton");

        assertThat(run.exitCode()).as("exit code").isEqualTo(ExitCodes.BAD_INPUT);
        assertThat(run.err()).as("message").contains("--methods: expected a list of cg-fr, cg-prp, cg-hs, lbfgs, sgd, "
                + "or all, found 'newton'");
    }
}

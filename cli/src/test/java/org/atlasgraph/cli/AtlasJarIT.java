package org.atlasgraph.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Runs the packaged {@code target/atlas.jar} in a separate JVM, as {@code ./atlas} does: checks that shading kept the
 * main class, the version resource and every provider's {@code META-INF/services} entry, and that exit codes and the
 * stdout/stderr split survive {@code System.exit}.
 */
class AtlasJarIT {
    private static final Path JAR = Path.of("target", "atlas.jar");
    /** Generous for a JVM start on a loaded 2-core machine; a hung process fails the test instead of the build. */
    private static final long TIMEOUT_SECONDS = 120;

    private record Result(int exitCode, String out, String err) {
    }

    private static Result run(String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-jar", JAR.toString()));
        command.addAll(List.of(args));
        Path out = Files.createTempFile("atlas-out", ".txt");
        Path err = Files.createTempFile("atlas-err", ".txt");
        try {
            Process p = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
            if (!p.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new AssertionError("atlas " + String.join(" ", args) + " did not finish");
            }
            return new Result(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8),
                    Files.readString(err, StandardCharsets.UTF_8));
        } finally {
            Files.deleteIfExists(out);
            Files.deleteIfExists(err);
        }
    }

    @Test
    void providersListsTheSphereFromTheShadedServiceFile() throws Exception {
        Result r = run("providers");

        assertThat(r.exitCode()).as("exit code; stderr: %s", r.err()).isZero();
        assertThat(r.out()).as("stdout").contains("sphere: ", "ambient dimension, n ≥ 2");
        assertThat(r.err()).as("stderr").isEmpty();
    }

    @Test
    void unknownProviderExitsTwoWithOneLineOnStandardError() throws Exception {
        Result r = run("tck", "--provider", "nope");

        assertThat(r.exitCode()).as("exit code").isEqualTo(ExitCodes.BAD_INPUT);
        assertThat(r.out()).as("stdout").isEmpty();
        assertThat(r.err().split("\\R")).as("stderr lines").hasSize(1);
        assertThat(r.err()).as("stderr").contains("provider 'nope'", "sphere");
    }

    @Test
    void versionIsStampedIntoTheJar() throws Exception {
        Result r = run("--version");

        assertThat(r.exitCode()).as("exit code").isZero();
        assertThat(r.out()).as("stdout").containsPattern("^atlas \\d+\\.\\d+\\.\\d+");
    }
}

package org.atlasgraph.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.atlasgraph.cli.wiring.Plugins;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Runs the packaged {@code target/atlas.jar} in a separate JVM, as {@code ./atlas} does: checks that shading kept the
 * main class, the version resource and every provider's {@code META-INF/services} entry, that exit codes and the
 * stdout/stderr split survive {@code System.exit}, and that a provider jar built outside loads into the shaded jar.
 */
class AtlasJarIT {
    private static final Path JAR = Path.of("target", "atlas.jar");
    /** Generous for a JVM start on a loaded 2-core machine; a hung process fails the test instead of the build. */
    private static final long TIMEOUT_SECONDS = 120;

    private record Result(int exitCode, String out, String err) {
    }

    private static Result run(String... args) throws IOException, InterruptedException {
        return run(Map.of(), args);
    }

    private static Result run(Map<String, String> environment, String... args)
            throws IOException, InterruptedException {
        // An empty home, so that the plug-ins of whoever runs the build (~/.atlas/plugins) stay out of the test.
        Path home = Files.createTempDirectory("atlas-home");
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Duser.home=" + home, "-jar",
                JAR.toString()));
        command.addAll(List.of(args));
        Path out = Files.createTempFile("atlas-out", ".txt");
        Path err = Files.createTempFile("atlas-err", ".txt");
        try {
            ProcessBuilder builder = new ProcessBuilder(command).redirectOutput(out.toFile())
                    .redirectError(err.toFile());
            builder.environment().remove(Plugins.VARIABLE);
            builder.environment().putAll(environment);
            Process p = builder.start();
            if (!p.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new AssertionError("atlas " + String.join(" ", args) + " did not finish");
            }
            return new Result(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8),
                    Files.readString(err, StandardCharsets.UTF_8));
        } finally {
            Files.deleteIfExists(out);
            Files.deleteIfExists(err);
            Files.deleteIfExists(home);
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

    @Test
    void aProviderJarBuiltOutsideRunsTheKitThroughTheClassPathOption(@TempDir Path dir) throws Exception {
        Path plugin = PluginJars.flatPlane(dir);

        Result r = run("--class-path", plugin.toString(), "tck", "--provider", "flat-plane", "--samples", "2");

        assertThat(r.exitCode()).as("exit code; stdout: %s; stderr: %s", r.out(), r.err()).isZero();
        assertThat(r.out()).as("summary").contains("R^2 from flat-plane d=2");
    }

    @Test
    void theEnvironmentVariableAddsAProviderJar(@TempDir Path dir) throws Exception {
        Path plugin = PluginJars.flatPlane(dir);

        Result r = run(Map.of(Plugins.VARIABLE, plugin.toString()), "providers");

        assertThat(r.exitCode()).as("exit code; stderr: %s", r.err()).isZero();
        assertThat(r.out()).as("stdout").contains("flat-plane: ", "sphere: ");
    }

    @Test
    void aMissingPluginPathExitsTwoWithOneLine(@TempDir Path dir) throws Exception {
        Result r = run("--class-path", dir.resolve("missing.jar").toString(), "providers");

        assertThat(r.exitCode()).as("exit code").isEqualTo(ExitCodes.BAD_INPUT);
        assertThat(r.out()).as("stdout").isEmpty();
        assertThat(r.err().split("\\R")).as("stderr lines").hasSize(1);
        assertThat(r.err()).as("stderr").startsWith("atlas: --class-path: expected an existing jar");
    }
}

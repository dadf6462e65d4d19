package org.atlasgraph.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.atlasgraph.cli.wiring.Plugins;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Loads providers from jars built in the test, as an outside author ships them: by {@code --class-path} (before or
 * after the subcommand), by {@code ATLAS_PLUGINS}, from {@code ~/.atlas/plugins}; and rejects a missing path, a
 * provider that cannot be instantiated and a duplicate name in one line each.
 */
class PluginLoadingTest {
    @TempDir
    static Path shared;

    private static Path flatPlane;

    @TempDir
    Path home;

    @BeforeAll
    static void buildThePlugin() {
        flatPlane = PluginJars.flatPlane(shared);
    }

    private CliRun atlas(Map<String, String> environment, String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Atlas.run(args, environment, home, new PrintWriter(out, true), new PrintWriter(err, true));
        return new CliRun(code, out.toString(), err.toString());
    }

    private CliRun atlas(String... args) {
        return atlas(Map.of(), args);
    }

    @Test
    void classPathOptionBeforeTheSubcommandAddsThePluginsProvider() {
        CliRun run = atlas("--class-path", flatPlane.toString(), "providers");

        assertThat(run.exitCode()).as("exit code; stderr: %s", run.err()).isEqualTo(ExitCodes.OK);
        assertThat(run.out()).as("providers").contains("flat-plane: Euclidean space R^d", "sphere: ");
        assertThat(run.err()).as("stderr").isEmpty();
    }

    @Test
    void classPathOptionAfterTheSubcommandWithSeveralPathsAndAnEqualsSign() {
        CliRun run = atlas("providers", "--class-path=" + home + File.pathSeparator + flatPlane);

        assertThat(run.exitCode()).as("exit code; stderr: %s", run.err()).isEqualTo(ExitCodes.OK);
        assertThat(run.out()).as("providers").contains("flat-plane: ");
    }

    @Test
    void theConformanceKitRunsOnThePluginsManifold() {
        CliRun run = atlas("tck", "--provider", "flat-plane", "--param", "d=3", "--samples", "2", "--class-path",
                flatPlane.toString());

        assertThat(run.exitCode()).as("exit code; stdout: %s; stderr: %s", run.out(), run.err())
                .isEqualTo(ExitCodes.OK);
        assertThat(run.out()).as("summary").contains("R^3 from flat-plane d=3, seed 42, 2 samples");
    }

    @Test
    void validateWrapsThePluginsManifoldAndTheKitStillPasses() {
        CliRun run = atlas("--validate", "--class-path", flatPlane.toString(), "tck", "--provider", "flat-plane",
                "--samples", "2");

        assertThat(run.exitCode()).as("exit code; stdout: %s; stderr: %s", run.out(), run.err())
                .isEqualTo(ExitCodes.OK);
    }

    @Test
    void frechetRunsOnThePluginsManifoldFromItsSampler() {
        CliRun run = atlas("frechet", "--provider", "flat-plane", "--count", "30", "--warmup", "0", "--class-path",
                flatPlane.toString());

        assertThat(run.exitCode()).as("exit code; stderr: %s", run.err()).isEqualTo(ExitCodes.OK);
        assertThat(run.out()).as("rows").containsPattern("(?m)^atlas +\\| ").containsPattern("(?m)^exp +\\| ")
                .contains("R^2: skipped gifee, retraction, opca", "R^2: no geodesic power distribution",
                        "batch Fréchet mean of the drawn samples");
    }

    @Test
    void aNonCompactPluginWithADeclaredLengthScaleRunsTheKitAndFrechetMeans() {
        Path hyperbolic = PluginJars.build(home, "hyperbolic.jar", Map.of("org.example.hyper.HyperbolicProvider", """
                package org.example.hyper;

                import java.util.List;
                import org.atlasgraph.api.Manifold;
                import org.atlasgraph.api.spi.ManifoldProvider;
                import org.atlasgraph.api.spi.ParameterSpec;
                import org.atlasgraph.api.spi.ProviderParameters;
                import org.atlasgraph.tck.fixture.HyperbolicSpace;

                public final class HyperbolicProvider implements ManifoldProvider {
                    public String name() { return "hyperbolic-test"; }
                    public String description() { return "H^d in the hyperboloid model, the kit's fixture."; }
                    public List<ParameterSpec> parameters() {
                        return List.of(ParameterSpec.optional("d", ParameterSpec.Type.INTEGER, "dimension", "2"));
                    }
                    public Manifold create(ProviderParameters p) { return HyperbolicSpace.of(p.integer("d")); }
                }
                """), List.of("org.example.hyper.HyperbolicProvider"));

        CliRun tck = atlas("--class-path", hyperbolic.toString(), "tck", "--provider", "hyperbolic-test",
                "--samples", "2");
        CliRun frechet = atlas("--class-path", hyperbolic.toString(), "frechet", "--provider", "hyperbolic-test",
                "--count", "300", "--warmup", "0", "--json", home.resolve("h.json").toString());

        assertThat(tck.exitCode()).as("tck exit code; stdout: %s", tck.out()).isEqualTo(ExitCodes.OK);
        assertThat(tck.out()).as("tck summary").contains("H^2 from hyperbolic-test d=2, seed 42, 2 samples, "
                + "length scale 0.5 (declared: ");
        assertThat(frechet.exitCode()).as("frechet exit code; stderr: %s", frechet.err()).isEqualTo(ExitCodes.OK);
        assertThat(frechet.out()).as("frechet notes").contains("H^2: no geodesic power distribution",
                "distances are to the batch Fréchet mean of the drawn samples, converged in ");
        assertThat(frechet.out()).as("distance column of atlas")
                .containsPattern("(?m)^atlas +\\|.*\\d\\.\\d\\de-\\d\\d");
    }

    @Test
    void environmentVariableAddsThePlugin() {
        CliRun run = atlas(Map.of(Plugins.VARIABLE, flatPlane.toString()), "providers");

        assertThat(run.exitCode()).as("exit code; stderr: %s", run.err()).isEqualTo(ExitCodes.OK);
        assertThat(run.out()).as("providers").contains("flat-plane: ");
    }

    @Test
    void everyJarInThePluginDirectoryIsLoaded() throws IOException {
        Path directory = Files.createDirectories(home.resolve(Plugins.DIRECTORY));
        Files.copy(flatPlane, directory.resolve("flat-plane.jar"));
        Files.writeString(directory.resolve("README.txt"), "not a jar, not loaded");

        CliRun run = atlas("providers");

        assertThat(run.exitCode()).as("exit code; stderr: %s", run.err()).isEqualTo(ExitCodes.OK);
        assertThat(run.out()).as("providers").contains("flat-plane: ");
    }

    @Test
    void aMissingPathIsOneLineNamingTheOptionAndThePath() {
        Path missing = home.resolve("missing.jar");

        CliRun run = atlas("tck", "--provider", "flat-plane", "--class-path", missing.toString());

        assertThat(run.exitCode()).as("exit code").isEqualTo(ExitCodes.BAD_INPUT);
        assertThat(run.out()).as("stdout").isEmpty();
        assertThat(run.errLines()).as("stderr lines").hasSize(1);
        assertThat(run.err()).as("stderr").startsWith("atlas: --class-path: expected an existing jar or class "
                + "directory, found '" + missing + "' (no such file)");
    }

    @Test
    void aMissingPathInTheVariableIsNamedToo() {
        Path missing = home.resolve("gone.jar");

        CliRun run = atlas(Map.of(Plugins.VARIABLE, missing.toString()), "providers");

        assertThat(run.exitCode()).as("exit code").isEqualTo(ExitCodes.BAD_INPUT);
        assertThat(run.errLines()).as("stderr lines").hasSize(1);
        assertThat(run.err()).as("stderr").startsWith("atlas: ATLAS_PLUGINS: expected an existing jar")
                .contains(missing.toString());
    }

    @Test
    void aFileThatIsNotAJarIsRejected() throws IOException {
        Path text = Files.writeString(home.resolve("provider.jar"), "not a zip");

        CliRun run = atlas("providers", "--class-path", text.toString());

        assertThat(run.exitCode()).as("exit code").isEqualTo(ExitCodes.BAD_INPUT);
        assertThat(run.errLines()).as("stderr lines").hasSize(1);
        assertThat(run.err()).as("stderr").contains("'" + text + "'", "not a readable jar");
    }

    @Test
    void aProviderThatCannotBeInstantiatedIsOneLineNamingTheJar() {
        Path broken = PluginJars.build(home, "broken.jar", Map.of("org.example.broken.BrokenProvider", """
                package org.example.broken;

                public final class BrokenProvider implements org.atlasgraph.api.spi.ManifoldProvider {
                    public BrokenProvider() {
                        throw new IllegalStateException("no licence file");
                    }

                    public String name() { return "broken"; }
                    public String description() { return "never made"; }
                    public java.util.List<org.atlasgraph.api.spi.ParameterSpec> parameters() {
                        return java.util.List.of();
                    }
                    public org.atlasgraph.api.Manifold create(org.atlasgraph.api.spi.ProviderParameters p) {
                        return null;
                    }
                }
                """), List.of("org.example.broken.BrokenProvider"));

        CliRun run = atlas("--class-path", broken.toString(), "providers");

        assertThat(run.exitCode()).as("exit code").isEqualTo(ExitCodes.BAD_INPUT);
        assertThat(run.out()).as("stdout").isEmpty();
        assertThat(run.errLines()).as("stderr lines").hasSize(1);
        assertThat(run.err()).as("stderr").startsWith("atlas: --class-path '" + broken + "': expected a jar whose "
                + "manifold providers load, found ").contains("org.example.broken.BrokenProvider", "no licence file");
    }

    @Test
    void aPluginThatReusesABuiltInNameIsOneLineNamingTheJar() {
        Path duplicate = PluginJars.build(home, "duplicate.jar", Map.of("org.example.dup.OtherSphere", """
                package org.example.dup;

                public final class OtherSphere implements org.atlasgraph.api.spi.ManifoldProvider {
                    public String name() { return "sphere"; }
                    public String description() { return "a second sphere"; }
                    public java.util.List<org.atlasgraph.api.spi.ParameterSpec> parameters() {
                        return java.util.List.of();
                    }
                    public org.atlasgraph.api.Manifold create(org.atlasgraph.api.spi.ProviderParameters p) {
                        return null;
                    }
                }
                """), List.of("org.example.dup.OtherSphere"));

        CliRun run = atlas(Map.of(Plugins.VARIABLE, duplicate.toString()), "providers");

        assertThat(run.exitCode()).as("exit code").isEqualTo(ExitCodes.BAD_INPUT);
        assertThat(run.errLines()).as("stderr lines").hasSize(1);
        assertThat(run.err()).as("stderr").startsWith("atlas: ATLAS_PLUGINS '" + duplicate + "'")
                .contains("two manifold providers are named 'sphere'", "org.example.dup.OtherSphere");
    }

    @Test
    void withoutPluginsTheBuiltInProvidersAreThere() {
        CliRun run = atlas("providers");

        assertThat(run.exitCode()).as("exit code; stderr: %s", run.err()).isEqualTo(ExitCodes.OK);
        assertThat(run.out()).as("providers").contains("sphere: ").doesNotContain("flat-plane");
    }
}

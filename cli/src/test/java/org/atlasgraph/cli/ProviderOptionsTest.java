package org.atlasgraph.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.inject.Guice;
import java.util.List;
import java.util.Map;
import org.atlasgraph.api.check.InvalidInputException;
import org.atlasgraph.api.spi.ParameterSpec;
import org.atlasgraph.api.spi.ParameterSpec.Type;
import org.atlasgraph.api.spi.Providers;
import org.atlasgraph.cli.wiring.ProvidersModule;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

class ProviderOptionsTest {
    /** A minimal command that only carries the mixin, as a new subcommand would. */
    @Command(name = "probe")
    static final class Probe implements Runnable {
        @Mixin
        ProviderOptions provider;

        @Override
        public void run() {
        }
    }

    private static ProviderOptions parse(String... args) {
        ProvidersModule module = new ProvidersModule(Providers.of(List.of(new FakeProvider("fake",
                ParameterSpec.required("file", Type.PATH, "points to learn from"),
                ParameterSpec.optional("n", Type.INTEGER, "ambient dimension", "3")))));
        Probe probe = new Probe();
        new CommandLine(probe, new org.atlasgraph.cli.wiring.GuiceFactory(Guice.createInjector(module)))
                .parseArgs(args);
        return probe.provider;
    }

    @Test
    void createsTheManifoldFromRepeatedParameters() {
        ProviderOptions options = parse("--provider", "fake", "--param", "file=a.npy", "--param", "n=6");

        assertThat(options.createManifold().ambientDimension()).as("ambient dimension").isEqualTo(6);
        assertThat(options.parameters().asMap()).as("parameters").isEqualTo(Map.of("file", "a.npy", "n", "6"));
    }

    @Test
    void describeIncludesDefaultsInDeclaredOrder() {
        ProviderOptions options = parse("--provider", "fake", "--param", "n=7", "--param", "file=a.npy");

        assertThat(options.describe()).as("description").isEqualTo("fake file=a.npy n=7");
        assertThat(options.values().keySet()).as("declared order").containsExactly("file", "n");
    }

    @Test
    void missingRequiredParameterKeepsItsReasonAndListsWhatTheProviderTakes() {
        ProviderOptions options = parse("--provider", "fake");

        assertThatThrownBy(options::createManifold).isInstanceOf(InvalidInputException.class)
                .hasMessage("parameter 'file' of provider 'fake': expected points to learn from, found nothing"
                        + " (the parameter is required; fake takes: file path, required, n integer, default 3)")
                .hasCauseInstanceOf(InvalidInputException.class);
    }

    @Test
    void providerIsARequiredOption() {
        assertThatThrownBy(() -> parse("--param", "n=3")).isInstanceOf(CommandLine.MissingParameterException.class)
                .hasMessageContaining("--provider");
    }
}

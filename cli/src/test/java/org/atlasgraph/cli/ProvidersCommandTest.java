package org.atlasgraph.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.inject.Guice;
import java.util.List;
import org.atlasgraph.api.spi.ParameterSpec;
import org.atlasgraph.api.spi.ParameterSpec.Type;
import org.atlasgraph.api.spi.Providers;
import org.atlasgraph.cli.wiring.ProvidersModule;
import org.junit.jupiter.api.Test;

class ProvidersCommandTest {
    @Test
    void listsTheSphereWithItsParameterTypeDefaultAndDescription() {
        CliRun run = CliRun.atlas("providers");

        assertThat(run.exitCode()).as("exit code").isEqualTo(ExitCodes.OK);
        assertThat(run.err()).as("stderr").isEmpty();
        assertThat(run.out()).as("provider line").contains("sphere: The unit sphere");
        assertThat(run.out()).as("parameter row of n").containsPattern(
                "(?m)^  n +\\| integer +\\| 3 +\\| ambient dimension, n ≥ 2$");
    }

    @Test
    void listsEveryBoundProviderInNameOrderAndMarksRequiredParameters() {
        ProvidersModule module = new ProvidersModule(Providers.of(List.of(
                new FakeProvider("zeta"),
                new FakeProvider("alpha", ParameterSpec.required("file", Type.PATH, "points to learn from"),
                        ParameterSpec.optional("eps", Type.DECIMAL, "noise level", "0.1")))));

        CliRun run = CliRun.atlas(Guice.createInjector(module), cmd -> { }, "providers");

        assertThat(run.exitCode()).as("exit code").isEqualTo(ExitCodes.OK);
        assertThat(run.out().indexOf("alpha:")).as("alpha before zeta").isLessThan(run.out().indexOf("zeta:"))
                .isNotNegative();
        assertThat(run.out()).as("required parameter").containsPattern("(?m)^  file +\\| path +\\| \\(required\\) ");
        assertThat(run.out()).as("optional parameter").containsPattern("(?m)^  eps +\\| decimal +\\| 0\\.1 ");
        assertThat(run.out()).as("provider without parameters").contains("(no parameters)")
                .contains("2 providers");
    }
}

package org.atlasgraph.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import org.atlasgraph.cli.wiring.AtlasModule;
import org.atlasgraph.cli.wiring.ProvidersModule;
import org.atlasgraph.sphere.SphereProvider;
import org.junit.jupiter.api.Test;

class AtlasTest {
    @Test
    void runsWithTheApplicationModule() {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();

        int code = Atlas.run(new AtlasModule(), new String[] {"providers"}, new PrintWriter(out, true),
                new PrintWriter(err, true));

        assertThat(code).as("exit code; stderr: %s", err).isEqualTo(ExitCodes.OK);
        assertThat(out.toString()).as("stdout").contains("sphere: ");
    }

    @Test
    void duplicateProviderNamesAreABrokenInstallationReportedInOneLine() {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        ProvidersModule broken = new ProvidersModule(List.of(new SphereProvider(), new FakeProvider("sphere")));

        int code = Atlas.run(broken, new String[] {"providers"}, new PrintWriter(out, true),
                new PrintWriter(err, true));

        assertThat(code).as("exit code").isEqualTo(ExitCodes.INTERNAL_ERROR);
        assertThat(out.toString()).as("stdout").isEmpty();
        assertThat(err.toString().split("\\R")).as("stderr lines").hasSize(1);
        assertThat(err.toString()).as("stderr").startsWith("atlas: broken installation: two manifold providers are"
                + " named 'sphere'").contains(FakeProvider.class.getName(), "--verbose");
    }
}

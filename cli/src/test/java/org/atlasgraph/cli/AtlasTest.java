package org.atlasgraph.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.Map;
import org.atlasgraph.cli.wiring.AtlasModule;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AtlasTest {
    @TempDir
    Path home;

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
    void runsFromTheRawArgumentsTheEnvironmentAndTheHomeDirectory() {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();

        int code = Atlas.run(new String[] {"providers"}, Map.of(), home, new PrintWriter(out, true),
                new PrintWriter(err, true));

        assertThat(code).as("exit code; stderr: %s", err).isEqualTo(ExitCodes.OK);
        assertThat(out.toString()).as("stdout").contains("sphere: ", "grassmann: ", "pointcloud: ");
        assertThat(err.toString()).as("stderr").isEmpty();
    }
}

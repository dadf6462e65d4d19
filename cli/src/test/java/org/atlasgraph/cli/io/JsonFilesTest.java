package org.atlasgraph.cli.io;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JsonFilesTest {
    /** A result record as a subcommand would write it. */
    record Trace(String method, List<Double> errors) {
    }

    @Test
    void writesARecordByItsComponentNames(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("trace.json");

        JsonFiles.write(file, new Trace("gifee", List.of(0.5, 0.25)));

        JsonNode json = JsonFiles.mapper().readTree(file.toFile());
        assertThat(json.get("method").asText()).as("method").isEqualTo("gifee");
        assertThat(json.get("errors").get(1).asDouble()).as("second error").isEqualTo(0.25);
        assertThat(Files.readString(file)).as("file ends with a newline").endsWith("}\n");
    }
}

package org.atlasgraph.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Stream;
import org.atlasgraph.pointcloud.PointCloudAtlas;
import org.atlasgraph.pointcloud.data.KleinPatches;
import org.atlasgraph.pointcloud.io.AtlasJson;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 10.3 as a user meets it: {@code atlas distance} on a saved atlas corrupted as the issue did it (a curvature
 * set to 1e308, a zeroed boundary SVM, a summary contradicting the charts, a truncated file) ends with one line naming
 * the file and exit 2, and writes nothing. Each corruption is tried on a version-4 file (its checksum catches it) and,
 * except the truncation, on a version-3 file without a checksum (the consistency checks catch it).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class HostileAtlasTest {
    private static final ObjectMapper MAPPER = new ObjectMapper();
    private String saved;

    @BeforeAll
    void learn() {
        saved = AtlasJson.toJson(PointCloudAtlas.builder(KleinPatches.sample(1500, 3).points()).seed(3).build()
                .model());
    }

    @Test
    void everyCorruptionIsOneLineWithExitTwoAndNoOutput(@TempDir Path dir) throws IOException {
        String v3 = saved.replaceFirst("\"version\" : 4,", "\"version\" : 3,")
                .replaceFirst("\\s*\"checksum\" : \"[^\"]*\",", "");
        Map<String, String> cases = new LinkedHashMap<>();
        cases.put("v4-curvature", curvature(saved));
        cases.put("v4-boundary", zeroedBoundary(saved));
        cases.put("v4-summary", summary(saved));
        cases.put("v4-truncated", saved.substring(0, saved.length() / 2));
        cases.put("v3-curvature", curvature(v3));
        cases.put("v3-boundary", zeroedBoundary(v3));
        cases.put("v3-summary", summary(v3));
        Map<String, String> expected = Map.of(
                "v4", ": checksum: expected the checksum saved with the atlas",
                "v4-truncated", ": expected a JSON atlas saved by 'atlas learn', found invalid JSON",
                "v3-curvature", ": charts[0].curvature: expected a quadratic at most 10 chart radii",
                "v3-boundary", ": charts[0].boundaryMatrix: expected a boundary quadric around the chart's points",
                "v3-summary", ": summary.chartCount: expected the ");
        Path pairs = dir.resolve("pairs.csv");
        double[] x = KleinPatches.patch(1, 2);
        double[] y = KleinPatches.patch(2, 1);
        Files.writeString(pairs, "a0,a1,a2,a3,a4,a5,a6,a7,a8,b0,b1,b2,b3,b4,b5,b6,b7,b8\n"
                + CsvRows.row(concat(x, y)));
        for (Map.Entry<String, String> c : cases.entrySet()) {
            Path atlas = dir.resolve(c.getKey() + ".json");
            Files.writeString(atlas, c.getValue(), StandardCharsets.UTF_8);
            Path out = dir.resolve("d.csv");
            CliRun run = CliRun.atlas("distance", "--atlas", atlas.toString(), "--pairs", pairs.toString(), "--out",
                    out.toString());
            String message = expected.getOrDefault(c.getKey(), expected.get(c.getKey().substring(0, 2)));
            assertThat(run.exitCode()).as("%s: exit code; stderr: %s", c.getKey(), run.err())
                    .isEqualTo(ExitCodes.BAD_INPUT);
            assertThat(run.errLines()).as("%s: one line", c.getKey()).hasSize(1);
            assertThat(run.err()).as("%s: message", c.getKey())
                    .startsWith("atlas distance: " + atlas + message);
            assertThat(out).as("%s: no output", c.getKey()).doesNotExist();
        }
        try (Stream<Path> files = Files.list(dir)) {
            assertThat(files.filter(p -> p.getFileName().toString().startsWith("."))).as("temporary files left")
                    .isEmpty();
        }
    }

    /** @return the file with the first curvature coefficient set to 1e308 */
    private static String curvature(String json) {
        return json.replaceFirst("(\"curvature\" : \\[ )[-0-9.Ee]+", "$11.0E308");
    }

    /** @return the file with the summary claiming one chart */
    private static String summary(String json) {
        return json.replaceFirst("\"chartCount\" : [0-9]+", "\"chartCount\" : 1");
    }

    /** @return the file with chart 0's boundary SVM (its quadric) set to zero, printed as the atlas prints it */
    private static String zeroedBoundary(String json) throws IOException {
        ObjectNode root = (ObjectNode) MAPPER.readTree(json);
        ObjectNode chart = (ObjectNode) root.get("charts").get(0);
        for (String field : new String[] {"boundaryMatrix", "boundaryLinear"}) {
            ArrayNode a = (ArrayNode) chart.get(field);
            for (int i = 0; i < a.size(); i++) {
                a.set(i, 0.0);
            }
        }
        chart.put("boundaryConstant", 0.0);
        return MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(root);
    }

    private static double[] concat(double[] a, double[] b) {
        double[] r = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, r, a.length, b.length);
        return r;
    }
}

package org.atlasgraph.pointcloud.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import org.atlasgraph.api.ChartPoint;
import org.atlasgraph.api.check.InvalidInputException;
import org.atlasgraph.pointcloud.AtlasModel;
import org.atlasgraph.pointcloud.ChartModel;
import org.atlasgraph.pointcloud.LearningSummary;
import org.atlasgraph.pointcloud.PointCloudAtlas;
import org.atlasgraph.pointcloud.QuadraticChart;
import org.atlasgraph.api.Coordinates;
import org.atlasgraph.pointcloud.data.KleinPatches;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class AtlasJsonTest {
    private static final long SEED = 31;
    /**
     * A version 2 file written by the version-2 code (spi at 099b2f0, before the format changed) from 400 points of S²
     * drawn with seed 7, kept to show that such files still load.
     */
    private static final String VERSION_2_FILE = "sphere-v2.json";
    private static final ObjectMapper MAPPER = new ObjectMapper();
    private PointCloudAtlas atlas;

    @BeforeAll
    void learn() {
        atlas = PointCloudAtlas.builder(KleinPatches.sample(1500, SEED).points()).seed(SEED).build();
    }

    @Test
    void saveThenLoadGivesTheSameAtlasBitForBit(@TempDir Path dir) {
        Path file = dir.resolve("nested").resolve("atlas.json");
        AtlasJson.save(atlas, file);
        PointCloudAtlas loaded = AtlasJson.load(file);
        assertThat(loaded.model()).as("model after a round trip").isEqualTo(atlas.model());
        assertThat(AtlasJson.toJson(loaded.model())).as("JSON after a round trip")
                .isEqualTo(AtlasJson.toJson(atlas.model()));
        Random rng = new Random(SEED);
        for (int i = 0; i < 20; i++) {
            double[] x = KleinPatches.patch(Math.PI * rng.nextDouble(), 2 * Math.PI * rng.nextDouble());
            double[] y = KleinPatches.patch(Math.PI * rng.nextDouble(), 2 * Math.PI * rng.nextDouble());
            ChartPoint p = atlas.locate(x);
            ChartPoint q = loaded.locate(x);
            assertThat(q.chart().id()).as("located chart").isEqualTo(p.chart().id());
            assertThat(q.xi()).as("located coordinates").isEqualTo(p.xi());
            assertThat(loaded.geodesicDistance(x, y)).as("distance").isEqualTo(atlas.geodesicDistance(x, y));
        }
    }

    @Test
    void savesVersionFourWithTheChecksumOfItsBytes(@TempDir Path dir) throws Exception {
        String json = AtlasJson.toJson(atlas.model());
        JsonNode root = MAPPER.readTree(json);
        assertThat(root.get("version").intValue()).as("version written").isEqualTo(AtlasJson.VERSION).isEqualTo(4);
        String stored = root.get("checksum").textValue();
        String zeroed = json.replace(stored, "sha256:" + "0".repeat(64));
        String expected = "sha256:" + java.util.HexFormat.of().formatHex(java.security.MessageDigest
                .getInstance("SHA-256").digest(zeroed.getBytes(StandardCharsets.UTF_8)));
        assertThat(stored).as("checksum: SHA-256 of the file with its own digits zeroed").isEqualTo(expected);
        Path file = dir.resolve("compact.json");
        Files.writeString(file, MAPPER.writeValueAsString(root));
        assertThatThrownBy(() -> AtlasJson.load(file)).as("the same document re-indented")
                .isInstanceOf(InvalidInputException.class).hasMessageStartingWith(file + ": checksum:");
    }

    @Test
    void rejectsFilesThatAreNotAtlases(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("bad.json");
        Files.writeString(file, "{ \"format\": ");
        assertThatThrownBy(() -> AtlasJson.load(file)).isInstanceOf(InvalidInputException.class)
                .hasMessageStartingWith(file + ": expected a JSON atlas saved by 'atlas learn', found invalid JSON");
        Files.writeString(file, "{ \"format\": \"something-else\" }");
        assertThatThrownBy(() -> AtlasJson.load(file)).isInstanceOf(InvalidInputException.class)
                .hasMessage(file + ": format: expected '" + AtlasJson.FORMAT + "', found 'something-else'");
        assertThatThrownBy(() -> AtlasJson.load(dir.resolve("missing.json")))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("found no such file");
        for (int version : new int[] {1, 5}) {
            Files.writeString(file, "{ \"format\": \"" + AtlasJson.FORMAT + "\", \"version\": " + version + " }");
            assertThatThrownBy(() -> AtlasJson.load(file)).as("version %d", version)
                    .isInstanceOf(InvalidInputException.class)
                    .hasMessageStartingWith(file + ": version: expected 2 to 4, found " + version);
        }
    }

    @Test
    void rejectsDeeplyNestedJsonInOneLineWithoutNamingTheParsersSettings(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("deep.json");
        Files.writeString(file, "{\"format\": " + "[".repeat(100_000));
        assertThatThrownBy(() -> AtlasJson.load(file)).isInstanceOf(InvalidInputException.class)
                .hasMessageStartingWith(file + ": expected a JSON atlas saved by 'atlas learn', found invalid JSON")
                .hasMessageContaining("nesting depth").hasMessageContaining("exceeds the maximum allowed (1000)")
                .hasMessageNotContaining("StreamReadConstraints").hasMessageNotContaining("\n");
    }

    @Test
    void rejectsACorruptedChartNamingTheField(@TempDir Path dir) throws IOException {
        String json = AtlasJson.toJson(atlas.model());
        Path file = dir.resolve("atlas.json");
        Files.writeString(file, json.replaceFirst("\"origin\" : \\[", "\"origin\" : [ \"x\","));
        assertThatThrownBy(() -> AtlasJson.load(file)).isInstanceOf(InvalidInputException.class)
                .hasMessage(file + ": charts[0].origin[0]: expected a number, found \"x\"");
        Files.writeString(file, json.replace("\"overlaps\"", "\"overlapz\""));
        assertThatThrownBy(() -> AtlasJson.load(file)).isInstanceOf(InvalidInputException.class)
                .hasMessage(file + ": overlaps: expected an array, found nothing");
    }

    /**
     * Issue 10.3: a hand-corrupted but parseable file (a curvature set to 1e308, a zeroed boundary SVM, a summary
     * contradicting its charts, one flipped digit) is rejected by its checksum, with one line naming the file.
     */
    @Test
    void rejectsAnyChangeAfterSavingByItsChecksum(@TempDir Path dir) throws IOException {
        String json = AtlasJson.toJson(atlas.model());
        List<String> corrupted = List.of(
                json.replaceFirst("(\"curvature\" : \\[ )[-0-9.Ee]+", "$11.0E308"),
                zeroedBoundary(json, 0),
                json.replaceFirst("\"chartCount\" : [0-9]+", "\"chartCount\" : 1"),
                flipDigit(json));
        for (String text : corrupted) {
            Path file = dir.resolve("atlas.json");
            Files.writeString(file, text);
            assertThatThrownBy(() -> AtlasJson.load(file)).isInstanceOf(InvalidInputException.class)
                    .hasMessageStartingWith(file + ": checksum: expected the checksum saved with the atlas, sha256:")
                    .hasMessageContaining("the file was changed after it was saved")
                    .satisfies(e -> assertThat(e.getMessage()).as("one line").doesNotContain("\n"));
        }
    }

    /**
     * Issue 10.3: the same corruptions written with a fresh checksum (a faulty program, or a hand edit that recomputed
     * it) are caught by the self-consistency checks, each naming the field.
     */
    @Test
    void rejectsAnInconsistentAtlasWhoseChecksumMatches(@TempDir Path dir) throws IOException {
        AtlasModel m = atlas.model();
        Path file = dir.resolve("atlas.json");
        List<Case> cases = List.of(
                new Case(withChart(m, 2, c -> chart(c, scaled(c.curvature(), 1e308 / maxAbs(c.curvature())),
                        c.boundaryMatrix(), c.boundaryLinear(), c.boundaryConstant())),
                        "charts[2].curvature: expected a quadratic at most 10 chart radii"),
                new Case(withChart(m, 3, c -> chart(c, c.curvature(), new double[c.boundaryMatrix().length],
                        new double[c.boundaryLinear().length], 0)),
                        "charts[3].boundaryMatrix: expected a boundary quadric around the chart's points"),
                new Case(withSummary(m, s -> new LearningSummary(s.pointCount(), s.dimension(),
                        s.dimensionEstimated(), s.radius(), s.radiusDerived(), s.chartCount() + 1, s.overlapCount(),
                        s.coverage(), s.rmsFitResidual(), s.maxFitResidual(), s.seed(), s.inputCount(),
                        s.duplicateCount(), s.outlierCount(), s.spanDimension(), s.linearChartCount(),
                        s.dimensionEvidence())),
                        "summary.chartCount: expected the " + m.charts().size() + " charts, found "
                                + (m.charts().size() + 1)),
                new Case(withChart(m, 0, c -> shifted(c, 100 * c.radius())),
                        "charts[0].origin: expected an origin within 2 chart radii"));
        for (Case c : cases) {
            Files.writeString(file, AtlasJson.toJson(c.model()));
            assertThatThrownBy(() -> AtlasJson.load(file)).as(c.message()).isInstanceOf(InvalidInputException.class)
                    .hasMessageStartingWith(file + ": " + c.message())
                    .satisfies(e -> assertThat(e.getMessage()).as("one line").doesNotContain("\n"));
        }
    }

    /**
     * Version 3 files have no checksum: they load as they are, and the consistency checks are what protects them
     * (here against a hand-set curvature of 1e308).
     */
    @Test
    void readsVersionThreeAndChecksItsConsistency(@TempDir Path dir) throws IOException {
        String v3 = AtlasJson.toJson(atlas.model()).replaceFirst("\"version\" : 4,", "\"version\" : 3,")
                .replaceFirst("\\s*\"checksum\" : \"[^\"]*\",", "");
        Path file = dir.resolve("v3.json");
        Files.writeString(file, v3);
        assertThat(AtlasJson.load(file).model()).as("version 3 model").isEqualTo(atlas.model());
        Files.writeString(file, v3.replaceFirst("(\"curvature\" : \\[ )[-0-9.Ee]+", "$11.0E308"));
        assertThatThrownBy(() -> AtlasJson.load(file)).isInstanceOf(InvalidInputException.class)
                .hasMessageStartingWith(file + ": charts[0].curvature: expected a quadratic at most 10 chart radii");
    }

    /**
     * A version 2 file (boundary quadrics in R^D around each chart's centre) loads; each chart's boundary quartic is
     * the file's ambient quadric evaluated on the chart's surface, and distances agree with great circles.
     */
    @Test
    void readsVersionTwoWithTheSameBoundaries() throws IOException {
        String text;
        try (InputStream in = AtlasJsonTest.class.getResourceAsStream(VERSION_2_FILE)) {
            text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        JsonNode saved = MAPPER.readTree(text);
        assertThat(saved.get("version").intValue()).as("version of the fixture").isEqualTo(2);
        PointCloudAtlas loaded = PointCloudAtlas.fromModel(AtlasJson.fromJson(text, VERSION_2_FILE));
        assertThat(loaded.charts()).as("charts").hasSize(saved.get("charts").size());
        Random rng = new Random(SEED);
        for (QuadraticChart c : loaded.charts()) {
            JsonNode json = saved.get("charts").get(c.index());
            double[] a = numbers(json.get("boundaryMatrix"));
            double[] g = numbers(json.get("boundaryLinear"));
            double a0 = json.get("boundaryConstant").doubleValue();
            double[] centre = numbers(json.get("centre"));
            double r = json.get("radius").doubleValue();
            for (int k = 0; k < 10; k++) {
                double[] xi = {c.coordinateRadius() * (2 * rng.nextDouble() - 1),
                        c.coordinateRadius() * (2 * rng.nextDouble() - 1)};
                double[] x = c.toAmbient(Coordinates.of(xi));
                double[] y = new double[x.length];
                for (int i = 0; i < x.length; i++) {
                    y[i] = (x[i] - centre[i]) / r;
                }
                double expected = a0;
                for (int i = 0; i < y.length; i++) {
                    expected += g[i] * y[i];
                    for (int j = 0; j < y.length; j++) {
                        expected += y[i] * a[i * y.length + j] * y[j];
                    }
                }
                assertThat(c.boundaryValue(Coordinates.of(xi))).as("quartic of %s at ξ = (%s, %s)", c.id(), xi[0],
                        xi[1]).isCloseTo(expected, within(1e-12 * (1 + Math.abs(expected))));
            }
        }
        for (int i = 0; i < 50; i++) {
            double[] x = unit(rng);
            double[] y = unit(rng);
            double angle = Math.acos(Math.max(-1, Math.min(1, x[0] * y[0] + x[1] * y[1] + x[2] * y[2])));
            if (angle < Math.PI - 0.2) {
                assertThat(loaded.geodesicDistance(x, y)).as("distance of pair %d", i)
                        .isCloseTo(angle, within(0.05 * angle));
            }
        }
    }

    @Test
    void aFailedSaveLeavesNoFileBehind(@TempDir Path dir) throws IOException {
        Path target = dir.resolve("taken");
        Files.createDirectory(target);
        Files.writeString(target.resolve("inside"), "keeps the directory non-empty");
        assertThatThrownBy(() -> AtlasJson.save(atlas, target)).isInstanceOf(InvalidInputException.class)
                .hasMessage("'" + target + "': expected a regular file, found a directory");
        try (Stream<Path> files = Files.list(dir)) {
            assertThat(files.map(p -> p.getFileName().toString())).as("files left in the directory")
                    .containsExactly("taken");
        }
    }

    private record Case(AtlasModel model, String message) {
    }

    private static AtlasModel withChart(AtlasModel m, int index, UnaryOperator<ChartModel> change) {
        List<ChartModel> charts = new ArrayList<>(m.charts());
        charts.set(index, change.apply(charts.get(index)));
        return new AtlasModel(charts, m.overlaps(), m.offAtlasTolerance(), m.span(), m.summary());
    }

    private static AtlasModel withSummary(AtlasModel m, UnaryOperator<LearningSummary> change) {
        return new AtlasModel(m.charts(), m.overlaps(), m.offAtlasTolerance(), m.span(), change.apply(m.summary()));
    }

    private static ChartModel chart(ChartModel c, double[] curvature, double[] matrix, double[] linear,
                                    double constant) {
        return new ChartModel(c.centre(), c.origin(), c.tangentBasis(), c.normalBasis(), curvature, c.radius(),
                c.coordinateRadius(), c.trustRadius(), c.supportRadius(), matrix, linear, constant, c.fitResidual(),
                c.pointCount(), c.fit());
    }

    private static ChartModel shifted(ChartModel c, double by) {
        double[] origin = c.origin();
        origin[0] += by;
        return new ChartModel(c.centre(), origin, c.tangentBasis(), c.normalBasis(), c.curvature(), c.radius(),
                c.coordinateRadius(), c.trustRadius(), c.supportRadius(), c.boundaryMatrix(), c.boundaryLinear(),
                c.boundaryConstant(), c.fitResidual(), c.pointCount(), c.fit());
    }

    private static double[] scaled(double[] v, double f) {
        double[] out = v.clone();
        for (int i = 0; i < out.length; i++) {
            out[i] *= f;
        }
        return out;
    }

    private static double maxAbs(double[] v) {
        double m = 0;
        for (double x : v) {
            m = Math.max(m, Math.abs(x));
        }
        return m;
    }

    /** @return the JSON with chart {@code index}'s boundary quadric set to zero */
    private static String zeroedBoundary(String json, int index) throws IOException {
        JsonNode root = MAPPER.readTree(json);
        JsonNode chart = root.get("charts").get(index);
        for (String field : new String[] {"boundaryMatrix", "boundaryLinear"}) {
            com.fasterxml.jackson.databind.node.ArrayNode a = (com.fasterxml.jackson.databind.node.ArrayNode)
                    chart.get(field);
            for (int i = 0; i < a.size(); i++) {
                a.set(i, 0.0);
            }
        }
        ((com.fasterxml.jackson.databind.node.ObjectNode) chart).put("boundaryConstant", 0.0);
        return MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(root);
    }

    /** @return the JSON with the last digit of the first chart's radius changed */
    private static String flipDigit(String json) {
        int at = json.indexOf("\"radius\" : ", json.indexOf("\"charts\""));
        int end = at + "\"radius\" : ".length();
        while (Character.isDigit(json.charAt(end)) || json.charAt(end) == '.') {
            end++;
        }
        char last = json.charAt(end - 1);
        return json.substring(0, end - 1) + (last == '9' ? '8' : (char) (last + 1)) + json.substring(end);
    }

    private static double[] numbers(JsonNode array) {
        double[] out = new double[array.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = array.get(i).doubleValue();
        }
        return out;
    }

    private static double[] unit(Random rng) {
        double[] g = {rng.nextGaussian(), rng.nextGaussian(), rng.nextGaussian()};
        double n = Math.sqrt(g[0] * g[0] + g[1] * g[1] + g[2] * g[2]);
        return new double[] {g[0] / n, g[1] / n, g[2] / n};
    }
}

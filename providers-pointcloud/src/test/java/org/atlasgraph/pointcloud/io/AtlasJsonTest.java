package org.atlasgraph.pointcloud.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import java.util.stream.Stream;
import org.atlasgraph.api.ChartPoint;
import org.atlasgraph.api.check.InvalidInputException;
import org.atlasgraph.pointcloud.PointCloudAtlas;
import org.atlasgraph.pointcloud.data.KleinPatches;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class AtlasJsonTest {
    private static final long SEED = 31;
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
    }

    @Test
    void rejectsACorruptedChartNamingTheField(@TempDir Path dir) throws IOException {
        String json = AtlasJson.toJson(atlas.model());
        Path file = dir.resolve("atlas.json");
        Files.writeString(file, json.replaceFirst("\"origin\" : \\[", "\"origin\" : [ \"x\","));
        assertThatThrownBy(() -> AtlasJson.load(file)).isInstanceOf(InvalidInputException.class)
                .hasMessage(file + ": charts[0].origin[0]: expected a number, found \"x\"");
        Files.writeString(file, json.replaceFirst("\"tangentBasis\" : \\[ ", "\"tangentBasis\" : [ 7.0, "));
        assertThatThrownBy(() -> AtlasJson.load(file)).isInstanceOf(InvalidInputException.class)
                .hasMessageStartingWith(file + ": charts[0].tangentBasis: expected length D·d");
        Files.writeString(file, json.replaceFirst("\"coordinateRadius\" : [0-9.Ee-]+", "\"coordinateRadius\" : -1.0"));
        assertThatThrownBy(() -> AtlasJson.load(file)).isInstanceOf(InvalidInputException.class)
                .hasMessage(file + ": charts[0].coordinateRadius: expected a finite value > 0, found -1.0");
        Files.writeString(file, json.replace("\"overlaps\"", "\"overlapz\""));
        assertThatThrownBy(() -> AtlasJson.load(file)).isInstanceOf(InvalidInputException.class)
                .hasMessage(file + ": overlaps: expected an array, found nothing");
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
}

package org.atlasgraph.pointcloud;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.atlasgraph.api.Manifold;
import org.atlasgraph.api.check.InvalidInputException;
import org.atlasgraph.api.spi.Providers;
import org.atlasgraph.pointcloud.io.AtlasJson;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PointCloudProviderTest {
    @Test
    void learnsFromACsvFileAndReloadsASavedAtlas(@TempDir Path dir) throws IOException {
        double[][] pts = TestClouds.sphere(800, 3, 0, 41);
        StringBuilder csv = new StringBuilder("x,y,z\n");
        for (double[] p : pts) {
            csv.append(p[0]).append(',').append(p[1]).append(',').append(p[2]).append('\n');
        }
        Path file = dir.resolve("sphere.csv");
        Files.writeString(file, csv);
        Manifold m = Providers.onClassPath().create("pointcloud", Map.of("input", file.toString(), "d", "2"));
        assertThat(m.dimension()).isEqualTo(2);
        assertThat(m.ambientDimension()).isEqualTo(3);
        Path saved = dir.resolve("atlas.json");
        AtlasJson.save((PointCloudAtlas) m, saved);
        Manifold reloaded = Providers.onClassPath().create("pointcloud", Map.of("input", saved.toString()));
        assertThat(((PointCloudAtlas) reloaded).model()).isEqualTo(((PointCloudAtlas) m).model());
    }

    @Test
    void rejectsUnknownDataSetsAndNegativeSettings() {
        assertThatThrownBy(() -> Providers.onClassPath().create("pointcloud", Map.of("dataset", "mnist")))
                .isInstanceOf(InvalidInputException.class)
                .hasMessage("parameter 'dataset' of provider 'pointcloud': expected one of [klein], found mnist");
        assertThatThrownBy(() -> Providers.onClassPath().create("pointcloud", Map.of("r", "-1")))
                .isInstanceOf(InvalidInputException.class)
                .hasMessageStartingWith("parameter 'r' of provider 'pointcloud': expected 0 (derive) or a radius > 0");
    }
}

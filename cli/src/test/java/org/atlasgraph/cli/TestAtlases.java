package org.atlasgraph.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.atlasgraph.pointcloud.PointCloudAtlas;
import org.atlasgraph.pointcloud.data.KleinPatches;
import org.atlasgraph.pointcloud.io.AtlasJson;

/** A small learned atlas for tests of the commands that read one: learned once per test JVM, copied where needed. */
final class TestAtlases {
    /** Enough Klein patches for an atlas that covers the data (fewer leave charts of ~20 points). */
    private static final int PATCHES = 1500;
    private static byte[] saved;

    private TestAtlases() {
    }

    /**
     * @param dir where to put it
     * @return {@code dir/atlas.json}, the atlas of 1500 Klein patches (seed 1) as {@code atlas learn} saves it
     */
    static synchronized Path small(Path dir) throws IOException {
        if (saved == null) {
            Path tmp = Files.createTempFile("atlas", ".json");
            try {
                AtlasJson.save(PointCloudAtlas.builder(KleinPatches.sample(PATCHES, 1).points()).seed(1).build(),
                        tmp);
                saved = Files.readAllBytes(tmp);
            } finally {
                Files.deleteIfExists(tmp);
            }
        }
        return Files.write(dir.resolve("atlas.json"), saved);
    }
}

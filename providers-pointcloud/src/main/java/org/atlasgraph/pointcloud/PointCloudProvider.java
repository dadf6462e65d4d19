package org.atlasgraph.pointcloud;

import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.atlasgraph.api.Manifold;
import org.atlasgraph.api.spi.ManifoldProvider;
import org.atlasgraph.api.spi.ParameterSpec;
import org.atlasgraph.api.spi.ProviderParameters;
import org.atlasgraph.pointcloud.data.KleinPatches;
import org.atlasgraph.pointcloud.io.AtlasJson;
import org.atlasgraph.pointcloud.io.PointCloudFiles;

/**
 * Registers learned atlases as provider {@code "pointcloud"}: from a point file ({@code .npy}, {@code .csv}), from a
 * saved atlas ({@code .json}) or from the built-in data set {@code klein} (§4.3.1), with the intrinsic dimension d,
 * the chart radius r and the seed as parameters (0 means "derive from the data").
 */
public final class PointCloudProvider implements ManifoldProvider {
    /** The built-in data sets. */
    public static final List<String> DATASETS = List.of("klein");

    /** Creates the provider; called by {@link java.util.ServiceLoader}. */
    public PointCloudProvider() {
    }

    @Override
    public String name() {
        return "pointcloud";
    }

    @Override
    public String description() {
        return "An approximate atlas graph learned from a point cloud (a .npy/.csv file, a saved .json atlas, or the"
                + " built-in Klein-bottle image patches).";
    }

    @Override
    public List<ParameterSpec> parameters() {
        return List.of(
                ParameterSpec.optional("input", ParameterSpec.Type.PATH,
                        "points (.npy N×D float64, .csv with a header row) or a saved atlas (.json); empty: dataset",
                        ""),
                ParameterSpec.optional("dataset", ParameterSpec.Type.TEXT, "built-in data set when no input: "
                        + String.join(", ", DATASETS), "klein"),
                ParameterSpec.optional("count", ParameterSpec.Type.INTEGER, "points drawn from the data set, ≥ 100",
                        "4000"),
                ParameterSpec.optional("d", ParameterSpec.Type.INTEGER, "intrinsic dimension, 1 ≤ d < D; 0: estimate",
                        "0"),
                ParameterSpec.optional("r", ParameterSpec.Type.DECIMAL, "chart radius > 0; 0: derive", "0"),
                ParameterSpec.optional("seed", ParameterSpec.Type.INTEGER, "seed of the data set and of learning",
                        "1"));
    }

    @Override
    public Manifold create(ProviderParameters parameters) {
        int d = parameters.integer("d");
        double r = parameters.decimal("r");
        int seed = parameters.integer("seed");
        if (d < 0) {
            throw parameters.outOfRange("d", "0 (estimate) or 1 ≤ d < D");
        }
        if (r < 0) {
            throw parameters.outOfRange("r", "0 (derive) or a radius > 0");
        }
        Optional<Path> input = parameters.path("input");
        if (input.isPresent() && input.get().toString().toLowerCase(Locale.ROOT).endsWith(".json")) {
            return AtlasJson.load(input.get());
        }
        double[][] points;
        if (input.isPresent()) {
            points = PointCloudFiles.read("parameter 'input'", input.get());
        } else {
            String dataset = parameters.text("dataset").trim().toLowerCase(Locale.ROOT);
            if (!DATASETS.contains(dataset)) {
                throw parameters.outOfRange("dataset", "one of " + DATASETS);
            }
            int count = parameters.integer("count");
            if (count < 100) {
                throw parameters.outOfRange("count", "an integer ≥ 100");
            }
            points = KleinPatches.sample(count, seed).points();
        }
        PointCloudAtlas.Builder builder = PointCloudAtlas.builder(points).seed(seed);
        if (d > 0) {
            builder.dimension(d);
        }
        if (r > 0) {
            builder.radius(r);
        }
        return builder.build();
    }
}

package org.atlasgraph.cli;

import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Random;
import java.util.concurrent.Callable;
import org.atlasgraph.api.Manifold;
import org.atlasgraph.api.capability.Sampler;
import org.atlasgraph.api.check.InvalidInputException;
import org.atlasgraph.cli.console.Progress;
import org.atlasgraph.cli.io.AtomicFiles;
import org.atlasgraph.cli.io.InputFiles;
import org.atlasgraph.io.AtomicWriter;
import org.atlasgraph.pointcloud.io.AtlasJson;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/**
 * {@code atlas sample --atlas atlas.json --count N --seed S --out points.csv}: draws points from a learned atlas
 * (App. E.1) and writes them as CSV with columns {@code x0 … x(D−1)}.
 */
@Command(name = "sample", description = {
    "Draw points from a learned atlas (App. E.1) and write them as CSV.",
    "Example: atlas sample --atlas atlas.json --count 1000 --seed 7 --out points.csv",
})
final class SampleCommand implements Callable<Integer> {
    @Option(names = "--atlas", paramLabel = "FILE", required = true, description = "An atlas saved by 'atlas learn'.")
    private Path atlasFile;

    @Option(names = "--count", paramLabel = "N", description = "Number of points. Default: ${DEFAULT-VALUE}.")
    private int count = 1000;

    @Option(names = "--seed", paramLabel = "S", description = "Seed of the sampler. Default: ${DEFAULT-VALUE}.")
    private long seed = 1;

    @Option(names = "--out", paramLabel = "FILE", description = "Where to write the points. Default: ${DEFAULT-VALUE}.")
    private Path out = Path.of("points.csv");

    @Spec
    private CommandSpec spec;

    @ParentCommand
    private AtlasCommand parent;

    @Override
    public Integer call() throws IOException {
        if (count < 1) {
            throw new InvalidInputException("--count", "an integer ≥ 1", String.valueOf(count));
        }
        AtomicWriter.create().protecting("--atlas", atlasFile).requireWritable("--out", out);
        Manifold atlas = parent.prepare(AtlasJson.load(InputFiles.requireReadable("--atlas", atlasFile)));
        Sampler sampler = atlas.capability(Sampler.class).orElseThrow(() -> new InvalidInputException("--atlas",
                "an atlas with a sampler", atlas.name() + ", which has none"));
        // java.util.Random, the source of PointCloudAtlas.sample(count, seed): a seed gives the points it always gave.
        Random rng = new Random(seed);
        HeapBudget.require("--count", String.valueOf(count), count, HeapBudget.product(atlas.ambientDimension(),
                Double.BYTES) + 24, "points of " + atlas.ambientDimension() + " coordinates");
        double[][] points = new double[count][];
        try (Progress progress = parent.progress("sample", count)) {
            for (int i = 0; i < count; i++) {
                points[i] = atlas.embed(sampler.sample(rng));
                progress.step();
            }
        }
        AtomicFiles.write(out, o -> {
            Writer w = new OutputStreamWriter(o, StandardCharsets.UTF_8);
            w.write(CsvRows.header("x", atlas.ambientDimension()));
            for (double[] p : points) {
                w.write(CsvRows.row(p));
            }
            w.flush();
        });
        PrintWriter w = spec.commandLine().getOut();
        w.println("wrote " + count + " points of " + atlas.name() + " to " + out);
        w.flush();
        return ExitCodes.OK;
    }
}

package org.atlasgraph.cli;

import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.concurrent.Callable;
import org.atlasgraph.api.Manifold;
import org.atlasgraph.api.capability.Geodesics;
import org.atlasgraph.api.check.InvalidInputException;
import org.atlasgraph.cli.console.Progress;
import org.atlasgraph.cli.io.AtomicFiles;
import org.atlasgraph.cli.io.InputFiles;
import org.atlasgraph.io.AtomicWriter;
import org.atlasgraph.pointcloud.io.AtlasJson;
import org.atlasgraph.pointcloud.io.PointCloudFiles;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/**
 * {@code atlas distance --atlas atlas.json --pairs pairs.csv --out d.csv}: the approximate geodesic distance of each
 * pair of ambient points (§4.2.3: naive approximate distance within a chart, an approximate geodesic beyond). Each
 * row of the input holds two points, 2D numeric columns; the output repeats the row and adds a {@code distance}
 * column.
 */
@Command(name = "distance", description = {
    "Geodesic distances on a learned atlas between pairs of ambient points.",
    "Each row of --pairs holds two points (2D numeric columns after a header row); the output adds a 'distance' "
            + "column.",
    "Example: atlas distance --atlas atlas.json --pairs pairs.csv --out d.csv",
})
final class DistanceCommand implements Callable<Integer> {
    @Option(names = "--atlas", paramLabel = "FILE", required = true, description = "An atlas saved by 'atlas learn'.")
    private Path atlasFile;

    @Option(names = "--pairs", paramLabel = "FILE", required = true, description = "CSV with a header row and 2D "
            + "numeric columns: the first D are one point, the next D the other.")
    private Path pairs;

    @Option(names = "--out", paramLabel = "FILE",
            description = "Where to write the distances. Default: ${DEFAULT-VALUE}.")
    private Path out = Path.of("distances.csv");

    @Spec
    private CommandSpec spec;

    @ParentCommand
    private AtlasCommand parent;

    @Override
    public Integer call() throws IOException {
        AtomicWriter.create().protecting("--atlas", atlasFile).protecting("--pairs", pairs)
                .requireWritable("--out", out);
        Manifold atlas = parent.prepare(AtlasJson.load(InputFiles.requireReadable("--atlas", atlasFile)));
        Geodesics geodesics = atlas.capability(Geodesics.class).orElseThrow(() -> new InvalidInputException(
                "--atlas", "an atlas with geodesic distances", atlas.name() + ", which has none"));
        PointCloudFiles.Table table = PointCloudFiles.readCsv(InputFiles.requireReadable("--pairs", pairs));
        int dim = atlas.ambientDimension();
        if (table.columns() != 2 * dim) {
            throw new InvalidInputException(pairs.toString(), 2 * dim + " columns (two points of R^" + dim + ")",
                    table.columns() + " columns");
        }
        double[][] rows = table.rows();
        double[] distances = new double[rows.length];
        long start = System.nanoTime();
        try (Progress progress = parent.progress("distance", rows.length)) {
            for (int i = 0; i < rows.length; i++) {
                double[] x = Arrays.copyOfRange(rows[i], 0, dim);
                double[] y = Arrays.copyOfRange(rows[i], dim, 2 * dim);
                try {
                    distances[i] = geodesics.distance(atlas.locate(x), atlas.locate(y));
                } catch (InvalidInputException e) {
                    throw e.within(pairs + " data row " + (i + 1));
                }
                progress.step();
            }
        }
        double seconds = (System.nanoTime() - start) * 1e-9;
        AtomicFiles.write(out, o -> {
            Writer w = new OutputStreamWriter(o, StandardCharsets.UTF_8);
            w.write(String.join(",", table.header()) + ",distance\n");
            for (int i = 0; i < rows.length; i++) {
                double[] row = Arrays.copyOf(rows[i], rows[i].length + 1);
                row[rows[i].length] = distances[i];
                w.write(CsvRows.row(row));
            }
            w.flush();
        });
        PrintWriter w = spec.commandLine().getOut();
        w.printf("wrote %d distances to %s (%.3f ms per pair)%n", rows.length, out,
                rows.length == 0 ? 0.0 : seconds * 1e3 / rows.length);
        w.flush();
        return ExitCodes.OK;
    }
}

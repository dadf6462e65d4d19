package org.atlasgraph.cli;

import java.awt.Color;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.ServiceLoader;
import java.util.concurrent.Callable;
import org.atlasgraph.api.ChartPoint;
import org.atlasgraph.api.check.Checks;
import org.atlasgraph.api.check.InvalidInputException;
import org.atlasgraph.cli.console.Progress;
import org.atlasgraph.cli.console.TextTable;
import org.atlasgraph.cli.io.AtomicFiles;
import org.atlasgraph.cli.io.InputFiles;
import org.atlasgraph.io.AtomicWriter;
import org.atlasgraph.pointcloud.AtlasModel;
import org.atlasgraph.pointcloud.DistributedLearner;
import org.atlasgraph.pointcloud.LearningStages;
import org.atlasgraph.pointcloud.LearningSummary;
import org.atlasgraph.pointcloud.PointCloudAtlas;
import org.atlasgraph.pointcloud.PointCloudProvider;
import org.atlasgraph.pointcloud.QuadraticChart;
import org.atlasgraph.pointcloud.data.KleinPatches;
import org.atlasgraph.pointcloud.io.AtlasJson;
import org.atlasgraph.pointcloud.io.PointCloudFiles;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.markers.SeriesMarkers;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/**
 * {@code atlas learn [--dataset klein | --input FILE] [--dim d] [--radius r] [--out atlas.json] [--plot DIR]}: learns
 * an approximate atlas graph from a point cloud (§4), prints what it found (charts, d, r, coverage, fit residual, wall
 * time) and saves the atlas as JSON. {@code --plot} draws the charts: for the Klein patches in the (θ, φ) square, as
 * in Fig. 3 of the paper.
 *
 * <p>{@code --spark [MASTER]} learns the same atlas on Apache Spark (default master {@code local[*]}): the command
 * line does not depend on the spark module; it finds a {@link DistributedLearner} named {@code spark} with
 * {@link ServiceLoader}, which the {@code ./atlas} launcher puts on the class path only when {@code --spark} is
 * given. Without it, {@code --spark} is one line saying so.
 */
@Command(name = "learn", description = {
    "Learn an approximate atlas graph from a point cloud and save it as JSON.",
    "Example: atlas learn --dataset klein --count 100000 --out atlas.json --plot plots",
})
final class LearnCommand implements Callable<Integer> {
    /** Charts drawn one per panel by --plot, like Fig. 3A; the overview shows all. */
    private static final int PANELS = 16;
    /** Learning keeps about this many copies of each point's size (see {@link #learningBytes}). */
    private static final long LEARNING_COPIES = 16;

    @Option(names = "--dataset", paramLabel = "NAME",
            description = "Built-in data set when no --input is given: klein (the 3×3 high-contrast patches). "
                    + "Default: ${DEFAULT-VALUE}.")
    private String dataset = "klein";

    @Option(names = "--count", paramLabel = "N",
            description = "Points drawn from the data set. Default: ${DEFAULT-VALUE}.")
    private int count = 20000;

    @Option(names = "--noise", paramLabel = "σ", description = "Standard deviation of Gaussian noise added to every "
            + "coordinate of the built-in data set (not with --input or --spark). Default: ${DEFAULT-VALUE}.")
    private double noise = 0;

    @Option(names = "--input", paramLabel = "FILE", description = "Points to learn from: .npy (N×D float64) or .csv "
            + "(header row, numeric columns); with --spark also Parquet, a directory of such files, or a URI.")
    private Optional<String> input = Optional.empty();

    @Option(names = "--dim", paramLabel = "d", description = "Intrinsic dimension, 1 ≤ d < D. Default: estimated.")
    private Optional<Integer> dim = Optional.empty();

    @Option(names = "--radius", paramLabel = "r", description = "Chart radius > 0. Default: derived from the data.")
    private Optional<Double> radius = Optional.empty();

    @Option(names = "--seed", paramLabel = "S",
            description = "Seed of the data set and of learning. Default: ${DEFAULT-VALUE}.")
    private long seed = 1;

    @Option(names = "--out", paramLabel = "FILE", description = "Where to save the atlas. Default: ${DEFAULT-VALUE}.")
    private Path out = Path.of("atlas.json");

    @Option(names = "--plot", paramLabel = "DIR", description = "Also draw the charts as PNG files in DIR.")
    private Optional<Path> plot = Optional.empty();

    @Option(names = "--spark", arity = "0..1", fallbackValue = "local[*]", paramLabel = "MASTER",
            description = "Learn on Apache Spark, the points never on this machine's heap: local[*] (the fallback), "
                    + "local[N], spark://HOST:PORT, yarn, k8s://URL. Needs the spark module (./atlas adds it).")
    private Optional<String> spark = Optional.empty();

    @Option(names = "--partitions", paramLabel = "P", description = "With --spark: partitions of the generated data "
            + "set or of each .npy file. Default: one per 100000 points.")
    private Optional<Integer> partitions = Optional.empty();

    @Spec
    private CommandSpec spec;

    @ParentCommand
    private AtlasCommand parent;

    @Override
    public Integer call() throws IOException {
        if (spark.isPresent()) {
            return onSpark(spark.get());
        }
        Optional<Path> inputFile = input.map(Path::of);
        checkOptions(inputFile);
        KleinPatches klein = null;
        double[][] points;
        String source;
        if (inputFile.isPresent()) {
            points = PointCloudFiles.read("--input", inputFile.get());
            source = inputFile.get().toString();
        } else {
            klein = KleinPatches.sample(count, seed, noise);
            points = klein.points();
            source = "klein (" + count + " patches, seed " + seed + (noise > 0 ? ", noise σ = " + noise : "") + ")";
        }
        int ambient = points[0].length;
        if (dim.isPresent() && dim.get() >= ambient) {
            throw new InvalidInputException("--dim", "1 ≤ d < D = " + ambient + " (the data's dimension)",
                    String.valueOf(dim.get()));
        }
        HeapBudget.require(inputFile.isPresent() ? "--input" : "--count", inputFile.map(Path::toString)
                .orElse(String.valueOf(count)), points.length, learningBytes(ambient), "points of " + ambient
                + " coordinates to learn from");
        String data = inputFile.map(f -> "--input '" + f + "'").orElse("--count " + count);
        long start = System.nanoTime();
        PointCloudAtlas atlas;
        try (Progress progress = parent.progress("learn", 0)) {
            PointCloudAtlas.Builder builder = PointCloudAtlas.builder(points).seed(seed);
            dim.ifPresent(builder::dimension);
            radius.ifPresent(builder::radius);
            builder.progress((stage, done, total) -> {
                synchronized (progress) {
                    progress.message(stage + (total > 0 ? " " + done + "/" + total : " " + done));
                }
            });
            atlas = builder.build();
        } catch (InvalidInputException e) {
            throw asTyped(e, data);
        }
        double seconds = (System.nanoTime() - start) * 1e-9;
        // Plots are drawn in memory first: a failure while drawing leaves no atlas and no plot behind.
        Map<Path, byte[]> plots = plot.isPresent() ? plot(atlas, points, klein, plot.get()) : Map.of();
        AtlasJson.save(atlas, out);
        if (plot.isPresent()) {
            Files.createDirectories(plot.get());
            for (Map.Entry<Path, byte[]> png : plots.entrySet()) {
                AtomicFiles.write(png.getKey(), o -> o.write(png.getValue()));
            }
        }
        PrintWriter w = spec.commandLine().getOut();
        print(atlas.summary(), atlas, source, seconds, w);
        w.println("saved to " + out);
        if (plot.isPresent()) {
            w.println("plots: " + List.copyOf(plots.keySet()));
        }
        w.flush();
        return ExitCodes.OK;
    }

    /** Checks every option, and every file named, before any data is read or drawn. */
    private void checkOptions(Optional<Path> inputFile) {
        if (inputFile.isEmpty()) {
            if (!PointCloudProvider.DATASETS.contains(dataset.toLowerCase(Locale.ROOT))) {
                throw new InvalidInputException("--dataset", "one of " + PointCloudProvider.DATASETS,
                        "'" + dataset + "'");
            }
            if (count < 1) {
                throw new InvalidInputException("--count", "an integer ≥ 1", String.valueOf(count));
            }
            if (!(noise >= 0) || !Double.isFinite(noise)) {
                throw new InvalidInputException("--noise", "a finite σ ≥ 0", String.valueOf(noise));
            }
        } else {
            requireNoNoise("--input");
            InputFiles.requireReadable("--input", inputFile.get());
        }
        dim.ifPresent(d -> Checks.requirePositive("--dim", d));
        radius.ifPresent(r -> Checks.requirePositive("--radius", r));
        AtomicWriter.create().protecting("--input", inputFile).requireWritable("--out", out);
        plot.ifPresent(dir -> AtomicFiles.requireDirectory("--plot", dir));
        // last: what fits depends on the free heap of the moment, the checks above do not
        if (inputFile.isEmpty()) {
            HeapBudget.require("--count", String.valueOf(count), count,
                    learningBytes(KleinPatches.AMBIENT_DIMENSION), "patches to learn from");
        }
    }

    /** @throws InvalidInputException if --noise is given where it does not apply */
    private void requireNoNoise(String where) {
        if (noise != 0) {
            throw new InvalidInputException("--noise", "no --noise with " + where + " (it applies to the built-in "
                    + "data set on this machine)", "--noise " + noise);
        }
    }

    /**
     * The heap that learning takes per point of D coordinates: the point itself and about fifteen times as much in
     * neighbour lists, local frames, memberships and subsamples (measured: 20,000 Klein patches learn in a 24 MB heap).
     */
    private static long learningBytes(int ambient) {
        return HeapBudget.product(LEARNING_COPIES, HeapBudget.product(ambient, Double.BYTES) + 24);
    }

    /**
     * @return the error with its input named as the user typed it: {@code --dim}, {@code --radius}, or the data
     *     ({@code --input} file or {@code --count}) for the points
     */
    private static InvalidInputException asTyped(InvalidInputException e, String data) {
        String name = e.input();
        if (name.startsWith("points")) {
            return e.within(data);
        }
        String typed = name.equals("dimension") ? "--dim" : name.equals("radius") ? "--radius" : name;
        return typed.equals(name) ? e : new InvalidInputException(typed, e.expected(), e.found());
    }

    /** {@code --spark}: the same atlas from the spark module's {@link DistributedLearner}, saved and printed alike. */
    private int onSpark(String master) throws IOException {
        if (plot.isPresent()) {
            throw new InvalidInputException("--plot", "no --plot with --spark (a plot needs every point on this "
                    + "machine)", "--plot " + plot.get());
        }
        requireNoNoise("--spark");
        dim.ifPresent(d -> Checks.requirePositive("--dim", d));
        radius.ifPresent(r -> Checks.requirePositive("--radius", r));
        AtomicWriter.create().requireWritable("--out", out);
        DistributedLearner learner = ServiceLoader.load(DistributedLearner.class).stream()
                .map(ServiceLoader.Provider::get).filter(l -> l.name().equals("spark")).findFirst()
                .orElseThrow(() -> new InvalidInputException("--spark", "the spark module on the class path (./atlas "
                        + "puts it there when --spark is given; see the README)", "no distributed learner"));
        DistributedLearner.Request request = new DistributedLearner.Request(master, input,
                dataset.toLowerCase(Locale.ROOT), count, dim.map(OptionalInt::of).orElse(OptionalInt.empty()),
                radius.map(OptionalDouble::of).orElse(OptionalDouble.empty()), seed,
                LearningStages.DEFAULT_SVM_SAMPLE,
                partitions.map(OptionalInt::of).orElse(OptionalInt.empty()));
        long start = System.nanoTime();
        AtlasModel model;
        try (Progress progress = parent.progress("learn", 0)) {
            model = learner.learn(request, (stage, done, total) -> {
                synchronized (progress) {
                    progress.message(stage + (total > 0 ? " " + done + "/" + total : " " + done));
                }
            });
        }
        double seconds = (System.nanoTime() - start) * 1e-9;
        PointCloudAtlas atlas = PointCloudAtlas.fromModel(model);
        AtlasJson.save(atlas, out);
        PrintWriter w = spec.commandLine().getOut();
        String source = input.orElse(dataset + " (" + count + " patches, seed " + seed + ", generated on the "
                + "executors)");
        print(atlas.summary(), atlas, source + ", on Spark " + master, seconds, w);
        w.println("saved to " + out);
        w.flush();
        return ExitCodes.OK;
    }

    private static void print(LearningSummary s, PointCloudAtlas atlas, String source, double seconds, PrintWriter w) {
        TextTable t = TextTable.withColumns("quantity", "value").alignRight(1);
        t.row("data", source);
        t.row("points N × D", s.pointCount() + " × " + atlas.ambientDimension());
        if (s.duplicateCount() > 0 || s.outlierCount() > 0) {
            t.row("points given", s.inputCount() + " (" + s.duplicateCount() + " duplicates and " + s.outlierCount()
                    + " outliers far from the data removed)");
        }
        if (s.spanDimension() < atlas.ambientDimension()) {
            t.row("span of the data", s.spanDimension() + " of " + atlas.ambientDimension()
                    + " directions (the others constant or isotropic noise)");
        }
        t.row("dimension d", s.dimension() + (s.dimensionEstimated() ? " (estimated)" : " (given)"));
        if (!s.dimensionEvidence().isEmpty()) {
            StringBuilder gaps = new StringBuilder();
            for (int i = 0; i < s.dimensionEvidence().size(); i++) {
                gaps.append(i == 0 ? "" : " ").append(i + 1).append(':').append(String.format(Locale.ROOT, "%.3f",
                        s.dimensionEvidence().get(i)));
            }
            t.row("eigengap profile", gaps.toString());
        }
        t.row("chart radius r", String.format(Locale.ROOT, "%.4g", s.radius())
                + (s.radiusDerived() ? " (derived)" : " (given)"));
        t.row("charts", s.chartCount() + (s.linearChartCount() > 0 ? " (" + s.linearChartCount()
                + " linear: their points determine no quadratic)" : ""));
        t.row("overlapping pairs", s.overlapCount());
        t.row("coverage", String.format(Locale.ROOT, "%.4f", s.coverage()));
        t.row("fit residual RMS", String.format(Locale.ROOT, "%.3e", s.rmsFitResidual()));
        t.row("fit residual max", String.format(Locale.ROOT, "%.3e", s.maxFitResidual()));
        t.row("learning time", String.format(Locale.ROOT, "%.2f s", seconds));
        t.print(w, "");
    }

    /**
     * Draws an overview (every point coloured by its chart, centres marked) and one panel per chart for the first
     * charts (points of the chart's ball, blue inside its transition boundary, red outside, as in Fig. 3A); the
     * axes are (θ, φ) for the Klein patches and the first two coordinates otherwise.
     */
    private static Map<Path, byte[]> plot(PointCloudAtlas atlas, double[][] points, KleinPatches klein, Path dir)
            throws IOException {
        int n = points.length;
        double[][] xy = new double[n][];
        for (int i = 0; i < n; i++) {
            xy[i] = klein != null ? new double[] {klein.theta(i), klein.phi(i)} : new double[] {points[i][0],
                points[i][1]};
        }
        String xName = klein != null ? "θ" : "x₀";
        String yName = klein != null ? "φ" : "x₁";
        List<QuadraticChart> charts = atlas.charts();
        List<List<Integer>> byChart = new ArrayList<>();
        charts.forEach(c -> byChart.add(new ArrayList<>()));
        for (int i = 0; i < n; i++) {
            ChartPoint p = atlas.locate(points[i]);
            byChart.get(((QuadraticChart) p.chart()).index()).add(i);
        }
        XYChart overview = new XYChartBuilder().width(900).height(900).title("charts of the learned atlas ("
                + charts.size() + ")").xAxisTitle(xName).yAxisTitle(yName).build();
        overview.getStyler().setLegendVisible(false).setMarkerSize(3);
        for (QuadraticChart c : charts) {
            List<Integer> idx = byChart.get(c.index());
            if (idx.isEmpty()) {
                continue;
            }
            XYSeries s = overview.addSeries(c.id().value(), column(xy, idx, 0), column(xy, idx, 1));
            s.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter);
            s.setMarker(SeriesMarkers.CIRCLE);
            s.setMarkerColor(Color.getHSBColor((c.index() * 0.618034f) % 1f, 0.75f, 0.85f));
        }
        double[][] centres = new double[charts.size()][];
        for (QuadraticChart c : charts) {
            centres[c.index()] = klein != null ? KleinPatches.angles(c.centre()) : c.centre();
        }
        XYSeries cs = overview.addSeries("centres", column(centres, null, 0), column(centres, null, 1));
        cs.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter);
        cs.setMarker(SeriesMarkers.CROSS);
        cs.setMarkerColor(Color.BLACK);
        Map<Path, byte[]> files = new LinkedHashMap<>();
        files.put(dir.resolve("charts.png"), BitmapEncoder.getBitmapBytes(overview, BitmapEncoder.BitmapFormat.PNG));

        List<org.knowm.xchart.internal.chartpart.Chart<?, ?>> panels = new ArrayList<>();
        for (int k = 0; k < Math.min(PANELS, charts.size()); k++) {
            QuadraticChart c = charts.get(k);
            List<Integer> in = new ArrayList<>();
            List<Integer> outside = new ArrayList<>();
            double[] centre = c.centre();
            for (int i = 0; i < n; i++) {
                double d2 = 0;
                for (int j = 0; j < centre.length; j++) {
                    d2 += (points[i][j] - centre[j]) * (points[i][j] - centre[j]);
                }
                if (d2 >= c.radius() * c.radius()) {
                    continue;
                }
                boolean inside = atlas.coordinatesIn(c, points[i]).map(p -> c.contains(p.xi())).orElse(false);
                (inside ? in : outside).add(i);
            }
            XYChart panel = new XYChartBuilder().width(300).height(300).title(c.id().value()).xAxisTitle(xName)
                    .yAxisTitle(yName).build();
            panel.getStyler().setLegendVisible(false).setMarkerSize(3);
            if (klein != null) {
                panel.getStyler().setXAxisMin(0.0).setXAxisMax(Math.PI).setYAxisMin(0.0).setYAxisMax(2 * Math.PI);
            }
            addScatter(panel, "inside", xy, in, Color.BLUE);
            addScatter(panel, "outside", xy, outside, Color.RED);
            panels.add(panel);
        }
        int cols = 4;
        int rows = (panels.size() + cols - 1) / cols;
        ByteArrayOutputStream detail = new ByteArrayOutputStream();
        BitmapEncoder.saveBitmap(panels, rows, cols, detail, BitmapEncoder.BitmapFormat.PNG);
        files.put(dir.resolve("chart-boundaries.png"), detail.toByteArray());
        return files;
    }

    private static void addScatter(XYChart chart, String name, double[][] xy, List<Integer> idx, Color color) {
        if (idx.isEmpty()) {
            return;
        }
        XYSeries s = chart.addSeries(name, column(xy, idx, 0), column(xy, idx, 1));
        s.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter);
        s.setMarker(SeriesMarkers.CIRCLE);
        s.setMarkerColor(color);
    }

    private static double[] column(double[][] rows, List<Integer> idx, int col) {
        int n = idx == null ? rows.length : idx.size();
        double[] out = new double[n];
        for (int k = 0; k < n; k++) {
            out[k] = rows[idx == null ? k : idx.get(k)][col];
        }
        return out;
    }
}

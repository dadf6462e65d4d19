package org.atlasgraph.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.Callable;
import org.atlasgraph.api.ChartPoint;
import org.atlasgraph.api.Manifold;
import org.atlasgraph.api.check.Checks;
import org.atlasgraph.api.check.InvalidInputException;
import org.atlasgraph.cli.console.Progress;
import org.atlasgraph.cli.console.TextTable;
import org.atlasgraph.cli.io.AtomicFiles;
import org.atlasgraph.cli.io.InputFiles;
import org.atlasgraph.cli.rpb.BoundaryPlots;
import org.atlasgraph.cli.rpb.LabelledTable;
import org.atlasgraph.cli.rpb.PlaneProjection;
import org.atlasgraph.io.AtomicWriter;
import org.atlasgraph.io.CsvFormat;
import org.atlasgraph.optim.boundary.BoundaryFit;
import org.atlasgraph.optim.boundary.BoundaryParameters;
import org.atlasgraph.optim.boundary.PrincipalBoundary;
import org.atlasgraph.optim.boundary.Side;
import org.atlasgraph.pointcloud.PointCloudAtlas;
import org.atlasgraph.pointcloud.data.KleinPatches;
import org.atlasgraph.pointcloud.data.PatchLabel;
import org.atlasgraph.pointcloud.io.AtlasJson;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/**
 * {@code atlas rpb}: fits the Riemannian principal boundary (§5, App. E.2) between two labelled classes on a learned
 * atlas, reports its accuracy, classifies points and draws the curves. Where fewer than
 * {@value #MIN_TRAINING_PERCENT}% of the training points lie on their class's side it says that the boundary does not
 * separate the classes and exits with 1 (a check failed) instead of going on with a poor classifier.
 *
 * <p>Without {@code --train} it runs the paper's example: patches of the Klein bottle (§4.3.1) drawn with
 * {@code --seed}, an atlas learned from all of them, the boundary between the convex and the concave ones, and the
 * accuracy on held-out patches drawn with seed + 1. With {@code --train FILE} (CSV with a header and a label column) it
 * does the same on the user's data, with the atlas of {@code --atlas FILE} or one learned from the training points;
 * {@code --predict FILE --out FILE} classifies more points.
 */
@Command(name = "rpb", sortOptions = false, description = {
    "Fit the Riemannian principal boundary between two labelled classes on a learned atlas and classify points.",
    "Default: the Klein bottle of 3×3 patches, convex vs concave, with the accuracy on held-out patches.",
    "Examples: atlas rpb --plot out",
    "          atlas rpb --atlas atlas.json --train labelled.csv --predict points.csv --out predictions.csv",
})
final class RpbCommand implements Callable<Integer> {
    /**
     * Below this share of training points on their class's side the boundary is reported as not separating the
     * classes (exit code 1) instead of being used: a boundary that separates gets nearly all of them (100% on the
     * Klein patches), one that cannot follows an arc through one class (73–90% on two hemispheres of S²,
     * depending on the sample and the number of steps).
     */
    static final double MIN_TRAINING_PERCENT = 95;

    /** The most frames --plot draws: each is a PNG file of its own. */
    private static final int MAX_FRAMES = 1000;

    @Option(names = "--train", paramLabel = "FILE", description = "Labelled training points: CSV with a header row, "
            + "numeric coordinate columns and a label column with two values. Default: the built-in Klein patches.")
    private Optional<Path> train = Optional.empty();

    @Option(names = "--atlas", paramLabel = "FILE",
            description = "A learned point-cloud atlas saved as JSON. Default: learn one from the training points.")
    private Optional<Path> atlasFile = Optional.empty();

    @Option(names = "--label-column", paramLabel = "NAME",
            description = "The label column of the CSV files. Default: ${DEFAULT-VALUE}.")
    private String labelColumn = "label";

    @Option(names = "--classes", split = ",", paramLabel = "A,B", description = "The two labels to separate when the "
            + "training file has more (A is the + class). Default: the two labels of the file, sorted.")
    private List<String> classes = new ArrayList<>();

    @Option(names = "--predict", paramLabel = "FILE", description = "Points to classify: CSV with the training "
            + "coordinate columns; a label column, if present, is used to report the accuracy.")
    private Optional<Path> predict = Optional.empty();

    @Option(names = "--out", paramLabel = "FILE",
            description = "Where to write the predictions of --predict (CSV with 'predicted' and 'score' columns).")
    private Optional<Path> out = Optional.empty();

    @Option(names = "--points", paramLabel = "N",
            description = "Built-in data: number of training patches. Default: ${DEFAULT-VALUE}.")
    private int points = 3000;

    @Option(names = "--test-points", paramLabel = "N",
            description = "Built-in data: number of held-out patches. Default: ${DEFAULT-VALUE}.")
    private int testPoints = 1000;

    @Option(names = "--seed", paramLabel = "S", description = "Seed of the training patches (the held-out ones use "
            + "S + 1) and of the atlas learning. Default: ${DEFAULT-VALUE}.")
    private long seed = 1;

    @Option(names = "--h", paramLabel = "H",
            description = "Kernel radius h. Default: the scale at which the classes' neighbourhoods are elongated.")
    private Optional<Double> radius = Optional.empty();

    @Option(names = "--alpha", paramLabel = "A",
            description = "Pull of each flow toward its local mean (eq. E.1). Default: 1/h.")
    private Optional<Double> alpha = Optional.empty();

    @Option(names = "--step", paramLabel = "S", description = "Euler step length. Default: h/400.")
    private Optional<Double> step = Optional.empty();

    @Option(names = "--iterations", paramLabel = "N", description = "Most Euler steps (fewer when the boundary closes"
            + " or a flow leaves the data). Default: ${DEFAULT-VALUE}, as in the paper.")
    private int iterations = PrincipalBoundary.PAPER_ITERATIONS;

    @Option(names = "--boundary-correction", paramLabel = "B", description = "Pull of the boundary toward the "
            + "midpoint of the flows (0: the paper's ODE). Default: 0.02/step.")
    private Optional<Double> boundaryCorrection = Optional.empty();

    @Option(names = "--save-boundary", paramLabel = "FILE", description = "Write the fitted boundary as CSV: one row "
            + "per boundary point, its ambient coordinates b0… and its unit normal toward the first class n0… (what "
            + "the spark module's classify reads).")
    private Optional<Path> saveBoundary = Optional.empty();

    @Option(names = "--plot", paramLabel = "DIR", description = "Draw the curves over the data into DIR (created if "
            + "needed): rpb.png and a frame every --frame-every steps.")
    private Optional<Path> plot = Optional.empty();

    @Option(names = "--frame-every", paramLabel = "N", description = "Steps between plot frames. Default: "
            + "${DEFAULT-VALUE}.")
    private int frameEvery = 250;

    @Spec
    private CommandSpec spec;

    @ParentCommand
    private AtlasCommand parent;

    @Override
    public Integer call() throws IOException {
        checkOptions();
        PrintWriter console = spec.commandLine().getOut();
        long start = System.nanoTime();
        TrainingData data = train.isPresent() ? userData(train.get()) : kleinData();
        // Each Euler step keeps a point of each of the three curves and a normal, in chart and ambient form.
        HeapBudget.require("--iterations", String.valueOf(iterations), iterations + 1L,
                HeapBudget.product(8, HeapBudget.product(data.dimension(), Double.BYTES) + 48),
                "Euler steps of three curves in R^" + data.dimension());
        console.println(data.description());

        long t0 = System.nanoTime();
        PointCloudAtlas atlas = atlasFile.isPresent() ? AtlasJson.load(atlasFile.get()) : learn(data);
        double atlasSeconds = seconds(t0);
        if (atlas.ambientDimension() != data.dimension()) {
            throw new InvalidInputException("--atlas", "an atlas of ambient dimension " + data.dimension()
                    + " (the training points' columns)", "dimension " + atlas.ambientDimension(),
                    atlasFile.map(Path::toString).orElse(""));
        }
        console.printf(Locale.ROOT, "atlas: %s, %s in %.1f s%n", atlas.name(),
                atlasFile.map(f -> "loaded from " + f).orElse("learned from " + data.all().size() + " points"),
                atlasSeconds);

        t0 = System.nanoTime();
        BoundaryFit fit;
        try {
            fit = fit(parent.prepare(atlas), data);
        } catch (InvalidInputException e) {
            // "manifold: expected dimension at least 2" is about the atlas the user gave or the data it came from
            throw e.input().equals("manifold") ? e.within(atlasFile.map(f -> "--atlas '" + f + "'")
                    .orElse(train.map(f -> "--train '" + f + "'").orElse("--points " + points))) : e;
        }
        double fitSeconds = seconds(t0);
        printParameters(console, fit.parameters(), fitSeconds);
        console.printf(Locale.ROOT, "stopped: %s%n", fit.stopReason());
        Accuracy training = trainingAccuracy(fit, data);
        console.printf(Locale.ROOT, "training accuracy: %s of %d%n", training.percent(), training.total());
        if (100.0 * training.correct() < MIN_TRAINING_PERCENT * training.total()) {
            console.flush();
            spec.commandLine().getErr().printf(Locale.ROOT, "atlas rpb: the principal boundary does not separate "
                    + "'%s' from '%s': %.1f%% of the training points lie on their class's side, expected at least "
                    + "%.0f%%. RPB follows each class along a curve (§5), or along its margin toward the other class "
                    + "where the classes fill regions; classes that interleave have neither, and other values of --h, "
                    + "--alpha or --iterations may not help.%n", fit.plusName(), fit.minusName(),
                    100.0 * training.correct() / training.total(), MIN_TRAINING_PERCENT);
            return ExitCodes.CHECK_FAILED;
        }

        if (train.isEmpty()) {
            t0 = System.nanoTime();
            Accuracy accuracy = kleinHeldOut(fit);
            console.printf(Locale.ROOT, "held-out accuracy: %s on %d convex and concave patches drawn with seed %d "
                    + "(classified in %.1f s)%n", accuracy.percent(), accuracy.total(), seed + 1, seconds(t0));
        }
        if (predict.isPresent()) {
            predictions(console, fit, data.dimension());
        }
        if (saveBoundary.isPresent()) {
            saveBoundary(fit, atlas.ambientDimension());
            console.println("boundary (" + fit.boundary().size() + " points) saved to " + saveBoundary.get());
        }
        if (plot.isPresent()) {
            PlaneProjection projection = train.isPresent() ? PlaneProjection.principalComponents(data.all())
                    : PlaneProjection.kleinAngles();
            Files.createDirectories(plot.get());
            List<Path> files = new BoundaryPlots(fit, new BoundaryPlots.Data(data.plus(), data.minus(), data.other()),
                    projection).write(plot.get(), frameEvery);
            console.printf("plots: %s and %d frames in %s%n", files.get(files.size() - 1).getFileName(),
                    files.size() - 1, plot.get());
        }
        console.printf(Locale.ROOT, "total %.1f s%n", seconds(start));
        console.flush();
        return ExitCodes.OK;
    }

    /** Checks option values and combinations, and the output locations, before any computation. */
    private void checkOptions() {
        Checks.requirePositive("--iterations", iterations);
        Checks.requirePositive("--frame-every", frameEvery);
        radius.ifPresent(h -> Checks.requirePositive("--h", h));
        alpha.ifPresent(a -> Checks.requireNonNegative("--alpha", a));
        step.ifPresent(eta -> Checks.requirePositive("--step", eta));
        boundaryCorrection.ifPresent(b -> Checks.requireNonNegative("--boundary-correction", b));
        if (train.isEmpty()) {
            Checks.requireInRange("--points", points, 10, 1_000_000);
            Checks.requireInRange("--test-points", testPoints, 1, 1_000_000);
        }
        if (!classes.isEmpty() && (classes.size() != 2 || classes.get(0).equals(classes.get(1)))) {
            throw new InvalidInputException("--classes", "two different labels A,B", String.join(",", classes));
        }
        if (predict.isPresent() != out.isPresent()) {
            throw new InvalidInputException(predict.isPresent() ? "--predict" : "--out",
                    "--predict and --out to be given together", predict.isPresent() ? "no --out" : "no --predict");
        }
        train.ifPresent(f -> InputFiles.requireReadable("--train", f));
        atlasFile.ifPresent(f -> InputFiles.requireReadable("--atlas", f));
        predict.ifPresent(f -> InputFiles.requireReadable("--predict", f));
        AtomicWriter inputs = AtomicWriter.create().protecting("--train", train).protecting("--atlas", atlasFile)
                .protecting("--predict", predict);
        saveBoundary.ifPresent(f -> inputs.requireWritable("--save-boundary", f));
        out.ifPresent(f -> inputs.requireWritable("--out", f));
        plot.ifPresent(dir -> AtomicFiles.requireDirectory("--plot", dir));
        if (plot.isPresent() && iterations / frameEvery > MAX_FRAMES) {
            throw new InvalidInputException("--frame-every", "at least " + -Math.floorDiv(-iterations, MAX_FRAMES)
                    + " with --iterations " + iterations + " (at most " + MAX_FRAMES + " frames)",
                    String.valueOf(frameEvery));
        }
    }

    /** The training data of a run: the two classes, the other points, and every point (for learning the atlas). */
    private record TrainingData(String description, String plusName, String minusName, List<double[]> plus,
                                List<double[]> minus, List<double[]> other, List<double[]> all, int dimension) {
    }

    private TrainingData kleinData() {
        KleinPatches patches = KleinPatches.sample(points, seed);
        List<double[]> convex = new ArrayList<>();
        List<double[]> concave = new ArrayList<>();
        List<double[]> neither = new ArrayList<>();
        for (int i = 0; i < patches.size(); i++) {
            PatchLabel label = patches.label(i);
            (label == PatchLabel.CONVEX ? convex : label == PatchLabel.CONCAVE ? concave : neither)
                    .add(patches.point(i));
        }
        List<double[]> all = new ArrayList<>(List.of(patches.points()));
        return new TrainingData(String.format(Locale.ROOT, "data: %d patches of the Klein bottle (seed %d): %d convex,"
                + " %d concave, %d neither", points, seed, convex.size(), concave.size(), neither.size()),
                "convex", "concave", convex, concave, neither, all, KleinPatches.AMBIENT_DIMENSION);
    }

    private TrainingData userData(Path file) {
        LabelledTable table = LabelledTable.read("--train", file, labelColumn, true);
        List<String> labels = table.distinctLabels();
        List<String> chosen;
        if (classes.isEmpty()) {
            if (labels.size() != 2) {
                throw new InvalidInputException("--train", "exactly two values in column '" + labelColumn
                        + "' (or --classes A,B to choose two)", labels.size() + " " + labels, file.toString());
            }
            chosen = labels;
        } else {
            for (String c : classes) {
                if (!labels.contains(c)) {
                    throw new InvalidInputException("--classes", "labels of the training file " + labels,
                            "'" + c + "'", "no training point has this label");
                }
            }
            chosen = classes;
        }
        List<double[]> other = new ArrayList<>();
        for (String l : labels) {
            if (!chosen.contains(l)) {
                other.addAll(table.pointsLabelled(l));
            }
        }
        List<double[]> plus = table.pointsLabelled(chosen.get(0));
        List<double[]> minus = table.pointsLabelled(chosen.get(1));
        return new TrainingData(String.format(Locale.ROOT, "data: %d points of dimension %d from %s: %d '%s' (+), %d"
                + " '%s' (−), %d other", table.points().size(), table.columns().size(), file, plus.size(),
                chosen.get(0), minus.size(), chosen.get(1), other.size()), chosen.get(0), chosen.get(1), plus, minus,
                other, table.points(), table.columns().size());
    }

    /** Learns the atlas of the training points, with the stages of learning shown on an indeterminate bar. */
    private PointCloudAtlas learn(TrainingData data) {
        try (Progress progress = parent.progress("rpb: learning the atlas", 0)) {
            return PointCloudAtlas.builder(data.all().toArray(new double[0][])).seed(seed)
                    .progress((stage, done, total) -> {
                        synchronized (progress) {
                            progress.message(stage + (total > 0 ? " " + done + "/" + total : " " + done));
                        }
                    }).build();
        } catch (InvalidInputException e) {
            throw e.input().startsWith("points") ? e.within(train.map(f -> "--train '" + f + "'")
                    .orElse("--points " + points)) : e;
        }
    }

    private BoundaryFit fit(Manifold atlas, TrainingData data) {
        PrincipalBoundary.Builder builder = PrincipalBoundary.on(atlas).iterations(iterations)
                .classNames(data.plusName(), data.minusName());
        radius.ifPresent(builder::radius);
        alpha.ifPresent(builder::alpha);
        step.ifPresent(builder::step);
        boundaryCorrection.ifPresent(builder::boundaryCorrection);
        try (Progress progress = parent.progress("rpb", iterations)) {
            return builder.listener((done, total) -> progress.stepTo(done)).build().fit(data.plus(), data.minus());
        }
    }

    /** Writes the boundary's points and ambient unit normals ({@code Dφ⁻¹ n_b}, toward the first class) as CSV. */
    private void saveBoundary(BoundaryFit fit, int dimension) throws IOException {
        List<String> header = new ArrayList<>();
        for (String prefix : List.of("b", "n")) {
            for (int j = 0; j < dimension; j++) {
                header.add(prefix + j);
            }
        }
        StringBuilder csv = new StringBuilder(CsvFormat.row(header));
        for (int i = 0; i < fit.boundary().size(); i++) {
            ChartPoint b = fit.boundary().points().get(i);
            double[] row = Arrays.copyOf(fit.boundary().ambient(i), 2 * dimension);
            double[] normal = b.chart().pushForward(b.xi(), fit.normal(i).tau());
            System.arraycopy(normal, 0, row, dimension, dimension);
            csv.append(CsvFormat.row(row));
        }
        AtomicFiles.writeString(saveBoundary.get(), csv.toString());
    }

    private static void printParameters(PrintWriter console, BoundaryParameters p, double seconds) {
        console.printf(Locale.ROOT, "principal boundary fitted in %.1f s with%n", seconds);
        TextTable.withColumns("parameter", "value").alignRight(1)
                .row("h (kernel radius)", Checks.number(p.radius()))
                .row("alpha (eq. E.1)", Checks.number(p.alpha()))
                .row("step", Checks.number(p.step()))
                .row("iterations", p.iterations())
                .row("boundary correction", Checks.number(p.boundaryCorrection()))
                .row("chain links", p.chainLinks())
                .print(console, "  ");
    }

    private Accuracy kleinHeldOut(BoundaryFit fit) {
        KleinPatches held = KleinPatches.sample(testPoints, seed + 1);
        int correct = 0;
        int total = 0;
        for (int i = 0; i < held.size(); i++) {
            PatchLabel label = held.label(i);
            if (label == PatchLabel.NEITHER) {
                continue;
            }
            Side side = fit.classify(held.point(i));
            correct += (side == Side.PLUS) == (label == PatchLabel.CONVEX) ? 1 : 0;
            total++;
        }
        return new Accuracy(correct, total);
    }

    private void predictions(PrintWriter console, BoundaryFit fit, int dimension) throws IOException {
        LabelledTable table = LabelledTable.read("--predict", predict.get(), labelColumn, false);
        if (table.columns().size() != dimension) {
            throw new InvalidInputException("--predict", dimension + " coordinate columns, as in the training data",
                    table.columns().size() + " " + table.columns(), predict.get().toString());
        }
        long t0 = System.nanoTime();
        List<String> predicted = new ArrayList<>();
        double[] scores = new double[table.points().size()];
        int correct = 0;
        int total = 0;
        for (int i = 0; i < scores.length; i++) {
            scores[i] = fit.score(table.points().get(i));
            String p = scores[i] >= 0 ? fit.plusName() : fit.minusName();
            predicted.add(p);
            if (table.labels().isPresent()) {
                String truth = table.labels().get().get(i);
                if (truth.equals(fit.plusName()) || truth.equals(fit.minusName())) {
                    correct += truth.equals(p) ? 1 : 0;
                    total++;
                }
            }
        }
        table.writeWithPredictions(out.get(), predicted, scores);
        console.printf(Locale.ROOT, "predictions: %d points of %s classified in %.1f s, written to %s%n",
                scores.length, predict.get(), seconds(t0), out.get());
        if (total > 0) {
            console.printf("accuracy on the labelled points of %s: %s of %d%n", predict.get(),
                    new Accuracy(correct, total).percent(), total);
        }
    }

    /** The training points of the two classes on their class's side of the boundary. */
    private static Accuracy trainingAccuracy(BoundaryFit fit, TrainingData data) {
        int correct = 0;
        for (double[] x : data.plus()) {
            correct += fit.score(x) >= 0 ? 1 : 0;
        }
        for (double[] x : data.minus()) {
            correct += fit.score(x) < 0 ? 1 : 0;
        }
        return new Accuracy(correct, data.plus().size() + data.minus().size());
    }

    /** A count of correct classifications. */
    private record Accuracy(int correct, int total) {
        String percent() {
            return String.format(Locale.ROOT, "%.2f%% (%d correct)", 100.0 * correct / total, correct);
        }
    }

    private static double seconds(long since) {
        return (System.nanoTime() - since) * 1e-9;
    }
}

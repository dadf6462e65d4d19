package org.atlasgraph.cli.frechet;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.function.Supplier;
import java.util.function.ToDoubleBiFunction;
import java.util.stream.Collectors;
import org.atlasgraph.api.Manifold;
import org.atlasgraph.api.check.Checks;
import org.atlasgraph.api.check.InvalidInputException;
import org.atlasgraph.api.spi.ParameterSpec;
import org.atlasgraph.cli.console.Progress;
import org.atlasgraph.cli.console.TextTable;
import org.atlasgraph.cli.frechet.SchemeComparison.CurvePoint;
import org.atlasgraph.cli.frechet.SchemeComparison.SchemeOutcome;
import org.atlasgraph.cli.io.AtomicFiles;
import org.atlasgraph.cli.io.InputFiles;
import org.atlasgraph.cli.wiring.ProviderRegistry;
import org.atlasgraph.grassmann.DeltaMax;
import org.atlasgraph.grassmann.Grassmann;
import org.atlasgraph.io.NpyArray;
import org.atlasgraph.io.NpyReader;
import org.atlasgraph.optim.mean.FrechetScheme;

/**
 * The work behind {@code atlas frechet}: sets up each run (manifold, sample source, reference mean), runs the schemes
 * through {@link SchemeComparison}, and renders the results as a table, JSON and plots.
 */
public final class FrechetRuns {
    /** At most this many warm-up updates per scheme: enough for the JIT's C2 compilation of small kernels. */
    private static final int WARM_UP_UPDATES = 20_000;
    /**
     * δ_max of GPD on providers other than the Grassmannian: twice the unit sphere's diameter, so every sample lies
     * within π/2^p of the mean, inside the reach of the sphere's gnomonic charts (the paper's δ_max for Gr(n,k) likewise
     * exceeds the true diameter and concentrates the distribution, App. C.3).
     */
    private static final double OTHER_DELTA_MAX = 2 * Math.PI;

    private FrechetRuns() {
    }

    /**
     * What every run shares.
     *
     * @param registry   the providers
     * @param provider   the provider name
     * @param parameters the provider parameters as given
     * @param power      p of GPD(X, p)
     * @param count      N for drawn samples
     * @param seed       the seed of the mean and the samples
     * @param schemes    scheme names, validated against {@link FrechetScheme#NAMES}
     * @param curves     whether to record error curves (for plots)
     * @param warmUp     seconds of untimed updates per scheme before the run (JIT warm-up), ≥ 0
     */
    public record Settings(ProviderRegistry registry, String provider, Map<String, String> parameters, double power,
                           long count, long seed, List<String> schemes, boolean curves, double warmUp) {
    }

    /**
     * One run: a manifold, its samples and one outcome per scheme.
     *
     * @param manifold   the manifold's name, e.g. {@code Gr(100,5)}
     * @param provider   the provider
     * @param parameters its parameters, defaults included
     * @param source     where the samples came from
     * @param outcomes   one per scheme, in the order requested
     */
    public record Run(String manifold, String provider, Map<String, String> parameters, String source,
                      List<SchemeOutcome> outcomes) {
    }

    /**
     * Runs every configuration on samples drawn from GPD(X, p) around a mean X drawn uniformly with the seed. Every
     * manifold and scheme is set up before the first sample, so a bad parameter fails at once.
     *
     * @param settings the shared settings
     * @param configs  provider parameters per run
     * @return the runs
     */
    public static List<Run> generated(Settings settings, List<Map<String, String>> configs) {
        List<Manifold> manifolds = new ArrayList<>();
        for (Map<String, String> c : configs) {
            Manifold m = settings.registry().create(settings.provider(), c);
            schemes(settings, m);
            manifolds.add(m);
        }
        List<Run> runs = new ArrayList<>();
        for (int i = 0; i < manifolds.size(); i++) {
            Manifold m = manifolds.get(i);
            SplittableRandom rng = new SplittableRandom(settings.seed());
            double[] x = m.embed(m.sampler().orElseThrow(() -> new InvalidInputException("--provider",
                    "a manifold with a sampler to draw samples from, or --input", m.name())).sample(rng));
            Supplier<double[]> draw = m instanceof Grassmann
                    ? () -> ((Grassmann) m).gpd(x, settings.power(), DeltaMax.PAPER, rng)
                    : GeodesicPowerSamples.of(m, x, settings.power(), OTHER_DELTA_MAX, rng);
            String description = "GPD(X, p=" + Checks.number(settings.power()) + "), seed " + settings.seed();
            SampleSource source = SampleSource.generated(draw, settings.count(), x, description);
            List<double[]> warmUp = new ArrayList<>();
            if (settings.warmUp() > 0) {
                // Warm-up samples come from their own stream, so the timed run sees the same samples either way.
                SplittableRandom warmRng = rng.split();
                Supplier<double[]> warmDraw = m instanceof Grassmann
                        ? () -> ((Grassmann) m).gpd(x, settings.power(), DeltaMax.PAPER, warmRng)
                        : GeodesicPowerSamples.of(m, x, settings.power(), OTHER_DELTA_MAX, warmRng);
                for (int j = 0; j < warmUpSamples(m); j++) {
                    warmUp.add(warmDraw.get());
                }
            }
            runs.add(run(settings, m, configs.get(i), source, warmUp));
        }
        return runs;
    }

    /**
     * Runs once on the samples of a {@code .npy} file. The provider's {@code n} and {@code k} default to the file's
     * shape (N, n, k).
     *
     * @param settings the shared settings
     * @param input    the samples
     * @param meanFile the population mean, when known
     * @return the run
     */
    public static Run fromFile(Settings settings, Path input, Optional<Path> meanFile) {
        InputFiles.requireReadable("--input", input);
        meanFile.ifPresent(f -> InputFiles.requireReadable("--mean", f));
        try (NpyMatrixStream stream = NpyMatrixStream.open("--input", input)) {
            Map<String, String> config = new LinkedHashMap<>(settings.parameters());
            List<String> declared = settings.registry().named(settings.provider()).parameters().stream()
                    .map(ParameterSpec::name).collect(Collectors.toList());
            if (declared.contains("n") && declared.contains("k")) {
                config.putIfAbsent("n", String.valueOf(stream.rows()));
                config.putIfAbsent("k", String.valueOf(stream.columns()));
            } else if (declared.contains("n")) {
                config.putIfAbsent("n", String.valueOf(stream.rows() * stream.columns()));
            }
            Manifold m = settings.registry().create(settings.provider(), config);
            schemes(settings, m);
            Optional<double[]> mean = meanFile.map(f -> readMean(m, f));
            List<double[]> warmUp = new ArrayList<>();
            if (settings.warmUp() > 0) {
                try (NpyMatrixStream head = NpyMatrixStream.open("--input", input);
                     SampleSource first = SampleSource.file(m, head, input, mean)) {
                    for (int j = 0; j < warmUpSamples(m) && first.hasNext(); j++) {
                        warmUp.add(first.next().clone());
                    }
                }
            }
            try (SampleSource source = SampleSource.file(m, stream, input, mean)) {
                return run(settings, m, config, source, warmUp);
            }
        }
    }

    /** Warm-up samples kept in memory: at most 32, and at most 64 MB of them. */
    private static int warmUpSamples(Manifold m) {
        return (int) Math.max(1, Math.min(32, (64L << 20) / (8L * m.ambientDimension())));
    }

    private static Run run(Settings settings, Manifold m, Map<String, String> config, SampleSource source,
                           List<double[]> warmUp) {
        SchemeComparison comparison = new SchemeComparison(m, schemes(settings, m), source.mean(), distance(m),
                settings.curves());
        comparison.warmUp(warmUp, settings.warmUp(), WARM_UP_UPDATES);
        List<SchemeOutcome> outcomes;
        try (Progress progress = Progress.start("frechet " + m.name(), source.count())) {
            outcomes = comparison.run(source, source.count(), progress::stepTo);
        }
        Map<String, String> all = new LinkedHashMap<>();
        settings.registry().named(settings.provider()).parameters().forEach(p -> all.put(p.name(),
                config.getOrDefault(p.name(), p.defaultValue().orElse(""))));
        return new Run(m.name(), settings.provider(), all, source.description(), outcomes);
    }

    private static List<FrechetScheme> schemes(Settings settings, Manifold m) {
        List<FrechetScheme> list = new ArrayList<>();
        for (String name : settings.schemes()) {
            FrechetScheme s = FrechetScheme.parse(name, m);
            s.estimator(m);
            list.add(s);
        }
        return list;
    }

    private static ToDoubleBiFunction<double[], double[]> distance(Manifold m) {
        if (m.exact().isPresent()) {
            return m.exact().get()::distance;
        }
        return (a, b) -> m.distance().distance(m.locate(a), m.locate(b));
    }

    private static double[] readMean(Manifold m, Path file) {
        String name = "--mean '" + file + "'";
        NpyArray array = NpyReader.read("--mean", file);
        if (array.size() != m.ambientDimension()) {
            throw new InvalidInputException(name, m.ambientDimension() + " values (ambient dimension of "
                    + m.name() + ")", "shape " + Arrays.toString(array.shape()));
        }
        return Checks.requireOnManifold(name, array.values(), m::checkPoint);
    }

    /**
     * Prints one table: a row per scheme (and per run, with a manifold column when there are several), followed by a
     * line per run naming the samples.
     *
     * @param runs the runs
     * @param out  where to print
     */
    public static void print(List<Run> runs, PrintWriter out) {
        boolean several = runs.size() > 1;
        List<String> columns = new ArrayList<>();
        if (several) {
            columns.add("manifold");
        }
        columns.addAll(List.of("scheme", "total s", "µs/sample", "median µs", "dist. to mean", "chart changes",
                "atlas speed-up"));
        TextTable table = TextTable.withColumns(columns.toArray(String[]::new));
        int first = several ? 1 : 0;
        table.alignRight(first + 1, first + 2, first + 3, first + 4, first + 5, first + 6);
        for (Run r : runs) {
            Optional<SchemeOutcome> atlas = r.outcomes().stream().filter(o -> o.scheme().equals("atlas")).findFirst();
            for (SchemeOutcome o : r.outcomes()) {
                List<Object> row = new ArrayList<>();
                if (several) {
                    row.add(r.manifold());
                }
                row.add(o.scheme());
                row.add(String.format(Locale.ROOT, "%.4f", o.seconds()));
                row.add(String.format(Locale.ROOT, "%.2f", o.microsPerSample()));
                row.add(String.format(Locale.ROOT, "%.2f", o.medianMicros()));
                row.add(o.finalDistance().isPresent() ? String.format(Locale.ROOT, "%.2e",
                        o.finalDistance().getAsDouble()) : "–");
                row.add(o.chartChanges());
                row.add(atlas.isPresent() && atlas.get().seconds() > 0 ? String.format(Locale.ROOT, "%.1f×",
                        o.seconds() / atlas.get().seconds()) : "–");
                table.row(row.toArray());
            }
        }
        table.print(out, "");
        for (Run r : runs) {
            out.println(r.manifold() + ": " + r.outcomes().get(0).samples() + " samples, " + r.source()
                    + "; times are update times only");
        }
    }

    /**
     * @param runs the runs
     * @return the JSON document of {@code --json}
     */
    public static Object json(List<Run> runs) {
        return Map.of("runs", runs.stream().map(r -> {
            Map<String, Object> run = new LinkedHashMap<>();
            run.put("manifold", r.manifold());
            run.put("provider", r.provider());
            run.put("parameters", r.parameters());
            run.put("source", r.source());
            run.put("schemes", r.outcomes().stream().map(o -> {
                Map<String, Object> s = new LinkedHashMap<>();
                s.put("scheme", o.scheme());
                s.put("samples", o.samples());
                s.put("seconds", o.seconds());
                s.put("microsPerSample", o.microsPerSample());
                s.put("medianMicros", o.medianMicros());
                s.put("finalDistance", o.finalDistance().isPresent() ? o.finalDistance().getAsDouble() : null);
                s.put("chartChanges", o.chartChanges());
                s.put("curve", o.curve().stream().map(p -> List.of(p.sample(), p.distance()))
                        .collect(Collectors.toList()));
                return s;
            }).collect(Collectors.toList()));
            return run;
        }).collect(Collectors.toList()));
    }

    /**
     * Writes the plots: one error-curve PNG per run, and runtime vs k for a sweep.
     *
     * @param runs  the runs
     * @param dir   the directory, created if absent
     * @param sweep whether the runs are a sweep over k at fixed n
     */
    public static void plot(List<Run> runs, Path dir, boolean sweep) throws IOException {
        Files.createDirectories(dir);
        for (Run r : runs) {
            byte[] png = FrechetPlots.errorCurves(r.manifold() + ", " + r.source(), r.outcomes());
            AtomicFiles.write(dir.resolve("frechet-error-" + fileName(r.manifold()) + ".png"), out -> out.write(png));
        }
        if (sweep) {
            Map<Integer, List<SchemeOutcome>> byK = new LinkedHashMap<>();
            for (Run r : runs) {
                byK.put(Integer.parseInt(r.parameters().get("k")), r.outcomes());
            }
            String n = runs.get(0).parameters().getOrDefault("n", "?");
            byte[] png = FrechetPlots.runtimeVsK("update time vs k, n = " + n + ", "
                    + runs.get(0).outcomes().get(0).samples() + " samples", byK);
            AtomicFiles.write(dir.resolve("frechet-runtime-vs-k.png"), out -> out.write(png));
        }
    }

    private static String fileName(String manifold) {
        return manifold.replaceAll("[^A-Za-z0-9]+", "-").replaceAll("^-|-$", "");
    }

}

package org.atlasgraph.cli.frechet;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.function.Function;
import java.util.function.ToDoubleBiFunction;
import java.util.function.UnaryOperator;
import java.util.random.RandomGenerator;
import java.util.stream.Collectors;
import org.atlasgraph.api.Manifold;
import org.atlasgraph.api.capability.ExactGeometry;
import org.atlasgraph.api.capability.GeodesicPowerDistribution;
import org.atlasgraph.api.capability.Geodesics;
import org.atlasgraph.api.capability.Sampler;
import org.atlasgraph.api.check.Checks;
import org.atlasgraph.api.check.InvalidInputException;
import org.atlasgraph.api.spi.ParameterSpec;
import org.atlasgraph.api.spi.Providers;
import org.atlasgraph.cli.HeapBudget;
import org.atlasgraph.cli.console.Progress;
import org.atlasgraph.cli.console.ProgressBars;
import org.atlasgraph.cli.console.TextTable;
import org.atlasgraph.cli.frechet.SchemeComparison.SchemeOutcome;
import org.atlasgraph.cli.io.AtomicFiles;
import org.atlasgraph.cli.io.InputFiles;
import org.atlasgraph.io.NpyArray;
import org.atlasgraph.io.NpyReader;
import org.atlasgraph.io.NpyWriter;
import org.atlasgraph.optim.mean.FrechetScheme;
import org.atlasgraph.optim.mean.KarcherMean;

/**
 * The work behind {@code atlas frechet}: sets up each run (manifold, sample source, reference mean), runs the schemes
 * through {@link SchemeComparison}, and renders the results as a table, JSON and plots. It names no provider: samples
 * come from the manifold's {@link GeodesicPowerDistribution} (whose Fréchet mean X is known) or, without one, from its
 * {@link Sampler}, measured against the batch Fréchet mean of the drawn samples ({@link KarcherMean}).
 */
public final class FrechetRuns {
    /** The schemes of the paper's comparison (§3.2, Fig. S1), run when the user names none. */
    public static final List<String> PAPER_SCHEMES = List.of("atlas", "exp", "gifee", "retraction", "opca");
    /** At most this many warm-up samples (and at most 64 MB of them): a warm-up round is one pass through them. */
    private static final int WARM_UP_SAMPLES = 1000;
    /** The batch mean is a reference for errors of 1e-4 and more: its gradient is driven far below them. */
    private static final double KARCHER_TOLERANCE = 1e-12;
    /** Batch gradient steps before the reference mean is given up: descent from a sample converges in tens. */
    private static final int KARCHER_ITERATIONS = 1000;
    /**
     * Ambient arrays a run keeps at once, bounded before the first is drawn: the warm-up samples (at most 32), each
     * scheme's estimate and workspace, the mean and the sampler's scratch.
     */
    private static final int WORKING_ARRAYS = 64;

    private FrechetRuns() {
    }

    /**
     * What every run shares.
     *
     * @param providers  the providers
     * @param prepare    applied to every manifold created ({@code atlas --validate} wraps it)
     * @param provider   the provider name
     * @param parameters the provider parameters as given
     * @param power      p of GPD(X, p)
     * @param count      N for drawn samples
     * @param seed       the seed of the mean and the samples
     * @param schemes    scheme names as given; empty for {@link #PAPER_SCHEMES}, of which those a manifold does not
     *                   offer are skipped with a note
     * @param curves     whether to record error curves (for plots)
     * @param warmUp     when the untimed warm-up before the run ends ({@code --warmup})
     * @param progress   the progress bars of the runs
     */
    public record Settings(Providers providers, UnaryOperator<Manifold> prepare, String provider,
                           Map<String, String> parameters, double power, long count, long seed, List<String> schemes,
                           boolean curves, WarmUpRule warmUp, ProgressBars progress) {
    }

    /**
     * What a run's untimed warm-up did.
     *
     * @param setting    what {@code --warmup} asked for: {@code auto} or seconds
     * @param rounds     its rounds (every scheme through the warm-up samples once, on fresh means)
     * @param updates    its updates per scheme
     * @param samples    the warm-up samples
     * @param seconds    its wall-clock seconds, all schemes
     * @param cpuSeconds the CPU seconds of its updates, all schemes
     * @param ended      why it ended, e.g. {@code "when the JIT had compiled the update path (…)"}
     */
    public record WarmUpDone(String setting, int rounds, long updates, int samples, double seconds, double cpuSeconds,
                             String ended) {
    }

    /**
     * One run: a manifold, its samples and one outcome per scheme.
     *
     * @param manifold   the manifold's name, e.g. {@code Gr(100,5)}
     * @param provider   the provider
     * @param parameters its parameters, defaults included
     * @param source     where the samples came from
     * @param outcomes   one per scheme, in the order requested
     * @param warmUp     what the untimed warm-up before it did
     * @param notes      what the reader should know: what is timed, skipped schemes, a substitute distribution, a
     *                   blank distance
     */
    public record Run(String manifold, String provider, Map<String, String> parameters, String source,
                      List<SchemeOutcome> outcomes, WarmUpDone warmUp, List<String> notes) {
    }

    /** A manifold ready to run: its schemes, and the notes its setup produced. */
    private record Prepared(Manifold manifold, List<FrechetScheme> schemes, List<String> notes) {
    }

    /**
     * Runs every configuration on drawn samples: from GPD(X, p) around a mean X drawn with the seed where the manifold
     * has a {@link GeodesicPowerDistribution}, else from its {@link Sampler}. Every manifold and scheme is set up
     * before the first sample, so a bad parameter fails at once.
     *
     * @param settings the shared settings
     * @param configs  provider parameters per run
     * @return the runs
     */
    public static List<Run> generated(Settings settings, List<Map<String, String>> configs) {
        List<Prepared> prepared = new ArrayList<>();
        for (Map<String, String> c : configs) {
            Manifold m = settings.prepare().apply(settings.providers().create(settings.provider(), c));
            HeapBudget.requireAmbient(typed(settings.provider(), c), m.name(), m.ambientDimension(), WORKING_ARRAYS,
                    "an online-mean run");
            prepared.add(prepare(settings, m));
        }
        List<Run> runs = new ArrayList<>();
        for (int i = 0; i < prepared.size(); i++) {
            Prepared p = prepared.get(i);
            Manifold m = p.manifold();
            List<String> notes = new ArrayList<>(p.notes());
            Sampler sampler = m.capability(Sampler.class).orElseThrow(() -> new InvalidInputException("--provider",
                    "a manifold with a sampler to draw samples from, or --input", m.name() + ", which has none"));
            SplittableRandom rng = new SplittableRandom(settings.seed());
            SplittableRandom warmRng = rng.split();
            SampleSource source;
            Function<RandomGenerator, double[]> draw;
            Optional<GeodesicPowerDistribution> gpd = m.capability(GeodesicPowerDistribution.class);
            if (gpd.isPresent()) {
                double[] x = m.embed(sampler.sample(rng));
                draw = r -> gpd.get().sample(x, settings.power(), r);
                source = SampleSource.generated(() -> draw.apply(rng), settings.count(), Optional.of(x),
                        "GPD(X, p=" + Checks.number(settings.power()) + "), seed " + settings.seed() + " (δ_max = "
                        + Checks.number(gpd.get().deltaMax()) + ")");
            } else {
                draw = r -> m.embed(sampler.sample(r));
                source = fromSampler(m, sampler, settings.count(), settings.seed(), rng, notes);
            }
            // Warm-up samples come from their own stream, so the timed run sees the same samples either way.
            List<double[]> warmUp = new ArrayList<>();
            for (int j = 0; !settings.warmUp().none() && j < Math.min(settings.count(), warmUpSamples(m)); j++) {
                warmUp.add(draw.apply(warmRng));
            }
            runs.add(run(settings, p, configs.get(i), source, warmUp, warmUp.size()
                    + " samples drawn from a separate seeded stream", notes));
        }
        return runs;
    }

    /**
     * Draws the samples of one configuration, as {@link #generated} would (same seed, same order), and writes them to a
     * float64 {@code .npy} file of shape (N, n, k), or (N, D) for a provider without parameters n and k; with
     * {@code meanFile}, the distribution's mean X to a file of shape (n, k) or (D). Files are written atomically.
     *
     * @param settings    the shared settings (count, seed, p)
     * @param config      the provider parameters
     * @param samplesFile where the samples go
     * @param meanFile    where the mean goes, if anywhere
     * @return a line for the console: what was written where
     * @throws InvalidInputException if {@code meanFile} is given for a manifold without a geodesic power distribution
     *     (whose samples have no known mean)
     */
    public static String save(Settings settings, Map<String, String> config, Path samplesFile,
                              Optional<Path> meanFile) throws IOException {
        Manifold m = settings.prepare().apply(settings.providers().create(settings.provider(), config));
        Sampler sampler = m.capability(Sampler.class).orElseThrow(() -> new InvalidInputException("--provider",
                "a manifold with a sampler to draw samples from", m.name() + ", which has none"));
        Optional<GeodesicPowerDistribution> gpd = m.capability(GeodesicPowerDistribution.class);
        if (meanFile.isPresent() && gpd.isEmpty()) {
            throw new InvalidInputException("--save-mean", "a manifold with a geodesic power distribution (whose mean "
                    + "is known)", m.name() + ", which has none");
        }
        SplittableRandom rng = new SplittableRandom(settings.seed());
        rng.split();
        double[] x = gpd.isPresent() ? m.embed(sampler.sample(rng)) : new double[0];
        long[] slice = sliceShape(settings, config, m);
        long[] shape = new long[slice.length + 1];
        shape[0] = settings.count();
        System.arraycopy(slice, 0, shape, 1, slice.length);
        AtomicFiles.write(samplesFile, out -> {
            NpyWriter w = NpyWriter.start(out, shape);
            for (long i = 0; i < settings.count(); i++) {
                w.append(gpd.isPresent() ? gpd.get().sample(x, settings.power(), rng) : m.embed(sampler.sample(rng)));
            }
            w.finish();
        });
        String what = gpd.isPresent() ? "GPD(X, p=" + Checks.number(settings.power()) + ")" : "its sampler ("
                + sampler.distribution() + ")";
        if (meanFile.isPresent()) {
            AtomicFiles.write(meanFile.get(), out -> NpyWriter.write(out, slice, x));
        }
        return "wrote " + settings.count() + " samples of " + m.name() + " from " + what + ", seed " + settings.seed()
                + ", shape " + Arrays.toString(shape) + ", to " + samplesFile
                + meanFile.map(f -> "; the mean X to " + f).orElse("");
    }

    /** @return (n, k) where the provider has both parameters and n·k = D, else (D) */
    private static long[] sliceShape(Settings settings, Map<String, String> config, Manifold m) {
        Map<String, String> all = new LinkedHashMap<>();
        settings.providers().named(settings.provider()).parameters().forEach(p -> all.put(p.name(),
                config.getOrDefault(p.name(), p.defaultValue().orElse(""))));
        String n = all.getOrDefault("n", "");
        String k = all.getOrDefault("k", "");
        if (n.matches("\\d+") && k.matches("\\d+")
                && Long.parseLong(n) * Long.parseLong(k) == m.ambientDimension()) {
            return new long[] {Long.parseLong(n), Long.parseLong(k)};
        }
        return new long[] {m.ambientDimension()};
    }

    /**
     * Draws every sample of a manifold without a geodesic power distribution from its sampler, up front, and computes
     * their batch Fréchet mean as the reference (the population mean of the sampler's distribution is not known).
     */
    private static SampleSource fromSampler(Manifold m, Sampler sampler, long count, long seed, RandomGenerator rng,
                                            List<String> notes) {
        if (count > Integer.MAX_VALUE) {
            throw new InvalidInputException("--count", "at most " + Integer.MAX_VALUE + " samples for a manifold "
                    + "without a geodesic power distribution (they are kept for the batch mean)",
                    String.valueOf(count));
        }
        HeapBudget.require("--count", String.valueOf(count), count, HeapBudget.product(m.ambientDimension(),
                Double.BYTES) + 16, "samples of " + m.name() + " (kept for the batch mean, as it has no geodesic power "
                + "distribution)");
        List<double[]> samples = new ArrayList<>((int) count);
        for (long i = 0; i < count; i++) {
            samples.add(m.embed(sampler.sample(rng)));
        }
        notes.add("no geodesic power distribution: the samples are drawn from its sampler");
        KarcherMean reference = KarcherMean.of(m, samples, KARCHER_TOLERANCE, KARCHER_ITERATIONS);
        Optional<double[]> mean = reference.mean().map(m::embed);
        notes.add(mean.isPresent() ? "distances are to the batch Fréchet mean of the drawn samples, "
                + reference.detail() : "distances to the mean are left blank: no batch Fréchet mean, "
                + reference.detail());
        Iterator<double[]> drawn = samples.iterator();
        return SampleSource.generated(drawn::next, count, mean, "drawn from its sampler (" + sampler.distribution()
                + "), seed " + seed);
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
            List<String> declared = settings.providers().named(settings.provider()).parameters().stream()
                    .map(ParameterSpec::name).collect(Collectors.toList());
            if (declared.contains("n") && declared.contains("k")) {
                config.putIfAbsent("n", String.valueOf(stream.rows()));
                config.putIfAbsent("k", String.valueOf(stream.columns()));
            } else if (declared.contains("n")) {
                config.putIfAbsent("n", String.valueOf(stream.rows() * stream.columns()));
            }
            Prepared p = prepare(settings, settings.prepare().apply(settings.providers().create(settings.provider(),
                    config)));
            Manifold m = p.manifold();
            List<String> notes = new ArrayList<>(p.notes());
            Optional<double[]> mean = meanFile.map(f -> readMean(m, f));
            List<double[]> warmUp = new ArrayList<>();
            if (!settings.warmUp().none()) {
                try (NpyMatrixStream head = NpyMatrixStream.open("--input", input);
                     SampleSource first = SampleSource.file(m, head, input, mean)) {
                    for (int j = 0; j < warmUpSamples(m) && first.hasNext(); j++) {
                        warmUp.add(first.next().clone());
                    }
                }
            }
            try (SampleSource source = SampleSource.file(m, stream, input, mean)) {
                return run(settings, p, config, source, warmUp, "the file's first " + warmUp.size() + " samples",
                        notes);
            }
        }
    }

    /** @return the options that chose a run's manifold, as the user would type them */
    private static String typed(String provider, Map<String, String> parameters) {
        return "--provider " + provider + parameters.entrySet().stream().map(e -> " --param " + e.getKey() + "="
                + e.getValue()).collect(Collectors.joining());
    }

    /** Warm-up samples kept in memory: at most {@value #WARM_UP_SAMPLES}, and at most 64 MB of them. */
    private static int warmUpSamples(Manifold m) {
        return (int) Math.max(1, Math.min(WARM_UP_SAMPLES, (64L << 20) / (8L * m.ambientDimension())));
    }

    /**
     * @param warmUpSource where the warm-up samples come from, e.g. {@code "the file's first 32 samples"}
     */
    private static Run run(Settings settings, Prepared p, Map<String, String> config, SampleSource source,
                           List<double[]> warmUp, String warmUpSource, List<String> notes) {
        Manifold m = p.manifold();
        Optional<ToDoubleBiFunction<double[], double[]>> distance = distance(m);
        if (distance.isEmpty() && source.mean().isPresent()) {
            notes.add("distances to the mean are left blank: " + m.name() + " has no geodesic distance (no "
                    + "Geodesics capability)");
        }
        SchemeComparison comparison = new SchemeComparison(m, p.schemes(), source.mean(), distance,
                settings.curves());
        SchemeComparison.WarmUp done = comparison.warmUp(warmUp, settings.warmUp());
        List<SchemeOutcome> outcomes;
        try (Progress progress = settings.progress().start("frechet " + m.name(), source.count())) {
            outcomes = comparison.run(source, source.count(), progress::stepTo);
        }
        WarmUpDone summary = new WarmUpDone(settings.warmUp().setting(), done.progress().rounds(), done.updates(),
                warmUp.size(), done.seconds(), done.cpuSeconds(), done.progress().reason());
        notes.add(0, "timed: each update alone, " + outcomes.get(0).samples() + " per scheme (two System.nanoTime "
                + "calls around OnlineFrechetMean.add; samples read ahead in blocks of " + outcomes.get(0).block()
                + ", checked and copied outside the timed region, each read once into the cache just before its "
                + "update)");
        notes.add(1, done.updates() == 0 ? "no warm-up (--warmup " + summary.setting() + ")"
                : String.format(Locale.ROOT, "untimed warm-up before timing (--warmup %s): %d rounds, %d updates per "
                + "scheme on fresh throwaway means over %s, %.2f s (%.2f s CPU in updates), ended %s",
                summary.setting(), summary.rounds(), summary.updates(), warmUpSource, summary.seconds(),
                summary.cpuSeconds(), summary.ended()));
        Map<String, String> all = new LinkedHashMap<>();
        settings.providers().named(settings.provider()).parameters().forEach(s -> all.put(s.name(),
                config.getOrDefault(s.name(), s.defaultValue().orElse(""))));
        return new Run(m.name(), settings.provider(), all, source.description(), outcomes, summary,
                List.copyOf(notes));
    }

    /**
     * The schemes of a run: those named, each of which the manifold must offer; or, when none is named, the paper's
     * that it offers, with a note on the others. Each is set up once, so that a scheme that cannot run fails at once.
     */
    private static Prepared prepare(Settings settings, Manifold m) {
        List<String> available = FrechetScheme.available(m);
        List<String> notes = new ArrayList<>();
        List<String> names = settings.schemes();
        if (names.isEmpty()) {
            names = PAPER_SCHEMES.stream().filter(available::contains).collect(Collectors.toList());
            List<String> skipped = PAPER_SCHEMES.stream().filter(n -> !available.contains(n))
                    .collect(Collectors.toList());
            if (!skipped.isEmpty()) {
                notes.add("skipped " + String.join(", ", skipped) + ": not offered by " + m.name()
                        + " (its schemes: " + String.join(", ", available) + ")");
            }
        }
        List<FrechetScheme> list = new ArrayList<>();
        for (String name : names) {
            if (!available.contains(name)) {
                throw new InvalidInputException("--schemes", "names from " + available + " (the schemes of "
                        + m.name() + ")", "'" + name + "'");
            }
            FrechetScheme s = FrechetScheme.parse(name, m);
            s.estimator(m);
            list.add(s);
        }
        return new Prepared(m, list, notes);
    }

    /** @return the geodesic distance of ambient points: closed form, else the manifold's Geodesics on located points */
    private static Optional<ToDoubleBiFunction<double[], double[]>> distance(Manifold m) {
        Optional<ExactGeometry> exact = m.capability(ExactGeometry.class);
        if (exact.isPresent()) {
            return Optional.of(exact.get()::distance);
        }
        return m.capability(Geodesics.class).map(g -> (a, b) -> g.distance(m.locate(a), m.locate(b)));
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
        columns.addAll(List.of("scheme", "total s", "µs/sample", "median µs", "cpu µs", "dist. to mean",
                "chart changes", "atlas speed-up"));
        TextTable table = TextTable.withColumns(columns.toArray(String[]::new));
        int first = several ? 1 : 0;
        table.alignRight(first + 1, first + 2, first + 3, first + 4, first + 5, first + 6, first + 7);
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
                row.add(o.cpuMicros().isPresent() ? String.format(Locale.ROOT, "%.2f", o.cpuMicros().getAsDouble())
                        : "–");
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
            for (String note : r.notes()) {
                out.println(r.manifold() + ": " + note);
            }
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
            run.put("notes", r.notes());
            Map<String, Object> warm = new LinkedHashMap<>();
            warm.put("setting", r.warmUp().setting());
            warm.put("rounds", r.warmUp().rounds());
            warm.put("updatesPerScheme", r.warmUp().updates());
            warm.put("samples", r.warmUp().samples());
            warm.put("seconds", r.warmUp().seconds());
            warm.put("cpuSeconds", r.warmUp().cpuSeconds());
            warm.put("ended", r.warmUp().ended());
            run.put("warmUp", warm);
            run.put("schemes", r.outcomes().stream().map(o -> {
                Map<String, Object> s = new LinkedHashMap<>();
                s.put("scheme", o.scheme());
                s.put("samples", o.samples());
                s.put("seconds", o.seconds());
                s.put("microsPerSample", o.microsPerSample());
                s.put("medianMicros", o.medianMicros());
                s.put("cpuMicrosPerSample", o.cpuMicros().isPresent() ? o.cpuMicros().getAsDouble() : null);
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

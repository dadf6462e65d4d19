package org.atlasgraph.cli;

import jakarta.inject.Inject;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.Callable;
import org.atlasgraph.api.check.InvalidInputException;
import org.atlasgraph.api.spi.Providers;
import org.atlasgraph.cli.frechet.FrechetRuns;
import org.atlasgraph.cli.frechet.FrechetRuns.Run;
import org.atlasgraph.cli.frechet.FrechetRuns.Settings;
import org.atlasgraph.cli.frechet.WarmUpRule;
import org.atlasgraph.cli.io.AtomicFiles;
import org.atlasgraph.cli.io.JsonFiles;
import org.atlasgraph.io.AtomicWriter;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/**
 * {@code atlas frechet}: the online Fréchet mean experiment of §3.2 (Fig. 1). Streams N samples (drawn from the
 * manifold's geodesic power distribution GPD(X, p) around a drawn mean X, from its sampler when it has no such
 * distribution, or read from a {@code .npy} file) through every requested update scheme in lockstep and prints one row
 * per scheme: total update seconds, µs per sample, final distance to the mean, chart changes. Timing covers the
 * updates only. {@code --json} writes the same as JSON, {@code --plot} the error curves (and runtime vs k with
 * {@code --sweep-k}); all files are written atomically after the last run, so a failure leaves nothing behind.
 */
@Command(name = "frechet", sortOptions = false, description = {
    "Online Fréchet mean (GiFEE, paper §3.2, Alg. 1) with the atlas, exp, gifee, retraction and opca update schemes,"
            + " as far as the manifold offers them.",
    "Example: atlas frechet --provider grassmann --param n=100 --param k=5 --p 2 --count 1000 --seed 1",
    "         atlas frechet --input samples.npy --mean mean.npy --json out.json",
})
final class FrechetCommand implements Callable<Integer> {
    private static final String DEFAULT_N = "100";
    private static final String DEFAULT_K = "5";

    @Option(names = "--provider", paramLabel = "NAME", defaultValue = "grassmann",
            description = "Manifold provider. Default: ${DEFAULT-VALUE}.")
    private String provider;

    @Option(names = "--param", paramLabel = "KEY=VALUE",
            description = "A provider parameter, repeatable. Default for grassmann: n=100, k=5; with --input, n and k "
                    + "default to the file's shape.")
    private Map<String, String> parameters = new LinkedHashMap<>();

    @Option(names = "--p", paramLabel = "P", defaultValue = "2",
            description = "Exponent of the geodesic power distribution GPD(X, p), > 1. Default: ${DEFAULT-VALUE}.")
    private double power;

    @Option(names = "--count", paramLabel = "N", defaultValue = "1000",
            description = "Number of samples drawn, ≥ 1. Default: ${DEFAULT-VALUE}.")
    private long count;

    @Option(names = "--seed", paramLabel = "S", defaultValue = "1",
            description = "Seed of the mean and the samples. Default: ${DEFAULT-VALUE}.")
    private long seed;

    @Option(names = "--schemes", paramLabel = "LIST", split = ",",
            description = "Update schemes, comma-separated, each offered by the manifold. Default: those of "
                    + "atlas,exp,gifee,retraction,opca that the manifold offers (the others are skipped with a note).")
    private List<String> schemes = new ArrayList<>();

    @Option(names = "--input", paramLabel = "FILE",
            description = "Read samples from a float64 .npy array of shape (N, n, k) instead of drawing them.")
    private Optional<Path> input = Optional.empty();

    @Option(names = "--mean", paramLabel = "FILE",
            description = "With --input: the population mean, a float64 .npy array of shape (n, k).")
    private Optional<Path> mean = Optional.empty();

    @Option(names = "--sweep-k", paramLabel = "LIST", split = ",",
            description = "Run once per k at the given n (e.g. --sweep-k 10,50,100,250,500 --param n=2000).")
    private List<Integer> sweepK = new ArrayList<>();

    @Option(names = "--sizes", paramLabel = "NxK,...", split = ",",
            description = "Run once per size n×k (e.g. --sizes 30x5,100x5,300x10), one table for all.")
    private List<String> sizes = new ArrayList<>();

    @Option(names = "--warmup", paramLabel = "auto|SECONDS", defaultValue = "auto",
            description = "Untimed updates per scheme before the run, so the table shows compiled code, not the "
                    + "interpreter: rounds of fresh throwaway means through up to 1000 samples (with --input the "
                    + "file's first ones, else a separate seeded stream). 'auto' ends when the JIT has compiled "
                    + "the update path (no compilation for two rounds and 100 ms, after at least 10000 updates or "
                    + "2 s of CPU time per scheme; at most 200000 updates or 30 s of CPU); SECONDS runs rounds for "
                    + "that long; 0 runs none. The output says what was done. Only the updates are timed. "
                    + "Default: ${DEFAULT-VALUE}.")
    private String warmUp;

    @Option(names = "--save-samples", paramLabel = "FILE",
            description = "Instead of running, write the N drawn samples to a float64 .npy file of shape (N, n, k), "
                    + "the input of --input (same seed, same samples as the run would see).")
    private Optional<Path> saveSamples = Optional.empty();

    @Option(names = "--save-mean", paramLabel = "FILE",
            description = "With --save-samples: write the distribution's mean X to a .npy file of shape (n, k), the "
                    + "input of --mean.")
    private Optional<Path> saveMean = Optional.empty();

    @Option(names = "--json", paramLabel = "FILE", description = "Also write the results as JSON (atomically).")
    private Optional<Path> json = Optional.empty();

    @Option(names = "--plot", paramLabel = "DIR",
            description = "Write PNG plots of distance to the mean vs iteration (and runtime vs k with --sweep-k).")
    private Optional<Path> plot = Optional.empty();

    @Spec
    private CommandSpec spec;

    @ParentCommand
    private AtlasCommand atlas;

    private final Providers providers;

    /**
     * Creates the command; picocli calls this through the Guice factory.
     *
     * @param providers the bound providers
     */
    @Inject
    FrechetCommand(Providers providers) {
        this.providers = Objects.requireNonNull(providers, "providers");
    }

    @Override
    public Integer call() throws IOException {
        if (count < 1) {
            throw new InvalidInputException("--count", "an integer ≥ 1", String.valueOf(count));
        }
        if (!(power > 1) || !Double.isFinite(power)) {
            throw new InvalidInputException("--p", "a finite number > 1 (GPD(X, p), App. C.3)",
                    String.valueOf(power));
        }
        WarmUpRule warmUpRule = WarmUpRule.parse(warmUp);
        if (mean.isPresent() && input.isEmpty()) {
            throw new InvalidInputException("--mean", "to come with --input", "--mean alone");
        }
        if (input.isPresent() && (!sweepK.isEmpty() || !sizes.isEmpty())) {
            throw new InvalidInputException("--input", "no --sweep-k or --sizes (a file has one size)",
                    !sweepK.isEmpty() ? "--sweep-k" : "--sizes");
        }
        if (!sweepK.isEmpty() && !sizes.isEmpty()) {
            throw new InvalidInputException("--sweep-k", "either --sweep-k or --sizes", "both");
        }
        if (saveMean.isPresent() && saveSamples.isEmpty()) {
            throw new InvalidInputException("--save-mean", "to come with --save-samples", "--save-mean alone");
        }
        if (saveSamples.isPresent()) {
            return save();
        }
        json.ifPresent(f -> AtomicWriter.create().protecting("--input", input).protecting("--mean", mean)
                .requireWritable("--json", f));
        plot.ifPresent(dir -> AtomicFiles.requireDirectory("--plot", dir));

        Settings settings = new Settings(providers, atlas::prepare, provider, parameters, power, count, seed,
                List.copyOf(schemes), plot.isPresent(), warmUpRule, atlas::progress);
        List<Run> runs = input.isPresent() ? List.of(FrechetRuns.fromFile(settings, input.get(), mean))
                : FrechetRuns.generated(settings, configurations());

        PrintWriter out = spec.commandLine().getOut();
        FrechetRuns.print(runs, out);
        out.flush();
        if (json.isPresent()) {
            JsonFiles.write(json.get(), FrechetRuns.json(runs));
        }
        if (plot.isPresent()) {
            FrechetRuns.plot(runs, plot.get(), !sweepK.isEmpty());
        }
        return ExitCodes.OK;
    }

    /** --save-samples: one configuration, drawn and written, nothing run. */
    private int save() throws IOException {
        String conflict = input.isPresent() ? "--input" : !sweepK.isEmpty() ? "--sweep-k" : !sizes.isEmpty()
                ? "--sizes" : json.isPresent() ? "--json" : plot.isPresent() ? "--plot" : "";
        if (!conflict.isEmpty()) {
            throw new InvalidInputException("--save-samples", "no " + conflict + " (it writes samples, it runs "
                    + "nothing)", conflict);
        }
        AtomicWriter writer = AtomicWriter.create();
        writer.requireWritable("--save-samples", saveSamples.get());
        saveMean.ifPresent(f -> writer.protecting("--save-samples", saveSamples).requireWritable("--save-mean", f));
        Settings settings = new Settings(providers, atlas::prepare, provider, parameters, power, count, seed,
                List.copyOf(schemes), false, WarmUpRule.fixed(0), atlas::progress);
        PrintWriter out = spec.commandLine().getOut();
        out.println(FrechetRuns.save(settings, configurations().get(0), saveSamples.get(), saveMean));
        out.flush();
        return ExitCodes.OK;
    }

    /**
     * The provider parameters of each run: one, or one per k of the sweep, or one per size. Without {@code n} and
     * {@code k}, Gr(n,k) is the paper's Gr(100,5).
     */
    private List<Map<String, String>> configurations() {
        Map<String, String> parameters = new LinkedHashMap<>(this.parameters);
        if (provider.equals("grassmann")) {
            parameters.putIfAbsent("n", DEFAULT_N);
            parameters.putIfAbsent("k", DEFAULT_K);
        }
        List<Map<String, String>> configs = new ArrayList<>();
        if (!sweepK.isEmpty()) {
            for (int k : sweepK) {
                Map<String, String> p = new LinkedHashMap<>(parameters);
                p.put("k", String.valueOf(k));
                configs.add(p);
            }
        } else if (!sizes.isEmpty()) {
            for (String size : sizes) {
                String[] nk = size.toLowerCase(Locale.ROOT).split("[x×]");
                if (nk.length != 2 || !nk[0].strip().matches("\\d+") || !nk[1].strip().matches("\\d+")) {
                    throw new InvalidInputException("--sizes", "sizes such as 100x5", "'" + size + "'");
                }
                Map<String, String> p = new LinkedHashMap<>(parameters);
                p.put("n", nk[0].strip());
                p.put("k", nk[1].strip());
                configs.add(p);
            }
        } else {
            configs.add(new LinkedHashMap<>(parameters));
        }
        return configs;
    }
}

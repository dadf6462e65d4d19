package org.atlasgraph.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import org.atlasgraph.api.Manifold;
import org.atlasgraph.api.capability.Accuracy;
import org.atlasgraph.api.capability.LengthScale;
import org.atlasgraph.api.check.Checks;
import org.atlasgraph.api.check.InvalidInputException;
import org.atlasgraph.api.spi.ParameterSpec;
import org.atlasgraph.cli.console.Progress;
import org.atlasgraph.cli.console.TextTable;
import org.atlasgraph.cli.io.AtomicFiles;
import org.atlasgraph.cli.io.JsonFiles;
import org.atlasgraph.tck.ConformanceKit;
import org.atlasgraph.tck.InvalidParameters;
import org.atlasgraph.tck.Report;
import org.atlasgraph.tck.RuleId;
import org.atlasgraph.tck.RuleResult;
import org.atlasgraph.tck.Status;
import org.atlasgraph.tck.TckFixtures;
import org.atlasgraph.tck.TckSettings;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/**
 * {@code atlas tck --provider NAME [--param K=V]... [--seed S] [--samples N] [--length-scale L] [--json FILE]}: runs
 * the conformance kit on a provider's manifold outside JUnit, rule by rule as {@link ConformanceKit#runAll()} does,
 * with a progress bar (a large manifold takes minutes), after checking that the kit's points of the manifold fit in
 * the heap ({@link HeapBudget}); it prints one row per rule ({@code ID | level | status | measured}), the full message
 * of every failed rule, and a summary line with the wall time. The settings are {@link TckSettings#forManifold}, as
 * in the provider's JUnit run: the manifold's declared
 * {@link LengthScale} (1 without one) unless {@code --length-scale} overrides it, and its declared {@link Accuracy}
 * (strict for an exact manifold; for an approximate one the report says so with the justification). Exits
 * {@link ExitCodes#CHECK_FAILED} if any rule failed.
 */
@Command(name = "tck", description = {
    "Run the conformance kit on a provider's manifold and print a rule-by-rule report.",
    "Example: atlas tck --provider sphere --param n=10",
    "         atlas --class-path my-provider.jar tck --provider hyperbolic --length-scale 0.5",
})
final class TckCommand implements Callable<Integer> {
    /**
     * Ambient-sized arrays the kit keeps per sample: the point and its off-centre copy, each with a chart that may
     * store a few arrays of the manifold's size (a gnomonic chart stores two, an ad hoc Grassmann chart its centre).
     */
    private static final long ARRAYS_PER_SAMPLE = 8;
    /** Ambient-sized arrays a rule holds while it runs: tangents, images, finite differences, transports. */
    private static final long WORKING_ARRAYS = 64;

    @Mixin
    private ProviderOptions provider;

    @Option(names = "--seed", paramLabel = "S",
            description = "Seed of every random draw; a failure message names it so the run replays. "
                    + "Default: ${DEFAULT-VALUE}.")
    private long seed = TckSettings.defaults().seed();

    @Option(names = "--samples", paramLabel = "N",
            description = "Random draws per stochastic rule, ≥ 1. Default: ${DEFAULT-VALUE}.")
    private int samples = TckSettings.defaults().samples();

    @Option(names = "--length-scale", paramLabel = "L",
            description = "The manifold's typical length, > 0: the scale of test steps and the unit of relative "
                    + "tolerances. Default: the length scale the manifold declares, else 1.")
    private Optional<Double> lengthScale = Optional.empty();

    @Option(names = "--json", paramLabel = "FILE", description = "Also write the report as JSON to FILE (atomically).")
    private Optional<Path> json = Optional.empty();

    @ParentCommand
    private AtlasCommand atlas;

    @Spec
    private CommandSpec spec;

    @Override
    public Integer call() throws IOException {
        if (samples < 1) {
            throw new InvalidInputException("--samples", "an integer ≥ 1", String.valueOf(samples));
        }
        lengthScale.ifPresent(l -> Checks.requirePositive("--length-scale", l));
        json.ifPresent(file -> AtomicFiles.requireWritable("--json", file));
        Manifold manifold = provider.createManifold();
        HeapBudget.requireAmbient(provider.typed(), manifold.name(), manifold.ambientDimension(),
                HeapBudget.product(samples, ARRAYS_PER_SAMPLE) + WORKING_ARRAYS, "the conformance kit");
        long start = System.nanoTime();
        TckSettings declared = TckSettings.forManifold(manifold).withSeed(seed).withSamples(samples);
        TckSettings settings = lengthScale.map(declared::withLengthScale).orElse(declared);
        ConformanceKit kit = new ConformanceKit(manifold, settings, fixtures());
        List<RuleResult> results = new ArrayList<>();
        try (Progress progress = atlas.progress("tck " + manifold.name(), RuleId.values().length)) {
            for (RuleId id : RuleId.values()) {
                progress.message(id.id());
                results.add(kit.check(id));
                progress.step();
            }
        }
        Report report = new Report(manifold.name(), results);
        double seconds = (System.nanoTime() - start) * 1e-9;

        PrintWriter out = spec.commandLine().getOut();
        print(report, out, atlas.verbose());
        declaredApproximation(manifold).ifPresent(a -> out.println(approximate(a)));
        out.printf("%s from %s, seed %d, %d samples, %s: %s (%.2f s)%n", report.manifold(), provider.describe(),
                seed, samples, lengthScaleSource(settings, manifold), counts(report), seconds);
        out.flush();
        if (json.isPresent()) {
            JsonFiles.write(json.get(), TckJson.of(report, provider, settings, manifold));
        }
        return exitCode(report);
    }

    /**
     * @param a the manifold's declaration
     * @return the line that says the manifold was tested against its own declared bounds, and why
     */
    static String approximate(Accuracy a) {
        return "approximate atlas, tested against its declared bounds (" + a + ")";
    }

    /** @return the accuracy a manifold declares, when it is not that of an exact atlas */
    private static Optional<Accuracy> declaredApproximation(Manifold manifold) {
        return manifold.capability(Accuracy.class).filter(a -> !a.isExact());
    }

    /** @return e.g. {@code "length scale 0.25 (declared: a quarter of the chart radius)"} */
    private String lengthScaleSource(TckSettings settings, Manifold manifold) {
        String value = "length scale " + Checks.number(settings.lengthScale());
        if (lengthScale.isPresent()) {
            return value + " (--length-scale)";
        }
        return value + manifold.capability(LengthScale.class).map(l -> " (declared: " + l.reason() + ")")
                .orElse(" (default)");
    }

    /**
     * @param report a report
     * @return {@link ExitCodes#OK} if no rule failed, else {@link ExitCodes#CHECK_FAILED}
     */
    static int exitCode(Report report) {
        return report.passed() ? ExitCodes.OK : ExitCodes.CHECK_FAILED;
    }

    /**
     * Prints the rule table, then the message of every failed rule (and, when verbose, of every skipped one).
     *
     * @param report  the kit's report
     * @param out     where to print
     * @param verbose whether to add the skip reasons
     */
    static void print(Report report, PrintWriter out, boolean verbose) {
        TextTable table = TextTable.withColumns("ID", "level", "status", "measured");
        for (RuleResult r : report.results()) {
            table.row(r.id().id(), r.id().level(), r.status(), r.measured());
        }
        table.print(out, "");
        for (RuleResult r : report.results()) {
            if (r.status() == Status.FAILED || verbose && r.status() == Status.SKIPPED) {
                out.println(r.status() + " " + r.message());
            }
        }
    }

    /**
     * @param report a report
     * @return e.g. {@code "24 rules, 20 passed, 1 failed, 3 skipped"}
     */
    static String counts(Report report) {
        Map<Status, Long> by = report.results().stream()
                .collect(Collectors.groupingBy(RuleResult::status, Collectors.counting()));
        int n = report.results().size();
        return n + (n == 1 ? " rule, " : " rules, ") + by.getOrDefault(Status.PASSED, 0L) + " passed, "
                + by.getOrDefault(Status.FAILED, 0L) + " failed, " + by.getOrDefault(Status.SKIPPED, 0L) + " skipped";
    }

    /**
     * The JSON form of a run: what was tested, with which settings (the length scale; the accuracy the manifold
     * declared, empty for an exact one), and every rule's outcome.
     */
    record TckJson(String manifold, String provider, Map<String, String> parameters, long seed, int samples,
            double lengthScale, String approximation, boolean passed, List<Rule> rules) {
        static TckJson of(Report report, ProviderOptions provider, TckSettings settings, Manifold manifold) {
            return new TckJson(report.manifold(), provider.name(), provider.values(), settings.seed(),
                    settings.samples(), settings.lengthScale(),
                    declaredApproximation(manifold).map(Accuracy::toString).orElse(""), report.passed(),
                    report.results().stream().map(Rule::of).collect(Collectors.toList()));
        }
    }

    /** One rule's outcome in {@link TckJson}. */
    record Rule(String id, String level, String statement, String status, String measured, String message) {
        static Rule of(RuleResult r) {
            return new Rule(r.id().id(), r.id().level().name(), r.id().statement(), r.status().name(), r.measured(),
                    r.message());
        }
    }

    /**
     * The SPI rules need the provider and some parameter values it must reject: every numeric parameter set to text
     * that is not a number, the other parameters as the user gave them.
     */
    private TckFixtures fixtures() {
        List<InvalidParameters> invalid = provider.provider().parameters().stream()
                .filter(s -> s.type() == ParameterSpec.Type.INTEGER || s.type() == ParameterSpec.Type.DECIMAL)
                .map(s -> {
                    Map<String, String> values = new LinkedHashMap<>(provider.values());
                    values.put(s.name(), "not-a-number");
                    return new InvalidParameters(values, s.name());
                })
                .collect(Collectors.toList());
        return TckFixtures.none().withProvider(provider.provider(), invalid);
    }
}

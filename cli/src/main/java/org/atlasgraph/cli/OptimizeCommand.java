package org.atlasgraph.cli;

import jakarta.inject.Inject;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.concurrent.Callable;
import org.atlasgraph.api.Manifold;
import org.atlasgraph.api.check.InvalidInputException;
import org.atlasgraph.api.spi.Providers;
import org.atlasgraph.cli.console.Progress;
import org.atlasgraph.cli.console.TextTable;
import org.atlasgraph.cli.io.AtomicFiles;
import org.atlasgraph.cli.optimize.ConvergencePlot;
import org.atlasgraph.optim.descent.DescentResult;
import org.atlasgraph.optim.descent.StoppingRule;
import org.atlasgraph.optim.problem.Method;
import org.atlasgraph.optim.problem.Problem;
import org.atlasgraph.optim.problem.Problems;
import org.atlasgraph.pointcloud.PointCloudAtlas;
import org.atlasgraph.pointcloud.data.KleinPatches;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/**
 * {@code atlas optimize}: runs first-order methods (conjugate gradients with three β rules, L-BFGS, SGD with Armijo
 * backtracking) on a built-in problem from the same start point until the Riemannian gradient norm falls below a
 * tolerance, and prints one row per method: iterations, wall time of {@code minimize} (mean and median over
 * {@code --repeat} runs, after one untimed warm-up run per method), final gradient norm and value, evaluations, and
 * why it stopped. {@code --plot} writes the convergence plot (gradient norm vs iteration, logarithmic); a progress bar
 * shows on an interactive terminal.
 */
@Command(name = "optimize", sortOptions = false, description = {
    "Conjugate gradients (fr, prp, hs), L-BFGS and SGD on a built-in problem, with a convergence table and plot.",
    "Problems: rayleigh (leading eigenvector, S^{n-1}), brockett (dominant k-subspace, Gr(n,k)), karcher (Karcher "
            + "mean of the points nearest a patch on an atlas learned from Klein-bottle patches).",
    "Example: atlas optimize --problem brockett --n 500 --k 10 --plot brockett.png",
})
final class OptimizeCommand implements Callable<Integer> {
    private static final String ALL = "all";

    @Option(names = "--problem", paramLabel = "NAME", defaultValue = "rayleigh",
            description = "rayleigh, brockett or karcher. Default: ${DEFAULT-VALUE}.")
    private String problemName;

    @Option(names = "--n", paramLabel = "N",
            description = "Matrix size of rayleigh (default 1000) and brockett (default 500).")
    private Optional<Integer> size = Optional.empty();

    @Option(names = "--k", paramLabel = "K", defaultValue = "10",
            description = "Subspace dimension of brockett. Default: ${DEFAULT-VALUE}.")
    private int subspace;

    @Option(names = "--points", paramLabel = "P", defaultValue = "1500",
            description = "karcher: Klein-bottle patches the atlas is learned from. Default: ${DEFAULT-VALUE}.")
    private int points;

    @Option(names = "--samples", paramLabel = "S", defaultValue = "30",
            description = "karcher: the patches nearest the first one whose mean is sought. Default: "
                    + "${DEFAULT-VALUE}.")
    private int samples;

    @Option(names = "--seed", paramLabel = "SEED", defaultValue = "1",
            description = "karcher: seed of the patches and the atlas. Default: ${DEFAULT-VALUE}.")
    private long seed;

    @Option(names = "--methods", paramLabel = "LIST", split = ",", defaultValue = ALL,
            description = "Methods, comma-separated: cg-fr, cg-prp, cg-hs, lbfgs, sgd, or all. Default: "
                    + "${DEFAULT-VALUE}.")
    private List<String> methods = new ArrayList<>();

    @Option(names = "--tolerance", paramLabel = "EPS", defaultValue = "1e-8",
            description = "Stop when the Riemannian gradient norm is at most this, > 0. Default: ${DEFAULT-VALUE}.")
    private double tolerance;

    @Option(names = "--max-iterations", paramLabel = "N", defaultValue = "20000",
            description = "Iteration budget of each run, ≥ 1. Default: ${DEFAULT-VALUE}.")
    private int maxIterations;

    @Option(names = "--repeat", paramLabel = "R", defaultValue = "1",
            description = "Timed runs per method (after one untimed warm-up run), ≥ 1; the table shows the mean "
                    + "and median time. Default: ${DEFAULT-VALUE}.")
    private int repeat;

    @Option(names = "--plot", paramLabel = "FILE",
            description = "Write the convergence plot (gradient norm vs iteration, log scale) as PNG (atomically).")
    private Optional<Path> plot = Optional.empty();

    @Spec
    private CommandSpec spec;

    @ParentCommand
    private AtlasCommand atlas;

    private final Providers providers;

    /**
     * Creates the command; picocli calls this through the Guice factory.
     *
     * @param providers the bound providers (the sphere and the Grassmannian of the eigenvalue problems)
     */
    @Inject
    OptimizeCommand(Providers providers) {
        this.providers = Objects.requireNonNull(providers, "providers");
    }

    @Override
    public Integer call() throws IOException {
        if (!(tolerance > 0) || !Double.isFinite(tolerance)) {
            throw new InvalidInputException("--tolerance", "a finite number > 0", String.valueOf(tolerance));
        }
        if (maxIterations < 1) {
            throw new InvalidInputException("--max-iterations", "an integer ≥ 1", String.valueOf(maxIterations));
        }
        if (repeat < 1) {
            throw new InvalidInputException("--repeat", "an integer ≥ 1", String.valueOf(repeat));
        }
        List<Method> chosen = methods();
        plot.ifPresent(f -> AtomicFiles.requireWritable("--plot", f));
        Problem problem = problem();

        ConvergencePlot curves = new ConvergencePlot(problem.manifold().name() + ": " + problem.name()
                + ", gradient norm to " + format("%.3g", tolerance));
        TextTable table = TextTable.withColumns("method", "iterations", "mean s", "median s", "‖grad‖", "f",
                "f evals", "grad evals", "stopped by").alignRight(1, 2, 3, 4, 5, 6, 7);
        for (Method method : chosen) {
            DescentResult result = traced(problem, method, curves);
            double[] seconds = new double[repeat];
            for (int r = 0; r < repeat; r++) {
                long start = System.nanoTime();
                result = method.minimize(problem, StoppingRule.gradientNormBelow(tolerance), maxIterations,
                        progress -> { });
                seconds[r] = (System.nanoTime() - start) * 1e-9;
            }
            table.row(method.code(), result.iterations(), format("%.4f", Arrays.stream(seconds).average()
                    .orElseThrow()), format("%.4f", median(seconds)), format("%.2e", result.gradientNorm()),
                    result.value().isPresent() ? format("%.10g", result.value().getAsDouble()) : "—",
                    result.valueEvaluations(), result.gradientEvaluations(), result.stopReason());
        }
        PrintWriter out = spec.commandLine().getOut();
        out.println(problem.description());
        table.print(out, "");
        problem.minimum().ifPresent(m -> out.println("minimum f = " + format("%.10g", m) + " (closed form)"));
        out.println("times: wall clock of minimize, " + repeat + (repeat == 1 ? " run" : " runs")
                + " per method after one untimed warm-up run");
        out.flush();
        if (plot.isPresent()) {
            byte[] png = curves.png();
            AtomicFiles.write(plot.get(), o -> o.write(png));
        }
        return ExitCodes.OK;
    }

    /** The untimed first run of a method: it warms up the JIT, draws the progress bar and records the curve. */
    private DescentResult traced(Problem problem, Method method, ConvergencePlot curves) {
        try (Progress bar = Progress.start(method.code(), maxIterations)) {
            return method.minimize(problem, StoppingRule.gradientNormBelow(tolerance), maxIterations, p -> {
                curves.add(method.code(), p.iteration(), p.gradientNorm());
                bar.stepTo(p.iteration());
                bar.message("‖grad‖ " + format("%.2e", p.gradientNorm()));
            });
        }
    }

    private List<Method> methods() {
        if (methods.isEmpty() || methods.equals(List.of(ALL))) {
            return List.of(Method.values());
        }
        List<Method> chosen = new ArrayList<>();
        for (String code : methods) {
            Method m = Arrays.stream(Method.values()).filter(x -> x.code().equals(code.strip())).findFirst()
                    .orElseThrow(() -> new InvalidInputException("--methods", "a list of cg-fr, cg-prp, cg-hs, lbfgs, "
                            + "sgd, or all", "'" + code + "'"));
            if (!chosen.contains(m)) {
                chosen.add(m);
            }
        }
        return chosen;
    }

    private Problem problem() {
        return switch (problemName) {
            case "rayleigh" -> {
                int n = requireSize(size.orElse(1000), 3);
                Manifold sphere = atlas.prepare(providers.create("sphere", Map.of("n", String.valueOf(n))));
                yield Problems.rayleigh(sphere, Problems.symmetricMatrix(n, 1), OptionalDouble.of(-1));
            }
            case "brockett" -> {
                int n = requireSize(size.orElse(500), subspace + 2);
                if (subspace < 1) {
                    throw new InvalidInputException("--k", "an integer ≥ 1", String.valueOf(subspace));
                }
                Manifold gr = atlas.prepare(providers.create("grassmann", Map.of("n", String.valueOf(n), "k",
                        String.valueOf(subspace))));
                double[] lambda = Problems.spectrum(n, subspace);
                double minimum = -Arrays.stream(lambda, 0, subspace).sum();
                yield Problems.brockett(gr, subspace, Problems.symmetricMatrix(n, subspace),
                        OptionalDouble.of(minimum));
            }
            case "karcher" -> karcher();
            default -> throw new InvalidInputException("--problem", "rayleigh, brockett or karcher",
                    "'" + problemName + "'");
        };
    }

    /**
     * The Karcher mean on a learned Klein atlas: the {@code --samples} patches nearest the first one, from the
     * farthest of them. The learned logarithms are approximate, so the objective is the gradient field alone.
     */
    private Problem karcher() {
        if (points < 100) {
            throw new InvalidInputException("--points", "an integer ≥ 100", String.valueOf(points));
        }
        if (samples < 1 || samples > points) {
            throw new InvalidInputException("--samples", "an integer in [1, --points = " + points + "]",
                    String.valueOf(samples));
        }
        KleinPatches data = KleinPatches.sample(points, seed);
        PointCloudAtlas learned = PointCloudAtlas.builder(data.points()).seed(seed).build();
        return Problems.karcherOfNearest(atlas.prepare(learned), data.points(), samples);
    }

    private static int requireSize(int n, int least) {
        if (n < least) {
            throw new InvalidInputException("--n", "an integer ≥ " + least, String.valueOf(n));
        }
        return n;
    }

    private static double median(double[] values) {
        double[] s = values.clone();
        Arrays.sort(s);
        int m = s.length / 2;
        return s.length % 2 == 1 ? s[m] : 0.5 * (s[m - 1] + s[m]);
    }

    private static String format(String pattern, double v) {
        return String.format(Locale.ROOT, pattern, v);
    }
}

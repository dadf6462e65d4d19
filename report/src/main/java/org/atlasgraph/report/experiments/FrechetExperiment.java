package org.atlasgraph.report.experiments;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import org.atlasgraph.api.Capability;
import org.atlasgraph.api.Manifold;
import org.atlasgraph.api.capability.ExactGeometry;
import org.atlasgraph.api.capability.GeodesicPowerDistribution;
import org.atlasgraph.api.capability.Sampler;
import org.atlasgraph.api.check.Checks;
import org.atlasgraph.api.check.InvalidInputException;
import org.atlasgraph.api.spi.Providers;
import org.atlasgraph.optim.mean.FrechetScheme;
import org.atlasgraph.optim.mean.OnlineFrechetMean;
import org.atlasgraph.optim.mean.UpdateTimer;
import org.atlasgraph.report.Figures;
import org.atlasgraph.report.HtmlReport;
import org.atlasgraph.report.Table;
import org.atlasgraph.report.experiments.ReportSettings.Size;

/**
 * Part (a) of the report, the experiment of §3.2 and Fig. 1: the online Fréchet mean (GiFEE) on Gr(n,k) of samples
 * from GPD(X, p) with every update scheme the Grassmannian offers, the atlas scheme of Alg. 1 among them.
 *
 * <p>All schemes see the same samples: they are drawn in blocks, outside the timing, and each block is fed to every
 * scheme in turn, so memory holds one block. Each scheme's updates are timed one by one by an {@link UpdateTimer}
 * (the online mean measures nothing itself); the table gives their mean and median. Before the timed run each scheme
 * updates a throwaway mean on separate samples for a while, so that compiled code is timed, not the interpreter. The
 * distance of the estimate to X (the population Fréchet mean) is measured at log-spaced sample counts for the error
 * curves, outside the timing.
 */
final class FrechetExperiment {
    /** The schemes of Fig. 1A and Fig. S1, in the paper's order. */
    static final List<String> SCHEMES = List.of("atlas", "exp", "gifee", "retraction", "opca");
    /** The schemes of Fig. 1B: the paper left out MANOPT (exp) and GiFEE for their run time at large k. */
    static final List<String> SWEEP_SCHEMES = List.of("atlas", "retraction", "opca");

    /**
     * Distinct samples of the sweep, which cycles through them: at n = 2000 drawing a GPD sample (an SVD of an n×k
     * matrix) costs more than the updates, and an update's cost does not depend on which sample it gets.
     */
    static final int SWEEP_DISTINCT_SAMPLES = 10;
    private static final int BLOCK = 32;
    private static final int WARM_UP_SAMPLES = 16;
    private static final int MAX_WARM_UP_UPDATES = 20_000;
    private static final int POINTS_PER_DECADE = 12;

    private FrechetExperiment() {
    }

    /**
     * A point of an error curve.
     *
     * @param sample   the number of samples seen
     * @param distance the geodesic distance of the estimate to X
     */
    record CurvePoint(long sample, double distance) {
    }

    /**
     * One scheme on one Grassmannian.
     *
     * @param scheme        the scheme's name
     * @param samples       N
     * @param seconds       the total update time
     * @param meanMicros    the mean update time
     * @param medianMicros  the median update time
     * @param finalDistance the distance of the final estimate to X
     * @param chartChanges  the estimate's chart changes
     * @param curve         the error curve (empty for the sweep)
     */
    record SchemeRun(String scheme, int samples, double seconds, double meanMicros, double medianMicros,
                     double finalDistance, long chartChanges, List<CurvePoint> curve) {
    }

    /**
     * Every scheme on one Grassmannian.
     *
     * @param size    the Grassmannian
     * @param schemes one run per scheme, in the order run
     * @param source  where the samples came from
     */
    record SizeRun(Size size, List<SchemeRun> schemes, String source) {
        /** @return the atlas scheme's run */
        SchemeRun atlas() {
            return schemes.stream().filter(s -> s.scheme().equals(FrechetScheme.ATLAS)).findFirst().orElseThrow();
        }
    }

    /**
     * The outcome of part (a).
     *
     * @param settings the settings it ran with
     * @param sizes    one run per size of Fig. 1A
     * @param sweep    one run per k of Fig. 1B
     */
    record Result(ReportSettings.Frechet settings, List<SizeRun> sizes, List<SizeRun> sweep) {
    }

    /**
     * Runs part (a).
     *
     * @param settings the sizes and counts
     * @param seed     the seed; each size draws from its own stream
     * @param listener hears the progress
     * @return the runs
     */
    static Result run(ReportSettings.Frechet settings, long seed, ReportListener listener) {
        Providers providers = Providers.onClassPath();
        List<SizeRun> sizes = new ArrayList<>();
        for (Size size : settings.sizes()) {
            sizes.add(run(providers, size, SCHEMES, settings.samples(), settings.samples(), settings, seed, true,
                    listener));
        }
        List<SizeRun> sweep = new ArrayList<>();
        for (int k : settings.sweepK()) {
            sweep.add(run(providers, new Size(settings.sweepN(), k), SWEEP_SCHEMES, settings.sweepSamples(),
                    Math.min(SWEEP_DISTINCT_SAMPLES, settings.sweepSamples()), settings, seed, false, listener));
        }
        return new Result(settings, sizes, sweep);
    }

    /**
     * Runs the schemes on one Grassmannian.
     *
     * @param distinct the number of distinct samples; the stream cycles through them when it is below the count
     */
    private static SizeRun run(Providers providers, Size size, List<String> schemes, int count, int distinct,
                               ReportSettings.Frechet settings, long seed, boolean curves, ReportListener listener) {
        Manifold m = providers.create("grassmann", Map.of("n", String.valueOf(size.n()), "k",
                String.valueOf(size.k())));
        Sampler sampler = require(m, Sampler.class);
        GeodesicPowerDistribution gpd = require(m, GeodesicPowerDistribution.class);
        ExactGeometry exact = require(m, ExactGeometry.class);
        SplittableRandom rng = new SplittableRandom(seed ^ (31L * size.n() + size.k()));
        SplittableRandom warmRng = rng.split();
        double[] mean = m.embed(sampler.sample(rng));
        double power = settings.power();

        List<OnlineFrechetMean> means = new ArrayList<>();
        List<UpdateTimer> timers = new ArrayList<>();
        List<double[]> warm = new ArrayList<>();
        List<double[]> pool = new ArrayList<>();
        for (int i = 0; distinct < count && i < distinct; i++) {
            pool.add(gpd.sample(mean, power, rng));
        }
        for (int i = 0; settings.warmUpSeconds() > 0 && i < Math.min(WARM_UP_SAMPLES, distinct); i++) {
            warm.add(pool.isEmpty() ? gpd.sample(mean, power, warmRng) : pool.get(i));
        }
        for (String name : schemes) {
            FrechetScheme scheme = FrechetScheme.parse(name, m);
            warmUp(m, scheme, warm, settings.warmUpSeconds());
            UpdateTimer timer = new UpdateTimer();
            means.add(new OnlineFrechetMean(m, scheme).listen(timer));
            timers.add(timer);
        }
        long[][] nanos = new long[schemes.size()][count];
        List<List<CurvePoint>> curvesOf = new ArrayList<>();
        schemes.forEach(s -> curvesOf.add(new ArrayList<>()));
        long[] checkpoints = curves ? checkpoints(count) : new long[0];
        try (ReportListener.Task task = listener.start("frechet " + size, count)) {
            double[][] block = new double[BLOCK][];
            for (int start = 0; start < count; start += BLOCK) {
                int b = Math.min(BLOCK, count - start);
                for (int j = 0; j < b; j++) {
                    block[j] = pool.isEmpty() ? gpd.sample(mean, power, rng) : pool.get((start + j) % distinct);
                }
                for (int s = 0; s < schemes.size(); s++) {
                    OnlineFrechetMean estimate = means.get(s);
                    for (int j = 0; j < b; j++) {
                        estimate.add(block[j]);
                        nanos[s][start + j] = timers.get(s).lastNanos();
                        if (Arrays.binarySearch(checkpoints, start + j + 1L) >= 0) {
                            curvesOf.get(s).add(new CurvePoint(start + j + 1L,
                                    exact.distance(estimate.estimate().orElseThrow(), mean)));
                        }
                    }
                }
                task.stepTo(start + b);
            }
        }
        List<SchemeRun> runs = new ArrayList<>();
        for (int s = 0; s < schemes.size(); s++) {
            UpdateTimer t = timers.get(s);
            OnlineFrechetMean estimate = means.get(s);
            runs.add(new SchemeRun(schemes.get(s), count, t.seconds(), t.microsPerUpdate(), median(nanos[s]) * 1e-3,
                    exact.distance(estimate.estimate().orElseThrow(), mean), estimate.chartChanges(),
                    List.copyOf(curvesOf.get(s))));
        }
        String source = String.format(Locale.ROOT, "%d samples of GPD(X, p = %s) around a uniform X, δ_max = %.4g%s",
                count, Checks.number(power), gpd.deltaMax(), distinct < count ? ", cycling through " + distinct
                        + " distinct samples" : "");
        return new SizeRun(size, runs, source);
    }

    private static <C extends Capability> C require(Manifold m, Class<C> type) {
        return m.capability(type).orElseThrow(() -> new InvalidInputException("manifold", "a Grassmannian with "
                + type.getSimpleName(), m.name() + " without it"));
    }

    /** Untimed updates of a throwaway mean, cycling through the samples, for up to the given seconds. */
    private static void warmUp(Manifold m, FrechetScheme scheme, List<double[]> samples, double seconds) {
        if (samples.isEmpty()) {
            return;
        }
        UpdateTimer timer = new UpdateTimer();
        OnlineFrechetMean throwaway = new OnlineFrechetMean(m, scheme).listen(timer);
        long budget = (long) (seconds * 1e9);
        for (int i = 0; i < MAX_WARM_UP_UPDATES && timer.totalNanos() < budget; i++) {
            throwaway.add(samples.get(i % samples.size()));
        }
    }

    /** @return 1, 2, …, 10 and then about twelve counts per decade, up to and including {@code count} */
    static long[] checkpoints(long count) {
        List<Long> out = new ArrayList<>();
        double ratio = Math.pow(10, 1.0 / POINTS_PER_DECADE);
        for (long i = 1; i <= count; i = i < 10 ? i + 1 : Math.max(i + 1, (long) Math.ceil(i * ratio))) {
            out.add(i);
        }
        if (out.get(out.size() - 1) != count) {
            out.add(count);
        }
        return out.stream().mapToLong(Long::longValue).toArray();
    }

    private static double median(long[] values) {
        long[] sorted = values.clone();
        Arrays.sort(sorted);
        int n = sorted.length;
        return n % 2 == 1 ? sorted[n / 2] : 0.5 * (sorted[n / 2 - 1] + sorted[n / 2]);
    }

    /** @return the slope of log y against log x by least squares; NaN for fewer than two points */
    static double logLogSlope(double[] x, double[] y) {
        int n = x.length;
        if (n < 2) {
            return Double.NaN;
        }
        double mx = 0;
        double my = 0;
        for (int i = 0; i < n; i++) {
            mx += Math.log(x[i]) / n;
            my += Math.log(y[i]) / n;
        }
        double sxy = 0;
        double sxx = 0;
        for (int i = 0; i < n; i++) {
            sxy += (Math.log(x[i]) - mx) * (Math.log(y[i]) - my);
            sxx += (Math.log(x[i]) - mx) * (Math.log(x[i]) - mx);
        }
        return sxy / sxx;
    }

    /**
     * Writes part (a) into the page.
     *
     * @param r    the outcome
     * @param page the page
     */
    static void render(Result r, HtmlReport page) {
        page.section("(a) Online Fréchet mean on the Grassmannian (§3.2, Fig. 1)");
        page.paragraph("GiFEE, the online Fréchet mean M_{i+1} = step(M_i, X_{i+1}, 1/(i+1)), on Gr(n,k) with the "
                + "update schemes of Fig. S1: atlas (quasi-Euclidean updates in Ehresmann and ad hoc charts, Alg. 1), "
                + "exp (the exact geodesic step, as Pymanopt's MANOPT), gifee (GiFEE's closed-form exponential and "
                + "logarithm), retraction (MANOPT-RET: a QR retraction of the Riemannian step) and opca (Oja's rule, "
                + "the Euclidean baseline). Every scheme sees the same samples; only the updates are timed, one by "
                + "one, after an untimed warm-up of " + Checks.number(r.settings().warmUpSeconds()) + " s per scheme. "
                + r.sizes().get(0).source() + ", drawn per size with its own seed.");
        List<List<String>> rows = new ArrayList<>();
        for (SizeRun run : r.sizes()) {
            SchemeRun atlas = run.atlas();
            for (SchemeRun s : run.schemes()) {
                rows.add(List.of(run.size().toString(), s.scheme(), fixed(s.meanMicros(), 2),
                        fixed(s.medianMicros(), 2), fixed(s.seconds(), 4), String.format(Locale.ROOT, "%.3e",
                                s.finalDistance()), String.valueOf(s.chartChanges()),
                        atlas.seconds() > 0 ? fixed(s.seconds() / atlas.seconds(), 1) + "×" : "–"));
            }
        }
        page.table(new Table("Online Fréchet mean: update time per sample and final distance to X (N = "
                + r.settings().samples() + ")", List.of("manifold", "scheme", "mean µs", "median µs", "total s",
                "distance to X", "chart changes", "time / atlas time"), rows));
        for (SizeRun run : r.sizes()) {
            Map<String, double[][]> series = new LinkedHashMap<>();
            for (SchemeRun s : run.schemes()) {
                double[][] xy = new double[2][s.curve().size()];
                for (int i = 0; i < s.curve().size(); i++) {
                    xy[0][i] = s.curve().get(i).sample();
                    xy[1][i] = s.curve().get(i).distance();
                }
                series.put(s.scheme(), xy);
            }
            String name = "frechet-error-" + run.size().n() + "-" + run.size().k();
            page.figure(name, Figures.logLog(run.size() + ": distance of M_i to X", "samples i",
                    "geodesic distance to X (rad)", series, false), run.size() + ": the geodesic distance of each "
                    + "scheme's estimate to the population Fréchet mean X against the number of samples (Fig. 1A); "
                    + String.format(Locale.ROOT, "the final distances of the schemes differ by at most %.2g%%, so "
                    + "their curves lie on top of one another", 100 * spread(run)));
        }
        renderSweep(r, page);
    }

    private static void renderSweep(Result r, HtmlReport page) {
        if (r.sweep().isEmpty()) {
            return;
        }
        List<List<String>> rows = new ArrayList<>();
        Map<String, double[][]> series = new LinkedHashMap<>();
        List<String> slopes = new ArrayList<>();
        for (String scheme : SWEEP_SCHEMES) {
            double[] k = new double[r.sweep().size()];
            double[] us = new double[r.sweep().size()];
            for (int i = 0; i < r.sweep().size(); i++) {
                SizeRun run = r.sweep().get(i);
                SchemeRun s = run.schemes().stream().filter(x -> x.scheme().equals(scheme)).findFirst().orElseThrow();
                k[i] = run.size().k();
                us[i] = s.meanMicros();
            }
            series.put(scheme, new double[][] {k, us});
            slopes.add(scheme + " " + fixed(logLogSlope(k, us), 2));
        }
        for (SizeRun run : r.sweep()) {
            SchemeRun atlas = run.atlas();
            for (SchemeRun s : run.schemes()) {
                rows.add(List.of(String.valueOf(run.size().k()), s.scheme(), fixed(s.meanMicros(), 1),
                        fixed(s.medianMicros(), 1), atlas.meanMicros() > 0 ? fixed(s.meanMicros()
                                / atlas.meanMicros(), 2) + "×" : "–"));
            }
        }
        int n = r.settings().sweepN();
        page.paragraph("Runtime against k at n = " + n + " (Fig. 1B), " + r.settings().sweepSamples()
                + " updates per k cycling through " + Math.min(SWEEP_DISTINCT_SAMPLES, r.settings().sweepSamples())
                + " GPD samples (the paper: 1000 samples; the time per update is what is compared, and it does not "
                + "depend on the sample). As in the paper, exp "
                + "(MANOPT) and gifee are left out for their run time at large k. Log-log slope of the mean update "
                + "time against k: " + String.join(", ", slopes) + " (each update costs O(nk²) flops at fixed n, "
                + "slope 2, once k is large enough for the flops to dominate).");
        page.table(new Table("Update time per sample against k at n = " + n, List.of("k", "scheme", "mean µs",
                "median µs", "time / atlas time"), rows));
        page.figure("frechet-runtime-vs-k", Figures.logLog("Gr(" + n + ",k): mean update time against k", "k",
                "µs per sample", series, true), "Mean update time per sample against k at n = " + n + " (Fig. 1B)");
    }

    /** @return (max − min) / min of the schemes' final distances to X */
    static double spread(SizeRun run) {
        double lo = run.schemes().stream().mapToDouble(SchemeRun::finalDistance).min().orElse(0);
        double hi = run.schemes().stream().mapToDouble(SchemeRun::finalDistance).max().orElse(0);
        return lo > 0 ? (hi - lo) / lo : 0;
    }

    static String fixed(double v, int digits) {
        return String.format(Locale.ROOT, "%." + digits + "f", v);
    }
}

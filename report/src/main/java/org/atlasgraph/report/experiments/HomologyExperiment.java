package org.atlasgraph.report.experiments;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Collectors;
import org.atlasgraph.report.BettiNumbers;
import org.atlasgraph.report.BottleneckDistance;
import org.atlasgraph.report.FarthestPointSample;
import org.atlasgraph.report.Figures;
import org.atlasgraph.report.HtmlReport;
import org.atlasgraph.report.PersistenceDiagrams;
import org.atlasgraph.report.Ripser;
import org.atlasgraph.report.RipserException;
import org.atlasgraph.report.Table;
import org.knowm.xchart.XYChart;

/**
 * Part (c) of the report (Fig. 5, App. F.2–F.3): Vietoris–Rips persistent homology in dimensions 0–2 over Z/2 and
 * Z/3 of point clouds (samples of the manifold, of the learned atlas, and each baseline's embedding of the manifold's
 * samples), the Betti numbers read off the diagrams ({@link BettiNumbers}), and the aggregate bottleneck distance
 * between every two clouds ({@link BottleneckDistance#aggregate}).
 *
 * <p>Each cloud is reduced to an even subsample by farthest-point sampling before Ripser sees it (the cost of
 * dimension 2 grows steeply with the number of points, and an ε-net keeps sampling noise short-lived). Ripser runs as
 * an external program, two at a time. Without it the part is skipped and the page says how to install it.
 */
final class HomologyExperiment {
    /** The coefficient fields, Z/2 and Z/3: the Klein bottle's H1 and H2 differ between them. */
    static final int[] MODULI = {2, 3};
    /** The highest homology dimension. */
    static final int MAX_DIMENSION = 2;
    /** Left out of the heat map, as App. F.3 does: its coordinates are tens of times larger than everyone else's. */
    static final String EXCLUDED_FROM_HEAT_MAP = "t-SNE";
    private static final int PARALLEL_RUNS = 2;

    private HomologyExperiment() {
    }

    /**
     * One cloud's diagrams.
     *
     * @param name     the cloud's label, e.g. {@code "atlas"}
     * @param source   where its points came from
     * @param diagrams one set of diagrams per modulus of {@link #MODULI}
     * @param betti    the Betti numbers of each
     */
    record CloudHomology(String name, String source, List<PersistenceDiagrams> diagrams, List<BettiNumbers> betti) {
    }

    /**
     * The outcome of part (c).
     *
     * @param skipped  why it did not run, or empty
     * @param points   points per cloud handed to Ripser
     * @param ripser   the binary that ran
     * @param clouds   every cloud's homology, in the order given
     * @param expected the Betti numbers of the true manifold per modulus, when known
     */
    record Result(Optional<String> skipped, int points, String ripser, List<CloudHomology> clouds,
                  Optional<List<int[]>> expected) {
    }

    /**
     * A cloud to analyse.
     *
     * @param name   its label
     * @param source where its points came from, one phrase
     * @param points the points (not modified)
     */
    record Cloud(String name, String source, double[][] points) {
    }

    /**
     * Runs part (c).
     *
     * @param clouds   the clouds, in display order
     * @param points   the farthest-point subsample per cloud
     * @param seed     the seed of the subsamples' first points
     * @param ripser   Ripser, or empty to skip with a note
     * @param expected the true Betti numbers per modulus, when known
     * @param listener hears the progress
     * @return the diagrams and Betti numbers
     */
    static Result run(List<Cloud> clouds, int points, long seed, Optional<Ripser> ripser,
                      Optional<List<int[]>> expected, ReportListener listener) {
        if (ripser.isEmpty()) {
            return new Result(Optional.of("Ripser is not installed: " + Ripser.INSTALL_HINT + ", then run atlas "
                    + "report again"), points, "", List.of(), expected);
        }
        Ripser r = ripser.get();
        List<double[][]> samples = new ArrayList<>();
        for (Cloud c : clouds) {
            samples.add(FarthestPointSample.of(c.points(), Math.min(points, c.points().length), seed));
        }
        ExecutorService pool = Executors.newFixedThreadPool(PARALLEL_RUNS, runnable -> {
            Thread t = new Thread(runnable, "ripser");
            t.setDaemon(true);
            return t;
        });
        try (ReportListener.Task task = listener.start("ripser", (long) clouds.size() * MODULI.length)) {
            List<List<Future<PersistenceDiagrams>>> futures = new ArrayList<>();
            for (double[][] s : samples) {
                List<Future<PersistenceDiagrams>> perModulus = new ArrayList<>();
                for (int p : MODULI) {
                    perModulus.add(pool.submit(() -> r.compute(s, MAX_DIMENSION, p)));
                }
                futures.add(perModulus);
            }
            List<CloudHomology> out = new ArrayList<>();
            long done = 0;
            for (int c = 0; c < clouds.size(); c++) {
                List<PersistenceDiagrams> diagrams = new ArrayList<>();
                for (Future<PersistenceDiagrams> f : futures.get(c)) {
                    diagrams.add(get(f));
                    task.stepTo(++done);
                }
                out.add(new CloudHomology(clouds.get(c).name(), clouds.get(c).source(), List.copyOf(diagrams),
                        diagrams.stream().map(BettiNumbers::of).toList()));
            }
            return new Result(Optional.empty(), points, r.executable().toString(), List.copyOf(out), expected);
        } catch (RipserException e) {
            return new Result(Optional.of("Ripser failed: " + e.getMessage()), points, r.executable().toString(),
                    List.of(), expected);
        } finally {
            pool.shutdownNow();
        }
    }

    private static PersistenceDiagrams get(Future<PersistenceDiagrams> f) {
        try {
            return f.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new RipserException("ripser: interrupted", e);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException re) {
                throw re;
            }
            throw new RipserException("ripser: " + e.getCause(), e.getCause());
        }
    }

    /** @return the aggregate bottleneck distances between the clouds' diagrams of one modulus */
    static double[][] bottleneckMatrix(List<CloudHomology> clouds, int modulusIndex) {
        int n = clouds.size();
        double[][] d = new double[n][n];
        for (int i = 0; i < n; i++) {
            for (int j = i + 1; j < n; j++) {
                d[i][j] = BottleneckDistance.aggregate(clouds.get(i).diagrams().get(modulusIndex),
                        clouds.get(j).diagrams().get(modulusIndex));
                d[j][i] = d[i][j];
            }
        }
        return d;
    }

    /** @return "(1, 2, 1)" */
    static String tuple(int[] betti) {
        return Arrays.stream(betti).mapToObj(String::valueOf).collect(Collectors.joining(", ", "(", ")"));
    }

    /**
     * Writes part (c) into the page.
     *
     * @param r       the outcome
     * @param page    the page
     * @param heading the section heading
     * @param intro   what the clouds are, one paragraph
     */
    static void render(Result r, HtmlReport page, String heading, String intro) {
        page.section(heading);
        if (r.skipped().isPresent()) {
            page.paragraph("Skipped: " + r.skipped().get() + ".");
            return;
        }
        page.paragraph(intro + " Each cloud was reduced to " + r.points() + " points by farthest-point sampling; "
                + "Ripser (" + r.ripser() + ") computed the Vietoris–Rips persistence diagrams in dimensions 0–"
                + MAX_DIMENSION + " over Z/2 and Z/3 with the full filtration. A Betti number counts the intervals "
                + "whose death/birth ratio reaches " + BettiNumbers.DEFAULT_RATIO + " (in H0: death ≥ "
                + BettiNumbers.DEFAULT_RATIO + " × the median H0 death), a scale-free threshold between sampling "
                + "noise and features.");
        List<String> header = new ArrayList<>(List.of("sample"));
        for (int p : MODULI) {
            header.add("Betti over Z/" + p);
        }
        r.expected().ifPresent(e -> header.add("as the manifold"));
        List<List<String>> rows = new ArrayList<>();
        r.expected().ifPresent(e -> {
            List<String> row = new ArrayList<>(List.of("the manifold (known)"));
            e.forEach(b -> row.add(tuple(b)));
            row.add("–");
            rows.add(row);
        });
        for (CloudHomology c : r.clouds()) {
            List<String> row = new ArrayList<>(List.of(c.name()));
            boolean match = true;
            for (int m = 0; m < MODULI.length; m++) {
                int[] b = c.betti().get(m).toArray();
                row.add(tuple(b));
                match &= r.expected().isPresent() && Arrays.equals(b, r.expected().get().get(m));
            }
            if (r.expected().isPresent()) {
                row.add(match ? "yes" : "no");
            }
            rows.add(row);
        }
        page.table(new Table("Betti numbers (β0, β1, β2) read off the persistence diagrams", header, rows));
        List<List<String>> sources = new ArrayList<>();
        for (CloudHomology c : r.clouds()) {
            sources.add(List.of(c.name(), c.source()));
        }
        page.table(new Table("Where each cloud's points came from", List.of("sample", "points"), sources));
        for (int m = 0; m < MODULI.length; m++) {
            List<CloudHomology> shown = r.clouds().stream().filter(c -> !c.name().equals(EXCLUDED_FROM_HEAT_MAP))
                    .toList();
            if (shown.size() < 2) {
                continue;
            }
            double[][] d = bottleneckMatrix(shown, m);
            page.figure("bottleneck-z" + MODULI[m], Figures.heatMap("aggregate bottleneck distance, Z/" + MODULI[m],
                    shown.stream().map(CloudHomology::name).toList(), d), "Aggregate bottleneck distance "
                    + "√(Σ_k d_B(P_k, Q_k)²) over H0–H2 between the diagrams over Z/" + MODULI[m] + " (Fig. 5C)"
                    + (shown.size() < r.clouds().size() ? "; t-SNE is left out, as in App. F.3" : ""));
        }
        List<List<String>> toFirst = new ArrayList<>();
        CloudHomology first = r.clouds().get(0);
        for (CloudHomology c : r.clouds()) {
            List<String> row = new ArrayList<>(List.of(c.name()));
            for (int m = 0; m < MODULI.length; m++) {
                row.add(String.format(Locale.ROOT, "%.4g", BottleneckDistance.aggregate(first.diagrams().get(m),
                        c.diagrams().get(m))));
            }
            toFirst.add(row);
        }
        List<String> distHeader = new ArrayList<>(List.of("sample"));
        for (int p : MODULI) {
            distHeader.add("to " + first.name() + ", Z/" + p);
        }
        page.table(new Table("Aggregate bottleneck distance of every sample's diagrams to those of the " + first.name()
                + " (in each sample's own units)", distHeader, toFirst));
        for (CloudHomology c : r.clouds()) {
            List<XYChart> charts = new ArrayList<>();
            for (int m = 0; m < MODULI.length; m++) {
                charts.add(Figures.persistenceDiagram(c.name(), c.diagrams().get(m)));
            }
            String slug = c.name().toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "-");
            page.figure("diagrams-" + slug, Figures.grid(charts, MODULI.length), c.name() + ": persistence "
                    + "diagrams over Z/2 (left) and Z/3 (right) (Fig. 5A, B)");
        }
    }

    /**
     * @param r the outcome
     * @return the Betti numbers of each cloud, e.g. {@code "atlas (1, 2, 1)/(1, 1, 0)"}
     */
    static Map<String, String> bettiSummary(Result r) {
        Map<String, String> out = new LinkedHashMap<>();
        for (CloudHomology c : r.clouds()) {
            out.put(c.name(), c.betti().stream().map(b -> tuple(b.toArray())).collect(Collectors.joining(" / ")));
        }
        return out;
    }
}

package org.atlasgraph.report.experiments;

import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import org.atlasgraph.api.check.InvalidInputException;
import org.atlasgraph.pointcloud.PointCloudAtlas;
import org.atlasgraph.pointcloud.data.KleinPatches;
import org.atlasgraph.report.Baseline;
import org.atlasgraph.report.BrowserCheck;
import org.atlasgraph.report.GroundTruth;
import org.atlasgraph.report.HtmlReport;
import org.atlasgraph.report.KleinBottle;
import org.atlasgraph.report.NeighbourGraph;
import org.atlasgraph.report.Ripser;
import org.atlasgraph.report.SurfaceGeodesics;
import org.atlasgraph.report.Table;

/**
 * {@code atlas report}: the paper's evidence reproduced by one call and written as one HTML page with tables and PNG
 * figures, {@code DIR/index.html}.
 *
 * <p>{@link #paper} runs the paper's experiments: (a) the online Fréchet mean on Gr(n,k) with every update scheme
 * (§3.2, Fig. 1); (b) an atlas learned from Klein-bottle patches, its charts (Fig. 3) and its geodesic distances on
 * random pairs against ground-truth surface geodesics, next to the baselines PCA-2, PCA-5, Isomap, t-SNE and UMAP
 * (Fig. 4, App. F); (c) persistent homology of samples of the parametrization, of the atlas and of each baseline's
 * embedding, with Betti numbers and aggregate bottleneck distances (Fig. 5); (d) the principal boundary between convex
 * and concave patches with its held-out accuracy (Fig. 6). {@link #points} runs (b) and (c) on a user's point cloud,
 * with the intrinsic-dimension evidence and a neighbour-graph ground truth of the data.
 *
 * <p>External programs are optional: without Ripser part (c) is skipped and the page says how to install it; with
 * Chromium the written page is rendered headless and checked ({@link BrowserCheck}). Every random choice derives from
 * the settings' seed.
 */
public final class AtlasReport {
    /** The Betti numbers of the Klein bottle over Z/2 and Z/3. */
    static final List<int[]> KLEIN_BETTI = List.of(new int[] {1, 2, 1}, new int[] {1, 1, 0});
    private static final String TITLE = "atlas report";

    private AtlasReport() {
    }

    /**
     * The external programs a run may use.
     *
     * @param ripser  Ripser, for part (c)
     * @param browser headless Chromium, to check the written page
     */
    public record Tools(Optional<Ripser> ripser, Optional<BrowserCheck> browser) {
        /** @return the programs found on the PATH */
        public static Tools onPath() {
            return new Tools(Ripser.locate(), BrowserCheck.locate());
        }
    }

    /** One part's contribution: how to render it, its summary line and its wall time. */
    private record Part(String name, Runnable renderer, String line, double seconds) {
    }

    /**
     * Runs the paper's experiments and writes the page.
     *
     * @param settings the sizes and the seed
     * @param tools    the external programs to use
     * @param dir      the output folder (created if needed)
     * @param listener hears the progress
     * @return the summary
     */
    public static ReportSummary paper(ReportSettings settings, Tools tools, Path dir, ReportListener listener) {
        long start = System.nanoTime();
        double load = loadAverage();
        long seed = settings.seed();
        HtmlReport page = HtmlReport.titled(TITLE);
        List<Part> parts = new ArrayList<>();

        long t = System.nanoTime();
        FrechetExperiment.Result frechet = FrechetExperiment.run(settings.frechet(), seed, listener);
        parts.add(new Part("(a) online Fréchet mean", () -> FrechetExperiment.render(frechet, page),
                frechetLine(frechet), seconds(t)));

        long tb = System.nanoTime();
        ReportSettings.Atlas a = settings.atlas();
        KleinPatches training = KleinPatches.sample(a.trainingPoints(), seed);
        AtlasLearning.Learned learned = AtlasLearning.learn(training.points(), a.trainingPoints()
                + " Klein-bottle patches with (θ, φ) uniform, seed " + seed, seed, listener);
        double[][] angles = KleinBottle.patches().sampleAngles(a.evaluationPoints(), seed + 1);
        double[][] cloud = KleinBottle.patches().patches(angles);
        int[][] pairs = DistanceExperiment.randomPairs(cloud.length, a.pairs(), seed + 5);
        DistanceExperiment.Truth truth = surfaceTruth(angles, pairs, a.groundTruthCells(), listener);
        BaselineEmbeddings.Result embeddings = BaselineEmbeddings.compute(cloud, seed, listener);
        DistanceExperiment.Result distances = DistanceExperiment.run(learned.atlas(), cloud, pairs, truth,
                embeddings.embeddings(), listener);
        double[][] thetaPhi = new double[training.size()][];
        for (int i = 0; i < training.size(); i++) {
            thetaPhi[i] = new double[] {training.theta(i), training.phi(i)};
        }
        AtlasLearning.Plane plane = new AtlasLearning.Plane("θ", "φ", thetaPhi, new double[] {0, Math.PI, 0,
            2 * Math.PI});
        parts.add(new Part("(b) learned atlas and distances", () -> {
            page.section("(b) The learned Klein atlas and its geodesic distances (§4.3, Fig. 3, Fig. 4)");
            page.paragraph("An atlas learned from Carlsson's 3×3 high-contrast patches k_{θ,φ} (§4.3.1), which lie "
                    + "on a Klein bottle in R⁹: dimension, radius, chart centres, quadratic charts, transition "
                    + "boundaries and transitions all derived from the data (the paper placed 64 centres on an 8×8 "
                    + "grid by hand). Then geodesic distances on " + a.pairs() + " random pairs among "
                    + a.evaluationPoints() + " further patches (seed " + (seed + 1) + "), from the atlas and from each "
                    + "baseline's embedding of those patches, against the report's own ground truth.");
            AtlasLearning.render(learned, plane, page);
            DistanceExperiment.render(distances, page, "distances");
            embeddings.skipped().forEach(page::paragraph);
            page.paragraph("Note: the patches span a 5-dimensional linear subspace of R⁹ (cos φ times a quadratic "
                    + "form in (x, y), plus sin φ times a linear form), so PCA-5 is a rotation of the data and "
                    + "keeps every distance; the 2-dimensional methods cannot embed a Klein bottle without tearing "
                    + "or folding it.");
        }, distanceLine(learned, distances), seconds(tb)));

        long tc = System.nanoTime();
        List<HomologyExperiment.Cloud> clouds = new ArrayList<>();
        clouds.add(new HomologyExperiment.Cloud("parametrization", a.evaluationPoints() + " patches k_{θ,φ} with "
                + "(θ, φ) uniform (seed " + (seed + 1) + "), App. F.2", cloud));
        clouds.add(new HomologyExperiment.Cloud(DistanceExperiment.ATLAS, a.evaluationPoints() + " points drawn from "
                + "the learned atlas (App. E.1, seed " + (seed + 4) + ")", learned.atlas().sample(
                a.evaluationPoints(), seed + 4)));
        embeddings.embeddings().forEach(e -> clouds.add(new HomologyExperiment.Cloud(e.baseline().label(),
                e.baseline().label() + " embedding of the parametrization's patches", e.embedding().coordinates())));
        HomologyExperiment.Result homology = HomologyExperiment.run(clouds, settings.homology().points(), seed,
                tools.ripser(), Optional.of(KLEIN_BETTI), listener);
        parts.add(new Part("(c) persistent homology", () -> HomologyExperiment.render(homology, page,
                "(c) Persistent homology of samples (Fig. 5)", "Samples of the Klein bottle's parametrization, of "
                        + "the learned atlas and each baseline's embedding of the parametrization's samples. The "
                        + "Klein bottle has Betti numbers (1, 2, 1) over Z/2 and (1, 1, 0) over Z/3."),
                homologyLine(homology), seconds(tc)));

        long td = System.nanoTime();
        BoundaryExperiment.Result boundary = BoundaryExperiment.run(learned.atlas(), settings.boundary(), seed,
                listener);
        parts.add(new Part("(d) principal boundary", () -> BoundaryExperiment.render(boundary, page),
                String.format(Locale.ROOT, "(d) principal boundary: held-out accuracy %.2f%% (%d of %d patches)",
                        100 * boundary.accuracy(), boundary.correct(), boundary.heldOut()), seconds(td)));
        return write(page, settings, "the paper's experiments", parts, load, start, tools, dir, listener);
    }

    /**
     * Runs parts (b) and (c) on a user's point cloud and writes the page: the learned atlas and its charts, the
     * intrinsic-dimension evidence, distances against the baselines with a neighbour-graph ground truth, and the
     * homology of samples.
     *
     * @param settings the sizes and the seed (parts (a) and (d) are not run)
     * @param points   the point cloud, N×D (not modified)
     * @param source   where it came from, e.g. the file name
     * @param tools    the external programs to use
     * @param dir      the output folder (created if needed)
     * @param listener hears the progress
     * @return the summary
     * @throws InvalidInputException if the cloud cannot be learned from (too few points, D outside [2, 64],
     *                               duplicate or non-finite points), before any long work
     */
    public static ReportSummary points(ReportSettings settings, double[][] points, String source, Tools tools,
                                       Path dir, ReportListener listener) {
        PointCloudAtlas.builder(points);
        if (points.length < Math.max(50, 2 * points[0].length)) {
            throw new InvalidInputException("points", "at least " + Math.max(50, 2 * points[0].length)
                    + " points (enough for baselines and local PCA)", points.length + " points");
        }
        long start = System.nanoTime();
        double load = loadAverage();
        long seed = settings.seed();
        ReportSettings.Atlas a = settings.atlas();
        HtmlReport page = HtmlReport.titled(TITLE + ": " + source);
        List<Part> parts = new ArrayList<>();

        long tb = System.nanoTime();
        AtlasLearning.Learned learned = AtlasLearning.learn(points, points.length + " points of " + source, seed,
                listener);
        LocalSpectra.Result spectra = LocalSpectra.of(points, seed);
        int m = Math.min(a.evaluationPoints(), points.length);
        int[] chosen = DistanceExperiment.choose(points.length, m, seed + 1);
        double[][] cloud = new double[m][];
        for (int i = 0; i < m; i++) {
            cloud[i] = points[chosen[i]].clone();
        }
        int[][] pairs = DistanceExperiment.randomPairs(m, a.pairs(), seed + 5);
        DistanceExperiment.Truth truth = graphTruth(points, chosen, pairs, listener);
        BaselineEmbeddings.Result embeddings = BaselineEmbeddings.compute(cloud, seed, listener);
        DistanceExperiment.Result distances = DistanceExperiment.run(learned.atlas(), cloud, pairs, truth,
                embeddings.embeddings(), listener);
        double[][] plane = Baseline.PCA_2.embed(points, seed).coordinates();
        parts.add(new Part("(b) learned atlas and distances", () -> {
            page.section("(b) The learned atlas and its geodesic distances");
            page.paragraph("An atlas learned from " + points.length + " points of " + source + " in R^"
                    + points[0].length + ": dimension, radius, chart centres, quadratic charts, transition boundaries "
                    + "and transitions all derived from the data. Then geodesic distances on " + a.pairs()
                    + " random pairs among " + m + " of the points (seed " + (seed + 1) + "), from the atlas and from "
                    + "each baseline's embedding of those points.");
            AtlasLearning.render(learned, new AtlasLearning.Plane("PC 1", "PC 2", plane, null), page);
            LocalSpectra.render(spectra, learned.atlas().summary(), page);
            DistanceExperiment.render(distances, page, "distances");
            embeddings.skipped().forEach(page::paragraph);
        }, distanceLine(learned, distances), seconds(tb)));

        long tc = System.nanoTime();
        List<HomologyExperiment.Cloud> clouds = new ArrayList<>();
        clouds.add(new HomologyExperiment.Cloud("data", "the " + points.length + " points of " + source, points));
        clouds.add(new HomologyExperiment.Cloud(DistanceExperiment.ATLAS, m + " points drawn from the learned atlas "
                + "(App. E.1, seed " + (seed + 4) + ")", learned.atlas().sample(m, seed + 4)));
        embeddings.embeddings().forEach(e -> clouds.add(new HomologyExperiment.Cloud(e.baseline().label(),
                e.baseline().label() + " embedding of " + m + " of the points", e.embedding().coordinates())));
        HomologyExperiment.Result homology = HomologyExperiment.run(clouds, settings.homology().points(), seed,
                tools.ripser(), Optional.empty(), listener);
        parts.add(new Part("(c) persistent homology", () -> HomologyExperiment.render(homology, page,
                "(c) Persistent homology of samples", "Samples of the data, of the learned atlas and each "
                        + "baseline's embedding of the data. A faithful atlas has the data's Betti numbers."),
                homologyLine(homology), seconds(tc)));
        return write(page, settings, "parts (b) and (c) on " + source + " (parts (a) and (d) are the paper's "
                + "Grassmannian and Klein-bottle experiments: run atlas report without --input)", parts, load, start,
                tools, dir, listener);
    }

    private static ReportSummary write(HtmlReport page, ReportSettings settings, String what, List<Part> parts,
                                       double load, long start, Tools tools, Path dir, ReportListener listener) {
        double total = seconds(start);
        page.section("Summary");
        Runtime rt = Runtime.getRuntime();
        page.paragraph(String.format(Locale.ROOT, "This page shows %s, computed by atlasgraph with the %s settings "
                + "(seed %d) in %.0f s on %d processors (Java %s, load average %s at the start).", what,
                settings.name(), settings.seed(), total, rt.availableProcessors(), System.getProperty(
                        "java.version"), Double.isNaN(load) ? "unknown" : String.format(Locale.ROOT, "%.2f", load)));
        List<List<String>> rows = new ArrayList<>();
        for (Part p : parts) {
            rows.add(List.of(p.name(), p.line().replaceFirst("^\\([a-d]\\) [^:]*: ", ""),
                    String.format(Locale.ROOT, "%.0f s", p.seconds())));
        }
        page.table(new Table("The parts of this report", List.of("part", "result", "wall time"), rows));
        try (ReportListener.Task task = listener.start("draw figures", parts.size())) {
            for (int i = 0; i < parts.size(); i++) {
                parts.get(i).renderer().run();
                task.stepTo(i + 1);
            }
        }
        Path index;
        try (ReportListener.Task task = listener.start("write page", 0)) {
            index = page.write(dir);
        }
        Optional<BrowserCheck.PageCheck> check = Optional.empty();
        String unchecked = "Chromium is absent (" + BrowserCheck.INSTALL_HINT + ")";
        if (tools.browser().isPresent()) {
            try (ReportListener.Task task = listener.start("check page in chromium", 0)) {
                check = Optional.of(tools.browser().get().check(index));
                unchecked = "";
            } catch (UncheckedIOException e) {
                unchecked = e.getMessage();
            }
        }
        List<String> lines = parts.stream().map(Part::line).collect(Collectors.toList());
        return new ReportSummary(index, lines, check, unchecked, seconds(start));
    }

    private static DistanceExperiment.Truth surfaceTruth(double[][] angles, int[][] pairs, int cells,
                                                         ReportListener listener) {
        double[][] from = new double[pairs.length][];
        double[][] to = new double[pairs.length][];
        for (int p = 0; p < pairs.length; p++) {
            from[p] = angles[pairs[p][0]];
            to[p] = angles[pairs[p][1]];
        }
        GroundTruth gt;
        try (ReportListener.Task task = listener.start("ground-truth geodesics", 0)) {
            gt = SurfaceGeodesics.on(KleinBottle.patches(), cells).distances(from, to);
        }
        return new DistanceExperiment.Truth(gt.distances(), "surface geodesic distance", gt.method() + String.format(
                Locale.ROOT, ". Stated error: the two resolutions differ by at most %.2e relative (mean %.2e); the "
                        + "refined paths are curves on the surface, so the distances are upper bounds tight to about "
                        + "that change.", gt.maxRelativeChange(), gt.meanRelativeChange()));
    }

    private static DistanceExperiment.Truth graphTruth(double[][] points, int[] chosen, int[][] pairs,
                                                       ReportListener listener) {
        int k = Math.min(NeighbourGraph.DEFAULT_NEIGHBOURS, points.length - 1);
        int[][] dataPairs = new int[pairs.length][];
        for (int p = 0; p < pairs.length; p++) {
            dataPairs[p] = new int[] {chosen[pairs[p][0]], chosen[pairs[p][1]]};
        }
        double[] d;
        NeighbourGraph graph;
        try (ReportListener.Task task = listener.start("neighbour-graph ground truth", 0)) {
            graph = NeighbourGraph.of(points, k);
            d = graph.distances(dataPairs);
        }
        return new DistanceExperiment.Truth(d, "graph geodesic distance of the data", String.format(Locale.ROOT,
                "shortest paths on the symmetric %d-nearest-neighbour graph of all %d points with Euclidean edge "
                        + "lengths%s. This is an estimate, not an exact geodesic distance: such paths zig-zag, "
                        + "by about 2%% on average on a densely sampled surface and more where the data are sparse "
                        + "or of higher dimension.", k, points.length, graph.joins() == 0 ? ""
                        : " (" + graph.joins() + " edges added to join its components)"));
    }

    private static String frechetLine(FrechetExperiment.Result r) {
        List<String> parts = new ArrayList<>();
        for (FrechetExperiment.SizeRun run : r.sizes()) {
            FrechetExperiment.SchemeRun atlas = run.atlas();
            List<String> others = new ArrayList<>();
            for (FrechetExperiment.SchemeRun s : run.schemes()) {
                if (s != atlas) {
                    others.add(String.format(Locale.ROOT, "%s %.1f×", s.scheme(), s.medianMicros()
                            / atlas.medianMicros()));
                }
            }
            parts.add(String.format(Locale.ROOT, "%s %.2f µs (%s)", run.size(), atlas.medianMicros(),
                    String.join(", ", others)));
        }
        return "(a) online Fréchet mean, median µs per sample of the atlas scheme and the others' time relative to "
                + "it: " + String.join("; ", parts);
    }

    private static String distanceLine(AtlasLearning.Learned l, DistanceExperiment.Result d) {
        Map<String, String> alpha = new LinkedHashMap<>();
        for (DistanceExperiment.Row row : d.rows()) {
            alpha.put(row.method(), String.format(Locale.ROOT, "%.3g (%.1f%%)", row.comparison().distortion(),
                    100 * row.comparison().meanRelativeError()));
        }
        return String.format(Locale.ROOT, "(b) atlas of %d charts, d = %d; distortion α (mean error) on %d pairs: %s",
                l.atlas().charts().size(), l.atlas().dimension(), d.pairs(), alpha.entrySet().stream()
                        .map(e -> e.getKey() + " " + e.getValue()).collect(Collectors.joining(", ")));
    }

    private static String homologyLine(HomologyExperiment.Result r) {
        if (r.skipped().isPresent()) {
            return "(c) persistent homology: skipped, " + r.skipped().get();
        }
        return "(c) Betti numbers over Z/2 / Z/3: " + HomologyExperiment.bettiSummary(r).entrySet().stream()
                .map(e -> e.getKey() + " " + e.getValue()).collect(Collectors.joining(", "))
                + r.expected().map(e -> " (the Klein bottle: " + HomologyExperiment.tuple(e.get(0)) + " / "
                + HomologyExperiment.tuple(e.get(1)) + ")").orElse("");
    }

    private static double loadAverage() {
        return ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
    }

    private static double seconds(long since) {
        return (System.nanoTime() - since) * 1e-9;
    }
}

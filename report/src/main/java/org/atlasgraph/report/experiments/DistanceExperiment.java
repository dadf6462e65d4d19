package org.atlasgraph.report.experiments;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.SplittableRandom;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.atlasgraph.pointcloud.PointCloudAtlas;
import org.atlasgraph.report.Baseline;
import org.atlasgraph.report.DistanceComparison;
import org.atlasgraph.report.Figures;
import org.atlasgraph.report.HtmlReport;
import org.atlasgraph.report.Table;
import org.knowm.xchart.XYChart;

/**
 * Geodesic distances on random pairs of points (Fig. 4, App. F.4): the learned atlas's own distance and each
 * baseline's graph geodesic on its embedding, each against a ground truth the report computed itself, summed up by
 * the metric distortion α and the mean relative error ({@link DistanceComparison}).
 */
final class DistanceExperiment {
    /** The label of the atlas in tables and figures. */
    static final String ATLAS = "atlas";

    private DistanceExperiment() {
    }

    /**
     * The reference distances.
     *
     * @param distances one per pair
     * @param label     what they are, for axis titles, e.g. {@code "surface geodesic distance"}
     * @param method    how they were computed and how accurate they are, in a few sentences
     */
    record Truth(double[] distances, String label, String method) {
    }

    /**
     * One method's distances on the pairs.
     *
     * @param method      the method's label
     * @param description how its distances were computed
     * @param truth       the true distances of the pairs compared (those with a finite estimate)
     * @param estimate    its distances, same length
     * @param comparison  α, the best scale and the error after it
     * @param ownUnits    the mean relative error without rescaling, for methods in the data's units; NaN otherwise
     * @param note        what the reader should know (pairs without a path, rows Smile left out), or empty
     */
    record Row(String method, String description, double[] truth, double[] estimate, DistanceComparison comparison,
               double ownUnits, String note) {
    }

    /**
     * The outcome.
     *
     * @param truth the reference
     * @param pairs the number of pairs
     * @param rows  the atlas first, then each baseline
     */
    record Result(Truth truth, int pairs, List<Row> rows) {
    }

    /**
     * Draws pairs of distinct indices.
     *
     * @param n     the number of points, ≥ 2
     * @param count the number of pairs
     * @param seed  the seed
     * @return rows {i, j} with i ≠ j
     */
    static int[][] randomPairs(int n, int count, long seed) {
        SplittableRandom rng = new SplittableRandom(seed);
        int[][] pairs = new int[count][];
        for (int p = 0; p < count; p++) {
            int i = rng.nextInt(n);
            int j = rng.nextInt(n - 1);
            pairs[p] = new int[] {i, j >= i ? j + 1 : j};
        }
        return pairs;
    }

    /**
     * Draws distinct indices.
     *
     * @param n    the number of points
     * @param m    how many to draw, in {@code [0, n]}
     * @param seed the seed
     * @return m distinct indices in [0, n), in random order
     */
    static int[] choose(int n, int m, long seed) {
        List<Integer> all = new ArrayList<>(IntStream.range(0, n).boxed().toList());
        Collections.shuffle(all, new Random(seed));
        return all.subList(0, m).stream().mapToInt(Integer::intValue).toArray();
    }

    /**
     * Compares the atlas and the baselines on the pairs.
     *
     * @param atlas      the learned atlas
     * @param cloud      the points the pairs index, which the baselines embedded (not modified)
     * @param pairs      rows {i, j}
     * @param truth      the reference distances of the pairs
     * @param embeddings the baselines' embeddings of the cloud
     * @param listener   hears the progress
     * @return the comparison
     */
    static Result run(PointCloudAtlas atlas, double[][] cloud, int[][] pairs, Truth truth,
                      List<BaselineEmbeddings.Computed> embeddings, ReportListener listener) {
        List<Row> rows = new ArrayList<>();
        double[] estimate = new double[pairs.length];
        int offAtlas = 0;
        try (ReportListener.Task task = listener.start("atlas distances", pairs.length)) {
            for (int p = 0; p < pairs.length; p++) {
                double[] x = cloud[pairs[p][0]];
                double[] y = cloud[pairs[p][1]];
                boolean on = atlas.checkPoint(x).isEmpty() && atlas.checkPoint(y).isEmpty();
                estimate[p] = on ? atlas.geodesicDistance(x, y) : Double.NaN;
                offAtlas += on ? 0 : 1;
                task.stepTo(p + 1);
            }
        }
        int finite = 0;
        for (double e : estimate) {
            finite += Double.isFinite(e) ? 1 : 0;
        }
        double[] t = new double[finite];
        double[] e = new double[finite];
        for (int p = 0, c = 0; p < pairs.length; p++) {
            if (Double.isFinite(estimate[p])) {
                t[c] = truth.distances()[p];
                e[c++] = estimate[p];
            }
        }
        int noPath = pairs.length - finite - offAtlas;
        List<String> left = new ArrayList<>();
        if (offAtlas > 0) {
            left.add(offAtlas + " pairs with a point off the atlas (an outlier the learner removed)");
        }
        if (noPath > 0) {
            left.add(noPath + " pairs that no path of the atlas joins");
        }
        rows.add(row(ATLAS, String.format(Locale.ROOT, "the learned atlas's geodesic distance: the naive approximate "
                + "distance within a chart (App. F.4), beyond it a route on a graph of chart landmarks (%d) refined "
                + "in the charts", atlas.landmarkCount()), t, e, true, left.isEmpty() ? ""
                : "left out: " + String.join("; ", left)));
        try (ReportListener.Task task = listener.start("baseline distances", embeddings.size())) {
            int done = 0;
            for (BaselineEmbeddings.Computed c : embeddings) {
                double[] d = c.embedding().geodesicDistances(pairs);
                boolean dataUnits = c.baseline() != Baseline.TSNE && c.baseline() != Baseline.UMAP;
                String note = c.embedding().completedRows() == 0 ? "" : c.embedding().completedRows()
                        + " points Smile left out were placed by their neighbours";
                rows.add(row(c.baseline().label(), c.embedding().description() + "; distances: shortest paths on "
                        + "the symmetric 15-nearest-neighbour graph of the embedded points (App. F)",
                        truth.distances(), d, dataUnits, note));
                task.stepTo(++done);
            }
        }
        return new Result(truth, pairs.length, List.copyOf(rows));
    }

    private static Row row(String method, String description, double[] truth, double[] estimate, boolean dataUnits,
                           String note) {
        DistanceComparison c = DistanceComparison.of(truth, estimate);
        double own = Double.NaN;
        if (dataUnits) {
            double sum = 0;
            int n = 0;
            for (int i = 0; i < truth.length; i++) {
                if (truth[i] > 0) {
                    sum += Math.abs(estimate[i] - truth[i]) / truth[i];
                    n++;
                }
            }
            own = n == 0 ? Double.NaN : sum / n;
        }
        return new Row(method, description, truth.clone(), estimate.clone(), c, own, note);
    }

    /**
     * Writes the comparison into the page: the reference, a table, and a scatter plot per method.
     *
     * @param r      the outcome
     * @param page   the page
     * @param prefix the figure's name, unique in the page
     */
    static void render(Result r, HtmlReport page, String prefix) {
        page.paragraph("Ground truth (" + r.truth().label() + "): " + r.truth().method());
        List<List<String>> rows = new ArrayList<>();
        for (Row row : r.rows()) {
            DistanceComparison c = row.comparison();
            rows.add(List.of(row.method(), String.valueOf(c.pairs()), String.format(Locale.ROOT, "%.3f",
                    c.distortion()), String.format(Locale.ROOT, "%.2f%%", 100 * c.meanRelativeError()),
                    String.format(Locale.ROOT, "%.4g", c.scale()), Double.isNaN(row.ownUnits()) ? "–"
                            : String.format(Locale.ROOT, "%.2f%%", 100 * row.ownUnits()),
                    row.note().isEmpty() ? "–" : row.note()));
        }
        page.table(new Table("Geodesic distances on " + r.pairs() + " random pairs: distortion α = max ratio / min "
                + "ratio of estimate to truth (1 is perfect), mean relative error after the best scale s, and "
                + "without scaling for methods in the data's units", List.of("method", "pairs", "distortion α",
                "mean error (scaled)", "best scale s", "mean error (unscaled)", "note"), rows));
        List<List<String>> how = new ArrayList<>();
        for (Row row : r.rows()) {
            how.add(List.of(row.method(), row.description()));
        }
        page.table(new Table("How each method's distances were computed", List.of("method", "computation"), how));
        List<XYChart> charts = new ArrayList<>();
        for (Row row : r.rows()) {
            charts.add(Figures.distanceScatter(row.method(), row.truth(), row.estimate()));
        }
        page.figure(prefix, Figures.grid(charts, 2), "Estimated against " + r.truth().label() + " for each method "
                + "(Fig. 4): " + r.rows().stream().map(Row::method).collect(Collectors.joining(", ")) + ", left to "
                + "right and top to bottom; the line is estimate = truth / s");
    }
}

package org.atlasgraph.report.experiments;

import java.awt.Color;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.atlasgraph.api.ChartPoint;
import org.atlasgraph.api.base.Vectors;
import org.atlasgraph.pointcloud.LearningSummary;
import org.atlasgraph.pointcloud.PointCloudAtlas;
import org.atlasgraph.pointcloud.QuadraticChart;
import org.atlasgraph.report.Figures;
import org.atlasgraph.report.HtmlReport;
import org.atlasgraph.report.Table;
import org.knowm.xchart.XYChart;

/**
 * Learning the atlas of part (b) and drawing its charts (§4, Fig. 3, Fig. S2): an overview with every training point
 * coloured by the chart it belongs to, and one panel per chart with the points of its ball inside its transition
 * boundary in blue and outside in red, drawn in a plane the caller chooses (the (θ, φ) square for the Klein patches,
 * the first two principal components for other data).
 */
final class AtlasLearning {
    /** Charts drawn one panel each; the overview shows all. */
    private static final int PANELS = 16;
    private static final int PANEL_COLUMNS = 4;
    /** At most this many training points are drawn: a denser plot looks the same and locating them costs time. */
    static final int DRAWN_POINTS = 6000;

    private AtlasLearning() {
    }

    /**
     * Where to draw the training points.
     *
     * @param xName  the name of the first axis
     * @param yName  the name of the second axis
     * @param xy     one row {x, y} per training point
     * @param bounds {xMin, xMax, yMin, yMax} of the axes, or null for XChart's own
     */
    record Plane(String xName, String yName, double[][] xy, double[] bounds) {
    }

    /**
     * The learned atlas.
     *
     * @param atlas   the atlas
     * @param points  the training points
     * @param source  where they came from, one phrase
     * @param seconds the learning wall time
     */
    record Learned(PointCloudAtlas atlas, double[][] points, String source, double seconds) {
    }

    /**
     * Learns an atlas with every setting derived from the data.
     *
     * @param points   the training points (not modified)
     * @param source   where they came from
     * @param seed     the seed of learning
     * @param listener hears the stages
     * @return the atlas
     */
    static Learned learn(double[][] points, String source, long seed, ReportListener listener) {
        long start = System.nanoTime();
        PointCloudAtlas atlas;
        try (ReportListener.Task task = listener.start("learn atlas", 0)) {
            atlas = PointCloudAtlas.builder(points).seed(seed).progress((stage, done, total) -> {
                synchronized (task) {
                    task.message(stage + (total > 0 ? " " + done + "/" + total : " " + done));
                }
            }).build();
        }
        return new Learned(atlas, points, source, (System.nanoTime() - start) * 1e-9);
    }

    /**
     * Writes what learning found and the charts into the page.
     *
     * @param l     the atlas
     * @param plane where to draw the training points
     * @param page  the page
     */
    static void render(Learned l, Plane plane, HtmlReport page) {
        LearningSummary s = l.atlas().summary();
        page.table(new Table("The learned atlas (" + l.source() + ")", List.of("quantity", "value"), List.of(
                List.of("points N × D", s.pointCount() + " × " + l.atlas().ambientDimension()
                        + (s.inputCount() > s.pointCount() ? " (of " + s.inputCount() + " given: " + s.duplicateCount()
                        + " duplicates and " + s.outlierCount() + " outliers removed)" : "")),
                List.of("dimension d", s.dimension() + (s.dimensionEstimated() ? " (estimated)" : " (given)")),
                List.of("chart radius r", String.format(Locale.ROOT, "%.4g", s.radius())
                        + (s.radiusDerived() ? " (derived)" : " (given)")),
                List.of("charts", s.chartCount() + (s.linearChartCount() == 0 ? "" : " (" + s.linearChartCount()
                        + " of them linear: their points determine no quadratic)")),
                List.of("overlapping pairs of charts", String.valueOf(s.overlapCount())),
                List.of("coverage", String.format(Locale.ROOT, "%.4f", s.coverage())),
                List.of("fit residual RMS / max", String.format(Locale.ROOT, "%.3e / %.3e", s.rmsFitResidual(),
                        s.maxFitResidual())),
                List.of("learning time", String.format(Locale.ROOT, "%.2f s", l.seconds())))));
        List<QuadraticChart> charts = l.atlas().charts();
        double[][] points = l.points();
        int stride = Math.max(1, (points.length + DRAWN_POINTS - 1) / DRAWN_POINTS);
        List<List<Integer>> byChart = new ArrayList<>();
        charts.forEach(c -> byChart.add(new ArrayList<>()));
        List<Integer> off = new ArrayList<>();
        for (int i = 0; i < points.length; i += stride) {
            if (l.atlas().checkPoint(points[i]).isPresent()) {
                off.add(i);
                continue;
            }
            ChartPoint p = l.atlas().locate(points[i]);
            byChart.get(((QuadraticChart) p.chart()).index()).add(i);
        }
        XYChart overview = Figures.scatter("the " + charts.size() + " charts of the learned atlas", plane.xName(),
                plane.yName(), 800, 800);
        bound(overview, plane);
        for (QuadraticChart c : charts) {
            Figures.addPoints(overview, c.id().value(), column(plane.xy(), byChart.get(c.index()), 0),
                    column(plane.xy(), byChart.get(c.index()), 1), hue(c.index()));
        }
        Figures.addPoints(overview, "off the atlas", column(plane.xy(), off, 0), column(plane.xy(), off, 1),
                Color.LIGHT_GRAY);
        page.figure("charts", overview, (stride == 1 ? "Every training point" : "Every " + stride + "th training "
                + "point") + " coloured by the chart it belongs to, in the plane (" + plane.xName() + ", "
                + plane.yName() + ") (Fig. S2A)" + (off.isEmpty() ? "" : "; " + off.size() + " points off the atlas "
                + "(removed as outliers) in grey"));
        List<XYChart> panels = new ArrayList<>();
        for (int k = 0; k < Math.min(PANELS, charts.size()); k++) {
            QuadraticChart c = charts.get(k);
            List<Integer> inside = new ArrayList<>();
            List<Integer> outside = new ArrayList<>();
            double[] centre = c.centre();
            for (int i = 0; i < points.length; i += stride) {
                if (Vectors.squaredDistance(points[i], centre) >= c.radius() * c.radius()) {
                    continue;
                }
                boolean in = l.atlas().coordinatesIn(c, points[i]).map(p -> c.contains(p.xi())).orElse(false);
                (in ? inside : outside).add(i);
            }
            XYChart panel = Figures.scatter(c.id().value(), plane.xName(), plane.yName(), 300, 300);
            bound(panel, plane);
            Figures.addPoints(panel, "inside", column(plane.xy(), inside, 0), column(plane.xy(), inside, 1),
                    Color.BLUE);
            Figures.addPoints(panel, "outside", column(plane.xy(), outside, 0), column(plane.xy(), outside, 1),
                    Color.RED);
            panels.add(panel);
        }
        page.figure("chart-panels", Figures.grid(panels, PANEL_COLUMNS), "The first " + panels.size() + " charts: "
                + (stride == 1 ? "the" : "every " + stride + "th of the") + " training points within each chart's "
                + "ball, blue inside its learned transition boundary, red outside (Fig. 3A)");
    }

    private static void bound(XYChart chart, Plane plane) {
        if (plane.bounds() != null) {
            chart.getStyler().setXAxisMin(plane.bounds()[0]).setXAxisMax(plane.bounds()[1])
                    .setYAxisMin(plane.bounds()[2]).setYAxisMax(plane.bounds()[3]);
        }
    }

    private static Color hue(int index) {
        return Color.getHSBColor((index * 0.618034f) % 1f, 0.75f, 0.85f);
    }

    private static double[] column(double[][] rows, List<Integer> idx, int col) {
        double[] out = new double[idx.size()];
        for (int k = 0; k < out.length; k++) {
            out[k] = rows[idx.get(k)][col];
        }
        return out;
    }
}

package org.atlasgraph.report;

import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.atlasgraph.api.check.InvalidInputException;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.HeatMapChart;
import org.knowm.xchart.HeatMapChartBuilder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.internal.chartpart.Chart;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * The report's charts, drawn by XChart: true against estimated distances (Fig. 4), the aggregate bottleneck heat map
 * (Fig. 5C), persistence diagrams (Fig. 5A, B), curves on log-log axes (Fig. 1), scatter plots of points in a plane
 * (Fig. 3, Fig. 6), and a grid that joins several charts into one image. Each returns a chart or an image that
 * {@link HtmlReport#figure} renders; callers may restyle a chart first.
 */
public final class Figures {
    private static final int WIDTH = 640;
    private static final int HEIGHT = 480;
    private static final int HEAT_MAP_WIDTH = 900;
    private static final int HEAT_MAP_HEIGHT = 640;
    /** Essential classes are drawn this far above the largest finite death. */
    private static final double ESSENTIAL_HEADROOM = 1.1;

    private Figures() {
    }

    /**
     * Estimated against true distance for one method, with the line {@code estimate = truth / s} of the best scale s,
     * and α and the error in the title.
     *
     * @param method   the method's label, e.g. {@code "PCA-2"}
     * @param truth    true distances (not modified)
     * @param estimate estimated distances, same length (not modified)
     * @return the chart
     * @throws InvalidInputException as {@link DistanceComparison#of}
     */
    public static XYChart distanceScatter(String method, double[] truth, double[] estimate) {
        DistanceComparison c = DistanceComparison.of(truth, estimate);
        XYChart chart = new XYChartBuilder().width(WIDTH).height(HEIGHT)
                .title(String.format(Locale.ROOT, "%s: distortion α = %.3g, mean error %.1f%% after scaling", method,
                        c.distortion(), 100 * c.meanRelativeError()))
                .xAxisTitle("true geodesic distance").yAxisTitle("estimated distance").build();
        chart.getStyler().setDefaultSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter);
        chart.getStyler().setMarkerSize(5);
        chart.getStyler().setLegendVisible(true).setLegendPosition(Styler.LegendPosition.InsideNW);
        chart.addSeries("pairs", truth.clone(), estimate.clone());
        double max = Arrays.stream(truth).max().orElse(1);
        if (c.scale() > 0) {
            XYSeries line = chart.addSeries("estimate = truth / " + String.format(Locale.ROOT, "%.3g", c.scale()),
                    new double[] {0, max}, new double[] {0, max / c.scale()});
            line.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Line);
            line.setMarker(SeriesMarkers.NONE);
        }
        return chart;
    }

    /**
     * A square heat map of a symmetric matrix, e.g. aggregate bottleneck distances between methods.
     *
     * @param title  the chart title
     * @param labels row and column labels
     * @param values the matrix, labels.size() square (not modified)
     * @return the chart
     * @throws InvalidInputException if the shapes disagree or a value is not finite
     */
    public static HeatMapChart heatMap(String title, List<String> labels, double[][] values) {
        int n = labels == null ? 0 : labels.size();
        if (n == 0 || values == null || values.length != n) {
            throw new InvalidInputException("values", "a square matrix of side labels.size() = " + n,
                    values == null ? "null" : values.length + " rows");
        }
        List<Number[]> cells = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            if (values[i] == null || values[i].length != n) {
                throw new InvalidInputException("values[" + i + "]", "length " + n,
                        values[i] == null ? "null" : String.valueOf(values[i].length));
            }
            for (int j = 0; j < n; j++) {
                if (!Double.isFinite(values[i][j])) {
                    throw new InvalidInputException("values[" + i + "][" + j + "]", "a finite value",
                            String.valueOf(values[i][j]));
                }
                cells.add(new Number[] {j, n - 1 - i, values[i][j]});
            }
        }
        HeatMapChart chart = new HeatMapChartBuilder().width(HEAT_MAP_WIDTH).height(HEAT_MAP_HEIGHT).title(title)
                .build();
        chart.getStyler().setShowValue(true).setHeatMapDecimalValueFormatter(v -> String.format(Locale.ROOT, "%.3g",
                v));
        chart.getStyler().setLegendVisible(true);
        List<String> reversed = new ArrayList<>(labels);
        Collections.reverse(reversed);
        chart.addSeries("aggregate bottleneck distance", labels, reversed, cells);
        return chart;
    }

    /**
     * A persistence diagram: one series per dimension (birth, death), the diagonal, and essential classes drawn at a
     * line above the largest finite death, labelled ∞.
     *
     * @param title    the chart title
     * @param diagrams the diagrams
     * @return the chart
     * @throws InvalidInputException if the diagrams are null
     */
    public static XYChart persistenceDiagram(String title, PersistenceDiagrams diagrams) {
        if (diagrams == null) {
            throw new InvalidInputException("diagrams", "persistence diagrams", "null");
        }
        double top = 0;
        for (PersistenceDiagram d : diagrams.diagrams()) {
            for (PersistenceInterval i : d.intervals()) {
                top = Math.max(top, i.isEssential() ? i.birth() : i.death());
            }
        }
        top = top > 0 ? top : 1;
        double infinity = ESSENTIAL_HEADROOM * top;
        XYChart chart = new XYChartBuilder().width(WIDTH).height(HEIGHT)
                .title(title + String.format(Locale.ROOT, " (Z/%d; ∞ drawn at %.3g)", diagrams.modulus(), infinity))
                .xAxisTitle("birth").yAxisTitle("death").build();
        chart.getStyler().setDefaultSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter);
        chart.getStyler().setMarkerSize(6);
        XYSeries diagonal = chart.addSeries("diagonal", new double[] {0, infinity}, new double[] {0, infinity});
        diagonal.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Line);
        diagonal.setMarker(SeriesMarkers.NONE);
        for (PersistenceDiagram d : diagrams.diagrams()) {
            if (d.size() == 0) {
                continue;
            }
            double[] x = new double[d.size()];
            double[] y = new double[d.size()];
            for (int k = 0; k < d.size(); k++) {
                PersistenceInterval i = d.intervals().get(k);
                x[k] = i.birth();
                y[k] = i.isEssential() ? infinity : i.death();
            }
            chart.addSeries("H" + d.dimension(), x, y);
        }
        return chart;
    }

    /**
     * Curves on logarithmic axes, one per entry; points with a non-positive coordinate are left out. The y axis spans
     * whole decades around the data (XChart's own logarithmic range may cut off the largest point).
     *
     * @param title   the chart title
     * @param xTitle  the x axis title
     * @param yTitle  the y axis title
     * @param series  for each series name, rows {x values, y values} of equal length (not modified)
     * @param markers whether to mark the points (for a few points) or draw lines only (for dense curves)
     * @return the chart
     * @throws InvalidInputException if a series does not have two rows of equal length
     */
    public static XYChart logLog(String title, String xTitle, String yTitle, Map<String, double[][]> series,
                                 boolean markers) {
        return curves(title, xTitle, yTitle, series, markers, true);
    }

    /**
     * Curves with a logarithmic y axis and a linear x axis, one per entry, e.g. a spectrum against its index; as
     * {@link #logLog} otherwise.
     *
     * @param title   the chart title
     * @param xTitle  the x axis title
     * @param yTitle  the y axis title
     * @param series  for each series name, rows {x values, y values} of equal length (not modified)
     * @param markers whether to mark the points
     * @return the chart
     * @throws InvalidInputException if a series does not have two rows of equal length
     */
    public static XYChart semiLog(String title, String xTitle, String yTitle, Map<String, double[][]> series,
                                  boolean markers) {
        return curves(title, xTitle, yTitle, series, markers, false);
    }

    private static XYChart curves(String title, String xTitle, String yTitle, Map<String, double[][]> series,
                                  boolean markers, boolean logX) {
        XYChart chart = new XYChartBuilder().width(WIDTH).height(HEIGHT).title(title).xAxisTitle(xTitle)
                .yAxisTitle(yTitle).build();
        chart.getStyler().setXAxisLogarithmic(logX).setYAxisLogarithmic(true).setMarkerSize(6)
                .setLegendPosition(Styler.LegendPosition.OutsideE);
        double lo = Double.POSITIVE_INFINITY;
        double hi = 0;
        for (Map.Entry<String, double[][]> e : series.entrySet()) {
            double[][] xy = e.getValue();
            if (xy == null || xy.length != 2 || xy[0].length != xy[1].length) {
                throw new InvalidInputException("series '" + e.getKey() + "'", "rows {x, y} of equal length",
                        xy == null ? "null" : xy.length + " rows");
            }
            List<Double> x = new ArrayList<>();
            List<Double> y = new ArrayList<>();
            for (int i = 0; i < xy[0].length; i++) {
                if (xy[0][i] > 0 && xy[1][i] > 0 && Double.isFinite(xy[0][i]) && Double.isFinite(xy[1][i])) {
                    x.add(xy[0][i]);
                    y.add(xy[1][i]);
                    lo = Math.min(lo, xy[1][i]);
                    hi = Math.max(hi, xy[1][i]);
                }
            }
            if (!x.isEmpty()) {
                XYSeries s = chart.addSeries(e.getKey(), x, y);
                s.setMarker(markers ? SeriesMarkers.CIRCLE : SeriesMarkers.NONE);
            }
        }
        if (hi > 0) {
            chart.getStyler().setYAxisMin(Math.pow(10, Math.floor(Math.log10(lo))))
                    .setYAxisMax(Math.pow(10, Math.ceil(Math.log10(hi))));
        }
        return chart;
    }

    /**
     * An empty scatter plot without legend, to be filled with {@link #addPoints}.
     *
     * @param title  the chart title
     * @param xTitle the x axis title
     * @param yTitle the y axis title
     * @param width  the width in pixels
     * @param height the height in pixels
     * @return the chart
     */
    public static XYChart scatter(String title, String xTitle, String yTitle, int width, int height) {
        XYChart chart = new XYChartBuilder().width(width).height(height).title(title).xAxisTitle(xTitle)
                .yAxisTitle(yTitle).build();
        chart.getStyler().setDefaultSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter).setMarkerSize(3)
                .setLegendVisible(false);
        return chart;
    }

    /**
     * Adds points in one colour to a scatter plot; nothing when there are none.
     *
     * @param chart the chart (modified)
     * @param name  the series name, unique in the chart
     * @param x     x coordinates (copied)
     * @param y     y coordinates, same length (copied)
     * @param color the marker colour
     * @throws InvalidInputException if the lengths differ
     */
    public static void addPoints(XYChart chart, String name, double[] x, double[] y, Color color) {
        if (x.length != y.length) {
            throw new InvalidInputException("y", x.length + " values (as x)", String.valueOf(y.length));
        }
        if (x.length == 0) {
            return;
        }
        XYSeries s = chart.addSeries(name, x.clone(), y.clone());
        s.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter);
        s.setMarker(SeriesMarkers.CIRCLE);
        s.setMarkerColor(color);
    }

    /**
     * Draws charts side by side, row by row, into one image (white where a row is not full).
     *
     * @param charts  the charts, each drawn at its own size into a cell as large as the largest
     * @param columns the cells per row, ≥ 1
     * @return the image
     * @throws InvalidInputException if there is no chart or columns &lt; 1
     */
    public static BufferedImage grid(List<? extends Chart<?, ?>> charts, int columns) {
        if (charts == null || charts.isEmpty()) {
            throw new InvalidInputException("charts", "at least one chart", "none");
        }
        if (columns < 1) {
            throw new InvalidInputException("columns", "≥ 1", String.valueOf(columns));
        }
        List<BufferedImage> images = new ArrayList<>();
        int w = 0;
        int h = 0;
        for (Chart<?, ?> c : charts) {
            BufferedImage image = BitmapEncoder.getBufferedImage(c);
            images.add(image);
            w = Math.max(w, image.getWidth());
            h = Math.max(h, image.getHeight());
        }
        int cols = Math.min(columns, images.size());
        int rows = (images.size() + cols - 1) / cols;
        BufferedImage out = new BufferedImage(cols * w, rows * h, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = out.createGraphics();
        try {
            g.setColor(Color.WHITE);
            g.fillRect(0, 0, out.getWidth(), out.getHeight());
            for (int i = 0; i < images.size(); i++) {
                g.drawImage(images.get(i), (i % cols) * w, (i / cols) * h, null);
            }
        } finally {
            g.dispose();
        }
        return out;
    }
}

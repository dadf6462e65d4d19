package org.atlasgraph.report;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import org.atlasgraph.api.check.InvalidInputException;
import org.knowm.xchart.HeatMapChart;
import org.knowm.xchart.HeatMapChartBuilder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * The report's charts, drawn by XChart: true against estimated distances (Fig. 4), the aggregate bottleneck heat map
 * (Fig. 5C) and persistence diagrams (Fig. 5A, B). Each returns a chart that {@link HtmlReport#figure} renders; callers
 * may restyle it first.
 */
public final class Figures {
    private static final int WIDTH = 640;
    private static final int HEIGHT = 480;
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
        chart.getStyler().setLegendVisible(true);
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
        HeatMapChart chart = new HeatMapChartBuilder().width(WIDTH).height(WIDTH).title(title).build();
        chart.getStyler().setShowValue(true);
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
}

package org.atlasgraph.cli.rpb;

import java.awt.Color;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.atlasgraph.cli.io.AtomicFiles;
import org.atlasgraph.optim.boundary.BoundaryFit;
import org.atlasgraph.optim.boundary.Curve;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * PNG plots of a principal boundary over its training data, as in Fig. 6A of the paper: the data of each class, the
 * two principal flows and the boundary in a plane (the (θ, φ) square for the Klein bottle), one frame every few Euler
 * steps showing the curves integrated so far, and the complete solution.
 */
public final class BoundaryPlots {
    private static final int WIDTH = 640;
    private static final int HEIGHT = 900;
    private static final Color PLUS_DATA = new Color(214, 39, 40, 110);
    private static final Color MINUS_DATA = new Color(40, 40, 40, 110);
    private static final Color OTHER_DATA = new Color(170, 170, 170, 70);
    private static final Color PLUS_FLOW = new Color(255, 127, 14);
    private static final Color MINUS_FLOW = new Color(31, 119, 180);
    private static final Color BOUNDARY = new Color(44, 160, 44);

    /**
     * The data drawn under the curves.
     *
     * @param plus  points of the first class
     * @param minus points of the second class
     * @param other points of neither class (e.g. the "neither" patches), possibly empty
     */
    public record Data(List<double[]> plus, List<double[]> minus, List<double[]> other) {
        /** Copies the lists. */
        public Data {
            plus = List.copyOf(plus);
            minus = List.copyOf(minus);
            other = List.copyOf(other);
        }
    }

    private final BoundaryFit fit;
    private final PlaneProjection projection;
    private final double[][] plusData;
    private final double[][] minusData;
    private final double[][] otherData;
    private final double[][] plusCurve;
    private final double[][] minusCurve;
    private final double[][] boundaryCurve;

    /**
     * Projects the data and the curves once, for all frames.
     *
     * @param fit        the fitted boundary
     * @param data       the points to draw under the curves
     * @param projection how ambient points are placed in the plane
     */
    public BoundaryPlots(BoundaryFit fit, Data data, PlaneProjection projection) {
        this.fit = fit;
        this.projection = projection;
        this.plusData = project(data.plus());
        this.minusData = project(data.minus());
        this.otherData = project(data.other());
        this.plusCurve = project(fit.plusFlow());
        this.minusCurve = project(fit.minusFlow());
        this.boundaryCurve = project(fit.boundary());
    }

    /**
     * Writes {@code rpb-step-NNNN.png} for every multiple of {@code every} up to the last step, and {@code rpb.png}
     * with the complete curves. Each file is written atomically.
     *
     * @param directory an existing, writable directory
     * @param every     the steps between frames, ≥ 1
     * @return the files written, frames first
     * @throws IOException if a file cannot be written
     */
    public List<Path> write(Path directory, int every) throws IOException {
        int steps = boundaryCurve.length - 1;
        List<Path> written = new ArrayList<>();
        for (int k = every; k < steps; k += every) {
            Path file = directory.resolve(String.format(Locale.ROOT, "rpb-step-%04d.png", k));
            save(chart("after " + k + " of " + steps + " Euler steps", k), file);
            written.add(file);
        }
        Path last = directory.resolve("rpb.png");
        save(chart("principal boundary, " + steps + " Euler steps", steps), last);
        written.add(last);
        return written;
    }

    private XYChart chart(String title, int upTo) {
        XYChart chart = new XYChartBuilder().width(WIDTH).height(HEIGHT).title(title)
                .xAxisTitle(projection.xTitle()).yAxisTitle(projection.yTitle()).build();
        chart.getStyler().setDefaultSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter);
        chart.getStyler().setMarkerSize(3);
        chart.getStyler().setChartBackgroundColor(Color.WHITE);
        chart.getStyler().setPlotGridLinesVisible(false);
        chart.getStyler().setLegendPosition(org.knowm.xchart.style.Styler.LegendPosition.OutsideS);
        chart.getStyler().setLegendLayout(org.knowm.xchart.style.Styler.LegendLayout.Horizontal);
        projection.ranges().ifPresent(r -> {
            chart.getStyler().setXAxisMin(r[0]);
            chart.getStyler().setXAxisMax(r[1]);
            chart.getStyler().setYAxisMin(r[2]);
            chart.getStyler().setYAxisMax(r[3]);
        });
        points(chart, "neither", otherData, OTHER_DATA);
        points(chart, fit.plusName(), plusData, PLUS_DATA);
        points(chart, fit.minusName(), minusData, MINUS_DATA);
        curve(chart, "γ⁺ " + fit.plusName(), plusCurve, upTo + 1, PLUS_FLOW);
        curve(chart, "γ⁻ " + fit.minusName(), minusCurve, upTo + 1, MINUS_FLOW);
        curve(chart, "boundary", boundaryCurve, upTo + 1, BOUNDARY);
        return chart;
    }

    private static void points(XYChart chart, String name, double[][] xy, Color color) {
        if (xy.length == 0) {
            return;
        }
        double[] x = new double[xy.length];
        double[] y = new double[xy.length];
        for (int i = 0; i < xy.length; i++) {
            x[i] = xy[i][0];
            y[i] = xy[i][1];
        }
        XYSeries s = chart.addSeries(name, x, y);
        s.setMarker(SeriesMarkers.CIRCLE);
        s.setMarkerColor(color);
    }

    /**
     * A curve as a line, broken (by a NaN point) wherever it jumps by more than a quarter of the plot's extent: in the
     * (θ, φ) square that is where it crosses a glued edge.
     */
    private void curve(XYChart chart, String name, double[][] xy, int count, Color color) {
        double jump = projection.ranges().map(r -> Math.max(r[1] - r[0], r[3] - r[2]) / 4)
                .orElse(Double.POSITIVE_INFINITY);
        List<Double> x = new ArrayList<>();
        List<Double> y = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            if (i > 0 && Math.hypot(xy[i][0] - xy[i - 1][0], xy[i][1] - xy[i - 1][1]) > jump) {
                x.add(Double.NaN);
                y.add(Double.NaN);
            }
            x.add(xy[i][0]);
            y.add(xy[i][1]);
        }
        XYSeries s = chart.addSeries(name, x, y);
        s.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Line);
        s.setMarker(SeriesMarkers.NONE);
        s.setLineColor(color);
        s.setLineWidth(2.5f);
    }

    private static void save(XYChart chart, Path file) throws IOException {
        AtomicFiles.write(file, out -> BitmapEncoder.saveBitmap(chart, out, BitmapEncoder.BitmapFormat.PNG));
    }

    private double[][] project(List<double[]> points) {
        double[][] r = new double[points.size()][];
        for (int i = 0; i < r.length; i++) {
            r[i] = projection.project(points.get(i));
        }
        return r;
    }

    private double[][] project(Curve curve) {
        double[][] r = new double[curve.size()][];
        for (int i = 0; i < r.length; i++) {
            r[i] = projection.project(curve.ambient(i));
        }
        return r;
    }
}

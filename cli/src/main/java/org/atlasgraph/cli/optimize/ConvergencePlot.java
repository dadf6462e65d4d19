package org.atlasgraph.cli.optimize;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * The convergence plot of {@code atlas optimize} as a PNG image (XChart): the Riemannian gradient norm against the
 * iteration, one series per method, the norm on a logarithmic axis (linear convergence is a straight line, superlinear
 * a curve that bends down). Add each method's trace with {@link #add}, then {@link #png}.
 */
public final class ConvergencePlot {
    private static final int WIDTH = 900;
    private static final int HEIGHT = 600;

    private final String title;
    private final Map<String, List<double[]>> traces = new LinkedHashMap<>();

    /** @param title the chart's title, e.g. the problem's name and size */
    public ConvergencePlot(String title) {
        this.title = Objects.requireNonNull(title, "title");
    }

    /**
     * Adds one point of a method's trace.
     *
     * @param method       the series, e.g. {@code "cg-prp"}
     * @param iteration    the iteration, 0 at the start point
     * @param gradientNorm the gradient norm there; points with a norm that is not positive and finite are left out
     *                     (a logarithmic axis cannot show them)
     */
    public void add(String method, int iteration, double gradientNorm) {
        if (gradientNorm > 0 && Double.isFinite(gradientNorm)) {
            traces.computeIfAbsent(method, m -> new ArrayList<>()).add(new double[] {iteration, gradientNorm});
        }
    }

    /**
     * @param method a series
     * @return how many points it has
     */
    public int points(String method) {
        return traces.getOrDefault(method, List.of()).size();
    }

    /**
     * Renders the chart.
     *
     * @return the PNG bytes
     * @throws IOException if the encoder fails
     */
    public byte[] png() throws IOException {
        XYChart chart = new XYChartBuilder().width(WIDTH).height(HEIGHT).title(title).xAxisTitle("iteration")
                .yAxisTitle("Riemannian gradient norm").build();
        chart.getStyler().setYAxisLogarithmic(true).setLegendPosition(Styler.LegendPosition.InsideNE);
        double lo = Double.POSITIVE_INFINITY;
        double hi = 0;
        for (Map.Entry<String, List<double[]>> e : traces.entrySet()) {
            List<Double> x = new ArrayList<>();
            List<Double> y = new ArrayList<>();
            for (double[] p : e.getValue()) {
                x.add(p[0]);
                y.add(p[1]);
                lo = Math.min(lo, p[1]);
                hi = Math.max(hi, p[1]);
            }
            XYSeries s = chart.addSeries(e.getKey(), x, y);
            s.setMarker(SeriesMarkers.NONE);
        }
        if (hi > 0) {
            chart.getStyler().setYAxisMin(Math.pow(10, Math.floor(Math.log10(lo))))
                    .setYAxisMax(Math.pow(10, Math.ceil(Math.log10(hi))));
        }
        return BitmapEncoder.getBitmapBytes(chart, BitmapEncoder.BitmapFormat.PNG);
    }
}

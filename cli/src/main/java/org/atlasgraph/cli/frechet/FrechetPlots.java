package org.atlasgraph.cli.frechet;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.atlasgraph.cli.frechet.SchemeComparison.CurvePoint;
import org.atlasgraph.cli.frechet.SchemeComparison.SchemeOutcome;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * The two figures of §3.2 as PNG images (XChart): distance to the population mean vs iteration per scheme (Fig. 1A),
 * and update time vs k at fixed n per scheme (Fig. 1B). Both use logarithmic axes: the error curves span decades in
 * both directions, and on log-log axes a runtime growing like k or k² is a straight line of slope 1 or 2.
 */
final class FrechetPlots {
    private static final int WIDTH = 900;
    private static final int HEIGHT = 600;

    private FrechetPlots() {
    }

    /**
     * Fig. 1A for one manifold.
     *
     * @param title    e.g. {@code "Gr(100,5), GPD p = 2, seed 1"}
     * @param outcomes the schemes' outcomes with curves
     * @return the PNG bytes
     */
    static byte[] errorCurves(String title, List<SchemeOutcome> outcomes) throws IOException {
        XYChart chart = chart(title, "samples i", "geodesic distance of M_i to the mean (rad)");
        for (SchemeOutcome o : outcomes) {
            List<Double> x = new ArrayList<>();
            List<Double> y = new ArrayList<>();
            for (CurvePoint p : o.curve()) {
                if (p.distance() > 0) {
                    x.add((double) p.sample());
                    y.add(p.distance());
                }
            }
            if (!x.isEmpty()) {
                chart.addSeries(o.scheme(), x, y).setMarker(SeriesMarkers.NONE);
            }
        }
        fitLogAxis(chart);
        return BitmapEncoder.getBitmapBytes(chart, BitmapEncoder.BitmapFormat.PNG);
    }

    /**
     * Fig. 1B: total update time vs k, one series per scheme.
     *
     * @param title  e.g. {@code "Gr(2000,k), 1000 samples"}
     * @param byK    for each k in increasing order, the outcomes of that run
     * @return the PNG bytes
     */
    static byte[] runtimeVsK(String title, Map<Integer, List<SchemeOutcome>> byK) throws IOException {
        XYChart chart = chart(title, "k", "update time (s)");
        Map<String, List<double[]>> series = new LinkedHashMap<>();
        byK.forEach((k, outcomes) -> outcomes.forEach(o -> series.computeIfAbsent(o.scheme(), s -> new ArrayList<>())
                .add(new double[] {k, o.seconds()})));
        series.forEach((scheme, points) -> {
            List<Double> x = new ArrayList<>();
            List<Double> y = new ArrayList<>();
            for (double[] p : points) {
                if (p[1] > 0) {
                    x.add(p[0]);
                    y.add(p[1]);
                }
            }
            if (!x.isEmpty()) {
                chart.addSeries(scheme, x, y).setMarker(SeriesMarkers.CIRCLE);
            }
        });
        fitLogAxis(chart);
        return BitmapEncoder.getBitmapBytes(chart, BitmapEncoder.BitmapFormat.PNG);
    }

    /**
     * Sets the y range to whole decades around the data: XChart's automatic logarithmic range can cut off the largest
     * point.
     */
    private static void fitLogAxis(XYChart chart) {
        double lo = Double.POSITIVE_INFINITY;
        double hi = 0;
        for (XYSeries s : chart.getSeriesMap().values()) {
            for (double v : s.getYData()) {
                lo = Math.min(lo, v);
                hi = Math.max(hi, v);
            }
        }
        if (hi > 0) {
            chart.getStyler().setYAxisMin(Math.pow(10, Math.floor(Math.log10(lo))))
                    .setYAxisMax(Math.pow(10, Math.ceil(Math.log10(hi))));
        }
    }

    private static XYChart chart(String title, String xTitle, String yTitle) {
        XYChart chart = new XYChartBuilder().width(WIDTH).height(HEIGHT).title(title).xAxisTitle(xTitle)
                .yAxisTitle(yTitle).build();
        chart.getStyler().setXAxisLogarithmic(true).setYAxisLogarithmic(true)
                .setLegendPosition(Styler.LegendPosition.InsideNE).setMarkerSize(7);
        return chart;
    }
}

package org.atlasgraph.report.experiments;

import java.awt.Color;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.atlasgraph.optim.boundary.BoundaryFit;
import org.atlasgraph.optim.boundary.BoundaryParameters;
import org.atlasgraph.optim.boundary.Curve;
import org.atlasgraph.optim.boundary.PrincipalBoundary;
import org.atlasgraph.optim.boundary.Side;
import org.atlasgraph.pointcloud.PointCloudAtlas;
import org.atlasgraph.pointcloud.data.KleinPatches;
import org.atlasgraph.pointcloud.data.PatchLabel;
import org.atlasgraph.report.Figures;
import org.atlasgraph.report.HtmlReport;
import org.atlasgraph.report.Table;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * Part (d) of the report, the experiment of §5 and Fig. 6: the Riemannian principal boundary between convex and
 * concave patches on the learned Klein atlas, fitted to labelled patches and judged by its accuracy on held-out
 * patches drawn with another seed.
 */
final class BoundaryExperiment {
    private static final Color CONVEX = new Color(0xD62728);
    private static final Color CONCAVE = Color.BLACK;
    private static final Color NEITHER = new Color(0xC8C8C8);

    private BoundaryExperiment() {
    }

    /**
     * The outcome of part (d).
     *
     * @param settings    the sizes
     * @param training    the labelled patches
     * @param fit         the fitted flows and boundary
     * @param correct     held-out convex or concave patches classified right
     * @param heldOut     held-out convex or concave patches
     * @param fitSeconds  the wall time of the fit
     * @param trainSeed   the seed of the training patches
     * @param testSeed    the seed of the held-out patches
     */
    record Result(ReportSettings.Boundary settings, KleinPatches training, BoundaryFit fit, int correct, int heldOut,
                  double fitSeconds, long trainSeed, long testSeed) {
        /** @return the held-out accuracy in [0, 1] */
        double accuracy() {
            return heldOut == 0 ? Double.NaN : (double) correct / heldOut;
        }
    }

    /**
     * Fits the boundary on the atlas and classifies the held-out patches.
     *
     * @param atlas    the learned Klein atlas
     * @param settings the sizes
     * @param seed     the report's seed; the training patches use seed + 2, the held-out ones seed + 3
     * @param listener hears the progress
     * @return the outcome
     */
    static Result run(PointCloudAtlas atlas, ReportSettings.Boundary settings, long seed, ReportListener listener) {
        long trainSeed = seed + 2;
        long testSeed = seed + 3;
        KleinPatches training = KleinPatches.sample(settings.trainingPoints(), trainSeed);
        List<double[]> convex = new ArrayList<>();
        List<double[]> concave = new ArrayList<>();
        for (int i = 0; i < training.size(); i++) {
            if (training.label(i) == PatchLabel.CONVEX) {
                convex.add(training.point(i));
            } else if (training.label(i) == PatchLabel.CONCAVE) {
                concave.add(training.point(i));
            }
        }
        long start = System.nanoTime();
        BoundaryFit fit;
        try (ReportListener.Task task = listener.start("principal boundary", settings.iterations())) {
            fit = PrincipalBoundary.on(atlas).iterations(settings.iterations()).classNames("convex", "concave")
                    .listener((done, total) -> task.stepTo(done)).build().fit(convex, concave);
        }
        double seconds = (System.nanoTime() - start) * 1e-9;
        KleinPatches test = KleinPatches.sample(settings.testPoints(), testSeed);
        int correct = 0;
        int total = 0;
        try (ReportListener.Task task = listener.start("classify held-out patches", test.size())) {
            for (int i = 0; i < test.size(); i++) {
                PatchLabel label = test.label(i);
                if (label != PatchLabel.NEITHER) {
                    Side side = fit.classify(test.point(i));
                    correct += (side == Side.PLUS) == (label == PatchLabel.CONVEX) ? 1 : 0;
                    total++;
                }
                task.stepTo(i + 1);
            }
        }
        return new Result(settings, training, fit, correct, total, seconds, trainSeed, testSeed);
    }

    /**
     * Writes part (d) into the page.
     *
     * @param r    the outcome
     * @param page the page
     */
    static void render(Result r, HtmlReport page) {
        BoundaryParameters p = r.fit().parameters();
        page.section("(d) Principal boundary on the learned Klein atlas (§5, Fig. 6)");
        page.paragraph(String.format(Locale.ROOT, "The Riemannian principal boundary (Yao et al., App. E.2) between "
                + "the convex and the concave patches of %d labelled patches (seed %d), integrated by %d Euler steps "
                + "on the atlas of part (b), classifies %d of %d held-out convex or concave patches (seed %d) "
                + "correctly: %.2f%%. Patches that are neither (|tan φ| ≥ 2) take part in neither class.",
                r.settings().trainingPoints(), r.trainSeed(), p.iterations(), r.correct(), r.heldOut(), r.testSeed(),
                100 * r.accuracy()));
        page.table(new Table("Principal boundary: parameters and accuracy", List.of("quantity", "value"), List.of(
                List.of("held-out accuracy", String.format(Locale.ROOT, "%.2f%% (%d of %d)", 100 * r.accuracy(),
                        r.correct(), r.heldOut())),
                List.of("kernel radius h", String.format(Locale.ROOT, "%.4g", p.radius())),
                List.of("α (eq. E.1)", String.format(Locale.ROOT, "%.4g", p.alpha())),
                List.of("Euler step", String.format(Locale.ROOT, "%.4g", p.step())),
                List.of("Euler steps", String.valueOf(p.iterations())),
                List.of("boundary correction", String.format(Locale.ROOT, "%.4g", p.boundaryCorrection())),
                List.of("fit time", String.format(Locale.ROOT, "%.1f s", r.fitSeconds())))));
        XYChart chart = Figures.scatter("principal flows and boundary over the patches", "θ", "φ", 800, 800);
        chart.getStyler().setXAxisMin(0.0).setXAxisMax(Math.PI).setYAxisMin(0.0).setYAxisMax(2 * Math.PI)
                .setLegendVisible(true);
        KleinPatches t = r.training();
        for (PatchLabel label : PatchLabel.values()) {
            List<double[]> xy = new ArrayList<>();
            for (int i = 0; i < t.size(); i++) {
                if (t.label(i) == label) {
                    xy.add(new double[] {t.theta(i), t.phi(i)});
                }
            }
            Color c = label == PatchLabel.CONVEX ? CONVEX : label == PatchLabel.CONCAVE ? CONCAVE : NEITHER;
            String name = label == PatchLabel.NEITHER ? "neither (|tan φ| ≥ 2)"
                    : label.name().toLowerCase(Locale.ROOT) + " patches";
            Figures.addPoints(chart, name, column(xy, 0), column(xy, 1), c);
        }
        addCurve(chart, r.fit().plusFlow(), new Color(0xFF7F0E));
        addCurve(chart, r.fit().minusFlow(), new Color(0x1F77B4));
        addCurve(chart, r.fit().boundary(), new Color(0x2CA02C));
        page.figure("principal-boundary", chart, "The two principal flows and the principal boundary, drawn in the "
                + "(θ, φ) square of the patches (Fig. 6A, last panel): convex patches red, concave black, neither "
                + "grey");
    }

    private static void addCurve(XYChart chart, Curve curve, Color color) {
        List<double[]> xy = new ArrayList<>();
        for (double[] p : curve.ambientPoints()) {
            xy.add(KleinPatches.angles(p));
        }
        Figures.addPoints(chart, curve.name(), column(xy, 0), column(xy, 1), color);
        chart.getSeriesMap().get(curve.name()).setMarker(SeriesMarkers.DIAMOND);
    }

    static double[] column(List<double[]> rows, int j) {
        double[] out = new double[rows.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = rows.get(i)[j];
        }
        return out;
    }
}

package org.atlasgraph.pointcloud;

import java.util.List;
import java.util.Optional;
import java.util.Random;
import org.atlasgraph.api.Manifold;
import org.atlasgraph.api.spi.ManifoldProvider;
import org.atlasgraph.tck.InvalidParameters;
import org.atlasgraph.tck.ManifoldVerification;
import org.atlasgraph.tck.TckSettings;
import org.atlasgraph.tck.Tolerances;

/**
 * Runs the conformance kit on the atlas learned from 3000 points of S², declared approximate.
 *
 * <p>Tolerances, each derived from the atlas itself rather than tuned to pass:
 * <ul>
 *   <li>length scale: a tenth of the chart radius r, so that the kit's steps (up to one length scale) and off-centre
 *   points (0.3 length scales) stay well inside a chart's cell;</li>
 *   <li>round trips: neighbouring charts are separate quadratic fits, so a point embedded from one chart lies off the
 *   surface of another by up to the largest disagreement E of two charts that both represent a point of S²
 *   ({@link #chartDisagreement}, measured on 2000 random points of S²); ψ̃_βα∘ψ̃_αβ, locate∘embed and the other round
 *   trips err by about E, so the bound is 2E relative to the length scale;</li>
 *   <li>slope: rates are fitted over steps up to one length scale, where the chart's quadratic terms already bend the
 *   log-log slope, as the kit's README allows for learned charts (0.3);</li>
 *   <li>distance: the naive approximate distance of a straight coordinate segment exceeds the geodesic distance by a
 *   relative O(‖Δ‖²κ²) (§4.2.3, footnote), under 2% for segments within a chart of radius ≈ 0.65 on the unit
 *   sphere, plus E relative to the length scale across charts.</li>
 * </ul>
 */
class PointCloudConformanceTest extends ManifoldVerification {
    /** Points of S² on which the disagreement between charts is measured. */
    private static final int DISAGREEMENT_SAMPLES = 2000;
    private static final long DISAGREEMENT_SEED = 11;

    @Override
    protected Manifold createManifold() {
        return TestClouds.sphereAtlas();
    }

    @Override
    protected TckSettings settings() {
        PointCloudAtlas atlas = TestClouds.sphereAtlas();
        double scale = 0.1 * atlas.summary().radius();
        double roundTrip = 2 * chartDisagreement(atlas) / scale;
        double distance = 0.02 + roundTrip;
        return TckSettings.defaults().withLengthScale(scale).withTolerances(Tolerances.approximate(0.3, roundTrip,
                distance, String.format(java.util.Locale.ROOT, "quadratic charts fitted to %d points of S²: "
                        + "neighbouring charts disagree by up to E = %.2e, so round trips err by ≈ 2E/length scale;"
                        + " naive distances overestimate by < 2%%", TestClouds.SPHERE_POINTS,
                        chartDisagreement(atlas))));
    }

    /**
     * The largest distance between the surfaces of two charts that both represent a point: for random points x of
     * S², the largest difference of the residuals ‖x − φ̃⁻¹(φ̃(x))‖ over the charts that represent x.
     */
    static double chartDisagreement(PointCloudAtlas atlas) {
        Random rng = new Random(DISAGREEMENT_SEED);
        double worst = 0;
        for (int s = 0; s < DISAGREEMENT_SAMPLES; s++) {
            double[] x = TestClouds.unit(rng);
            double lo = Double.POSITIVE_INFINITY;
            double hi = 0;
            for (QuadraticChart c : atlas.charts()) {
                double[] xi = DenseNeighbourGraph.representation(c, x, atlas.offAtlasTolerance());
                if (xi != null) {
                    double e = Vec.distance(x, c.ambientOf(xi));
                    lo = Math.min(lo, e);
                    hi = Math.max(hi, e);
                }
            }
            if (hi > 0) {
                worst = Math.max(worst, hi + lo);
            }
        }
        return worst;
    }

    @Override
    protected List<double[]> invalidAmbientPoints() {
        return List.of(new double[] {2, 0, 0}, new double[] {0, 0, 0}, new double[] {0.7, 0.7, 0.7});
    }

    @Override
    protected Optional<ManifoldProvider> provider() {
        return Optional.of(new PointCloudProvider());
    }

    @Override
    protected List<InvalidParameters> invalidParameters() {
        return List.of(InvalidParameters.of("d", "-1"), InvalidParameters.of("r", "-2"),
                InvalidParameters.of("dataset", "mnist"), InvalidParameters.of("count", "5"));
    }
}

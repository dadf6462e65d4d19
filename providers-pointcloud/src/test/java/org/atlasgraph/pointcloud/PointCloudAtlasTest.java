package org.atlasgraph.pointcloud;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.Locale;
import java.util.Random;
import org.atlasgraph.api.ChartPoint;
import org.atlasgraph.api.Coordinates;
import org.atlasgraph.api.TangentVector;
import org.atlasgraph.api.Transition;
import org.atlasgraph.api.base.Vectors;
import org.atlasgraph.api.capability.Accuracy;
import org.atlasgraph.api.capability.ExactGeometry;
import org.atlasgraph.api.capability.Geodesics;
import org.atlasgraph.api.capability.LengthScale;
import org.atlasgraph.api.capability.Sampler;
import org.atlasgraph.api.check.InvalidInputException;
import org.atlasgraph.api.check.NotOnManifoldException;
import org.atlasgraph.pointcloud.data.KleinPatches;
import org.atlasgraph.sphere.Sphere;
import org.junit.jupiter.api.Test;

/**
 * The learned atlas of S² (3000 exact points, every setting derived) against the sphere provider's closed forms,
 * and the learning pipeline's guarantees and input checks.
 */
class PointCloudAtlasTest {
    private static final long SEED = 23;
    /** Random pairs per accuracy test. */
    private static final int PAIRS = 150;
    /** The bound on geodesic distances of random pairs: within 5% of great-circle distances. */
    private static final double DISTANCE_TOLERANCE = 0.05;
    /**
     * Logarithms of pairs up to 1.5 rad apart, relative to the distance. Quadratic charts of radius ≈ 0.65 tilt their
     * tangent planes against the sphere's by up to a few degrees at their edges (the cubic term the quadratic
     * misses), and the path between charts adds its own few degrees; 10% ≈ 6° bounds both.
     */
    private static final double LOG_TOLERANCE = 0.10;
    /** Approximate parallel transport along paths up to 1.5 rad, relative to ‖v‖: the same tilts, twice (ends). */
    private static final double PARALLEL_TOLERANCE = 0.15;
    /** Pairs farther apart than this are excluded from the log and transport tests: near the cut locus (π). */
    private static final double NEAR_HALF = 1.5;

    private final PointCloudAtlas atlas = TestClouds.sphereAtlas();
    private final Geodesics geodesics = atlas.capability(Geodesics.class).orElseThrow();
    private final ExactGeometry exact = Sphere.of(3).capability(ExactGeometry.class).orElseThrow();

    private static double norm(double[] v) {
        return Math.sqrt(Vectors.dot(v, v));
    }

    @Test
    void learnsDimensionTwoAndCoversEveryTrainingPoint() {
        LearningSummary s = atlas.summary();
        assertThat(s.dimension()).as("estimated d of S²").isEqualTo(2);
        assertThat(s.coverage()).as("coverage reported by learning").isEqualTo(1.0);
        double[][] training = TestClouds.sphere(TestClouds.SPHERE_POINTS, 3, 0, TestClouds.SPHERE_SEED);
        for (int i = 0; i < training.length; i++) {
            double[] x = training[i];
            boolean inside = atlas.charts().stream().anyMatch(c -> c.inside(c.coordinatesOf(x)));
            assertThat(inside).as("training point %d inside some chart's boundary", i).isTrue();
        }
    }

    @Test
    void geodesicDistancesAreWithinFivePercentOfGreatCircles() {
        Random rng = new Random(SEED);
        double worst = 0;
        for (int i = 0; i < PAIRS; i++) {
            double[] x = TestClouds.unit(rng);
            double[] y = TestClouds.unit(rng);
            double expected = exact.distance(x, y);
            if (expected > Math.PI - 0.2) {
                continue;
            }
            double got = atlas.geodesicDistance(x, y);
            worst = Math.max(worst, Math.abs(got - expected) / expected);
            assertThat(got).as("distance of pair %d (great circle %s)", i, expected)
                    .isCloseTo(expected, within(DISTANCE_TOLERANCE * expected));
        }
        assertThat(worst).as("largest relative distance error").isLessThan(DISTANCE_TOLERANCE);
    }

    @Test
    void logarithmAgreesWithTheSphereLogarithm() {
        Random rng = new Random(SEED + 1);
        for (int i = 0; i < PAIRS; i++) {
            double[] x = TestClouds.unit(rng);
            double[] y = TestClouds.unit(rng);
            double dist = exact.distance(x, y);
            if (dist > NEAR_HALF) {
                continue;
            }
            ChartPoint p = atlas.locate(x);
            ChartPoint q = atlas.locate(y);
            double[] got = p.chart().pushForward(p.xi(), geodesics.log(p, q).orElseThrow().tau());
            double[] expected = exact.log(atlas.embed(p), atlas.embed(q));
            assertThat(norm(Vectors.minus(got, expected)) / dist).as("‖log error‖/d for pair %d at d = %s", i, dist)
                    .isLessThan(LOG_TOLERANCE);
        }
    }

    @Test
    void parallelTransportAgreesWithTheSphereParallelTransport() {
        Random rng = new Random(SEED + 2);
        for (int i = 0; i < PAIRS; i++) {
            double[] x = TestClouds.unit(rng);
            double[] y = TestClouds.unit(rng);
            if (exact.distance(x, y) > NEAR_HALF) {
                continue;
            }
            ChartPoint p = atlas.locate(x);
            ChartPoint q = atlas.locate(y);
            TangentVector v = p.tangent(Coordinates.of(rng.nextGaussian(), rng.nextGaussian()));
            double[] ambient = p.chart().pushForward(p.xi(), v.tau());
            double[] got = q.chart().pushForward(q.xi(), geodesics.parallelTransport(p, v, q).orElseThrow().tau());
            double[] expected = exact.parallelTransport(atlas.embed(p), ambient, atlas.embed(q));
            assertThat(norm(Vectors.minus(got, expected)) / norm(ambient)).as("transport error of pair %d", i)
                    .isLessThan(PARALLEL_TOLERANCE);
        }
    }

    /**
     * The disagreement E measured on the atlas's own samples against the same measure on uniform points of S², a
     * distribution the atlas does not know: both find the same worst overlap, to within {@value #DISAGREEMENT_RATIO}×.
     */
    private static final double DISAGREEMENT_RATIO = 1.5;
    /** Uniform points of S² for the reference measure of the disagreement. */
    private static final int SPHERE_DISAGREEMENT_POINTS = 2000;

    @Test
    void declaresItsLengthScaleAndAccuracyFromTheDisagreementOfItsCharts() {
        LengthScale scale = atlas.capability(LengthScale.class).orElseThrow();
        Accuracy a = atlas.capability(Accuracy.class).orElseThrow();
        double e = atlas.chartDisagreement();

        assertThat(scale.value()).as("length scale = r/10").isCloseTo(0.1 * atlas.summary().radius(), within(1e-15));
        assertThat(a.roundTrip()).as("round trip = 2E/length scale").isCloseTo(2 * e / scale.value(), within(1e-15));
        assertThat(a.distance()).as("distance = 2% + round trip").isCloseTo(0.02 + a.roundTrip(), within(1e-15));
        assertThat(a.slope()).as("slope").isEqualTo(0.3);
        assertThat(a.justification()).as("justification states E")
                .contains(String.format(Locale.ROOT, "E = %.2e", e))
                .contains(atlas.charts().size() + " quadratic charts");
        assertThat(atlas.capability(Accuracy.class).orElseThrow()).as("computed once").isSameAs(a);
        double reference = disagreementOnUniformPointsOfTheSphere();
        assertThat(e).as("E on the atlas's samples against E on uniform points of S² (%s)", reference)
                .isBetween(reference / DISAGREEMENT_RATIO, reference * DISAGREEMENT_RATIO);
    }

    /** The largest difference of residuals of two charts that represent a uniform random point of S². */
    private double disagreementOnUniformPointsOfTheSphere() {
        Random rng = new Random(SEED + 5);
        double worst = 0;
        for (int s = 0; s < SPHERE_DISAGREEMENT_POINTS; s++) {
            double[] x = TestClouds.unit(rng);
            double lo = Double.POSITIVE_INFINITY;
            double hi = 0;
            for (QuadraticChart c : atlas.charts()) {
                double[] xi = DenseNeighbourGraph.representation(c, x, atlas.offAtlasTolerance());
                if (xi != null) {
                    lo = Math.min(lo, c.residual(x));
                    hi = Math.max(hi, c.residual(x));
                }
            }
            worst = hi > 0 ? Math.max(worst, hi + lo) : worst;
        }
        return worst;
    }

    @Test
    void transitionsRoundTripOnOverlaps() {
        double disagreement = atlas.chartDisagreement();
        Random rng = new Random(SEED + 3);
        int checked = 0;
        for (int i = 0; i < 400; i++) {
            ChartPoint p = atlas.locate(TestClouds.unit(rng));
            QuadraticChart a = (QuadraticChart) p.chart();
            for (Transition t : atlas.atlas().asGraph().orElseThrow().outgoingEdgesOf(a)) {
                var there = t.apply(p.xi());
                if (there.isEmpty()) {
                    continue;
                }
                var back = atlas.atlas().transition(t.to(), a).orElseThrow().apply(there.get());
                assertThat(back).as("ψ_βα defined on ψ_αβ's image").isPresent();
                // ψ̃_βα∘ψ̃_αβ moves ξ by the charts' disagreement along β's normal, projected: at most E
                assertThat(back.get().minus(p.xi()).norm()).as("round trip %s → %s → %s", a.id(), t.to().id(), a.id())
                        .isLessThan(disagreement);
                checked++;
            }
        }
        assertThat(checked).as("round trips checked").isGreaterThan(100);
    }

    @Test
    void retractionChangesChartWhenTheQuarticTurnsPositive() {
        QuadraticChart chart = atlas.charts().get(0);
        ChartPoint p = new ChartPoint(chart, Coordinates.zeros(2));
        double[] direction = {1, 0};
        double t = 0;
        while (chart.inside(Vectors.scaled(direction, t))) {
            t += 0.01;
        }
        assertThat(chart.boundaryValue(Vectors.scaled(direction, t))).as("quartic past the boundary").isPositive();
        ChartPoint q = atlas.retraction().retract(p, p.tangent(Coordinates.of(t, 0))).orElseThrow();
        assertThat(q.chart()).as("chart after crossing the boundary").isNotEqualTo(chart);
        assertThat(q.chart().contains(q.xi())).as("the new chart contains the point").isTrue();
        assertThat(norm(atlas.embed(q))).as("the point stays on S²").isCloseTo(1, within(0.02));
        ChartPoint r = atlas.retraction().retract(p, p.tangent(Coordinates.of(t / 2, 0))).orElseThrow();
        assertThat(r.chart()).as("chart before the boundary").isEqualTo(chart);
        assertThat(r.xi()).as("quasi-Euclidean update ξ + τ").isEqualTo(Coordinates.of(t / 2, 0));
    }

    @Test
    void aRetractionThatLeavesTheDataAnswersEmpty() {
        // a flat unit disc in R³ (1500 points, seeded): a step from its centre of length 3 ends far past the rim,
        // where no chart represents the point (the atlas has an edge there); a step of length 0.3 stays on the data
        // and is quasi-Euclidean
        Random rng = new Random(SEED);
        double[][] disc = new double[1500][];
        for (int i = 0; i < disc.length; i++) {
            double radius = Math.sqrt(rng.nextDouble());
            double angle = 2 * Math.PI * rng.nextDouble();
            disc[i] = new double[] {radius * Math.cos(angle), radius * Math.sin(angle), 0};
        }
        PointCloudAtlas flat = PointCloudAtlas.builder(disc).dimension(2).seed(SEED).build();
        ChartPoint p = flat.locate(new double[] {0, 0, 0});
        double[] e1 = flat.embed(flat.retraction().retract(p, p.tangent(Coordinates.of(0.3, 0))).orElseThrow());
        assertThat(norm(e1)).as("distance of a short step from the centre").isCloseTo(0.3, within(0.01));
        assertThat(flat.retraction().retract(p, p.tangent(Coordinates.of(3, 0)))).as("a step past the rim of the disc")
                .isEmpty();
        ChartPoint pastRim = new ChartPoint(p.chart(), p.xi().plus(Coordinates.of(3, 0)));
        assertThatThrownBy(() -> flat.atlas().changeChart(pastRim))
                .isInstanceOf(InvalidInputException.class)
                .hasMessageStartingWith("q: expected a point that a chart of the learned atlas represents");
    }

    @Test
    void samplesLieOnTheSphereInsideTheirCharts() {
        double[][] samples = atlas.sample(500, SEED);
        for (double[] x : samples) {
            assertThat(norm(x)).as("‖sample‖").isCloseTo(1, within(0.02));
        }
        Random rng = new Random(SEED);
        for (int i = 0; i < 100; i++) {
            ChartPoint p = atlas.capability(Sampler.class).orElseThrow().sample(rng);
            assertThat(p.chart().contains(p.xi())).as("sample %d inside its chart", i).isTrue();
        }
    }

    @Test
    void kleinPatchesLearnATwoDimensionalAtlasThatCoversTheData() {
        KleinPatches data = KleinPatches.sample(4000, SEED);
        PointCloudAtlas klein = PointCloudAtlas.builder(data.points()).seed(SEED).build();
        assertThat(klein.summary().dimension()).as("estimated d of the Klein patches").isEqualTo(2);
        assertThat(klein.summary().coverage()).as("coverage").isEqualTo(1.0);
        assertThat(klein.summary().rmsFitResidual()).as("RMS fit residual relative to r")
                .isLessThan(0.01 * klein.summary().radius());
    }

    @Test
    void rejectsAQueryPointFarFromTheData() {
        assertThatThrownBy(() -> atlas.locate(new double[] {3, 0, 0}))
                .isInstanceOf(NotOnManifoldException.class)
                .hasMessageStartingWith("ambient: expected distance to the learned atlas within");
    }

    @Test
    void rejectsTooFewPointsForAQuadraticFit() {
        double[][] few = TestClouds.sphere(10, 3, 0, SEED);
        assertThatThrownBy(() -> PointCloudAtlas.builder(few).dimension(2).build())
                .isInstanceOf(InvalidInputException.class)
                .hasMessage("points: expected at least 30 distinct points for d = 2, 5 per coefficient of the 6 of a"
                        + " quadratic chart, found 10 points");
    }

    @Test
    void rejectsADimensionNotBelowTheAmbientDimension() {
        double[][] pts = TestClouds.sphere(100, 3, 0, SEED);
        assertThatThrownBy(() -> PointCloudAtlas.builder(pts).dimension(3))
                .isInstanceOf(InvalidInputException.class)
                .hasMessage("dimension: expected 1 ≤ d < D = 3, found 3");
    }

    @Test
    void dropsDuplicatePointsAndReportsThem() {
        double[][] pts = TestClouds.sphere(1000, 3, 0, SEED);
        double[][] doubled = new double[1100][];
        for (int i = 0; i < doubled.length; i++) {
            doubled[i] = pts[i % pts.length].clone();
        }
        LearningSummary s = PointCloudAtlas.builder(doubled).seed(SEED).build().summary();
        assertThat(s.inputCount()).as("points given").isEqualTo(1100);
        assertThat(s.duplicateCount()).as("exact repeats dropped").isEqualTo(100);
        assertThat(s.pointCount()).as("points learned from").isEqualTo(1000);
    }

    @Test
    void rejectsNonFiniteAndRaggedPoints() {
        double[][] bad = TestClouds.sphere(100, 3, 0, SEED);
        bad[12][1] = Double.NaN;
        assertThatThrownBy(() -> PointCloudAtlas.builder(bad))
                .isInstanceOf(InvalidInputException.class)
                .hasMessage("points[12][1]: expected a finite value, found NaN");
        double[][] ragged = TestClouds.sphere(100, 3, 0, SEED);
        ragged[5] = new double[] {1, 2};
        assertThatThrownBy(() -> PointCloudAtlas.builder(ragged))
                .isInstanceOf(InvalidInputException.class)
                .hasMessage("points[5]: expected length 3 like points[0], found 2");
    }
}

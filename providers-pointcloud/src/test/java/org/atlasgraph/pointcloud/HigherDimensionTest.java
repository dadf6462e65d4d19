package org.atlasgraph.pointcloud;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Random;
import org.atlasgraph.api.ChartPoint;
import org.atlasgraph.api.Coordinates;
import org.atlasgraph.api.TangentVector;
import org.atlasgraph.api.base.Vectors;
import org.atlasgraph.api.capability.Geodesics;
import org.atlasgraph.pointcloud.io.AtlasJson;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 12.5: what lies downstream of learning works at d = 3, on the atlas learned from
 * {@value TestClouds#SPHERE3_POINTS} exact points of S³ ⊂ R⁴, measured against the round sphere's closed forms
 * (great-circle distance and logarithm, parallel transport along great circles): sampling, distances, the Riemannian
 * logarithm, vector and parallel transport, and save/load. The conformance kit runs on the same atlas in
 * {@link Sphere3ConformanceTest}.
 */
class HigherDimensionTest {
    private static final long SEED = 17;
    /** Pairs for distances, logarithms and transports. */
    private static final int PAIRS = 60;
    /** Largest great-circle angle of a pair for distances: beyond about π − 0.3 the geodesic is ambiguous. */
    private static final double MAX_ANGLE = Math.PI - 0.3;
    /**
     * Largest angle of a pair for logarithms and transports, as on S² ({@code PointCloudAtlasTest}): nearer the cut
     * locus a small deviation of the path turns them (measured: 0.2–1.2 beyond 2 rad).
     */
    private static final double NEAR_HALF = 1.5;
    /**
     * Bound on ‖log − Log‖/θ: measured at most 0.021 on 120 random pairs up to {@value #NEAR_HALF} rad (charts tilted
     * by the cubic term a quadratic misses, and the path's own error); S²'s bound is 0.10.
     */
    private static final double LOG_TOLERANCE = 0.05;
    /** Bound on the parallel transport's error for unit vectors: measured at most 0.038 on the same pairs. */
    private static final double PARALLEL_TOLERANCE = 0.08;
    /**
     * Bound on the error of the direction of the manifold's vector transport, the paper's first-order one (the
     * identity within a chart, so it ignores the turning of the tangent space along a path of several charts):
     * measured at most 0.44 (about 25°) on the same pairs.
     */
    private static final double TRANSPORT_TOLERANCE = 0.6;

    private final PointCloudAtlas atlas = TestClouds.sphere3Atlas();
    private final Geodesics geodesics = atlas.capability(Geodesics.class).orElseThrow();

    @Test
    void learnsThreeDimensions() {
        assertThat(atlas.dimension()).as("estimated dimension").isEqualTo(3);
        assertThat(atlas.summary().linearChartCount()).as("linear charts").isZero();
    }

    /**
     * The atlas's samples lie on S³ (within the charts' fit: the height error of a quadratic on a sphere of radius 1
     * over a disc of radius ρ is about ρ⁴/8, a few 10⁻³ here) and cover it evenly: the mean of 2000 uniform points of
     * S³ has norm about 1/√(4·2000) ≈ 0.011 per coordinate; 0.1 catches a sampler that covers only part of it.
     */
    @Test
    void samplesLieOnTheSphereAndCoverIt() {
        double[][] pts = atlas.sample(2000, SEED);
        double[] mean = new double[4];
        for (double[] x : pts) {
            assertThat(Vectors.norm(x)).as("‖x‖ of a sample").isCloseTo(1, org.assertj.core.api.Assertions.within(
                    0.02));
            for (int j = 0; j < 4; j++) {
                mean[j] += x[j] / pts.length;
            }
        }
        assertThat(Vectors.norm(mean)).as("norm of the samples' mean").isLessThan(0.1);
    }

    /**
     * Distances against great circles (issue 12.2's bounds: mean relative error under 3%, distortion under 1.2), and
     * the Riemannian logarithm pushed into R⁴ against the sphere's {@code Log_x(y) = θ (y − cos θ x)/sin θ}.
     */
    @Test
    void distancesAndLogarithmsMatchGreatCircles() {
        Random rng = new Random(SEED);
        double sumError = 0;
        double minRatio = Double.POSITIVE_INFINITY;
        double maxRatio = 0;
        double worstLog = 0;
        int n = 0;
        int logs = 0;
        while (n < PAIRS) {
            double[] x = unit(rng);
            double[] y = unit(rng);
            double angle = angle(x, y);
            if (angle > MAX_ANGLE || angle < 0.05) {
                continue;
            }
            n++;
            ChartPoint p = atlas.locate(x);
            ChartPoint q = atlas.locate(y);
            double d = geodesics.distance(p, q);
            sumError += Math.abs(d - angle) / angle;
            minRatio = Math.min(minRatio, d / angle);
            maxRatio = Math.max(maxRatio, d / angle);
            if (angle <= NEAR_HALF) {
                logs++;
                double[] log = ambient(p, geodesics.log(p, q).orElseThrow());
                worstLog = Math.max(worstLog, Vectors.distance(log, sphereLog(x, y)) / angle);
            }
        }
        assertThat(sumError / PAIRS).as("mean relative distance error").isLessThan(0.03);
        assertThat(maxRatio / minRatio).as("distortion").isLessThan(1.2);
        assertThat(logs).as("pairs for logarithms").isGreaterThan(PAIRS / 3);
        assertThat(worstLog).as("largest ‖log − Log‖/θ").isLessThan(LOG_TOLERANCE);
    }

    /**
     * Parallel transport of a unit tangent vector along the approximate geodesic against the sphere's transport along
     * the great circle, {@code v − ⟨v, y⟩/(1 + ⟨x, y⟩)·(x + y)}; the manifold's vector transport (first order) is
     * tangent at q and keeps the direction to within the charts' tilt.
     */
    @Test
    void transportsMatchTheSpheres() {
        Random rng = new Random(SEED + 1);
        double worstParallel = 0;
        double worstTransport = 0;
        int n = 0;
        while (n < PAIRS) {
            double[] x = unit(rng);
            double[] y = unit(rng);
            double angle = angle(x, y);
            if (angle > NEAR_HALF) {
                continue;
            }
            n++;
            ChartPoint p = atlas.locate(x);
            ChartPoint q = atlas.locate(y);
            TangentVector tau = p.tangent(Coordinates.of(rng.nextGaussian(), rng.nextGaussian(),
                    rng.nextGaussian()));
            double[] v = ambient(p, tau);
            double[] unitV = Vectors.scaled(v, 1 / Vectors.norm(v));
            double[] exact = sphereTransport(x, y, unitV);
            double[] parallel = ambient(q, geodesics.parallelTransport(p, tau, q).orElseThrow());
            worstParallel = Math.max(worstParallel, Vectors.distance(Vectors.scaled(parallel, 1 / Vectors.norm(v)),
                    exact));
            double[] moved = ambient(q, atlas.vectorTransport().transport(p, tau, q));
            assertThat(Math.abs(Vectors.dot(moved, y)) / Vectors.norm(moved)).as("normal part of a transported vector")
                    .isLessThan(0.05);
            worstTransport = Math.max(worstTransport, Vectors.distance(Vectors.scaled(moved, 1 / Vectors.norm(moved)),
                    exact));
        }
        assertThat(worstParallel).as("largest ‖P v − P_exact v‖ for unit v").isLessThan(PARALLEL_TOLERANCE);
        assertThat(worstTransport).as("largest ‖T v/‖T v‖ − P_exact v‖ of the vector transport")
                .isLessThan(TRANSPORT_TOLERANCE);
    }

    @Test
    void saveThenLoadAnswersBitForBit(@TempDir Path dir) {
        Path file = dir.resolve("s3.json");
        AtlasJson.save(atlas, file);
        PointCloudAtlas loaded = AtlasJson.load(file);
        assertThat(loaded.model()).as("model after a round trip").isEqualTo(atlas.model());
        Geodesics again = loaded.capability(Geodesics.class).orElseThrow();
        Random rng = new Random(SEED + 2);
        for (int i = 0; i < 10; i++) {
            double[] x = unit(rng);
            double[] y = unit(rng);
            assertThat(again.distance(loaded.locate(x), loaded.locate(y))).as("distance after loading")
                    .isEqualTo(geodesics.distance(atlas.locate(x), atlas.locate(y)));
            assertThat(again.log(loaded.locate(x), loaded.locate(y)).orElseThrow().tau())
                    .as("logarithm after loading")
                    .isEqualTo(geodesics.log(atlas.locate(x), atlas.locate(y)).orElseThrow().tau());
        }
    }

    private static double[] ambient(ChartPoint p, TangentVector tau) {
        return p.chart().pushForward(p.xi(), tau.tau());
    }

    private static double angle(double[] x, double[] y) {
        return Math.acos(Math.max(-1, Math.min(1, Vectors.dot(x, y))));
    }

    /** @return the sphere's logarithm θ (y − cos θ x)/sin θ of unit vectors */
    private static double[] sphereLog(double[] x, double[] y) {
        double theta = angle(x, y);
        double[] r = Vectors.minus(y, Vectors.scaled(x, Math.cos(theta)));
        return Vectors.scaled(r, theta / Math.sin(theta));
    }

    /** @return the parallel transport of v ⊥ x from x to y along the great circle, for unit x, y with x ≠ −y */
    private static double[] sphereTransport(double[] x, double[] y, double[] v) {
        double[] v0 = Vectors.minus(v, Vectors.scaled(x, Vectors.dot(v, x)));
        return Vectors.minus(v0, Vectors.scaled(Vectors.plus(x, y), Vectors.dot(v0, y) / (1 + Vectors.dot(x, y))));
    }

    private static double[] unit(Random rng) {
        double[] g = {rng.nextGaussian(), rng.nextGaussian(), rng.nextGaussian(), rng.nextGaussian()};
        return Vectors.scaled(g, 1 / Vectors.norm(g));
    }
}

package org.atlasgraph.sphere;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.Map;
import java.util.SplittableRandom;
import java.util.random.RandomGenerator;
import org.atlasgraph.api.ChartPoint;
import org.atlasgraph.api.Coordinates;
import org.atlasgraph.api.Transition;
import org.atlasgraph.api.base.Vectors;
import org.atlasgraph.api.capability.ChartCentring;
import org.atlasgraph.api.capability.ExactGeometry;
import org.atlasgraph.api.capability.GeodesicPowerDistribution;
import org.atlasgraph.api.capability.Geodesics;
import org.atlasgraph.api.capability.Sampler;
import org.atlasgraph.api.check.InvalidInputException;
import org.atlasgraph.api.check.NotOnManifoldException;
import org.atlasgraph.api.spi.Providers;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Unit tests of the sphere against closed forms of great-circle and gnomonic geometry. */
class SphereTest {
    private static final long SEED = 20240917L;
    /** Closed forms evaluated in double precision agree to a few hundred ulps. */
    private static final double CLOSE = 1e-12;
    private static final int DRAWS = 20;

    private static double[] randomUnit(int n, RandomGenerator rng) {
        double[] x = new double[n];
        for (int i = 0; i < n; i++) {
            x[i] = rng.nextGaussian();
        }
        return Vectors.normalized(x);
    }

    /** @return a random tangent vector at p of length {@code length} */
    private static double[] randomTangent(double[] p, double length, RandomGenerator rng) {
        double[] g = randomUnit(p.length, rng);
        double[] v = Vectors.plusScaled(g, -Vectors.dot(g, p), p);
        return Vectors.scaled(v, length / Vectors.norm(v));
    }

    private static double distanceOfArrays(double[] a, double[] b) {
        return Vectors.norm(Vectors.plusScaled(a, -1, b));
    }

    @ParameterizedTest(name = "n = {0}")
    @ValueSource(ints = {2, 3, 10, 100})
    void expAndLogAreInversePairs(int n) {
        RandomGenerator rng = new SplittableRandom(SEED);
        ExactGeometry exact = Sphere.of(n).capability(ExactGeometry.class).orElseThrow();
        for (int k = 0; k < DRAWS; k++) {
            double[] p = randomUnit(n, rng);
            double[] v = randomTangent(p, 3 * rng.nextDouble(), rng);
            double[] q = exact.exp(p, v);

            assertThat(Vectors.norm(q)).as("‖Exp_p(v)‖").isCloseTo(1, within(CLOSE));
            assertThat(distanceOfArrays(exact.log(p, q), v)).as("Log_p(Exp_p(v)) − v, ‖v‖ < π").isLessThan(CLOSE);
            assertThat(exact.distance(p, q)).as("d(p, Exp_p(v)) = ‖v‖").isCloseTo(Vectors.norm(v), within(CLOSE));
        }
    }

    @Test
    void greatCircleDistanceMatchesTheAngle() {
        Sphere s = Sphere.of(3);
        Geodesics geodesics = s.capability(Geodesics.class).orElseThrow();
        ChartPoint east = s.locate(new double[] {1, 0, 0});
        ChartPoint north = s.locate(new double[] {0, 0, 1});
        ChartPoint west = s.locate(new double[] {-1, 0, 0});
        double c = Math.cos(0.3);
        ChartPoint tilted = s.locate(new double[] {c, Math.sin(0.3), 0});

        assertThat(geodesics.distance(east, north)).as("d(e0, e2)").isCloseTo(Math.PI / 2, within(CLOSE));
        assertThat(geodesics.distance(east, west)).as("d(p, −p)").isCloseTo(Math.PI, within(CLOSE));
        assertThat(geodesics.distance(east, tilted)).as("d at 0.3 rad").isCloseTo(0.3, within(CLOSE));
        assertThat(geodesics.distance(east, east)).as("d(p, p)").isZero();
    }

    @Test
    void logOfAntipodalPointIsRejected() {
        ExactGeometry exact = Sphere.of(4).capability(ExactGeometry.class).orElseThrow();

        assertThatThrownBy(() -> exact.log(new double[] {0, 1, 0, 0}, new double[] {0, -1, 0, 0}))
                .isInstanceOf(InvalidInputException.class)
                .hasMessageStartingWith("q: expected a point that is not antipodal to p, found q = −p");
    }

    @Test
    void gnomonicChartPutsStraightLinesOnGreatCirclesAtAngleAtanOfRadius() {
        RandomGenerator rng = new SplittableRandom(SEED);
        Sphere s = Sphere.of(3);
        ChartPoint p = s.locate(randomUnit(3, rng));
        double[] c = s.embed(p);
        double[] a = {0.2, -0.4};
        double[] b = {0.5, 0.3};
        double[][] onLine = new double[3][];
        for (int k = 0; k < 3; k++) {
            double t = k - 1;
            Coordinates xi = Coordinates.of(a[0] + t * b[0], a[1] + t * b[1]);
            onLine[k] = p.chart().toAmbient(xi);
            assertThat(s.capability(ExactGeometry.class).orElseThrow().distance(c, onLine[k]))
                    .as("angle from the centre")
                    .isCloseTo(Math.atan(xi.norm()), within(CLOSE));
        }
        double[] u = onLine[0];
        double[] v = onLine[1];
        double[] w = onLine[2];
        double triple = u[0] * (v[1] * w[2] - v[2] * w[1]) - u[1] * (v[0] * w[2] - v[2] * w[0])
                + u[2] * (v[0] * w[1] - v[1] * w[0]);
        assertThat(triple).as("three images of a chart line lie on one great circle").isCloseTo(0, within(CLOSE));
    }

    @ParameterizedTest(name = "n = {0}")
    @ValueSource(ints = {2, 3, 10, 100})
    void quasiEuclideanStepFromCentreIsTheProjectionRetraction(int n) {
        RandomGenerator rng = new SplittableRandom(SEED);
        Sphere s = Sphere.of(n);
        for (int k = 0; k < DRAWS; k++) {
            ChartPoint p = s.capability(Sampler.class).orElseThrow().sample(rng);
            double[] tau = new double[n - 1];
            for (int i = 0; i < tau.length; i++) {
                tau[i] = 0.4 * rng.nextGaussian() / Math.sqrt(n);
            }
            Coordinates t = Coordinates.of(tau);
            double[] x = s.embed(p);
            double[] expected = Vectors.normalized(Vectors.plusScaled(x, 1, p.chart().pushForward(p.xi(), t)));

            ChartPoint q = s.retraction().retract(p, p.tangent(t)).orElseThrow();

            assertThat(distanceOfArrays(s.embed(q), expected)).as("Ret_p(τ) = (p + v)/‖p + v‖").isLessThan(CLOSE);
            assertThat(q.chart().contains(q.xi())).as("result inside its chart").isTrue();
        }
    }

    @Test
    void stepBeyondFortyFiveDegreesChangesToAChartCentredAtTheResult() {
        Sphere s = Sphere.of(3);
        ChartPoint p = s.locate(new double[] {0, 0, 1});
        ChartPoint q = s.retraction().retract(p, p.tangent(Coordinates.of(2, 0))).orElseThrow();

        assertThat(q.sameChart(p)).as("same chart as p").isFalse();
        assertThat(q.xi().norm()).as("‖ξ_q‖ in the new chart").isZero();
        assertThat(s.capability(ExactGeometry.class).orElseThrow().distance(s.embed(p), s.embed(q)))
                .as("angle travelled")
                .isCloseTo(Math.atan(2), within(CLOSE));
    }

    @ParameterizedTest(name = "n = {0}")
    @ValueSource(ints = {2, 3, 10, 100})
    void transitionsRoundTripAndPreserveThePoint(int n) {
        RandomGenerator rng = new SplittableRandom(SEED);
        Sphere s = Sphere.of(n);
        for (int k = 0; k < DRAWS; k++) {
            double[] x = randomUnit(n, rng);
            double[] y = s.capability(ExactGeometry.class).orElseThrow().exp(x, randomTangent(x, 0.5, rng));
            ChartPoint p = s.locate(x);
            ChartPoint q = s.locate(y);
            Transition forward = s.atlas().transition(p.chart(), q.chart()).orElseThrow();
            Transition backward = s.atlas().transition(q.chart(), p.chart()).orElseThrow();

            Coordinates inQ = forward.apply(p.xi()).orElseThrow();
            Coordinates back = backward.apply(inQ).orElseThrow();

            assertThat(back.minus(p.xi()).norm()).as("ψ_βα(ψ_αβ(ξ)) − ξ").isLessThan(CLOSE);
            assertThat(distanceOfArrays(q.chart().toAmbient(inQ), x)).as("φ_β⁻¹(ψ_αβ(ξ)) = x").isLessThan(CLOSE);
        }
    }

    @Test
    void transitionIsEmptyOutsideTheTargetHemisphere() {
        Sphere s = Sphere.of(3);
        ChartPoint p = s.locate(new double[] {1, 0, 0});
        ChartPoint q = s.locate(new double[] {-1, 0, 0});

        assertThat(s.atlas().transition(p.chart(), q.chart()).orElseThrow().apply(p.xi())).as("ψ at −c_β").isEmpty();
        assertThat(s.coordinatesIn(q.chart(), s.embed(p))).as("coordinatesIn at −c_β").isEmpty();
    }

    @ParameterizedTest(name = "n = {0}")
    @ValueSource(ints = {2, 3, 10, 100})
    void metricIsTheAmbientInnerProductOfPushForwards(int n) {
        RandomGenerator rng = new SplittableRandom(SEED);
        Sphere s = Sphere.of(n);
        for (int k = 0; k < DRAWS; k++) {
            ChartPoint centre = s.capability(Sampler.class).orElseThrow().sample(rng);
            double[] xi = new double[n - 1];
            double[] u = new double[n - 1];
            double[] v = new double[n - 1];
            for (int i = 0; i < n - 1; i++) {
                xi[i] = 0.5 * rng.nextGaussian() / Math.sqrt(n);
                u[i] = rng.nextGaussian();
                v[i] = rng.nextGaussian();
            }
            ChartPoint p = new ChartPoint(centre.chart(), Coordinates.of(xi));
            double expected = Vectors.dot(p.chart().pushForward(p.xi(), Coordinates.of(u)),
                    p.chart().pushForward(p.xi(), Coordinates.of(v)));

            double measured = s.metric().inner(p, p.tangent(Coordinates.of(u)), p.tangent(Coordinates.of(v)));
            double atCentre = s.metric().inner(centre, centre.tangent(Coordinates.of(u)),
                    centre.tangent(Coordinates.of(v)));

            assertThat(measured).as("ḡ(u, v) vs ⟨Dφ⁻¹u, Dφ⁻¹v⟩")
                    .isCloseTo(expected, within(CLOSE * (1 + Math.abs(expected))));
            assertThat(atCentre).as("ḡ = I at the centre")
                    .isCloseTo(Vectors.dot(u, v), within(CLOSE * (1 + Math.abs(atCentre))));
        }
    }

    @Test
    void parallelTransportAlongAMeridianTurnsTheVectorWithIt() {
        ExactGeometry exact = Sphere.of(3).capability(ExactGeometry.class).orElseThrow();
        double[] eq = {1, 0, 0};
        double[] pole = {0, 0, 1};
        double[] along = {0, 0, 1};
        double[] across = {0, 1, 0};

        assertThat(distanceOfArrays(exact.parallelTransport(eq, along, pole), new double[] {-1, 0, 0}))
                .as("the direction of travel stays the direction of travel").isLessThan(CLOSE);
        assertThat(distanceOfArrays(exact.parallelTransport(eq, across, pole), across))
                .as("the normal direction is unchanged").isLessThan(CLOSE);
    }

    @Test
    void badDimensionIsRejectedNamingN() {
        assertThatThrownBy(() -> Sphere.of(1)).isInstanceOf(InvalidInputException.class)
                .hasMessage("n: expected an integer ≥ 2 (S^{n-1} ⊂ R^n), found 1");
        assertThatThrownBy(() -> Providers.onClassPath().create("sphere", Map.of("n", "0")))
                .isInstanceOf(InvalidInputException.class)
                .hasMessageStartingWith("parameter 'n' of provider 'sphere': expected an integer ≥ 2, found 0");
    }

    @Test
    void wrongLengthNanAndOffSphereInputsAreRejectedNamingTheInput() {
        Sphere s = Sphere.of(3);
        ChartPoint p = s.locate(new double[] {0, 1, 0});

        assertThatThrownBy(() -> s.locate(new double[] {1, 0})).isInstanceOf(InvalidInputException.class)
                .hasMessage("ambient: expected length 3 (ambient dimension of S^2), found 2");
        assertThatThrownBy(() -> s.coordinatesIn(p.chart(), new double[] {1, Double.NaN, 0}))
                .isInstanceOf(InvalidInputException.class)
                .hasMessage("ambient[1]: expected a finite value, found NaN");
        assertThatThrownBy(() -> s.locate(new double[] {0, 0, 1.001})).isInstanceOf(NotOnManifoldException.class)
                .hasMessageStartingWith("ambient: expected ‖x‖ = 1 within");
        assertThatThrownBy(() -> p.chart().toAmbient(Coordinates.of(0, 0, 0)))
                .isInstanceOf(InvalidInputException.class).hasMessageStartingWith("xi: expected length 2");
        assertThatThrownBy(() -> s.metric().raise(p, Coordinates.of(1)))
                .isInstanceOf(InvalidInputException.class).hasMessageStartingWith("covector: expected length 2");
        assertThatThrownBy(() -> p.chart().tangentCoordinates(p.xi(), new double[] {1, 0}))
                .isInstanceOf(InvalidInputException.class).hasMessageStartingWith("ambient: expected length 3");
    }

    @Test
    void locateAcceptsNearUnitInputAndNormalizesIt() {
        Sphere s = Sphere.of(3);
        double[] x = s.embed(s.locate(new double[] {0, 0, 1 + Sphere.UNIT_TOLERANCE / 2}));

        assertThat(Vectors.norm(x)).as("‖embed(locate(x))‖").isCloseTo(1, within(CLOSE));
    }

    @Test
    void centringPutsThePointAtTheCentreOfAChart() {
        Sphere s = Sphere.of(4);
        ChartPoint p = s.locate(new double[] {0, 0, 0, 1});
        ChartPoint off = s.retraction().retract(p, p.tangent(Coordinates.of(0.3, -0.2, 0.1))).orElseThrow();

        ChartPoint centred = s.capability(ChartCentring.class).orElseThrow().centredAt(off);

        assertThat(centred.xi().norm()).as("‖ξ‖ after centring").isZero();
        assertThat(distanceOfArrays(s.embed(centred), s.embed(off))).as("the same point").isLessThan(CLOSE);
    }

    @Test
    void geodesicPowerSamplesAreUnitVectorsWithTheDiameterAsDeltaMax() {
        RandomGenerator rng = new SplittableRandom(SEED);
        Sphere s = Sphere.of(5);
        GeodesicPowerDistribution gpd = s.capability(GeodesicPowerDistribution.class).orElseThrow();
        double[] mean = s.uniform(rng);
        ExactGeometry exact = s.capability(ExactGeometry.class).orElseThrow();
        double[] uniform = s.uniform(new SplittableRandom(SEED));

        double[] y = gpd.sample(mean, 4, new SplittableRandom(SEED));

        assertThat(gpd.deltaMax()).as("δ_max of S^4").isEqualTo(Math.PI);
        assertThat(Vectors.norm(y)).as("‖y‖").isCloseTo(1, within(CLOSE));
        assertThat(exact.distance(mean, y)).as("GPD draw: the uniform draw's distance shrunk by (δ/π)^4")
                .isCloseTo(Math.pow(exact.distance(mean, uniform) / Math.PI, 4) * exact.distance(mean, uniform),
                        within(CLOSE));
    }
}

package org.atlasgraph.sphere;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.Arrays;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.random.RandomGenerator;
import org.atlasgraph.api.ChartPoint;
import org.atlasgraph.api.Coordinates;
import org.atlasgraph.api.TangentVector;
import org.atlasgraph.api.Transition;
import org.atlasgraph.api.base.Vectors;
import org.atlasgraph.api.capability.ExactGeometry;
import org.atlasgraph.api.capability.Geodesics;
import org.atlasgraph.api.check.InvalidInputException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * No NaN or ∞ leaves the sphere (issue 10.4): steps, coordinates and tangents of every finite size either give finite
 * answers that are right, or fail with an {@link InvalidInputException} naming the input. Before, a retraction with
 * ‖τ‖ ≥ 1.3e154 returned a point at a chart centred at the zero vector, with NaN coordinates in every later call.
 * References are independent of the charts: angles between unit vectors.
 */
class SphereExtremeInputsTest {
    private static final long SEED = 20241010L;
    /** Rounding of a few operations on unit vectors. */
    private static final double CLOSE = 1e-12;

    private static double angle(double[] a, double[] b) {
        return Math.atan2(Vectors.norm(Vectors.plusScaled(b, -Vectors.dot(a, b), a)), Vectors.dot(a, b));
    }

    private static double[] randomUnit(int n, RandomGenerator rng) {
        double[] x = new double[n];
        for (int i = 0; i < n; i++) {
            x[i] = rng.nextGaussian();
        }
        return Vectors.normalized(x);
    }

    /**
     * The gnomonic step of length L from a chart centre c along a unit direction lands at the angle atan(L) from c on
     * the great circle through c and the step of length 1 (which is at 45°): its angle to that point is
     * |atan(L) − π/4|, for any L up to the largest double.
     */
    @ParameterizedTest(name = "‖τ‖ = {0}")
    @ValueSource(doubles = {1e3, 1e150, 1.3e154, 1e200, 1e300, 1.7e308})
    void hugeStepsLandOnTheGreatCircleAtAngleAtanOfTheirLength(double length) {
        RandomGenerator rng = new SplittableRandom(SEED);
        for (int n : new int[] {2, 3, 50}) {
            Sphere s = Sphere.of(n);
            double[] c = randomUnit(n, rng);
            ChartPoint p = s.locate(c);
            Coordinates direction = Coordinates.of(randomUnit(n - 1, rng));
            // A single large coordinate as well as a spread one: the largest double fits in one coordinate only.
            Coordinates unitTau = length > 1e307 ? Coordinates.of(axis(n - 1, 1)) : direction;
            Coordinates tau = length > 1e307 ? Coordinates.of(axis(n - 1, length)) : direction.scale(length);
            double[] atUnit = s.embed(s.retraction().retract(p, p.tangent(unitTau)).orElseThrow());

            ChartPoint q = s.retraction().retract(p, p.tangent(tau)).orElseThrow();
            double[] x = s.embed(q);

            assertThat(allFinite(q.xi().toArray())).as("coordinates of Ret_p(τ), n = %d, ‖τ‖ = %s", n, length).isTrue();
            assertThat(Vectors.norm(x)).as("‖Ret_p(τ)‖").isCloseTo(1, within(CLOSE));
            assertThat(angle(c, x)).as("angle from the centre: atan ‖τ‖").isCloseTo(Math.atan(length),
                    within(CLOSE));
            assertThat(angle(atUnit, x)).as("angle from the unit step's end: on the same great circle")
                    .isCloseTo(Math.abs(Math.atan(length) - Math.PI / 4), within(1e-9));
            assertThat(s.metric().norm(q, q.tangent(Coordinates.of(axis(n - 1, 1)))))
                    .as("the metric at the result is usable").isFinite().isPositive();
        }
    }

    @Test
    void aStepWhoseCoordinatesOverflowIsRejectedNamingTau() {
        Sphere s = Sphere.of(3);
        ChartPoint p = new ChartPoint(s.locate(new double[] {1, 0, 0}).chart(), Coordinates.of(1e308, 0));
        TangentVector tau = p.tangent(Coordinates.of(1e308, 0));

        assertThatThrownBy(() -> s.retraction().retract(p, tau)).as("ξ + τ beyond the largest double")
                .isInstanceOf(InvalidInputException.class).hasMessageStartingWith("tau: expected a step whose chart "
                        + "coordinates ξ + τ are finite");
    }

    /** A null argument at a public entry is an {@link InvalidInputException} naming it, not a NullPointerException. */
    @Test
    void nullArgumentsAreRejectedByName() {
        Sphere s = Sphere.of(3);
        ChartPoint p = s.locate(new double[] {1, 0, 0});
        TangentVector tau = p.tangent(Coordinates.of(0.1, 0));
        java.util.Map<String, org.assertj.core.api.ThrowableAssert.ThrowingCallable> calls = new
                java.util.LinkedHashMap<>();
        calls.put("p", () -> s.retraction().retract(null, tau));
        calls.put("tau", () -> s.retraction().retract(p, null));
        calls.put("chart", () -> new ChartPoint(null, Coordinates.of(0, 0)));
        calls.put("xi", () -> new ChartPoint(p.chart(), null));
        calls.put("type", () -> s.capability(null));
        for (var call : calls.entrySet()) {
            assertThatThrownBy(call.getValue()).as("null %s", call.getKey())
                    .isInstanceOf(InvalidInputException.class)
                    .hasMessageStartingWith(call.getKey() + ": expected ").hasMessageEndingWith("found null");
        }
    }

    @Test
    void farCoordinatesMapToTheRightPointAndKeepFiniteTangents() {
        Sphere s = Sphere.of(3);
        double[] c = {0, 0, 1};
        ChartPoint centre = s.locate(c);
        for (double far : new double[] {1e10, 1e160, 1e300}) {
            ChartPoint p = new ChartPoint(centre.chart(), Coordinates.of(far, 0));
            Coordinates tau = Coordinates.of(0, 1);
            double[] x = s.embed(p);
            double[] v = p.chart().pushForward(p.xi(), tau);

            assertThat(angle(c, x)).as("φ⁻¹(ξ) at ‖ξ‖ = %s is atan ‖ξ‖ from the centre", far)
                    .isCloseTo(Math.atan(far), within(CLOSE));
            assertThat(allFinite(v)).as("Dφ⁻¹(ξ)τ at ‖ξ‖ = %s", far).isTrue();
            assertThat(Vectors.norm(v)).as("‖Dφ⁻¹(ξ)τ‖ for τ along the level set: 1/√(1 + ‖ξ‖²)")
                    .isCloseTo(1 / Math.hypot(1, far), within(CLOSE / Math.hypot(1, far)));
            double squared = Math.pow(Math.hypot(1, far), -2);
            // 1e-320 at ‖ξ‖ = 1e160 is subnormal: its precision is absolute, a few units of 4.9e-324.
            assertThat(s.metric().inner(p, p.tangent(tau), p.tangent(tau))).as("ḡ(τ, τ) = ‖Dφ⁻¹τ‖² = 1/(1 + ‖ξ‖²)")
                    .isCloseTo(squared, within(CLOSE * squared + 1e-322));
            assertThat(p.chart().tangentCoordinates(p.xi(), v).toArray()).as("tangent coordinates of Dφ⁻¹τ = τ")
                    .containsExactly(new double[] {0, 1}, within(1e-9));
        }
    }

    @Test
    void hugeTangentsAndCovectorsAreFiniteOrRejectedByName() {
        Sphere s = Sphere.of(3);
        ChartPoint p = s.locate(new double[] {0, 1, 0});
        TangentVector huge = p.tangent(Coordinates.of(1e200, -1e200));

        assertThat(allFinite(p.chart().pushForward(p.xi(), huge.tau()))).as("Dφ⁻¹(0)τ for ‖τ‖ = 1.4e200").isTrue();
        assertThat(s.metric().norm(p, p.tangent(Coordinates.of(1e100, 0)))).as("‖τ‖ = 1e100 at the centre")
                .isCloseTo(1e100, within(1e88));
        assertThatThrownBy(() -> s.metric().inner(p, huge, huge)).as("ḡ(τ, τ) = 2e400")
                .isInstanceOf(InvalidInputException.class).hasMessageStartingWith("u, v: expected");
        assertThatThrownBy(() -> s.metric().raise(new ChartPoint(p.chart(), Coordinates.of(1e200, 0)),
                Coordinates.of(1, 1))).as("raise at ‖ξ‖ = 1e200")
                .isInstanceOf(InvalidInputException.class).hasMessageStartingWith("covector: expected");
        ChartPoint mixing = s.locate(Vectors.normalized(new double[] {1, 1, 1}));
        assertThatThrownBy(() -> mixing.chart().pushForward(mixing.xi(), Coordinates.of(Double.MAX_VALUE,
                Double.MAX_VALUE))).as("an image beyond the largest double").isInstanceOf(InvalidInputException.class)
                .hasMessageStartingWith("tau: expected");
    }

    @Test
    void exactGeometryAnswersHugeVectorsOrRejectsThemByName() {
        Sphere s = Sphere.of(3);
        ExactGeometry exact = s.capability(ExactGeometry.class).orElseThrow();
        double[] p = {1, 0, 0};
        double[] q = {0, 1, 0};
        double[] v = {0, 1e300, 0};
        double t = 1e300;

        assertThat(exact.exp(p, v)).as("Exp_p(v) for ‖v‖ = 1e300: cos t p + sin t v/‖v‖")
                .containsExactly(new double[] {Math.cos(t), Math.sin(t), 0}, within(CLOSE));
        assertThat(exact.parallelTransport(p, v, q)).as("transport of (0, 1e300, 0) from e0 to e1")
                .containsExactly(new double[] {-1e300, 0, 0}, within(1e288));
        assertThatThrownBy(() -> exact.exp(p, new double[] {0, Double.MAX_VALUE, Double.MAX_VALUE}))
                .as("‖v‖ beyond the largest double").isInstanceOf(InvalidInputException.class)
                .hasMessageStartingWith("v: expected");
        assertThatThrownBy(() -> exact.log(new double[] {1e300, 0, 0}, q)).as("a base point off the sphere")
                .isInstanceOf(InvalidInputException.class).hasMessageStartingWith("p: expected a unit vector");
        Geodesics g = s.capability(Geodesics.class).orElseThrow();
        assertThat(g.distance(s.locate(p), s.locate(q))).as("d(e0, e1)").isCloseTo(Math.PI / 2, within(CLOSE));
    }

    @Test
    void pointsNinetyDegreesFromACentreAreNotInItsChart() {
        Sphere s = Sphere.of(3);
        ChartPoint centre = s.locate(new double[] {1, 0, 0});
        double[] almostOrthogonal = Vectors.normalized(new double[] {Double.MIN_VALUE, 1, 0});

        Optional<ChartPoint> in = s.coordinatesIn(centre.chart(), almostOrthogonal);
        Optional<Coordinates> across = s.atlas().transition(s.locate(almostOrthogonal).chart(), centre.chart())
                .flatMap((Transition t) -> t.apply(Coordinates.of(0, 0)));

        assertThat(in).as("coordinates at c·x = 4.9e-324: beyond the largest double, so empty").isEmpty();
        assertThat(across).as("the transition to that chart, likewise").isEmpty();
    }

    private static boolean allFinite(double[] values) {
        return Arrays.stream(values).allMatch(Double::isFinite);
    }

    private static double[] axis(int d, double value) {
        double[] e = new double[d];
        e[0] = value;
        return e;
    }
}

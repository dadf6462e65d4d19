package org.atlasgraph.optim.boundary;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.atlasgraph.optim.TestLinearAlgebra.add;
import static org.atlasgraph.optim.TestLinearAlgebra.norm;
import static org.atlasgraph.optim.TestLinearAlgebra.normalized;
import static org.atlasgraph.optim.TestLinearAlgebra.randomOrthogonal;
import static org.atlasgraph.optim.TestLinearAlgebra.scaled;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.random.RandomGenerator;
import org.atlasgraph.api.base.ExactPrimitives;
import org.atlasgraph.api.capability.ExactGeometry;
import org.atlasgraph.api.check.InvalidInputException;
import org.atlasgraph.api.check.NotOnManifoldException;
import org.atlasgraph.sphere.Sphere;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * The principal boundary on S² between two bands on either side of a great circle (in a random orientation), where
 * the answer is known: by symmetry the boundary is the great circle itself and each principal flow is the centre line
 * of its band.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class PrincipalBoundaryTest {
    private static final long SEED = 7_2020L;
    private static final long HELD_OUT_SEED = 7_2021L;
    private static final int POINTS_PER_CLASS = 800;
    /** The bands: latitudes in [0.15, 0.6] rad north and south of the great circle. */
    private static final double BAND_NEAR = 0.15;
    private static final double BAND_FAR = 0.6;
    /** 2000 steps of this length take the flows ≈ 1.7 times round their bands (length 2π cos 0.375 ≈ 5.8). */
    private static final double STEP = 0.005;
    /** An explicit radius for the tests of bad input: twice the band's half-width. */
    private static final double H = 0.5;
    /** The issue's bound on the distance of the recovered boundary from the great circle. */
    private static final double BOUNDARY_TOLERANCE = 0.1;
    /**
     * The flows should follow the band centres (latitude ±0.375); the bound is a quarter of the band width, well
     * outside the sampling noise of a mean over ~150 neighbours.
     */
    private static final double FLOW_TOLERANCE = 0.11;
    /** Largest gap along the circle left uncovered by boundary points: the boundary must go all the way round. */
    private static final double COVERAGE_GAP = 0.2;
    /** The bands are 0.3 rad apart, so a boundary within 0.1 rad of the circle separates held-out points exactly. */
    private static final double MIN_ACCURACY = 0.99;

    private final Sphere s2 = Sphere.of(3);
    private double[][] rotation;
    private BoundaryFit fit;

    @BeforeAll
    void fitTheBoundaryOnce() {
        rotation = randomRotation(new SplittableRandom(SEED));
        RandomGenerator rng = new SplittableRandom(SEED + 1);
        fit = PrincipalBoundary.on(s2).step(STEP).classNames("north", "south").build()
                .fit(band(+1, POINTS_PER_CLASS, rng), band(-1, POINTS_PER_CLASS, rng));
    }

    @Test
    void theDefaultRadiusLiesBetweenTheBandHalfWidthAndTheBandLength() {
        double halfWidth = (BAND_FAR - BAND_NEAR) / 2;
        assertThat(fit.parameters().radius()).as("suggested h").isBetween(2 * halfWidth, 1.5);
    }

    @Test
    void recoversTheGreatCircleWithinTheIssuesTolerance() {
        double worst = 0;
        for (double[] b : fit.boundary().ambientPoints()) {
            worst = Math.max(worst, Math.abs(latitude(b)));
        }
        assertThat(fit.closed()).as("closed; stop reason: %s", fit.stopReason()).isTrue();
        assertThat(worst).as("largest distance of a boundary point from the great circle (rad)")
                .isLessThan(BOUNDARY_TOLERANCE);
    }

    @Test
    void theBoundaryGoesAllTheWayRoundTheCircle() {
        double[] longitudes = fit.boundary().ambientPoints().stream().mapToDouble(this::longitude).sorted().toArray();
        double gap = longitudes[0] + 2 * Math.PI - longitudes[longitudes.length - 1];
        for (int i = 1; i < longitudes.length; i++) {
            gap = Math.max(gap, longitudes[i] - longitudes[i - 1]);
        }
        assertThat(gap).as("largest longitude gap between boundary points").isLessThan(COVERAGE_GAP);
    }

    @Test
    void eachPrincipalFlowFollowsTheCentreOfItsBand() {
        double centre = (BAND_NEAR + BAND_FAR) / 2;
        assertThat(fit.plusFlow().ambientPoints()).as("γ⁺ latitudes").allSatisfy(x ->
                assertThat(Math.abs(latitude(x) - centre)).isLessThan(FLOW_TOLERANCE));
        assertThat(fit.minusFlow().ambientPoints()).as("γ⁻ latitudes").allSatisfy(x ->
                assertThat(Math.abs(latitude(x) + centre)).isLessThan(FLOW_TOLERANCE));
    }

    @Test
    void classifiesHeldOutPointsByTheirSideOfTheCircle() {
        RandomGenerator rng = new SplittableRandom(HELD_OUT_SEED);
        int correct = 0;
        int total = 0;
        for (int sign : new int[] {+1, -1}) {
            for (double[] x : band(sign, 300, rng)) {
                Side expected = sign > 0 ? Side.PLUS : Side.MINUS;
                correct += fit.classify(x) == expected ? 1 : 0;
                total++;
            }
        }
        assertThat(correct / (double) total).as("held-out accuracy").isGreaterThanOrEqualTo(MIN_ACCURACY);
    }

    @Test
    void theNormalPointsTowardThePlusFlowAndTheScoreHasTheSideSign() {
        double[] north = rotate(new double[] {0, 0, 1});
        double[] nearNorth = normalized(add(fit.boundary().ambient(0), scaled(north, 0.3)));
        assertThat(fit.score(nearNorth)).as("score of a point 0.3 rad to the north of a boundary point").isPositive();
        assertThat(fit.classify(scaled(nearNorth, 1))).isEqualTo(Side.PLUS);
    }

    @Test
    void exactLogarithmsAndParallelTransportPluggedInRecoverTheCircleToo() {
        ExactGeometry exact = s2.capability(ExactGeometry.class).orElseThrow();
        RandomGenerator rng = new SplittableRandom(SEED + 2);
        BoundaryFit withExact = PrincipalBoundary.on(s2).radius(H).step(2 * STEP).iterations(1000)
                .inverseRetraction(ExactPrimitives.inverseRetraction(s2, exact))
                .localLogarithm(ExactPrimitives.inverseRetraction(s2, exact))
                .localTransport(ExactPrimitives.parallelTransport(s2, exact))
                .retraction(ExactPrimitives.retraction(s2, exact)).build()
                .fit(band(+1, POINTS_PER_CLASS / 2, rng), band(-1, POINTS_PER_CLASS / 2, rng));
        double worst = withExact.boundary().ambientPoints().stream().mapToDouble(x -> Math.abs(latitude(x))).max()
                .orElseThrow();
        assertThat(worst).as("largest distance from the great circle with the exact primitives (rad)")
                .isLessThan(BOUNDARY_TOLERANCE);
    }

    @Test
    void rejectsAnEmptyClassNamingIt() {
        PrincipalBoundary rpb = PrincipalBoundary.on(s2).radius(H).classNames("convex", "concave").build();
        List<double[]> some = band(+1, 10, new SplittableRandom(SEED));
        assertThatThrownBy(() -> rpb.fit(some, List.of())).isInstanceOf(InvalidInputException.class)
                .hasMessage("class 'concave': expected at least 3 training points, found none");
    }

    @Test
    void rejectsARadiusTooSmallToFindNeighboursAndSuggestsOne() {
        RandomGenerator rng = new SplittableRandom(SEED);
        PrincipalBoundary rpb = PrincipalBoundary.on(s2).radius(1e-4).build();
        assertThatThrownBy(() -> rpb.fit(band(+1, 100, rng), band(-1, 100, rng)))
                .isInstanceOf(InvalidInputException.class)
                .hasMessageStartingWith("h: expected a radius with at least 3 points of class 'plus' around the start"
                        + " of its principal flow, found 1 point within h = 1.000e-04 (h is too small; try h = 0.");
    }

    @Test
    void stopsAFlowThatLeavesTheDataSayingWhyInsteadOfReturningNaNCurves() {
        RandomGenerator rng = new SplittableRandom(SEED);
        List<double[]> shortArc = new ArrayList<>();
        List<double[]> otherArc = new ArrayList<>();
        for (int i = 0; i < 60; i++) {
            double lon = 0.4 * rng.nextDouble();
            shortArc.add(spherical(0.3, lon));
            otherArc.add(spherical(-0.3, lon));
        }
        PrincipalBoundary rpb = PrincipalBoundary.on(s2).radius(0.2).alpha(0).step(0.01).iterations(500).build();
        BoundaryFit open = rpb.fit(shortArc, otherArc);
        assertThat(open.closed()).as("closed").isFalse();
        assertThat(open.stopReason()).as("stop reason")
                .startsWith("the principal flow of class 'plus' left the data at step ")
                .contains(" points within h = 0.2; a larger h, e.g. ")
                .endsWith(", a larger alpha (now 0) or a smaller step (now 0.01) may keep it in)");
        assertThat(open.boundary().size()).as("boundary points before the stop").isBetween(2, 500);
        assertThat(open.boundary().ambientPoints()).as("boundary points").allSatisfy(x ->
                assertThat(Arrays.stream(x).allMatch(Double::isFinite)).as("finite").isTrue());
    }

    @Test
    void rejectsCurvesAndPointsOffTheManifold() {
        assertThatThrownBy(() -> PrincipalBoundary.on(Sphere.of(2))).isInstanceOf(InvalidInputException.class)
                .hasMessage("manifold: expected dimension at least 2 (a principal boundary is a curve between two"
                        + " principal flows), found dimension 1 (S^1)");
        List<double[]> offSphere = new ArrayList<>(band(+1, 10, new SplittableRandom(SEED)));
        offSphere.set(4, new double[] {0, 0, 2});
        PrincipalBoundary rpb = PrincipalBoundary.on(s2).radius(H).build();
        assertThatThrownBy(() -> rpb.fit(offSphere, band(-1, 10, new SplittableRandom(SEED))))
                .isInstanceOf(NotOnManifoldException.class).hasMessageStartingWith("class 'plus' point 4: expected");
        assertThatThrownBy(() -> fit.classify(new double[] {1, 0})).isInstanceOf(InvalidInputException.class)
                .hasMessage("point: expected length 3 (ambient dimension of S^2), found 2");
    }

    /** Points of the band on one side (sign ±1) of the great circle, uniform in longitude, in the rotated frame. */
    private List<double[]> band(int sign, int count, RandomGenerator rng) {
        List<double[]> points = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            double lat = BAND_NEAR + (BAND_FAR - BAND_NEAR) * rng.nextDouble();
            points.add(spherical(sign * lat, 2 * Math.PI * rng.nextDouble()));
        }
        return points;
    }

    private double[] spherical(double lat, double lon) {
        return rotate(new double[] {Math.cos(lat) * Math.cos(lon), Math.cos(lat) * Math.sin(lon), Math.sin(lat)});
    }

    /** Latitude with respect to the rotated great circle. */
    private double latitude(double[] x) {
        double[] y = unrotate(x);
        return Math.asin(Math.max(-1, Math.min(1, y[2] / norm(y))));
    }

    private double longitude(double[] x) {
        double[] y = unrotate(x);
        double lon = Math.atan2(y[1], y[0]);
        return lon < 0 ? lon + 2 * Math.PI : lon;
    }

    private double[] rotate(double[] v) {
        double[] r = new double[3];
        for (int i = 0; i < 3; i++) {
            for (int j = 0; j < 3; j++) {
                r[i] += rotation[i][j] * v[j];
            }
        }
        return r;
    }

    private double[] unrotate(double[] v) {
        double[] r = new double[3];
        for (int i = 0; i < 3; i++) {
            for (int j = 0; j < 3; j++) {
                r[i] += rotation[j][i] * v[j];
            }
        }
        return r;
    }

    /** A rotation from Gram–Schmidt on a Gaussian matrix: the transpose of {@code randomOrthogonal}'s rows. */
    private static double[][] randomRotation(RandomGenerator rng) {
        double[][] q = randomOrthogonal(3, rng);
        double[][] r = new double[3][3];
        for (int i = 0; i < 3; i++) {
            for (int j = 0; j < 3; j++) {
                r[i][j] = q[j][i];
            }
        }
        return r;
    }
}

package org.atlasgraph.optim.boundary;

import static org.assertj.core.api.Assertions.assertThat;
import static org.atlasgraph.optim.TestLinearAlgebra.randomOrthogonal;
import static org.atlasgraph.optim.TestLinearAlgebra.scaled;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.random.RandomGenerator;
import org.atlasgraph.api.Manifold;
import org.atlasgraph.api.capability.ExactGeometry;
import org.atlasgraph.grassmann.Grassmann;
import org.atlasgraph.sphere.Sphere;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Moving the data by an isometry of the manifold moves the principal boundary with them (issue 11 item 3): the fit on
 * the moved data is the image of the fit on the data, point by point, to 1e-6 of the manifold's scale (the unit
 * sphere's radius, the Grassmannian's diameter π/2), in the manifold's own distance ({@link ExactGeometry#distance}),
 * which is the independent reference here. Before, neighbourhoods were ambient ε-balls and the curves were stepped in
 * charts fixed to the coordinate axes, so a rotation changed the result.
 */
class IsometryInvarianceTest {
    private static final long SEED = 11_3L;
    /** The bound, relative to the manifold's scale (1 on the unit sphere, π/2 on Gr(3,1)). */
    private static final double RELATIVE = 1e-6;
    private static final int POINTS = 250;
    private static final double BAND_NEAR = 0.15;
    private static final double BAND_FAR = 0.6;

    @Test
    void aRotationOfTheSphereRotatesTheBoundary() {
        Sphere s2 = Sphere.of(3);
        RandomGenerator rng = new SplittableRandom(SEED);
        List<double[]> north = band(+1, Math.PI, rng);
        List<double[]> south = band(-1, Math.PI, rng);
        double[][] q = randomOrthogonal(3, new SplittableRandom(SEED + 1));
        PrincipalBoundary rpb = PrincipalBoundary.on(s2).radius(0.5).step(0.01).iterations(400).build();

        BoundaryFit fit = rpb.fit(north, south);
        BoundaryFit moved = rpb.fit(apply(q, north, false), apply(q, south, false));

        assertSameUpTo(s2, q, fit, moved, 1.0);
    }

    /**
     * Classes that fill regions (two hemispheres, default parameters): the flows follow the classes' margins from
     * directions whose sign no eigenvector fixes, so the start's orientation rule must be intrinsic for the rotated
     * fit to run the same way round; the closed boundary is then the same curve point by point. (Both rotations ran
     * the other way round before the start was oriented by the flow's mean logarithm.)
     */
    @ParameterizedTest(name = "rotation {0}")
    @ValueSource(longs = {0, 1})
    void aRotationOfTheSphereRotatesAClosedBoundary(long rotation) {
        Sphere s2 = Sphere.of(3);
        RandomGenerator rng = new SplittableRandom(SEED + 4);
        List<double[]> north = new ArrayList<>();
        List<double[]> south = new ArrayList<>();
        for (int i = 0; i < 2 * POINTS; i++) {
            double[] x = {rng.nextGaussian(), rng.nextGaussian(), rng.nextGaussian()};
            double n = Math.sqrt(x[0] * x[0] + x[1] * x[1] + x[2] * x[2]);
            (x[2] > 0 ? north : south).add(scaled(x, 1 / n));
        }
        double[][] q = randomOrthogonal(3, new SplittableRandom(SEED + 10 + rotation));
        PrincipalBoundary rpb = PrincipalBoundary.on(s2).build();

        BoundaryFit fit = rpb.fit(north, south);
        BoundaryFit moved = rpb.fit(apply(q, north, false), apply(q, south, false));

        assertThat(fit.closed()).as("closed (two hemispheres); stop reason: %s", fit.stopReason()).isTrue();
        assertSameUpTo(s2, q, fit, moved, 1.0);
    }

    @Test
    void anIsometryOfTheGrassmannianMovesTheBoundaryAndItStopsWhereTheDataEnd() {
        Grassmann gr = Grassmann.of(3, 1);
        RandomGenerator rng = new SplittableRandom(SEED + 2);
        List<double[]> upper = band(+1, 0.6, rng);
        List<double[]> lower = band(-1, 0.6, rng);
        double[][] q = randomOrthogonal(3, new SplittableRandom(SEED + 3));
        PrincipalBoundary rpb = PrincipalBoundary.on(gr).radius(0.4).step(0.01).iterations(400).build();

        BoundaryFit fit = rpb.fit(upper, lower);
        BoundaryFit moved = rpb.fit(apply(q, upper, true), apply(q, lower, true));

        assertSameUpTo(gr, q, fit, moved, Math.PI / 2);
        assertThat(fit.closed()).as("closed (the classes are arcs of a quarter turn)").isFalse();
        assertThat(fit.stopReason()).as("stop reason").contains(" left the data at step ");
    }

    /** Asserts that {@code moved} is the image of {@code fit} under x ↦ Qx, in the manifold's distance. */
    private static void assertSameUpTo(Manifold m, double[][] q, BoundaryFit fit, BoundaryFit moved, double scale) {
        ExactGeometry exact = m.capability(ExactGeometry.class).orElseThrow();
        assertThat(moved.stopReason()).as("stop reason of the moved fit").isEqualTo(fit.stopReason());
        assertThat(moved.boundary().size()).as("boundary points").isEqualTo(fit.boundary().size());
        assertThat(fit.boundary().size()).as("boundary points (a fit of some length)").isGreaterThan(50);
        double worst = 0;
        for (int i = 0; i < fit.boundary().size(); i++) {
            worst = Math.max(worst, exact.distance(times(q, fit.boundary().ambient(i)), moved.boundary().ambient(i)));
            worst = Math.max(worst, exact.distance(times(q, fit.plusFlow().ambient(i)), moved.plusFlow().ambient(i)));
            worst = Math.max(worst, exact.distance(times(q, fit.minusFlow().ambient(i)),
                    moved.minusFlow().ambient(i)));
        }
        assertThat(worst / scale).as("largest distance between Q·(curve point) and the moved fit's, relative")
                .isLessThan(RELATIVE);
    }

    /**
     * Unit vectors at latitude ±[0.15, 0.6] and longitude in [−span, span]: bands on either side of a great circle on
     * S², and (with span 0.6) two arcs of lines in RP² = Gr(3,1) that no antipodal identification merges.
     */
    private static List<double[]> band(int sign, double span, RandomGenerator rng) {
        List<double[]> points = new ArrayList<>();
        for (int i = 0; i < POINTS; i++) {
            double lat = sign * (BAND_NEAR + (BAND_FAR - BAND_NEAR) * rng.nextDouble());
            double lon = span * (2 * rng.nextDouble() - 1);
            points.add(new double[] {Math.cos(lat) * Math.cos(lon), Math.cos(lat) * Math.sin(lon), Math.sin(lat)});
        }
        return points;
    }

    /** @return Q·x for every x, with every other representative negated when {@code flip} (the same lines) */
    private static List<double[]> apply(double[][] q, List<double[]> points, boolean flip) {
        List<double[]> out = new ArrayList<>();
        for (int i = 0; i < points.size(); i++) {
            double[] y = times(q, points.get(i));
            out.add(flip && i % 2 == 1 ? scaled(y, -1) : y);
        }
        return out;
    }

    private static double[] times(double[][] q, double[] x) {
        double[] y = new double[3];
        for (int i = 0; i < 3; i++) {
            for (int j = 0; j < 3; j++) {
                y[i] += q[i][j] * x[j];
            }
        }
        return y;
    }
}

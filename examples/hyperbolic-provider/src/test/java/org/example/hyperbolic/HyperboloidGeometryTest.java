package org.example.hyperbolic;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.atlasgraph.api.ChartPoint;
import org.atlasgraph.api.capability.ExactGeometry;
import org.junit.jupiter.api.Test;

/**
 * The closed forms against independent references: on H^1 the point {@code (cosh a, sinh a)} lies at distance
 * {@code |a − b|} from {@code (cosh b, sinh b)}; Exp inverts Log; and a point at distance d from a chart's centre has
 * chart coordinates of norm {@code 2 tanh(d/2)} (the Poincaré ball, doubled).
 */
class HyperboloidGeometryTest {
    /** Closed forms in double precision agree to a few ulps of the distances used here (≤ 3). */
    private static final double TOLERANCE = 1e-13;

    private final HyperbolicSpace line = HyperbolicSpace.of(1);
    private final ExactGeometry exact = line.capability(ExactGeometry.class).orElseThrow();

    @Test
    void distanceOnTheLineIsTheDifferenceOfParameters() {
        for (double a : new double[] {-2, -0.5, 0, 1e-9, 1.5}) {
            for (double b : new double[] {-1, 0, 2e-9, 0.7, 3}) {
                assertThat(exact.distance(point(a), point(b))).as("d((cosh a, sinh a), (cosh b, sinh b)), a=%s, b=%s",
                        a, b).isCloseTo(Math.abs(a - b), within(TOLERANCE * (1 + Math.abs(a - b))));
            }
        }
    }

    @Test
    void expOfLogReturnsThePointAndLogHasTheDistanceAsNorm() {
        double[] p = point(0.4);
        double[] q = point(-1.3);
        double[] v = exact.log(p, q);
        assertThat(Math.sqrt(Minkowski.dot(v, v))).as("‖Log_p q‖_L").isCloseTo(1.7, within(TOLERANCE));
        double[] back = exact.exp(p, v);
        assertThat(back[0]).as("Exp_p(Log_p q)₀").isCloseTo(q[0], within(TOLERANCE));
        assertThat(back[1]).as("Exp_p(Log_p q)₁").isCloseTo(q[1], within(TOLERANCE));
    }

    @Test
    void chartCoordinateOfAPointAtDistanceDIsTwiceTanhOfHalfD() {
        HyperbolicSpace plane = HyperbolicSpace.of(2);
        ChartPoint origin = plane.locate(new double[] {1, 0, 0});
        double d = 1.2;
        double[] x = {Math.cosh(d), Math.sinh(d) * 0.6, Math.sinh(d) * 0.8};
        ChartPoint q = plane.coordinatesIn(origin.chart(), x).orElseThrow();
        assertThat(q.xi().norm()).as("‖ξ‖ of a point at distance %s from the chart's centre", d)
                .isCloseTo(2 * Math.tanh(d / 2), within(TOLERANCE));
    }

    private static double[] point(double a) {
        return new double[] {Math.cosh(a), Math.sinh(a)};
    }
}

package org.atlasgraph.sphere;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.SplittableRandom;
import org.atlasgraph.api.capability.ExactGeometry;
import org.atlasgraph.api.capability.RunningMean;
import org.atlasgraph.api.check.InvalidInputException;
import org.atlasgraph.api.check.NotOnManifoldException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The sphere's {@link RunningMean} against its definition computed with the great-circle closed forms:
 * {@code m ← m + t(Log_c x − m)} on ambient tangent vectors at the centre c, the estimate {@code Exp_c(m)}.
 */
class SphereRunningMeanTest {
    private static final long SEED = 59;
    private static final int STEPS = 40;
    /** Closed forms vs the chart's tangent basis: agreement to rounding. */
    private static final double TOL = 1e-12;

    @ParameterizedTest(name = "S^{0}")
    @ValueSource(ints = {1, 2, 9})
    void followsTheUpdateInNormalCoordinatesAtTheCentre(int dimension) {
        Sphere s = Sphere.of(dimension + 1);
        ExactGeometry exact = s.capability(ExactGeometry.class).orElseThrow();
        SplittableRandom rng = new SplittableRandom(SEED + dimension);
        RunningMean.State state = s.capability(RunningMean.class).orElseThrow().start(s.locate(s.uniform(rng)));
        double[] c = s.embed(state.point());
        double[] m = new double[dimension + 1];
        double spread = 0;
        long changes = 0;
        for (int i = 1; i <= STEPS; i++) {
            // Uniform samples, half of them beyond the hemisphere of the chart, where gnomonic coordinates end; the
            // first 2 rad away, so that the estimate leaves the 45° domain of trust at once.
            double[] x = s.uniform(rng);
            if (i == 1) {
                double[] v = exact.log(c, x);
                x = exact.exp(c, scaled(v, 2 / norm(v)));
            }
            double t = 1.0 / (i + 1);
            double[] nu = exact.log(c, x);
            double d2 = 0;
            for (int j = 0; j < m.length; j++) {
                m[j] += t * (nu[j] - m[j]);
                d2 += nu[j] * nu[j];
            }
            spread += t * (d2 - spread);
            assertThat(state.add(x, t)).as("step %d", i).isTrue();
            double[] expected = exact.exp(c, m);
            assertThat(exact.distance(s.embed(state.point()), expected)).as("step %d: estimate vs Exp_c(m)", i)
                    .isLessThan(TOL);
            assertThat(state.spread()).as("step %d: spread", i).isCloseTo(spread, within(TOL));
            if (state.chartChanges() > changes) {
                assertThat(norm(m)).as("step %d: distance at which the state re-centred", i)
                        .isGreaterThanOrEqualTo(SphereRunningMean.TRUST_DISTANCE);
                changes = state.chartChanges();
                c = expected;
                m = new double[dimension + 1];
            }
            assertThat(state.offset()).as("step %d: offset ‖m‖", i).isCloseTo(norm(m), within(TOL));
        }
        assertThat(state.chartChanges()).as("re-centres on leaving the 45° domain of trust").isPositive();
    }

    @Test
    void reportsTheAntipodeOfTheCentreAndStaysPut() {
        Sphere s = Sphere.of(3);
        RunningMean.State state = s.capability(RunningMean.class).orElseThrow().start(s.locate(new double[] {0, 0, 1}));
        assertThat(state.add(new double[] {0, 0, -1}, 0.5)).as("the antipode").isFalse();
        assertThat(state.add(new double[] {1e-14, 0, -1}, 0.5)).as("the antipode to rounding").isFalse();
        assertThat(state.offset()).as("offset after").isZero();
        assertThat(state.add(new double[] {1e-3, 0, -1}, 0.5)).as("a point 1e-3 from the antipode").isTrue();
        double[] midpoint = {Math.sin((Math.PI - Math.atan(1e-3)) / 2), 0, Math.cos((Math.PI - Math.atan(1e-3)) / 2)};
        assertThat(s.capability(ExactGeometry.class).orElseThrow().distance(s.embed(state.point()), midpoint))
                .as("half-way toward it").isLessThan(TOL);
        assertThat(state.chartChanges()).as("re-centred: 90° is beyond the domain of trust").isEqualTo(1);
    }

    @Test
    void rejectsASampleOfTheWrongLengthOrNorm() {
        Sphere s = Sphere.of(3);
        RunningMean.State state = s.capability(RunningMean.class).orElseThrow().start(s.locate(new double[] {1, 0, 0}));
        assertThatThrownBy(() -> state.add(new double[] {1, 0}, 0.5)).isInstanceOf(InvalidInputException.class)
                .hasMessage("ambient: expected length 3 (ambient dimension of S^2), found 2");
        assertThatThrownBy(() -> state.add(new double[] {2, 0, 0}, 0.5)).isInstanceOf(NotOnManifoldException.class)
                .hasMessageStartingWith("ambient: expected ‖x‖ = 1");
    }

    private static double[] scaled(double[] v, double f) {
        double[] r = v.clone();
        for (int i = 0; i < r.length; i++) {
            r[i] *= f;
        }
        return r;
    }

    private static double norm(double[] v) {
        double s = 0;
        for (double x : v) {
            s += x * x;
        }
        return Math.sqrt(s);
    }
}

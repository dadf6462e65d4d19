package org.atlasgraph.tck;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class SlopeFitTest {
    /** Least squares on exact powers recovers the exponent to rounding. */
    private static final double EXACT_POWER = 1e-9;
    private static final double FLOOR = 1e-12;

    private static double[] defects(double[] t, java.util.function.DoubleUnaryOperator f) {
        double[] e = new double[t.length];
        for (int i = 0; i < t.length; i++) {
            e[i] = f.applyAsDouble(t[i]);
        }
        return e;
    }

    @Test
    void standardStepsSpanThreeDecadesAtFourPerDecade() {
        double[] t = SlopeFit.standardSteps();

        assertThat(t).as("steps").hasSize(13);
        assertThat(t[0]).as("first step").isCloseTo(1e-4, within(1e-18));
        assertThat(t[12]).as("last step").isCloseTo(1e-1, within(1e-15));
    }

    @Test
    void recoversTheExponentOfAPower() {
        double[] t = SlopeFit.standardSteps();
        SlopeFit fit = SlopeFit.of(t, defects(t, x -> 3 * x * x), FLOOR, 2);

        assertThat(fit.kind()).as("kind").isEqualTo(SlopeFit.Kind.FITTED);
        assertThat(fit.slope()).as("slope of 3t²").isCloseTo(2, within(EXACT_POWER));
        assertThat(fit.asymptoticSlope()).as("asymptotic slope of 3t²").isCloseTo(2, within(EXACT_POWER));
        assertThat(fit.meets(2, 0.1)).as("meets order 2").isTrue();
        assertThat(fit.meets(3, 0.1)).as("meets order 3").isFalse();
    }

    @Test
    void firstOrderDefectFailsASecondOrderRule() {
        double[] t = SlopeFit.standardSteps();
        SlopeFit fit = SlopeFit.of(t, defects(t, x -> 0.1 * x + x * x), FLOOR, 2);

        assertThat(fit.bestSlope()).as("slope of 0.1t + t²").isLessThan(1.9);
        assertThat(fit.meets(2, 0.1)).as("meets order 2").isFalse();
        assertThat(fit.describe()).as("description").startsWith("slope 1.").contains("best window");
    }

    @Test
    void constantDefectHasSlopeZero() {
        double[] t = SlopeFit.standardSteps();
        SlopeFit fit = SlopeFit.of(t, defects(t, x -> 1e-3), FLOOR, 2);

        assertThat(fit.slope()).as("slope of a constant").isCloseTo(0, within(EXACT_POWER));
        assertThat(fit.meets(1, 0.1)).as("meets order 1").isFalse();
    }

    @Test
    void defectsAtRoundingLevelAreLeftOutAndAccepted() {
        double[] t = SlopeFit.standardSteps();
        SlopeFit exact = SlopeFit.of(t, defects(t, x -> 1e-16), FLOOR, 2);
        SlopeFit partly = SlopeFit.of(t, defects(t, x -> Math.max(x * x * x, 1e-16)), FLOOR, 2);

        assertThat(exact.kind()).as("all at rounding").isEqualTo(SlopeFit.Kind.AT_ROUNDING);
        assertThat(exact.meets(2, 0.1)).as("rounding meets any order").isTrue();
        assertThat(partly.points()).as("t³ above 1e-12 from t ≈ 1e-4").isLessThan(t.length);
        assertThat(partly.slope()).as("slope of t³ above the floor").isCloseTo(3, within(EXACT_POWER));
    }

    @Test
    void nonFiniteDefectFails() {
        double[] t = SlopeFit.standardSteps();
        SlopeFit fit = SlopeFit.of(t, defects(t, x -> x > 1e-2 ? Double.NaN : x * x), FLOOR, 2);

        assertThat(fit.kind()).as("kind").isEqualTo(SlopeFit.Kind.NON_FINITE);
        assertThat(fit.meets(2, 0.1)).as("meets").isFalse();
        assertThat(fit.describe()).as("description").startsWith("non-finite defect at t=");
    }

    @Test
    void asymptoticDecadesCarryAScalarDefectBentInTheTopDecade() {
        double[] t = SlopeFit.standardSteps();
        SlopeFit fit = SlopeFit.of(t, defects(t, x -> Math.abs(x - 8 * x * x)), FLOOR, 1);

        assertThat(fit.slope()).as("full-range slope of |t − 8t²|, cancelling near t = 0.125").isLessThan(0.9);
        assertThat(fit.asymptoticSlope()).as("slope over t ≤ 1e-2").isGreaterThan(0.9);
        assertThat(fit.meets(1, 0.1)).as("meets order 1").isTrue();
    }

    @Test
    void bestWindowIsTheOneClosestToTheExpectedOrder() {
        double[] t = SlopeFit.standardSteps();
        SlopeFit fit = SlopeFit.of(t, defects(t, x -> 1e-6 + x * x), FLOOR, 2);

        assertThat(fit.windowTo()).as("end of best window").isCloseTo(1e-1, within(1e-12));
        assertThat(fit.windowSlope()).as("slope of best window").isGreaterThan(fit.slope());
        assertThat(fit.meets(2, 0.1)).as("a constant floor of 1e-6 breaks the order").isFalse();
    }
}

package org.atlasgraph.api.base;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.atlasgraph.api.ChartPoint;
import org.atlasgraph.api.Coordinates;
import org.atlasgraph.api.FlatManifold;
import org.atlasgraph.api.TangentVector;
import org.atlasgraph.api.check.InvalidInputException;
import org.junit.jupiter.api.Test;

/**
 * The generic quasi-Euclidean primitives on a flat manifold with scaled translation charts, where every answer is
 * known: a step ξ + τ moves the ambient point by τ/s, and changing chart must not change the point or the vector.
 */
class QuasiEuclideanPrimitivesTest {
    private static final double SCALE = 2.0;
    private static final double TOL = 1e-12;

    private final FlatManifold flat = new FlatManifold(2, SCALE);

    @Test
    void retractionStaysInTheChartInsideTheDomainAndMovesByTauOverScale() {
        ChartPoint p = flat.locate(new double[] {1, 1});
        ChartPoint q = flat.retraction().retract(p, p.tangent(Coordinates.of(0.2, -0.4))).orElseThrow();
        assertThat(q.sameChart(p)).as("a step inside the trust ball keeps the chart").isTrue();
        assertThat(flat.embed(q)).containsExactly(new double[] {1.1, 0.8}, within(TOL));
    }

    @Test
    void retractionChangesChartWhenTheStepLeavesTheDomainWithoutMovingThePoint() {
        ChartPoint p = flat.locate(new double[] {0, 0});
        ChartPoint q = flat.retraction().retract(p, p.tangent(Coordinates.of(3, 0))).orElseThrow();
        assertThat(q.sameChart(p)).as("a step out of the trust ball changes chart").isFalse();
        assertThat(q.xi()).as("the new chart is centred at the point").isEqualTo(Coordinates.zeros(2));
        assertThat(flat.embed(q)).containsExactly(new double[] {1.5, 0}, within(TOL));
    }

    @Test
    void aStepBeyondABoundedImageIsWalkedAcrossChartsToTheSamePoint() {
        FlatManifold bounded = new FlatManifold(2, SCALE, 1.5);
        ChartPoint p = bounded.locate(new double[] {0.2, -0.1});
        TangentVector tau = p.tangent(Coordinates.of(7, 4));
        assertThat(p.chart().inImage(p.xi().plus(tau.tau()))).as("the step ends outside the chart's image").isFalse();
        ChartPoint q = bounded.retraction().retract(p, tau).orElseThrow();
        assertThat(q.chart().contains(q.xi())).as("the walk ends inside a domain of trust").isTrue();
        assertThat(bounded.embed(q)).as("flat: the walk ends where ξ + τ would, x + τ/s")
                .containsExactly(new double[] {0.2 + 7 / SCALE, -0.1 + 4 / SCALE}, within(1e-9));
    }

    @Test
    void inverseRetractionUndoesTheRetractionAcrossAChartChange() {
        ChartPoint p = flat.locate(new double[] {0.3, -0.7});
        TangentVector tau = p.tangent(Coordinates.of(2.5, 1.5));
        ChartPoint q = flat.retraction().retract(p, tau).orElseThrow();
        assertThat(q.sameChart(p)).isFalse();
        TangentVector back = flat.inverseRetraction().inverseRetract(p, q).orElseThrow();
        assertThat(back.tau().minus(tau.tau()).norm()).as("‖Log_p(Ret_p τ) − τ‖").isLessThan(TOL);
    }

    @Test
    void transportIsTheIdentityInAChartAndTheTransitionDifferentialAcross() {
        ChartPoint p = flat.locate(new double[] {0, 0});
        TangentVector sigma = p.tangent(Coordinates.of(1, 2));
        ChartPoint near = flat.retraction().retract(p, p.tangent(Coordinates.of(0.1, 0))).orElseThrow();
        assertThat(flat.vectorTransport().transport(p, sigma, near).tau()).isEqualTo(sigma.tau());

        FlatManifold otherScale = new FlatManifold(2, SCALE);
        ChartPoint far = new ChartPoint(otherScale.chartAt(new double[] {5, 5}), Coordinates.of(0.5, 0));
        TangentVector moved = flat.vectorTransport().transport(p, sigma, far);
        assertThat(moved.chart()).isEqualTo(far.chart());
        assertThat(flat.metric().norm(far, moved)).as("flat transport is an isometry")
                .isCloseTo(flat.metric().norm(p, sigma), within(TOL));
    }

    @Test
    void primitivesRejectATangentVectorFromAnotherChart() {
        ChartPoint p = flat.locate(new double[] {0, 0});
        ChartPoint other = flat.locate(new double[] {1, 0});
        TangentVector foreign = other.tangent(Coordinates.of(0.1, 0.1));
        assertThatThrownBy(() -> flat.retraction().retract(p, foreign))
                .isInstanceOf(InvalidInputException.class)
                .hasMessageStartingWith("tau: expected a tangent vector in the chart of its base point");
        assertThatThrownBy(() -> flat.vectorTransport().transport(p, foreign, other))
                .isInstanceOf(InvalidInputException.class);
    }

    @Test
    void chartPointsAndTangentsOfTheWrongDimensionAreRejected() {
        ChartPoint p = flat.locate(new double[] {0, 0});
        assertThatThrownBy(() -> new ChartPoint(p.chart(), Coordinates.of(1, 2, 3)))
                .isInstanceOf(InvalidInputException.class)
                .hasMessageStartingWith("xi: expected length 2 (dimension of chart");
        assertThatThrownBy(() -> p.tangent(Coordinates.of(1)))
                .isInstanceOf(InvalidInputException.class)
                .hasMessageStartingWith("tau: expected length 2");
    }
}

package org.atlasgraph.optim.linesearch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Optional;
import java.util.OptionalDouble;
import java.util.SplittableRandom;
import org.atlasgraph.api.ChartPoint;
import org.atlasgraph.api.Manifold;
import org.atlasgraph.api.Retraction;
import org.atlasgraph.api.TangentVector;
import org.atlasgraph.api.check.InvalidInputException;
import org.atlasgraph.optim.descent.Evaluations;
import org.atlasgraph.optim.WeightedPlane;
import org.atlasgraph.optim.descent.Objective;
import org.atlasgraph.optim.problem.Problem;
import org.atlasgraph.optim.problem.Problems;
import org.atlasgraph.sphere.Sphere;
import org.atlasgraph.tck.fixture.ForwardingManifold;
import org.atlasgraph.tck.fixture.HyperbolicSpace;
import org.junit.jupiter.api.Test;

/**
 * The line searches on retraction curves: each accepted step satisfies the conditions it promises, measured on the
 * trial's own value and slope; steps the retraction cannot take, or longer than the cap, are never tried.
 */
class LineSearchTest {
    private static final int N = 20;
    private final Sphere sphere = Sphere.of(N);
    private final Problem rayleigh = Problems.rayleigh(sphere, Problems.symmetricMatrix(N, 1), OptionalDouble.of(-1));

    @Test
    void strongWolfeStepsSatisfyBothConditions() {
        for (double initial : new double[] {1e-4, 0.3, 10}) {
            Line line = steepestLine(sphere, rayleigh.objective(), rayleigh.start(), Double.POSITIVE_INFINITY);
            Trial t = StrongWolfe.CONJUGATE_GRADIENTS.search(line, initial).orElseThrow();
            assertThat(t.value().getAsDouble()).as("sufficient decrease from initial step %s", initial)
                    .isLessThanOrEqualTo(line.value0() + 1e-4 * t.step() * line.slope0());
            assertThat(Math.abs(t.slope())).as("curvature |φ'(t)| ≤ 0.1 |φ'(0)| from initial step %s", initial)
                    .isLessThanOrEqualTo(0.1 * Math.abs(line.slope0()));
        }
    }

    @Test
    void armijoShrinksAStepThatIsTooLongUntilTheValueDecreasesEnough() {
        WeightedPlane plane = new WeightedPlane(1, 4, 0.25);
        Objective bowl = Objective.ambient(x -> (x[0] * x[0] + x[1] * x[1] + x[2] * x[2]) / 2, double[]::clone,
                plane.metric());
        Line line = steepestLine(plane, bowl, plane.locate(new double[] {1, -2, 3}), Double.POSITIVE_INFINITY);
        Trial t = ArmijoBacktracking.DEFAULT.search(line, 100).orElseThrow();
        assertThat(line.trials()).as("trials").isGreaterThan(1);
        assertThat(t.step()).as("accepted step").isEqualTo(100 * Math.pow(0.5, line.trials() - 1));
        assertThat(t.value().getAsDouble()).isLessThanOrEqualTo(line.value0() + 1e-4 * t.step() * line.slope0());
    }

    @Test
    void withoutValuesTheSearchesJudgeStepsBySlopes() {
        Objective gradientOnly = Objective.stochastic(rayleigh.objective()::gradient);
        Line line = steepestLine(sphere, gradientOnly, rayleigh.start(), Double.POSITIVE_INFINITY);
        assertThat(line.hasValues()).isFalse();
        Trial t = StrongWolfe.QUASI_NEWTON.search(line, 10).orElseThrow();
        assertThat(t.value()).isEmpty();
        assertThat(t.slope()).as("the quadratic model's sufficient decrease: φ'(t) ≤ (2c₁ − 1) φ'(0)")
                .isLessThanOrEqualTo((2e-4 - 1) * line.slope0());
        assertThat(Math.abs(t.slope())).isLessThanOrEqualTo(0.9 * Math.abs(line.slope0()));
    }

    @Test
    void stepsAcrossTheManifoldsEdgeAreNeverAccepted() {
        double edge = 0.05;
        Manifold withEdge = new ForwardingManifold(sphere) {
            @Override
            public Retraction retraction() {
                Retraction r = delegate().retraction();
                return (p, tau) -> metric().norm(p, tau) > edge ? Optional.empty() : r.retract(p, tau);
            }
        };
        for (LineSearch search : new LineSearch[] {ArmijoBacktracking.DEFAULT, StrongWolfe.QUASI_NEWTON}) {
            Line line = steepestLine(withEdge, rayleigh.objective(), rayleigh.start(), Double.POSITIVE_INFINITY);
            Trial t = search.search(line, 1).orElseThrow();
            assertThat(t.step() * withEdge.metric().norm(line.origin(), line.direction()))
                    .as("%s: length of the accepted step, the edge at %s", search, edge).isLessThanOrEqualTo(edge);
        }
    }

    @Test
    void trialStepsOnHyperbolicSpaceStayWithinTheCapAndOnTheManifold() {
        HyperbolicSpace h2 = HyperbolicSpace.of(2);
        double[] target = {Math.cosh(3), Math.sinh(3), 0};
        Objective far = Objective.ambient(x -> x[0] * target[0] - x[1] * target[1] - x[2] * target[2],
                x -> new double[] {target[0], -target[1], -target[2]}, h2.metric());
        ChartPoint origin = h2.locate(new double[] {1, 0, 0});
        Line line = steepestLine(h2, far, origin, 5);
        Trial t = StrongWolfe.QUASI_NEWTON.search(line, 1e6).orElseThrow();
        double length = t.step() * h2.metric().norm(origin, line.direction());
        assertThat(length).as("a first trial of 10⁶ (far outside every Klein chart's image) is cut to the cap")
                .isLessThanOrEqualTo(5 + 1e-12);
        assertThat(h2.checkPoint(h2.embed(t.point()))).as("the accepted point is on the hyperboloid").isEmpty();
    }

    @Test
    void rejectsConstantsOutOfRangeNamingThem() {
        assertThatThrownBy(() -> new StrongWolfe(1e-4, 1e-5, 10)).isInstanceOf(InvalidInputException.class)
                .hasMessage("curvature: expected a value in (sufficientDecrease = 1.000e-04, 1), found 1.0E-5");
        assertThatThrownBy(() -> new ArmijoBacktracking(0.7, 0.5, 10)).isInstanceOf(InvalidInputException.class)
                .hasMessage("sufficientDecrease: expected a value in (0, 0.5), found 0.7");
        assertThatThrownBy(() -> new ArmijoBacktracking(1e-4, 1, 10)).isInstanceOf(InvalidInputException.class)
                .hasMessage("contraction: expected a value in (0, 1), found 1.0");
    }

    /** The line along the negative gradient at p. */
    private static Line steepestLine(Manifold m, Objective f, ChartPoint p, double maxStepNorm) {
        Evaluations evaluations = new Evaluations("test", f, new SplittableRandom(1), m.metric());
        TangentVector g = evaluations.gradient(p, 0);
        return new Line(evaluations, p, g.scale(-1), evaluations.value(p), -m.metric().inner(p, g, g),
                m.retraction(), m.vectorTransport(), maxStepNorm, 1);
    }
}

package org.atlasgraph.optim.cg;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.OptionalDouble;
import org.atlasgraph.api.check.InvalidInputException;
import org.atlasgraph.optim.WeightedPlane;
import org.atlasgraph.optim.descent.DescentResult;
import org.atlasgraph.optim.descent.Objective;
import org.atlasgraph.optim.descent.StoppingRule;
import org.atlasgraph.optim.lbfgs.RiemannianLbfgs;
import org.atlasgraph.optim.problem.Problem;
import org.atlasgraph.optim.problem.Problems;
import org.atlasgraph.sphere.Sphere;
import org.junit.jupiter.api.Test;

/** The options of conjugate gradients and L-BFGS, their restarts and their answers at a stationary start. */
class RiemannianConjugateGradientTest {
    private static final int N = 60;
    private final Problem rayleigh = Problems.rayleigh(Sphere.of(N), Problems.symmetricMatrix(N, 1),
            OptionalDouble.of(-1));

    @Test
    void conjugateDirectionsNeedFewerStepsThanRestartingEveryStep() {
        StoppingRule stop = StoppingRule.gradientNormBelow(1e-8);
        int conjugate = iterations(RiemannianConjugateGradient.on(rayleigh.manifold()).stopWhen(stop).build());
        int steepest = iterations(RiemannianConjugateGradient.on(rayleigh.manifold()).restartEvery(1).stopWhen(stop)
                .build());
        assertThat(conjugate).as("Polak–Ribière+ vs steepest descent (%d iterations) with the same line search",
                steepest).isLessThan(steepest);
    }

    @Test
    void aStationaryStartEndsAtOnceAndSaysWhy() {
        WeightedPlane plane = new WeightedPlane(1, 2);
        Objective bowl = Objective.ambient(x -> (x[0] * x[0] + x[1] * x[1]) / 2, double[]::clone, plane.metric());
        DescentResult cg = RiemannianConjugateGradient.on(plane).build().minimize(bowl,
                plane.locate(new double[] {0, 0}));
        DescentResult lbfgs = RiemannianLbfgs.on(plane).build().minimize(bowl, plane.locate(new double[] {0, 0}));
        for (DescentResult r : new DescentResult[] {cg, lbfgs}) {
            assertThat(r.iterations()).isZero();
            assertThat(r.stopReason()).isEqualTo("the gradient is zero at the start point");
        }
    }

    @Test
    void rejectsBadOptionsNamingThem() {
        assertThatThrownBy(() -> ConjugateRule.ofCode("pr")).isInstanceOf(InvalidInputException.class)
                .hasMessage("conjugate rule: expected one of [fr, prp, hs], found 'pr'");
        assertThatThrownBy(() -> RiemannianConjugateGradient.on(rayleigh.manifold()).restartEvery(0))
                .isInstanceOf(InvalidInputException.class).hasMessageStartingWith("restartEvery: expected");
        assertThatThrownBy(() -> RiemannianLbfgs.on(rayleigh.manifold()).memory(0))
                .isInstanceOf(InvalidInputException.class).hasMessageStartingWith("memory: expected");
        assertThatThrownBy(() -> RiemannianLbfgs.on(rayleigh.manifold()).maxStepNorm(0))
                .isInstanceOf(InvalidInputException.class).hasMessage("maxStepNorm: expected a value > 0, found 0.0");
    }

    private int iterations(RiemannianConjugateGradient cg) {
        DescentResult r = cg.minimize(rayleigh.objective(), rayleigh.start());
        assertThat(r.stopReason()).as("%s stopped", cg).startsWith("gradient norm");
        return r.iterations();
    }
}

package org.atlasgraph.optim.problem;

import static org.assertj.core.api.Assertions.assertThat;
import static org.atlasgraph.optim.TestLinearAlgebra.largestPrincipalAngle;
import static org.atlasgraph.optim.TestLinearAlgebra.leadingEigenvectors;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalDouble;
import org.atlasgraph.grassmann.Grassmann;
import org.atlasgraph.optim.cg.ConjugateRule;
import org.atlasgraph.optim.cg.RiemannianConjugateGradient;
import org.atlasgraph.optim.descent.DescentResult;
import org.atlasgraph.optim.descent.Progress;
import org.atlasgraph.optim.descent.StoppingRule;
import org.atlasgraph.optim.lbfgs.RiemannianLbfgs;
import org.atlasgraph.optim.linesearch.ArmijoBacktracking;
import org.atlasgraph.sphere.Sphere;
import org.ejml.data.DMatrixRMaj;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Conjugate gradients and L-BFGS against EJML's symmetric eigendecomposition, at the sizes: the Rayleigh
 * quotient on S^999 (the leading eigenvector of a 1000×1000 matrix) and the block Rayleigh (Brockett) cost on
 * Gr(500,10) (its dominant 10-dimensional subspace).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class EigenvalueProblemsTest {
    /** The gradient tolerance. */
    private static final double GRADIENT_TOLERANCE = 1e-8;
    /**
     * Near the minimizer the subspace error is about ‖grad‖ / (2 · gap), and the test matrices have λ_k − λ_{k+1} =
     * 0.1, so a gradient of 1e-8 leaves the angle near 5e-8: the bound leaves a factor 20.
     */
    private static final double ANGLE_TOLERANCE = 1e-6;
    private static final int RAYLEIGH_N = 1000;
    private static final int BROCKETT_N = 500;
    private static final int BROCKETT_K = 10;

    private Problem rayleigh;
    private DMatrixRMaj rayleighReference;
    private Problem brockett;
    private DMatrixRMaj brockettReference;

    @BeforeAll
    void eigendecompositions() {
        double[] a = Problems.symmetricMatrix(RAYLEIGH_N, 1);
        rayleigh = Problems.rayleigh(Sphere.of(RAYLEIGH_N), a, OptionalDouble.of(-1));
        rayleighReference = leadingEigenvectors(DMatrixRMaj.wrap(RAYLEIGH_N, RAYLEIGH_N, a), 1);
        double[] b = Problems.symmetricMatrix(BROCKETT_N, BROCKETT_K);
        brockett = Problems.brockett(Grassmann.of(BROCKETT_N, BROCKETT_K), BROCKETT_K, b, OptionalDouble.empty());
        brockettReference = leadingEigenvectors(DMatrixRMaj.wrap(BROCKETT_N, BROCKETT_N, b), BROCKETT_K);
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(ConjugateRule.class)
    void conjugateGradientsFindTheLeadingEigenvectorOfEjml(ConjugateRule rule) {
        DescentResult result = RiemannianConjugateGradient.on(rayleigh.manifold()).rule(rule)
                .stopWhen(StoppingRule.gradientNormBelow(GRADIENT_TOLERANCE)).build()
                .minimize(rayleigh.objective(), rayleigh.start());

        assertConverged(result, rayleigh, rayleighReference);
    }

    @Test
    void lbfgsFindsTheLeadingEigenvectorOfEjml() {
        DescentResult result = RiemannianLbfgs.on(rayleigh.manifold())
                .stopWhen(StoppingRule.gradientNormBelow(GRADIENT_TOLERANCE)).build()
                .minimize(rayleigh.objective(), rayleigh.start());

        assertConverged(result, rayleigh, rayleighReference);
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(ConjugateRule.class)
    void conjugateGradientsFindTheDominantSubspaceOfEjml(ConjugateRule rule) {
        DescentResult result = RiemannianConjugateGradient.on(brockett.manifold()).rule(rule)
                .stopWhen(StoppingRule.gradientNormBelow(GRADIENT_TOLERANCE)).build()
                .minimize(brockett.objective(), brockett.start());

        assertConverged(result, brockett, brockettReference);
    }

    @Test
    void lbfgsFindsTheDominantSubspaceOfEjml() {
        List<Progress> seen = new ArrayList<>();
        DescentResult result = RiemannianLbfgs.on(brockett.manifold()).listener(seen::add)
                .stopWhen(StoppingRule.gradientNormBelow(GRADIENT_TOLERANCE)).build()
                .minimize(brockett.objective(), brockett.start());

        assertConverged(result, brockett, brockettReference);
        assertThat(seen).as("the listener sees the start and every step").hasSize(result.iterations() + 1);
        assertThat(seen.get(0).iteration()).isZero();
        assertThat(seen).allSatisfy(p -> assertThat(p.value()).as("value at iteration %d", p.iteration())
                .isPresent());
        for (int i = 1; i < seen.size(); i++) {
            assertThat(seen.get(i).value().getAsDouble()).as("f never increases (iteration %d)", i)
                    .isLessThanOrEqualTo(seen.get(i - 1).value().getAsDouble() + 1e-12);
        }
    }

    @Test
    void conjugateGradientsConvergeWithArmijoBacktrackingToo() {
        DescentResult result = RiemannianConjugateGradient.on(rayleigh.manifold())
                .lineSearch(ArmijoBacktracking.DEFAULT).maxIterations(5000)
                .stopWhen(StoppingRule.gradientNormBelow(GRADIENT_TOLERANCE)).build()
                .minimize(rayleigh.objective(), rayleigh.start());

        assertConverged(result, rayleigh, rayleighReference);
    }

    private void assertConverged(DescentResult result, Problem problem, DMatrixRMaj reference) {
        assertThat(result.stopReason()).as("why %s stopped", problem.name()).startsWith("gradient norm");
        assertThat(largestPrincipalAngle(problem.manifold().embed(result.point()), reference))
                .as("largest principal angle to EJML's leading eigenvectors (%d iterations)", result.iterations())
                .isLessThan(ANGLE_TOLERANCE);
    }
}

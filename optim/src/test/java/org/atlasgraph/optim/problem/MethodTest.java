package org.atlasgraph.optim.problem;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.atlasgraph.optim.TestLinearAlgebra.largestPrincipalAngle;
import static org.atlasgraph.optim.TestLinearAlgebra.leadingEigenvectors;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalDouble;
import org.atlasgraph.api.check.InvalidInputException;
import org.atlasgraph.optim.descent.DescentResult;
import org.atlasgraph.optim.descent.Progress;
import org.atlasgraph.optim.descent.StoppingRule;
import org.atlasgraph.sphere.Sphere;
import org.ejml.data.DMatrixRMaj;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Every named method, as the command line and the benchmarks run it, against EJML on a small Rayleigh quotient. */
class MethodTest {
    private static final int N = 30;
    /** A gradient of 1e-10 leaves the angle near 5e-10 (gap 0.1); the bound leaves a factor 200. */
    private static final double ANGLE_TOLERANCE = 1e-7;

    @ParameterizedTest(name = "{0}")
    @EnumSource(Method.class)
    void everyMethodFindsEjmlsLeadingEigenvector(Method method) {
        double[] a = Problems.symmetricMatrix(N, 1);
        Problem rayleigh = Problems.rayleigh(Sphere.of(N), a, OptionalDouble.of(-1));
        List<Progress> seen = new ArrayList<>();

        DescentResult result = method.minimize(rayleigh, StoppingRule.gradientNormBelow(1e-10), 5000, seen::add);

        assertThat(result.stopReason()).as("why %s stopped", method.code()).startsWith("gradient norm");
        assertThat(largestPrincipalAngle(rayleigh.manifold().embed(result.point()),
                leadingEigenvectors(DMatrixRMaj.wrap(N, N, a), 1)))
                .as("angle to EJML's leading eigenvector after %d iterations of %s", result.iterations(), method)
                .isLessThan(ANGLE_TOLERANCE);
        assertThat(seen).as("the listener sees the start and every step").hasSize(result.iterations() + 1);
        assertThat(Method.ofCode(method.code())).as("the code names the method").isEqualTo(method);
    }

    @Test
    void anUnknownNameIsRejectedWithTheKnownOnes() {
        assertThatThrownBy(() -> Method.ofCode("newton")).as("unknown method")
                .isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("[cg-fr, cg-prp, cg-hs, lbfgs, sgd]").hasMessageEndingWith("found 'newton'");
    }
}

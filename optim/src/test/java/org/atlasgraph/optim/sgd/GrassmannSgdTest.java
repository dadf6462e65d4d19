package org.atlasgraph.optim.sgd;

import static org.assertj.core.api.Assertions.assertThat;
import static org.atlasgraph.optim.TestLinearAlgebra.largestPrincipalAngle;
import static org.atlasgraph.optim.TestLinearAlgebra.leadingEigenvectors;
import static org.atlasgraph.optim.TestLinearAlgebra.randomSymmetric;

import java.util.SplittableRandom;
import org.atlasgraph.api.ChartPoint;
import org.atlasgraph.api.capability.Sampler;
import org.atlasgraph.grassmann.Grassmann;
import org.atlasgraph.optim.descent.DescentResult;
import org.atlasgraph.optim.descent.Objective;
import org.atlasgraph.optim.descent.StoppingRule;
import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.CommonOps_DDRM;
import org.ejml.dense.row.NormOps_DDRM;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Riemannian SGD on the Grassmannian against EJML's symmetric eigen solver: maximizing the block Rayleigh quotient
 * {@code tr(XᵀAX)} over Gr(n,k) finds the span of the k leading eigenvectors of A.
 */
class GrassmannSgdTest {
    private static final long SEED = 77L;
    /** The bound on the largest principal angle to the eigen solver's subspace. */
    private static final double ANGLE_TOLERANCE = 1e-4;
    /**
     * Stop when ‖grad‖ ≤ this: near the optimum the subspace error is about ‖grad‖ / (2 · (λ_k − λ_{k+1})), and the
     * seeded matrices (scaled to spectral norm 1) have gaps above 0.05, so this stays three orders below the bound.
     */
    private static final double GRADIENT_TOLERANCE = 1e-8;

    @ParameterizedTest(name = "Gr({0},{1}), momentum {2}")
    @CsvSource({"10, 3, 0.0", "10, 3, 0.5", "12, 1, 0.0", "9, 8, 0.0", "16, 8, 0.5"})
    void blockRayleighQuotientDescentFindsTheDominantSubspaceOfEjmlsEigenSolver(int n, int k, double momentum) {
        Grassmann gr = Grassmann.of(n, k);
        DMatrixRMaj a = scaledSymmetric(n, new SplittableRandom(SEED + n * 31L + k));
        Objective blockRayleigh = Objective.ambient(x -> -trace(a, x, n, k), x -> times(a, x, n, k, -2),
                gr.metric());
        RiemannianSgd sgd = RiemannianSgd.on(gr).schedule(StepSchedule.constant(0.2)).momentum(momentum)
                .maxIterations(50_000).stopWhen(StoppingRule.gradientNormBelow(GRADIENT_TOLERANCE))
                .evaluateValueEvery(0).build();
        ChartPoint start = gr.capability(Sampler.class).orElseThrow().sample(new SplittableRandom(SEED));

        DescentResult result = sgd.minimize(blockRayleigh, start);

        assertThat(result.stopReason()).as("stopped by the gradient rule").startsWith("gradient norm");
        assertThat(largestPrincipalAngle(gr.embed(result.point()), leadingEigenvectors(a, k)))
                .as("largest principal angle to EJML's leading %d-subspace (rad)", k).isLessThan(ANGLE_TOLERANCE);
    }

    /** A random symmetric matrix scaled to spectral norm 1, so that one step size suits every size. */
    private static DMatrixRMaj scaledSymmetric(int n, SplittableRandom rng) {
        DMatrixRMaj a = randomSymmetric(n, rng);
        CommonOps_DDRM.scale(1 / NormOps_DDRM.normP2(a), a);
        return a;
    }

    /** tr(XᵀAX) for an n×k basis (orthonormal, as {@code embed} returns). */
    private static double trace(DMatrixRMaj a, double[] x, int n, int k) {
        double[] ax = times(a, x, n, k, 1);
        double s = 0;
        for (int i = 0; i < x.length; i++) {
            s += x[i] * ax[i];
        }
        return s;
    }

    /** factor · A X, row-major n×k. */
    private static double[] times(DMatrixRMaj a, double[] x, int n, int k, double factor) {
        DMatrixRMaj r = new DMatrixRMaj(n, k);
        CommonOps_DDRM.mult(factor, a, DMatrixRMaj.wrap(n, k, x), r);
        return r.data;
    }
}

package org.atlasgraph.grassmann;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.factory.DecompositionFactory_DDRM;
import org.ejml.interfaces.decomposition.EigenDecomposition_F64;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** {@link SmallEigen}'s own tridiagonal QL (below {@link NormalCorrection#JACOBI_BELOW}) against EJML's. */
class SmallEigenTest {
    private static final long SEED = 47;
    /** Backward errors and eigenvalues relative to ‖A‖: a few hundred ulps. */
    private static final double TOL = 1e-13;

    @ParameterizedTest(name = "k = {0}, scale {1}")
    @CsvSource({"1,1", "2,1", "3,1e-3", "5,1", "5,30", "10,1", "10,1e-6", "10,1e3", "16,1", "31,1"})
    void decomposesLikeEjmlWithOrthonormalVectors(int k, double scale) {
        SplittableRandom rng = new SplittableRandom(SEED + k);
        for (int trial = 0; trial < 20; trial++) {
            // CᵀC of a Gaussian C, as in a chart change, plus random signs on the diagonal: indefinite too.
            double[] c = Reference.scaled(Reference.gaussian(rng, k + 3, k), scale);
            double[] a = new double[k * k];
            for (int r = 0; r < k + 3; r++) {
                for (int i = 0; i < k; i++) {
                    for (int j = 0; j < k; j++) {
                        a[i * k + j] += c[r * k + i] * c[r * k + j];
                    }
                }
            }
            if (trial % 2 == 1) {
                for (int i = 0; i < k; i++) {
                    a[i * k + i] -= scale * scale * k;
                }
            }
            checkAgainstEjml(a, k);
        }
    }

    @Test
    void repeatedAndZeroEigenvalues() {
        int k = 9;
        double[] diagonal = new double[k * k];
        for (int i = 0; i < k; i++) {
            diagonal[i * k + i] = i % 3;
        }
        checkAgainstEjml(diagonal, k);
        checkAgainstEjml(new double[k * k], k);
        // A rotated copy of the diagonal one: three triple eigenvalues, off-diagonal entries everywhere.
        double[] q = Reference.gaussian(new SplittableRandom(SEED), k, k);
        SmallEigen basis = new SmallEigen(k);
        double[] sym = new double[k * k];
        for (int i = 0; i < k; i++) {
            for (int j = 0; j < k; j++) {
                sym[i * k + j] = q[i * k + j] + q[j * k + i];
            }
        }
        basis.decompose(sym);
        double[] f = new double[k];
        for (int i = 0; i < k; i++) {
            f[i] = i % 3;
        }
        double[] rotated = new double[k * k];
        basis.compose(f, rotated);
        checkAgainstEjml(rotated, k);
    }

    @Test
    void rejectsEntriesThatAreNotFinite() {
        double[] a = {1, 0, 0, Double.NaN};
        assertThatThrownBy(() -> new SmallEigen(2).decompose(a)).as("NaN entry")
                .isInstanceOf(ArithmeticException.class).hasMessageContaining("not finite");
    }

    private static void checkAgainstEjml(double[] a, int k) {
        SmallEigen eig = new SmallEigen(k, null);
        eig.decompose(a);
        double norm = Math.max(Arrays.stream(a).map(Math::abs).max().orElse(0), Double.MIN_NORMAL);
        double residual = 0;
        double orthogonality = 0;
        for (int i = 0; i < k; i++) {
            for (int c = 0; c < k; c++) {
                double av = 0;
                double vv = 0;
                for (int j = 0; j < k; j++) {
                    av += a[i * k + j] * eig.vectors[j * k + c];
                    vv += eig.vectors[j * k + i] * eig.vectors[j * k + c];
                }
                residual = Math.max(residual, Math.abs(av - eig.values[c] * eig.vectors[i * k + c]) / norm);
                orthogonality = Math.max(orthogonality, Math.abs(vv - (i == c ? 1 : 0)));
            }
        }
        assertThat(residual).as("‖AV − VΛ‖/‖A‖ at k = %d", k).isLessThan(TOL * k);
        assertThat(orthogonality).as("‖VᵀV − I‖ at k = %d", k).isLessThan(TOL * k);
        EigenDecomposition_F64<DMatrixRMaj> ejml = DecompositionFactory_DDRM.eig(k, false, true);
        assertThat(ejml.decompose(new DMatrixRMaj(k, k, true, a))).as("EJML converged").isTrue();
        double[] expected = new double[k];
        for (int i = 0; i < k; i++) {
            expected[i] = ejml.getEigenvalue(i).real;
        }
        double[] actual = eig.values.clone();
        Arrays.sort(expected);
        Arrays.sort(actual);
        for (int i = 0; i < k; i++) {
            assertThat(Math.abs(actual[i] - expected[i]) / norm).as("eigenvalue %d of %d vs EJML", i, k)
                    .isLessThan(TOL * k);
        }
    }
}

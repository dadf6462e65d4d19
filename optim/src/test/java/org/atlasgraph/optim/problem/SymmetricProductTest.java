package org.atlasgraph.optim.problem;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.SplittableRandom;
import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.CommonOps_DDRM;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class SymmetricProductTest {
    private static final long SEED = 17;

    @ParameterizedTest(name = "n = {0}, k = {1}")
    @CsvSource({"1,1", "6,1", "7,3", "50,10"})
    void productsAgreeWithEjmlAlsoWhenPointsAlternate(int n, int k) {
        SplittableRandom rng = new SplittableRandom(SEED + n);
        double[] a = new double[n * n];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j <= i; j++) {
                a[i * n + j] = rng.nextDouble(-1, 1);
                a[j * n + i] = a[i * n + j];
            }
        }
        SymmetricProduct product = new SymmetricProduct(a, n, k);
        double[][] points = new double[3][n * k];
        for (double[] x : points) {
            for (int i = 0; i < x.length; i++) {
                x[i] = rng.nextDouble(-1, 1);
            }
        }
        // x₀, x₁, x₁ (the kept product), x₀, x₂: every answer must be that point's own product.
        for (int which : new int[] {0, 1, 1, 0, 2}) {
            double[] x = points[which];
            DMatrixRMaj expected = new DMatrixRMaj(n, k);
            CommonOps_DDRM.mult(DMatrixRMaj.wrap(n, n, a), DMatrixRMaj.wrap(n, k, x), expected);
            double[] scaled = product.scaled(x, -2);
            double trace = 0;
            for (int i = 0; i < n * k; i++) {
                assertThat(scaled[i]).as("−2AX at point %d, entry %d", which, i)
                        .isCloseTo(-2 * expected.data[i], within(1e-12 * n));
                trace += x[i] * expected.data[i];
            }
            assertThat(product.quadratic(x)).as("tr(XᵀAX) at point %d", which).isCloseTo(trace, within(1e-12 * n));
        }
    }
}

package org.atlasgraph.grassmann;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.SplittableRandom;
import org.atlasgraph.api.capability.AmbientSchemes;
import org.atlasgraph.api.capability.AmbientStep;
import org.atlasgraph.api.capability.GeodesicPowerDistribution;
import org.atlasgraph.api.check.InvalidInputException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class OjaStepTest {
    private static final long SEED = 59;
    /** A Cholesky QR of a basis within a step of orthonormal (condition ≤ ~3): orthonormal to 1e-12. */
    private static final double TOL = 1e-12;

    /** @return max |z − Y Yᵀ z|: how far the columns of z are from the span of the orthonormal basis y */
    private static double offSpan(double[] y, double[] z, int n, int k) {
        double[] r = z.clone();
        Dense.multAdd(-1, Dense.wrap(n, k, y), Dense.wrap(k, k, Dense.multTransA(y, n, k, z, k)), Dense.wrap(n, k, r));
        return Reference.maxAbs(r) / Math.max(1, Reference.maxAbs(z));
    }

    /** Gr(2000,50) has n·k² = 5·10⁶ ≥ {@link OjaStep#PARALLEL_FLOPS}: the multi-threaded products. */
    @ParameterizedTest(name = "Gr({0},{1})")
    @CsvSource({"5,2", "3,1", "30,5", "12,11", "2000,50"})
    void stepSpansOjasUpdateOfTheEstimateWithAnOrthonormalBasis(int n, int k) {
        SplittableRandom rng = new SplittableRandom(SEED + n + k);
        OjaStep oja = new OjaStep(n, k);
        double[] w = Reference.gaussian(rng, n, k);
        double[] x = Dense.thinQr(Reference.gaussian(rng, n, k), n, k).q();
        for (double t : new double[] {0, 0.1, 0.5, 0.9}) {
            double[] next = oja.step(w, x, t);
            // Independent reference: W + η X XᵀW with η = t/(1 − t), formed directly.
            double[] expected = w.clone();
            Dense.multAdd(t / (1 - t), Dense.wrap(n, k, x), Dense.wrap(k, k, Dense.multTransA(x, n, k, w, k)),
                    Dense.wrap(n, k, expected));
            assertThat(Dense.orthonormalityDefect(next, n, k)).as("orthonormal, t = %s", t).isLessThan(TOL);
            assertThat(offSpan(next, expected, n, k)).as("span(W + ηXXᵀW), t = %s", t).isLessThan(TOL);
        }
        assertThat(offSpan(oja.step(w, x, 1), x, n, k)).as("t = 1: the sample's span").isLessThan(TOL);
        assertThat(offSpan(oja.step(x, x, 0.3), x, n, k)).as("a sample at the estimate is a fixed point")
                .isLessThan(TOL);
        assertThat(w).as("p not modified").containsExactly(Reference.gaussian(new SplittableRandom(SEED + n + k),
                n, k));
    }

    @Test
    void onlineOjaOnGpdSamplesApproachesTheirMeanLikeTheGeodesicScheme() {
        int n = 30;
        int k = 5;
        Grassmann g = Grassmann.of(n, k);
        GrassmannGeometry exact = new GrassmannGeometry(n, k);
        AmbientStep oja = g.capability(AmbientSchemes.class).orElseThrow().schemes().get("opca");
        GeodesicPowerDistribution gpd = g.capability(GeodesicPowerDistribution.class).orElseThrow();
        SplittableRandom rng = new SplittableRandom(SEED);
        double[] x = g.uniform(rng);
        double[] first = gpd.sample(x, 2, rng);
        double[] ojaMean = first;
        double[] expMean = first;
        for (int i = 1; i < 300; i++) {
            double[] sample = gpd.sample(x, 2, rng);
            ojaMean = oja.step(ojaMean, sample, 1.0 / (i + 1));
            expMean = exact.geodesicStep(expMean, sample, 1.0 / (i + 1));
        }
        double firstError = exact.distance(first, x);
        // GPD is symmetric about X, so X is the top-k eigenspace of E[YYᵀ]: Oja's rule converges to it, though not
        // to the Fréchet mean's estimator; after 300 samples both are within a fraction of the first sample's error.
        assertThat(exact.distance(ojaMean, x)).as("opca after 300 samples vs first sample " + firstError)
                .isLessThan(firstError / 3);
        assertThat(exact.distance(ojaMean, x)).as("opca vs exp error " + exact.distance(expMean, x))
                .isLessThan(3 * exact.distance(expMean, x));
    }

    @Test
    void rejectsBadInputNamingIt() {
        OjaStep oja = new OjaStep(4, 2);
        double[] x = {1, 0, 0, 1, 0, 0, 0, 0};
        double[] orthogonal = {0, 0, 0, 0, 1, 0, 0, 1};
        assertThatThrownBy(() -> oja.step(new double[7], x, 0.5)).isInstanceOf(InvalidInputException.class)
                .hasMessage("p: expected length 8 (n·k for Gr(4,2)), found 7");
        double[] nan = x.clone();
        nan[2] = Double.NaN;
        assertThatThrownBy(() -> oja.step(x, nan, 0.5)).isInstanceOf(InvalidInputException.class)
                .hasMessage("q[2]: expected a finite value, found NaN");
        assertThatThrownBy(() -> oja.step(x, x, 1.5)).isInstanceOf(InvalidInputException.class)
                .hasMessageStartingWith("t: expected a value in [0, 1]");
        assertThatThrownBy(() -> oja.step(x, x, Double.NaN)).isInstanceOf(InvalidInputException.class)
                .hasMessageStartingWith("t: expected a value in [0, 1]");
        assertThatThrownBy(() -> oja.step(new double[8], x, 0.5)).isInstanceOf(InvalidInputException.class)
                .hasMessageStartingWith("p: expected a basis of full column rank");
        assertThatThrownBy(() -> oja.step(x, orthogonal, 1)).isInstanceOf(InvalidInputException.class)
                .hasMessageStartingWith("q: expected a point whose principal angles to p are all below π/2");
    }
}

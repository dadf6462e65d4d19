package org.atlasgraph.grassmann;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import org.atlasgraph.api.ChartId;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class GrassmannKernelsTest {
    private static final long SEED = 11;
    /** Round trips through well-conditioned k×k inverses (cond ≤ ~10²): relative agreement to 1e-11. */
    private static final double TOL = 1e-11;

    static GrassmannChart randomChart(SplittableRandom rng, int n, int k, boolean adHoc, double scale) {
        int[] perm = new int[n];
        for (int i = 0; i < n; i++) {
            perm[i] = i;
        }
        for (int i = n - 1; i > 0; i--) {
            int j = rng.nextInt(i + 1);
            int t = perm[i];
            perm[i] = perm[j];
            perm[j] = t;
        }
        int[] upper = java.util.Arrays.copyOf(perm, k);
        java.util.Arrays.sort(upper);
        return adHoc ? GrassmannChart.adHoc(new ChartId("adhoc-test"), n, k, upper,
                Reference.scaled(Reference.gaussian(rng, n - k, k), scale))
                : GrassmannChart.ehresmann(n, k, upper);
    }

    /** @return x·M for a random well-conditioned k×k M (I plus a small random part) */
    static double[] rightMultiplied(SplittableRandom rng, double[] x, int n, int k) {
        double[] mix = Reference.scaled(Reference.gaussian(rng, k, k), 0.3 / Math.sqrt(k));
        for (int i = 0; i < k; i++) {
            mix[i * k + i] += 1.5;
        }
        return Dense.mult(x, n, k, mix, k);
    }

    @ParameterizedTest(name = "Gr({0},{1}) adHoc={2}")
    @CsvSource({"5,2,false", "5,2,true", "3,1,true", "7,6,true", "30,5,false", "30,5,true", "60,30,true",
            "40,25,true", "100,10,true", "300,130,true", "300,130,false", "150,140,true"})
    void ingestOfAnyBasisOfTheLiftRecoversTheCoordinates(int n, int k, boolean adHoc) {
        SplittableRandom rng = new SplittableRandom(SEED + n + k);
        GrassmannChart chart = randomChart(rng, n, k, adHoc, 0.7);
        double[] b = Reference.scaled(Reference.gaussian(rng, n - k, k), 0.4);
        double[] x = rightMultiplied(rng, chart.lift(b), n, k);
        double[] out = new double[(n - k) * k];
        boolean ok = GrassmannKernels.ingest(chart, x, out, new GrassmannKernels.Workspace(n, k));
        assertThat(ok).as("chart represents the point").isTrue();
        assertThat(Reference.maxAbsDifference(out, b)).as("ingest(lift(B)·M) = B").isLessThan(TOL * (1
                + Reference.maxAbs(b)));
    }

    @ParameterizedTest(name = "Gr({0},{1}) adHoc={2}")
    @CsvSource({"5,2,false", "5,2,true", "6,4,true", "12,3,true", "40,25,true", "500,60,true", "160,130,true"})
    void ingestMatchesTheExplicitMatrixFormOfAppendixG1(int n, int k, boolean adHoc) {
        SplittableRandom rng = new SplittableRandom(SEED * 3 + n + k);
        GrassmannChart chart = randomChart(rng, n, k, adHoc, 1.5);
        double[] x = Reference.gaussian(rng, n, k);
        double[] out = new double[(n - k) * k];
        assertThat(GrassmannKernels.ingest(chart, x, out, new GrassmannKernels.Workspace(n, k))).as("ok").isTrue();
        double[] expected = Reference.published(chart, Reference.ingest(chart, x));
        // A Gaussian X can sit far from the chart centre: compare relative to the size of the coordinates.
        assertThat(Reference.maxAbsDifference(out, expected)).as("fused kernel vs S_m·X_L X_U⁻¹ of (P_I Q_C)ᵀX")
                .isLessThan(1e-9 * (1 + Reference.maxAbs(expected)));
        double[] viaFrame = chart.coordinatesOf(chart.toFrame(x)).orElseThrow();
        assertThat(Reference.maxAbsDifference(out, viaFrame)).as("fused kernel vs frame route")
                .isLessThan(1e-9 * (1 + Reference.maxAbs(expected)));
    }

    @ParameterizedTest(name = "Gr({0},{1}) adHoc={2}")
    @CsvSource({"5,2,false", "5,2,true", "40,25,true", "140,128,true"})
    void ingestOfRankDeficientBlockRequestsChartChange(int n, int k, boolean adHoc) {
        SplittableRandom rng = new SplittableRandom(SEED + 7);
        GrassmannChart chart = randomChart(rng, n, k, adHoc, 0.5);
        double[] top = Reference.gaussian(rng, k, k);
        for (int c = 0; c < k; c++) {
            top[(k - 1) * k + c] = top[c];
        }
        double[] x = chart.fromFrame(new GrassmannChart.Frame(top, Reference.gaussian(rng, n - k, k)));
        double[] out = new double[(n - k) * k];
        assertThat(GrassmannKernels.ingest(chart, x, out, new GrassmannKernels.Workspace(n, k)))
                .as("singular X_U in the chart frame").isFalse();
    }
}

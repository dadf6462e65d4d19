package org.atlasgraph.grassmann;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The three implementations of the ingest and fused-step kernels — the scalar loops (EJML from
 * {@link GrassmannKernels#BLOCKED_FROM_K} on), the Vector API kernels and the native BLAS — give the same results.
 * The build runs the tests with {@code --add-modules jdk.incubator.vector} and OpenBLAS on the class path; where
 * either is missing its cases are skipped (and {@link #theBuildHasBothAcceleratedPaths} says so).
 */
class KernelPathsTest {
    private static final long SEED = 77;
    /** Same arithmetic in a different order (FMA, blocking, LU vs Gauss–Jordan): agreement to 1e-11 relative. */
    private static final double TOL = 1e-11;

    private static GrassmannKernels.Workspace scalar(int n, int k) {
        return new GrassmannKernels.Workspace(n, k, null, null);
    }

    @Test
    void theBuildHasBothAcceleratedPaths() {
        assertThat(GrassmannKernels.VECTOR).as("Vector API kernels (surefire adds jdk.incubator.vector)").isNotNull();
        assertThat(GrassmannKernels.BLAS).as("OpenBLAS kernels (org.bytedeco:openblas for linux-x86_64)").isNotNull();
    }

    @ParameterizedTest(name = "Gr({0},{1}) adHoc={2}")
    @CsvSource({"2,1,true", "3,2,true", "9,8,true", "10,8,false", "12,9,true", "6,5,true", "30,5,true",
            "30,5,false", "31,7,true", "40,8,true", "41,9,true", "57,10,false", "100,10,true", "60,15,true",
            "80,16,true", "81,16,false", "17,16,true"})
    void vectorKernelsAgreeWithTheScalarLoops(int n, int k, boolean adHoc) {
        assumeTrue(GrassmannKernels.VECTOR != null, "no jdk.incubator.vector");
        GrassmannKernels.Workspace vector = new GrassmannKernels.Workspace(n, k, GrassmannKernels.VECTOR, null);
        assertThat(vector.small).as("k = %d takes the vector kernels", k).isNotNull();
        agree(n, k, adHoc, vector);
    }

    @ParameterizedTest(name = "Gr({0},{1}) adHoc={2}")
    @CsvSource({"18,17,true", "40,17,false", "300,20,true", "120,33,true", "300,130,true", "300,130,false",
            "150,140,true"})
    void blasKernelsAgreeWithTheScalarLoopsAndEjml(int n, int k, boolean adHoc) {
        assumeTrue(GrassmannKernels.BLAS != null, "no OpenBLAS");
        GrassmannKernels.Workspace blas = new GrassmannKernels.Workspace(n, k, null, GrassmannKernels.BLAS);
        assertThat(blas.large).as("k = %d takes the BLAS kernels", k).isNotNull();
        agree(n, k, adHoc, blas);
    }

    /** Ingest, then a run of fused steps (with the trust test), by the scalar workspace and by {@code fast}. */
    private static void agree(int n, int k, boolean adHoc, GrassmannKernels.Workspace fast) {
        SplittableRandom rng = new SplittableRandom(SEED + 31L * n + k);
        GrassmannChart chart = GrassmannKernelsTest.randomChart(rng, n, k, adHoc, 0.6);
        GrassmannKernels.Workspace plain = scalar(n, k);
        int d = (n - k) * k;
        double[] x = GrassmannKernelsTest.rightMultiplied(rng, chart.lift(Reference.scaled(
                Reference.gaussian(rng, n - k, k), 0.5)), n, k);
        double[] expected = new double[d];
        double[] actual = new double[d];
        assertThat(GrassmannKernels.ingest(chart, x, expected, plain)).as("scalar ingest").isTrue();
        assertThat(GrassmannKernels.ingest(chart, x, actual, fast)).as("fast ingest").isTrue();
        assertThat(Reference.maxAbsDifference(actual, expected)).as("ingest")
                .isLessThanOrEqualTo(TOL * (1 + Reference.maxAbs(expected)));

        double[] h = Reference.scaled(Reference.gaussian(rng, n - k, k), 0.05 / Math.sqrt(k));
        double[] tPlain = new double[k * k];
        double[] tFast = new double[k * k];
        if (adHoc) {
            GrassmannKernels.gramWithCentre(chart, h, tPlain, plain);
            GrassmannKernels.gramWithCentre(chart, h, tFast, fast);
            assertThat(Reference.maxAbsDifference(tFast, tPlain)).as("T = Wᵀh")
                    .isLessThanOrEqualTo(TOL * (1 + Reference.maxAbs(tPlain)));
        }
        double[] hPlain = h;
        double[] hFast = h;
        for (int i = 1; i <= 6; i++) {
            // The last step goes all the way to a far sample: the trust test decides near or beyond its bound.
            double spread = i == 6 ? 2.0 : 0.3 / Math.sqrt(n);
            double t = i == 6 ? 1 : 1.0 / (i + 1);
            double[] sample = GrassmannKernelsTest.rightMultiplied(rng, chart.lift(Reference.scaled(
                    Reference.gaussian(rng, n - k, k), spread)), n, k);
            double[] outPlain = new double[d];
            double[] outFast = new double[d];
            int a = GrassmannKernels.step(chart, sample, hPlain, tPlain, t, outPlain, tPlain, plain);
            int b = GrassmannKernels.step(chart, sample, hFast, tFast, t, outFast, tFast, fast);
            assertThat(b).as("step %d outcome", i).isEqualTo(a);
            assertThat(Reference.maxAbsDifference(outFast, outPlain)).as("step %d coordinates", i)
                    .isLessThanOrEqualTo(TOL * (1 + Reference.maxAbs(outPlain)));
            assertThat(Reference.maxAbsDifference(tFast, tPlain)).as("step %d T", i)
                    .isLessThanOrEqualTo(TOL * (1 + Reference.maxAbs(tPlain)));
            hPlain = outPlain;
            hFast = outFast;
        }
    }

    @ParameterizedTest(name = "Gr({0},{1}) adHoc={2}")
    @CsvSource({"9,8,true", "30,5,true", "30,5,false", "140,16,true", "120,33,true", "200,130,true"})
    void everyPathReportsASingularBlock(int n, int k, boolean adHoc) {
        SplittableRandom rng = new SplittableRandom(SEED + 5);
        GrassmannChart chart = GrassmannKernelsTest.randomChart(rng, n, k, adHoc, 0.5);
        double[] top = Reference.gaussian(rng, k, k);
        for (int c = 0; c < k; c++) {
            top[(k - 1) * k + c] = top[c];
        }
        double[] x = chart.fromFrame(new GrassmannChart.Frame(top, Reference.gaussian(rng, n - k, k)));
        double[] out = new double[(n - k) * k];
        for (GrassmannKernels.Workspace ws : new GrassmannKernels.Workspace[] {scalar(n, k),
            new GrassmannKernels.Workspace(n, k, GrassmannKernels.VECTOR, GrassmannKernels.BLAS)}) {
            assertThat(GrassmannKernels.ingest(chart, x, out, ws)).as("singular X_U in the chart frame").isFalse();
        }
    }
}

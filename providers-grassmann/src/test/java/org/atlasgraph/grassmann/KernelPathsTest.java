package org.atlasgraph.grassmann;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.atlasgraph.api.ChartPoint;
import org.atlasgraph.api.capability.ExactGeometry;
import org.atlasgraph.api.capability.RunningMean;
import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.CommonOps_DDRM;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The three implementations of the ingest and fused-step kernels — the scalar loops (EJML from
 * {@link GrassmannKernels#BLOCKED_FROM_K} on), the Vector API kernels and the native BLAS — give the same results.
 * The build runs the tests with {@code --add-modules jdk.incubator.vector} and OpenBLAS on the class path, and once
 * more (surefire execution {@code fallback-kernels}) without the module and with JavaCPP asked for natives the build
 * does not ship; where a path is missing its cases are skipped, and {@link #theKernelsInUseFollowTheVmAndTheSwitches}
 * checks that the choice made at start is the expected one.
 */
class KernelPathsTest {
    private static final long SEED = 77;
    /** Same arithmetic in a different order (FMA, blocking, LU vs Gauss–Jordan): agreement to 1e-11 relative. */
    private static final double TOL = 1e-11;
    /**
     * Against the explicit n×n matrices (eigendecompositions for S_k and S_m, an explicit k×k inverse): agreement to
     * 1e-10 relative.
     */
    private static final double REFERENCE_TOL = 1e-10;
    /** JavaCPP's system property naming the platform whose natives it loads (the fallback run sets another). */
    private static final String JAVACPP_PLATFORM = "org.bytedeco.javacpp.platform";

    private static GrassmannKernels.Workspace scalar(int n, int k) {
        return new GrassmannKernels.Workspace(n, k, null, null);
    }

    @Test
    void theKernelsInUseFollowTheVmAndTheSwitches() {
        boolean vectorWanted = Boolean.parseBoolean(System.getProperty(GrassmannKernels.VECTOR_PROPERTY, "true"));
        boolean moduleAdded = ModuleLayer.boot().findModule("jdk.incubator.vector").isPresent();
        assertThat(GrassmannKernels.VECTOR != null)
                .as("Vector API kernels in use (module added: %s, %s=%s, hardware FMA: %s)", moduleAdded,
                        GrassmannKernels.VECTOR_PROPERTY, vectorWanted, GrassmannKernels.FMA)
                .isEqualTo(vectorWanted && moduleAdded && GrassmannKernels.FMA);
        boolean blasWanted = Boolean.parseBoolean(System.getProperty(GrassmannKernels.BLAS_PROPERTY, "true"));
        // The build ships the natives of linux-x86_64 only; JavaCPP's platform property overrides the VM's.
        String platform = System.getProperty(JAVACPP_PLATFORM, "Linux".equals(System.getProperty("os.name"))
                && "amd64".equals(System.getProperty("os.arch")) ? "linux-x86_64" : "other");
        boolean nativesShipped = "linux-x86_64".equals(platform);
        assertThat(GrassmannKernels.BLAS != null)
                .as("OpenBLAS kernels in use (platform %s, %s=%s)", platform, GrassmannKernels.BLAS_PROPERTY,
                        blasWanted)
                .isEqualTo(blasWanted && nativesShipped);
        assertThat(GrassmannKernels.describe(100)).as("kernels at k = 100")
                .isEqualTo(blasWanted && nativesShipped ? "native BLAS (OpenBLAS)" : "scalar");
    }

    @Test
    void aMissingOrSwitchedOffBlasLeavesTheFallback() {
        assertThat(GrassmannKernels.blasKernels("true", "org.atlasgraph.grassmann.NoSuchBlasKernels"))
                .as("implementation class absent (jars missing)").isNull();
        assertThat(GrassmannKernels.blasKernels("true", "java.lang.Object"))
                .as("a class that is not LargeKernels").isNull();
        assertThat(GrassmannKernels.blasKernels("false", "org.atlasgraph.grassmann.BlasKernels"))
                .as("-D%s=false", GrassmannKernels.BLAS_PROPERTY).isNull();
    }

    /**
     * Ingest and two fused steps (one inside the domain of trust, one beyond it) by the fallback workspace (scalar
     * loops) and by the accelerated one this VM has (vector kernels for k ≤ 16, OpenBLAS from 17), each against the
     * explicit n×n matrices of App. G.1 in EJML.
     */
    @ParameterizedTest(name = "k={0} adHoc={1}")
    @CsvSource({"1,true", "1,false", "5,true", "5,false", "10,true", "10,false", "16,true", "16,false", "17,true",
            "17,false", "100,true", "100,false"})
    void everyPathMatchesTheEjmlReference(int k, boolean adHoc) {
        int n = 2 * k + 10;
        int m = n - k;
        SplittableRandom rng = new SplittableRandom(SEED * 7 + 13L * k + (adHoc ? 1 : 0));
        GrassmannChart chart = GrassmannKernelsTest.randomChart(rng, n, k, adHoc, 0.6);
        double[] bMean = Reference.scaled(Reference.gaussian(rng, m, k), 0.05);
        double[] h = Reference.published(chart, bMean);
        double[] tMean = adHoc ? gramWithW(chart, h) : new double[k * k];
        double[] near = sampleAt(rng, chart, Reference.scaled(Reference.gaussian(rng, m, k), 0.1), n, k);
        double[] far = sampleAt(rng, chart, Reference.scaled(Reference.gaussian(rng, m, k), 2.0), n, k);
        double[] bNear = Reference.ingest(chart, near);
        double[] expectedIngest = Reference.published(chart, bNear);
        ReferenceStep toNear = ReferenceStep.of(chart, bMean, bNear, 0.5);
        ReferenceStep toFar = ReferenceStep.of(chart, bMean, Reference.ingest(chart, far), 1);
        assertThat(toNear.inside()).as("the reference's step to the near sample stays in the domain of trust").isTrue();
        assertThat(toFar.inside()).as("the reference's step to the far sample leaves it").isFalse();
        for (GrassmannKernels.Workspace ws : new GrassmannKernels.Workspace[] {scalar(n, k),
            new GrassmannKernels.Workspace(n, k)}) {
            String path = ws.small != null ? "vector" : ws.large != null ? "BLAS" : "fallback";
            double[] out = new double[m * k];
            assertThat(GrassmannKernels.ingest(chart, near, out, ws)).as("%s ingest", path).isTrue();
            assertThat(Reference.maxAbsDifference(out, expectedIngest)).as("%s ingest vs EJML", path)
                    .isLessThanOrEqualTo(REFERENCE_TOL * (1 + Reference.maxAbs(expectedIngest)));
            toNear.check(chart, near, h, tMean, ws, path + " step to a near sample");
            toFar.check(chart, far, h, tMean, ws, path + " step to a far sample");
        }
    }

    /** @return lift(S_m b)·M for a random well-conditioned M: a basis of the point with frame coordinates b */
    private static double[] sampleAt(SplittableRandom rng, GrassmannChart chart, double[] b, int n, int k) {
        return GrassmannKernelsTest.rightMultiplied(rng, chart.lift(Reference.published(chart, b)), n, k);
    }

    /**
     * The EJML reference of one fused step with fraction t from the mean with frame coordinates bMean toward a sample
     * with frame coordinates bx (App. G.1's map): B = bMean + t(bx − bMean), published S_m B, T = Wᵀ S_m B (ad hoc
     * charts), and the trust test max |b_ij| &lt; 1.
     */
    private record ReferenceStep(double t, double[] coordinates, double[] gram, boolean inside) {
        static ReferenceStep of(GrassmannChart chart, double[] bMean, double[] bx, double t) {
            double[] b = new double[bMean.length];
            for (int i = 0; i < b.length; i++) {
                b[i] = bMean[i] + t * (bx[i] - bMean[i]);
            }
            double[] published = Reference.published(chart, b);
            return new ReferenceStep(t, published, chart.isAdHoc() ? gramWithW(chart, published) : null,
                    Reference.maxAbs(b) < GrassmannChart.TRUST_BOUND);
        }

        /** Runs the kernel's step from h (T = tMean) toward x in {@code ws} and compares it with this reference. */
        void check(GrassmannChart chart, double[] x, double[] h, double[] tMean, GrassmannKernels.Workspace ws,
                   String what) {
            double[] out = new double[coordinates.length];
            double[] tOut = new double[tMean.length];
            assertThat(GrassmannKernels.step(chart, x, h, tMean, t, out, tOut, ws)).as("%s: outcome", what)
                    .isEqualTo(inside ? GrassmannKernels.INSIDE : GrassmannKernels.OUTSIDE);
            assertThat(Reference.maxAbsDifference(out, coordinates)).as("%s: coordinates vs EJML", what)
                    .isLessThanOrEqualTo(REFERENCE_TOL * (1 + Reference.maxAbs(coordinates)));
            if (gram != null) {
                assertThat(Reference.maxAbsDifference(tOut, gram)).as("%s: T = WᵀH vs EJML", what)
                        .isLessThanOrEqualTo(REFERENCE_TOL * (1 + Reference.maxAbs(gram)));
            }
        }
    }

    /** @return Wᵀh by EJML, k×k */
    private static double[] gramWithW(GrassmannChart chart, double[] h) {
        DMatrixRMaj out = new DMatrixRMaj(chart.k, chart.k);
        CommonOps_DDRM.multTransA(Reference.matrix(chart.m, chart.k, chart.rotation.w),
                Reference.matrix(chart.m, chart.k, h), out);
        return out.data;
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

    /**
     * The running mean (Alg. 1's kernel with the normal-coordinate correction) on every path this VM has — scalar
     * loops (EJML from {@link GrassmannKernels#BLOCKED_FROM_K} on), vector kernels, OpenBLAS — through the same
     * samples handed over as non-orthonormal bases X·M, against the scalar path given the orthonormal bases X: the
     * same estimates, offsets and spreads. Samples at 0.5 take the quadrature, at 1.4 the eigendecomposition; the
     * state is re-centred half-way; the start is an Ehresmann chart's centre (no G pass) or a uniform point (the state
     * starts in an ad hoc chart centred at it).
     */
    @ParameterizedTest(name = "Gr({0},{1}) start at an Ehresmann centre: {2}")
    @CsvSource({"30,5,false", "30,5,true", "12,1,false", "9,8,false", "40,12,false", "40,12,true", "17,16,false",
            "60,20,false", "60,20,true", "200,130,false"})
    void runningMeanAgreesOnEveryPath(int n, int k, boolean ehresmann) {
        SplittableRandom rng = new SplittableRandom(SEED + 3L * n + k);
        Grassmann gr = Grassmann.of(n, k);
        GrassmannAtlas atlas = (GrassmannAtlas) gr.atlas();
        ExactGeometry exact = gr.capability(ExactGeometry.class).orElseThrow();
        double[] start = new double[n * k];
        if (ehresmann) {
            for (int a = 0; a < k; a++) {
                start[a * k + a] = 1;
            }
        } else {
            start = gr.uniform(rng);
        }
        int steps = 8;
        double[][] orthonormal = new double[steps][];
        double[][] mixed = new double[steps][];
        for (int i = 0; i < steps; i++) {
            double[] v = exact.log(start, gr.uniform(rng));
            double distance = i % 3 == 2 ? 1.4 : 0.5;
            orthonormal[i] = exact.exp(start, Reference.scaled(v, distance / Math.sqrt(gr.ambientMetric()
                    .inner(start, v, v))));
            mixed[i] = GrassmannKernelsTest.rightMultiplied(rng, orthonormal[i], n, k);
        }
        if (ehresmann) {
            ChartPoint first = gr.locate(start);
            assertThat(((GrassmannChart) first.chart()).isAdHoc()).as("the start's chart is ad hoc").isFalse();
            assertThat(first.xi().maxAbs()).as("the start's coordinates").isZero();
        }
        RunningMean.State reference = runMean(gr, atlas, scalar(n, k), start, orthonormal);
        List<GrassmannKernels.Workspace> paths = new ArrayList<>();
        paths.add(scalar(n, k));
        paths.add(new GrassmannKernels.Workspace(n, k));
        for (GrassmannKernels.Workspace ws : paths) {
            String path = ws.small != null ? "vector" : ws.large != null ? "BLAS"
                    : k >= GrassmannKernels.BLOCKED_FROM_K ? "EJML" : "scalar";
            RunningMean.State state = runMean(gr, atlas, ws, start, mixed);
            assertThat(Reference.projectorDistance(gr.embed(state.point()), gr.embed(reference.point()), n, k))
                    .as("%s path, bases X·M: estimate vs the scalar path on orthonormal X", path)
                    .isLessThanOrEqualTo(TOL);
            assertThat(state.offset()).as("%s path: offset", path)
                    .isCloseTo(reference.offset(), within(TOL * (1 + reference.offset())));
            assertThat(state.spread()).as("%s path: spread", path)
                    .isCloseTo(reference.spread(), within(TOL * (1 + reference.spread())));
            assertThat(state.chartChanges()).as("%s path: chart changes", path).isEqualTo(reference.chartChanges());
        }
    }

    /** @return the running mean's state after the samples with t = 1/(i+1), re-centred after the first half */
    private static RunningMean.State runMean(Grassmann gr, GrassmannAtlas atlas, GrassmannKernels.Workspace ws,
                                             double[] start, double[][] samples) {
        RunningMean.State state = new GrassmannRunningMean(gr, atlas, () -> ws).start(gr.locate(start));
        for (int i = 0; i < samples.length; i++) {
            if (i == samples.length / 2) {
                state.recentre();
            }
            assertThat(state.add(samples[i], 1.0 / (i + 2))).as("sample %d added", i).isTrue();
        }
        return state;
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

    /**
     * The vector kernels' Gram passes, G = W̃ᵀX alone and with XᵀX, against EJML: every k they take (one vector per
     * row and two, the blocks of four rows, the fused last five, a last row alone), with n such that the last rows
     * are left to their scalar code; W̃ with zero columns beyond k, and garbage in the outputs beforehand.
     */
    @ParameterizedTest(name = "k={0} n={1}")
    @CsvSource({"1,7", "2,9", "3,8", "4,11", "5,13", "5,100", "6,12", "7,10", "8,17", "9,19", "10,23", "10,300",
            "13,29", "16,35"})
    void vectorGramPassesMatchEjml(int k, int n) {
        SmallKernels small = GrassmannKernels.VECTOR;
        assumeTrue(small != null && k <= small.maxK(), "no vector kernels for this k");
        SplittableRandom rng = new SplittableRandom(SEED + 31L * k + n);
        int kPad = (k + 3) & ~3;
        int span = small.span(k);
        double[] x = Reference.gaussian(rng, n, k);
        double[] w = Reference.gaussian(rng, n, k);
        double[] wide = new double[n * kPad];
        for (int r = 0; r < n; r++) {
            System.arraycopy(w, r * k, wide, r * kPad, k);
        }
        DMatrixRMaj g = new DMatrixRMaj(k, k);
        CommonOps_DDRM.multTransA(Reference.matrix(n, k, w), Reference.matrix(n, k, x), g);
        DMatrixRMaj self = new DMatrixRMaj(k, k);
        CommonOps_DDRM.multTransA(Reference.matrix(n, k, x), Reference.matrix(n, k, x), self);
        int length = Math.max(k * k, k * span) + span;
        double[] alone = new double[length];
        double[] both = new double[length];
        double[] gram = new double[length];
        java.util.Arrays.fill(alone, 1e9);
        java.util.Arrays.fill(both, 1e9);
        java.util.Arrays.fill(gram, 1e9);
        small.gram(wide, kPad, x, n, k, alone);
        small.gram(wide, kPad, x, n, k, both, gram);
        double tol = 1e-12 * n;
        for (int a = 0; a < k; a++) {
            for (int c = 0; c < k; c++) {
                assertThat(alone[a * span + c]).as("G (%d, %d)", a, c).isCloseTo(g.get(a, c), within(tol));
                assertThat(both[a * span + c]).as("G beside XᵀX (%d, %d)", a, c).isCloseTo(g.get(a, c), within(tol));
                assertThat(gram[a * span + c]).as("XᵀX (%d, %d)", a, c).isCloseTo(self.get(a, c), within(tol));
            }
        }
    }
}

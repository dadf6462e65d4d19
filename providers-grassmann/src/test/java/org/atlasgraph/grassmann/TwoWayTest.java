package org.atlasgraph.grassmann;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.IntStream;
import org.atlasgraph.api.ChartPoint;
import org.atlasgraph.api.capability.RunningMean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The two-way split of the native kernels ({@link TwoWay}), forced at small sizes: the split products of
 * {@link BlasKernels#project}, the split quadrature of {@link NormalCorrection} and the running mean built on both
 * agree with the unsplit computation to rounding, and two split runs agree bit for bit.
 */
class TwoWayTest {
    private static final long SEED = 177;
    /** Different partitions of the same sums (fixed blocks of DGEMM, nodes summed in two groups): rounding only. */
    private static final double TOL = 1e-12;
    private static final TwoWay ALWAYS = new TwoWay(0);

    /** The outputs of one {@link BlasKernels#project} call. */
    private record Projected(boolean solved, double[] g, double[] r, double[] p, double[] tx, double[] gram) {
    }

    private static Projected project(LargeKernels kernels, GrassmannChart chart, double[] x, boolean corrected) {
        int n = chart.n;
        int k = chart.k;
        double[] g = new double[k * k];
        double[] r = new double[k * k];
        double[] p = new double[(n - k) * k];
        double[] tx = new double[k * k];
        double[] gram = new double[k * k];
        // The factor itself never splits here: only the kernel's products differ between the runs.
        NormalCorrection factor = corrected ? new NormalCorrection(k, null, GrassmannKernels.BLAS, TwoWay.NEVER) : null;
        boolean solved = kernels.project(chart, x, kernels.buffers(n, k), g, r, p, tx, factor, gram);
        return new Projected(solved, g, r, p, tx, gram);
    }

    private static void assertClose(double[] actual, double[] expected, String what) {
        assertThat(Reference.maxAbsDifference(actual, expected)).as("%s: split vs unsplit", what)
                .isLessThanOrEqualTo(TOL * (1 + Reference.maxAbs(expected)));
    }

    @ParameterizedTest(name = "Gr({0},{1}) adHoc={2} corrected={3}")
    @CsvSource({"60,20,true,true", "60,20,true,false", "60,20,false,true", "60,20,false,false", "47,29,true,true",
            "19,17,true,true"})
    void splitProjectionAgreesWithTheUnsplitOneAndRepeatsBitForBit(int n, int k, boolean adHoc, boolean corrected) {
        assumeTrue(GrassmannKernels.BLAS != null, "no OpenBLAS");
        SplittableRandom rng = new SplittableRandom(SEED + n + k);
        GrassmannChart chart = GrassmannKernelsTest.randomChart(rng, n, k, adHoc, 0.6);
        double[] x = GrassmannKernelsTest.rightMultiplied(rng, chart.lift(Reference.scaled(
                Reference.gaussian(rng, n - k, k), 0.3 / Math.sqrt(k))), n, k);
        Projected plain = project(new BlasKernels(TwoWay.NEVER), chart, x, corrected);
        Projected split = project(new BlasKernels(ALWAYS), chart, x, corrected);
        Projected again = project(new BlasKernels(ALWAYS), chart, x, corrected);
        assertThat(plain.solved()).as("unsplit solved").isTrue();
        assertThat(split.solved()).as("split solved").isTrue();
        assertClose(split.r(), plain.r(), "R");
        assertClose(split.p(), plain.p(), "P");
        if (adHoc) {
            assertClose(split.g(), plain.g(), "G");
            assertClose(split.tx(), plain.tx(), "G·R");
        }
        if (corrected) {
            assertClose(split.gram(), plain.gram(), "XᵀX");
        }
        for (String part : new String[] {"g", "r", "p", "tx", "gram"}) {
            assertThat(Arrays.equals(field(split, part), field(again, part))).as("%s: two split runs", part).isTrue();
        }
        // The split kernel decides by size: at its default threshold these sizes never split, bit for bit.
        Projected small = project(new BlasKernels(new TwoWay(TwoWay.SPLIT_FROM)), chart, x, corrected);
        assertThat(Arrays.equals(small.p(), plain.p())).as("P below the threshold: unsplit").isTrue();
    }

    private static double[] field(Projected p, String part) {
        return switch (part) {
            case "g" -> p.g();
            case "r" -> p.r();
            case "p" -> p.p();
            case "tx" -> p.tx();
            default -> p.gram();
        };
    }

    /**
     * The correction of a sample with principal angles up to 0.7 (several quadrature nodes) with its nodes split
     * between two threads and without: R·g(E), g(E) and Σθ².
     */
    @ParameterizedTest(name = "k = {0}")
    @CsvSource({"20", "33"})
    void splitQuadratureAgreesWithTheUnsplitOneAndRepeatsBitForBit(int k) {
        assumeTrue(GrassmannKernels.BLAS != null, "no OpenBLAS");
        SplittableRandom rng = new SplittableRandom(SEED * 7 + k);
        int n = 3 * k;
        GrassmannChart chart = GrassmannChart.ehresmann(n, k, IntStream.range(0, k).toArray());
        double[] x = GrassmannKernelsTest.rightMultiplied(rng, chart.lift(Reference.scaled(
                Reference.gaussian(rng, n - k, k), 0.5 / Math.sqrt(k))), n, k);
        double[] gram = Dense.multTransA(x, n, k, x, k);
        double[] r = new double[k * k];
        assertThat(Dense.invert(Arrays.copyOf(x, k * k), k, r, new double[k * k])).as("X_U invertible").isTrue();
        NormalCorrection plain = new NormalCorrection(k, null, GrassmannKernels.BLAS, TwoWay.NEVER);
        NormalCorrection split = new NormalCorrection(k, null, GrassmannKernels.BLAS, ALWAYS);
        double[] rPlain = r.clone();
        double[] rSplit = r.clone();
        double[] rAgain = r.clone();
        assertThat(plain.apply(gram, rPlain)).as("unsplit accepted").isTrue();
        double angle = plain.largestAngle();
        assertThat(NormalCorrection.nodes(Math.pow(Math.tan(angle), 2))).as("nodes at the largest angle %s", angle)
                .isGreaterThan(1);
        assertThat(split.apply(gram, rSplit)).as("split accepted").isTrue();
        double[] factorSplit = split.factor().clone();
        double distanceSplit = split.squaredDistance();
        assertClose(rSplit, rPlain, "R·g(E)");
        assertClose(factorSplit, plain.factor(), "g(E)");
        assertThat(distanceSplit).as("Σθ²").isCloseTo(plain.squaredDistance(),
                within(TOL * (1 + plain.squaredDistance())));
        assertThat(split.apply(gram, rAgain)).as("split accepted again").isTrue();
        assertThat(Arrays.equals(rAgain, rSplit)).as("R·g(E): two split runs").isTrue();
        assertThat(Arrays.equals(split.factor(), factorSplit)).as("g(E): two split runs").isTrue();
        assertThat(split.squaredDistance()).as("Σθ²: two split runs").isEqualTo(distanceSplit);
    }

    /**
     * The running mean on kernels and a correction that always split, against one that never does, with a chart change
     * every third sample (whose products then run two at a time).
     */
    @Test
    void runningMeanWithTheSplitAgreesWithoutIt() {
        assumeTrue(GrassmannKernels.BLAS != null, "no OpenBLAS");
        int n = 50;
        int k = 20;
        Grassmann gr = Grassmann.of(n, k);
        GrassmannAtlas atlas = (GrassmannAtlas) gr.atlas();
        GrassmannKernels.Workspace splitWs = new GrassmannKernels.Workspace(n, k, null, new BlasKernels(ALWAYS),
                ALWAYS);
        GrassmannKernels.Workspace plainWs = new GrassmannKernels.Workspace(n, k, null, GrassmannKernels.BLAS,
                TwoWay.NEVER);
        assertThat(plainWs.large).as("k = %d takes the BLAS kernels", k).isNotNull();
        SplittableRandom rng = new SplittableRandom(SEED * 13);
        GrassmannChart chart = GrassmannKernelsTest.randomChart(rng, n, k, true, 0.4);
        ChartPoint first = gr.coordinatesIn(chart, chart.lift(Reference.scaled(Reference.gaussian(rng, n - k, k),
                0.1 / Math.sqrt(k)))).orElseThrow();
        RunningMean.State split = new GrassmannRunningMean(gr, atlas, () -> splitWs).start(first);
        RunningMean.State plain = new GrassmannRunningMean(gr, atlas, () -> plainWs).start(first);
        for (int i = 1; i <= 8; i++) {
            double[] b = Reference.scaled(Reference.gaussian(rng, n - k, k), 0.2 / Math.sqrt(k));
            double[] x = GrassmannKernelsTest.rightMultiplied(rng, chart.lift(b), n, k);
            double t = 1.0 / (i + 1);
            assertThat(plain.add(x, t)).as("unsplit step %d", i).isTrue();
            assertThat(split.add(x, t)).as("split step %d", i).isTrue();
            assertThat(Reference.projectorDistance(gr.embed(split.point()), gr.embed(plain.point()), n, k))
                    .as("step %d: estimate, split vs unsplit", i).isLessThan(TOL);
            assertThat(split.spread()).as("step %d: spread", i)
                    .isCloseTo(plain.spread(), within(TOL * (1 + plain.spread())));
            if (i % 3 == 0) {
                // A chart change: its independent products two at a time (Panels.pairs) against one after the other.
                split.recentre();
                plain.recentre();
                assertThat(Reference.projectorDistance(gr.embed(split.point()), gr.embed(plain.point()), n, k))
                        .as("step %d: re-centred estimate, split vs unsplit", i).isLessThan(TOL);
                assertThat(((GrassmannChart) split.point().chart()).upper).as("step %d: the new chart's rows", i)
                        .containsExactly(((GrassmannChart) plain.point().chart()).upper);
            }
        }
        assertThat(split.chartChanges()).as("chart changes").isEqualTo(plain.chartChanges()).isPositive();
    }

    @Test
    void aFailureOfTheHelpersHalfReachesTheCallerAfterBothFinished() {
        AtomicReference<String> here = new AtomicReference<>();
        assertThatThrownBy(() -> TwoWay.run(() -> here.set("done"), () -> {
            throw new ArithmeticException("helper");
        })).as("the helper's exception").isInstanceOf(ArithmeticException.class).hasMessage("helper");
        assertThat(here.get()).as("the caller's half ran").isEqualTo("done");
    }

    @Test
    void anInterruptWaitsForTheHelperAndIsRestored() {
        AtomicReference<String> there = new AtomicReference<>();
        Thread.currentThread().interrupt();
        try {
            TwoWay.run(() -> { }, () -> {
                pause();
                there.set("done");
            });
            assertThat(there.get()).as("the helper's half finished before the return").isEqualTo("done");
            assertThat(Thread.currentThread().isInterrupted()).as("interrupt restored").isTrue();
        } finally {
            Thread.interrupted();
        }
    }

    /** The caller's second stage reads what the helper's first wrote; a failure of the first skips the second. */
    @Test
    void theCallersSecondStageFollowsTheHelpersFirstAndAFailureSkipsIt() {
        AtomicReference<String> written = new AtomicReference<>("unwritten");
        AtomicReference<String> read = new AtomicReference<>();
        TwoWay.run(() -> { }, () -> {
            pause();
            written.set("written by the helper");
        }, () -> read.set(written.get()), () -> { });
        assertThat(read.get()).as("the caller's second stage saw").isEqualTo("written by the helper");
        AtomicReference<String> second = new AtomicReference<>("not run");
        assertThatThrownBy(() -> TwoWay.run(() -> { }, () -> {
            throw new ArithmeticException("first stage");
        }, () -> second.set("ran"), () -> { })).as("the first stage's exception")
                .isInstanceOf(ArithmeticException.class).hasMessage("first stage");
        assertThat(second.get()).as("the caller's second stage after a failure").isEqualTo("not run");
    }

    /** A short sleep, so that a caller not waiting for the helper would run first. */
    private static void pause() {
        try {
            Thread.sleep(20);
        } catch (InterruptedException e) {
            throw new IllegalStateException(e);
        }
    }
}

package org.atlasgraph.grassmann;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.SplittableRandom;
import org.atlasgraph.api.ChartPoint;
import org.atlasgraph.api.capability.ExactGeometry;
import org.atlasgraph.api.capability.RunningMean;
import org.atlasgraph.api.check.InvalidInputException;
import org.atlasgraph.api.check.NotOnManifoldException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Gr(n,k)'s fused {@link RunningMean} against its definition computed with the closed forms of Fig. S1:
 * {@code m ← m + t(Log_c X − m)} on ambient tangent vectors at the centre c, the estimate {@code Exp_c(m)}.
 */
class GrassmannRunningMeanTest {
    private static final long SEED = 53;
    private static final int STEPS = 10;
    /** The kernel and the closed forms take different routes (chart ingestion vs SVD): agreement to rounding. */
    private static final double TOL = 1e-10;

    private static RunningMean running(Grassmann gr) {
        return gr.capability(RunningMean.class).orElseThrow();
    }

    /**
     * Samples at a given distance from a uniform point, handed over as non-orthonormal bases (right-multiplied by a
     * random matrix), starting from a point that is not the centre of the chart it is given in. At 0.6 the correction
     * is summed by quadrature; at 1.6 principal angles beyond 45° take the eigendecomposition (Jacobi below k = 32,
     * EJML from it on).
     */
    @ParameterizedTest(name = "Gr({0},{1}) at {2}")
    @CsvSource({"5,1,0.6", "5,4,0.6", "6,3,0.6", "20,4,0.6", "40,12,0.6", "70,35,0.6", "300,130,0.6", "5,1,1.6",
            "20,4,1.6", "40,12,1.6", "70,35,1.6", "300,130,1.6"})
    void followsTheUpdateInNormalCoordinatesAtTheCentre(int n, int k, double distance) {
        SplittableRandom rng = new SplittableRandom(SEED + n + k);
        Grassmann gr = Grassmann.of(n, k);
        ExactGeometry exact = gr.capability(ExactGeometry.class).orElseThrow();
        double[] x0 = gr.uniform(rng);
        GrassmannChart chart = GrassmannKernelsTest.randomChart(rng, n, k, true, 0.4);
        ChartPoint first = gr.coordinatesIn(chart, x0).orElseThrow();
        RunningMean.State state = running(gr).start(first);
        double[] c = gr.embed(state.point());
        assertThat(exact.distance(c, x0)).as("start: the first point").isLessThan(TOL);
        assertThat(state.point().xi().maxAbs()).as("start: at the centre of its chart").isZero();
        double[] m = new double[n * k];
        double spread = 0;
        long changes = 0;
        for (int i = 1; i <= STEPS; i++) {
            double[] v = exact.log(x0, gr.uniform(rng));
            double[] x = exact.exp(x0, Reference.scaled(v, distance / norm(gr, x0, v)));
            double t = 1.0 / (i + 1);
            double[] nu = exact.log(c, x);
            for (int j = 0; j < m.length; j++) {
                m[j] += t * (nu[j] - m[j]);
            }
            spread += t * (norm(gr, c, nu) * norm(gr, c, nu) - spread);
            assertThat(state.add(GrassmannKernelsTest.rightMultiplied(rng, x, n, k), t)).as("step %d", i).isTrue();
            double[] expected = exact.exp(c, m);
            assertThat(exact.distance(gr.embed(state.point()), expected)).as("step %d: estimate vs Exp_c(m)", i)
                    .isLessThan(TOL);
            assertThat(state.spread()).as("step %d: spread", i).isCloseTo(spread, within(TOL));
            if (state.chartChanges() > changes) {
                // The estimate left the domain of trust (‖m‖ ≥ π/4): the state re-centred at it.
                assertThat(norm(gr, c, m)).as("step %d: distance at which the state re-centred", i)
                        .isGreaterThanOrEqualTo(GrassmannRunningMean.TRUST_DISTANCE);
                changes = state.chartChanges();
                c = expected;
                m = new double[n * k];
            }
            assertThat(state.offset()).as("step %d: offset ‖m‖", i).isCloseTo(norm(gr, c, m), within(TOL));
        }
    }

    @Test
    void recentringKeepsThePointAndZeroesTheOffset() {
        SplittableRandom rng = new SplittableRandom(SEED);
        Grassmann gr = Grassmann.of(12, 3);
        ExactGeometry exact = gr.capability(ExactGeometry.class).orElseThrow();
        RunningMean.State state = running(gr).start(gr.locate(gr.uniform(rng)));
        double[] x0 = gr.embed(state.point());
        double[] v = exact.log(x0, gr.uniform(rng));
        state.add(exact.exp(x0, Reference.scaled(v, 0.5 / norm(gr, x0, v))), 0.5);
        double[] before = gr.embed(state.point());
        assertThat(state.offset()).as("offset before").isCloseTo(0.25, within(TOL));
        state.recentre();
        assertThat(exact.distance(gr.embed(state.point()), before)).as("the point, re-centred").isLessThan(TOL);
        assertThat(state.offset()).as("offset after").isZero();
        assertThat(state.point().xi().maxAbs()).as("coordinates after").isZero();
        assertThat(state.chartChanges()).as("chart changes").isEqualTo(1);
    }

    /**
     * Uniform samples, and a chart change after every one, so that every update runs in a chart the state moved in
     * place (Jacobi below k = 32, EJML from it on; the native BLAS from k = 17 where it loads, whose buffers must
     * notice the move): the estimate against the definition re-centred at the same moments, {@code c ← Exp_c(m)},
     * {@code m ← 0}.
     */
    @ParameterizedTest(name = "Gr({0},{1})")
    @CsvSource({"12,3", "40,3", "30,5", "60,20", "80,33"})
    void followsTheDefinitionThroughAChartChangeAfterEverySample(int n, int k) {
        SplittableRandom rng = new SplittableRandom(SEED + 7 * n + k);
        Grassmann gr = Grassmann.of(n, k);
        ExactGeometry exact = gr.capability(ExactGeometry.class).orElseThrow();
        RunningMean.State state = running(gr).start(gr.locate(gr.uniform(rng)));
        double[] c = gr.embed(state.point());
        for (int i = 1; i <= 3 * STEPS; i++) {
            double[] x = gr.uniform(rng);
            double t = 1.0 / (i + 1);
            assertThat(state.add(x, t)).as("step %d", i).isTrue();
            double[] m = Reference.scaled(exact.log(c, x), t);
            double[] expected = exact.exp(c, m);
            assertThat(exact.distance(gr.embed(state.point()), expected)).as("step %d: estimate vs Exp_c(m)", i)
                    .isLessThan(TOL);
            state.recentre();
            assertThat(exact.distance(gr.embed(state.point()), expected)).as("step %d: the point, re-centred", i)
                    .isLessThan(TOL);
            assertThat(state.point().xi().maxAbs()).as("step %d: at the centre", i).isZero();
            c = expected;
        }
        assertThat(state.chartChanges()).as("chart changes").isEqualTo(3 * STEPS);
    }

    /**
     * A chart change centres the new chart at the estimate: its C is the estimate's coordinates in the Ehresmann
     * chart of its rows (Alg. 8 on the ambient basis, through the chart's own frame and inverse), the rows are Alg.
     * 7's where those coordinates lie in the domain of trust, and every |c_ij| stays below the dominant rows' bound.
     */
    @ParameterizedTest(name = "Gr({0},{1})")
    @CsvSource({"12,3", "40,3", "60,20"})
    void movesToTheChartOfAlgorithms7And8(int n, int k) {
        SplittableRandom rng = new SplittableRandom(SEED + n);
        Grassmann gr = Grassmann.of(n, k);
        GrassmannAtlas atlas = (GrassmannAtlas) gr.atlas();
        RunningMean.State state = running(gr).start(gr.locate(gr.uniform(rng)));
        for (int i = 1; i <= STEPS; i++) {
            state.add(gr.uniform(rng), 1.0 / (i + 1));
            double[] before = gr.embed(state.point());
            state.recentre();
            GrassmannChart moved = (GrassmannChart) state.point().chart();
            GrassmannChart ehresmann = atlas.ehresmann(moved.upper);
            double[] expected = ehresmann.coordinatesOf(ehresmann.toFrame(before)).orElseThrow();
            double[] c = moved.centre();
            for (int j = 0; j < c.length; j++) {
                assertThat(c[j]).as("step %d: C[%d]", i, j).isCloseTo(expected[j], within(1e-12));
            }
            assertThat(Dense.maxAbs(c)).as("step %d: max |c_ij|", i).isLessThanOrEqualTo(GrassmannAtlas.DOMINANCE);
            GrassmannChart identified = atlas.ehresmann(atlas.identifyChart(before));
            double[] alg7 = identified.coordinatesOf(identified.toFrame(before)).orElseThrow();
            if (Dense.maxAbs(alg7) < GrassmannChart.TRUST_BOUND) {
                assertThat(moved.upper).as("step %d: Alg. 7's rows", i).containsExactly(identified.upper);
            }
        }
    }

    @Test
    void reportsASampleAtTheCutLocusAndStaysPut() {
        // span{e₀, e₁} and span{e₀, e₂}: a principal angle of π/2, where the logarithm is not unique.
        Grassmann gr = Grassmann.of(4, 2);
        RunningMean.State state = running(gr).start(gr.locate(new double[] {1, 0, 0, 1, 0, 0, 0, 0}));
        assertThat(state.add(new double[] {1, 0, 0, 0, 0, 1, 0, 0}, 0.5)).as("a sample at the cut locus").isFalse();
        assertThat(state.offset()).as("offset after").isZero();
        assertThat(state.spread()).as("spread after").isZero();
    }

    @Test
    void rejectsASampleOfTheWrongLengthOrRank() {
        Grassmann gr = Grassmann.of(4, 2);
        RunningMean.State state = running(gr).start(gr.locate(new double[] {1, 0, 0, 1, 0, 0, 0, 0}));
        assertThatThrownBy(() -> state.add(new double[7], 0.5)).isInstanceOf(InvalidInputException.class)
                .hasMessage("ambient: expected length 8 (n·k for Gr(4,2)), found 7");
        assertThatThrownBy(() -> state.add(new double[] {1, 0, 0, 0, 0, 0, 0, 0}, 0.5))
                .isInstanceOf(NotOnManifoldException.class)
                .hasMessageStartingWith("ambient: expected full column rank");
    }

    private static double norm(Grassmann gr, double[] p, double[] v) {
        return Math.sqrt(gr.ambientMetric().inner(p, v, v));
    }
}

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
import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.CommonOps_DDRM;
import org.ejml.dense.row.SingularOps_DDRM;
import org.ejml.dense.row.factory.DecompositionFactory_DDRM;
import org.ejml.interfaces.decomposition.QRDecomposition;
import org.ejml.interfaces.decomposition.SingularValueDecomposition_F64;
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
            "20,4,1.6", "40,12,1.6", "70,35,1.6", "300,130,1.6", "70,35,3.2", "300,130,3.2"})
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
            double largest = largestAngle(c, expected, n, k);
            if (state.chartChanges() > changes) {
                // The estimate left the domain of trust (a principal angle ≥ π/4): the state re-centred at it.
                assertThat(largest).as("step %d: largest principal angle at which the state re-centred", i)
                        .isGreaterThanOrEqualTo(GrassmannRunningMean.TRUST_DISTANCE);
                changes = state.chartChanges();
                c = expected;
                m = new double[n * k];
            } else {
                // Not too late: every principal angle below π/4, i.e. ‖B‖₂ = tan θ_max < 1 in the orthonormal frame.
                assertThat(largest).as("step %d: largest principal angle of an estimate kept in its chart", i)
                        .isLessThan(GrassmannRunningMean.TRUST_DISTANCE);
            }
            assertThat(state.offset()).as("step %d: offset ‖m‖", i).isCloseTo(norm(gr, c, m), within(TOL));
        }
    }

    /**
     * Samples at one point whose logarithm at the start x0 is rank one (its single principal angle 1.2, the distance):
     * the state re-centres exactly when the estimate's largest principal angle reaches π/4, as the definition
     * re-centred at those moments does ({@link #followsTheUpdateInNormalCoordinatesAtTheCentre} checks both sides of
     * the rule at every step).
     */
    @ParameterizedTest(name = "Gr({0},{1})")
    @CsvSource({"20,4", "60,20"})
    void changesChartWhenTheLargestPrincipalAngleReachesAQuarterPi(int n, int k) {
        SplittableRandom rng = new SplittableRandom(SEED + 3 * n + k);
        Grassmann gr = Grassmann.of(n, k);
        ExactGeometry exact = gr.capability(ExactGeometry.class).orElseThrow();
        RunningMean.State state = running(gr).start(gr.locate(gr.uniform(rng)));
        double[] c = gr.embed(state.point());
        double[] direction = rankOne(exact.log(c, gr.uniform(rng)), n, k);
        double[] x = exact.exp(c, Reference.scaled(direction, 1.2 / norm(gr, c, direction)));
        double[] m = new double[n * k];
        int expected = 0;
        for (int i = 1; i <= STEPS; i++) {
            double t = 1.0 / (i + 1);
            double[] nu = exact.log(c, x);
            for (int j = 0; j < m.length; j++) {
                m[j] += t * (nu[j] - m[j]);
            }
            assertThat(state.add(x, t)).as("step %d", i).isTrue();
            if (largestAngle(c, exact.exp(c, m), n, k) >= GrassmannRunningMean.TRUST_DISTANCE) {
                expected++;
                c = exact.exp(c, m);
                m = new double[n * k];
            }
        }
        assertThat(expected).as("re-centres of the definition (largest angle ≥ π/4)").isPositive();
        assertThat(state.chartChanges()).as("chart changes").isEqualTo(expected);
    }

    /**
     * Samples 2.4 from x0 in random directions, so many principal angles, the largest about a third of the distance:
     * the estimate's distance from x0 passes π/4 (where a trust test on ‖m‖ re-centred, as before issue 15), its
     * largest angle does not, and the state keeps its chart while following the definition.
     */
    @ParameterizedTest(name = "Gr({0},{1})")
    @CsvSource({"60,20", "300,130"})
    void keepsItsChartWhereOnlyTheDistanceIsLarge(int n, int k) {
        SplittableRandom rng = new SplittableRandom(SEED + 5 * n + k);
        Grassmann gr = Grassmann.of(n, k);
        ExactGeometry exact = gr.capability(ExactGeometry.class).orElseThrow();
        RunningMean.State state = running(gr).start(gr.locate(gr.uniform(rng)));
        double[] x0 = gr.embed(state.point());
        double farthest = 0;
        double[] m = new double[n * k];
        for (int i = 1; i <= STEPS; i++) {
            double[] v = exact.log(x0, gr.uniform(rng));
            double[] x = exact.exp(x0, Reference.scaled(v, 2.4 / norm(gr, x0, v)));
            double t = 1.0 / (i + 1);
            double[] nu = exact.log(x0, x);
            for (int j = 0; j < m.length; j++) {
                m[j] += t * (nu[j] - m[j]);
            }
            farthest = Math.max(farthest, norm(gr, x0, m));
            assertThat(state.add(x, t)).as("step %d", i).isTrue();
            assertThat(exact.distance(gr.embed(state.point()), exact.exp(x0, m)))
                    .as("step %d: estimate vs Exp_x0(m)", i).isLessThan(TOL);
        }
        assertThat(farthest).as("largest ‖m‖ (a trust test on the distance re-centres from π/4)")
                .isGreaterThanOrEqualTo(GrassmannRunningMean.TRUST_DISTANCE);
        assertThat(state.chartChanges()).as("chart changes").isZero();
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

    /** The largest principal angle between span x and span y: arcsin of σ_max((I − Q_xQ_xᵀ)Q_y), by EJML. */
    static double largestAngle(double[] x, double[] y, int n, int k) {
        DMatrixRMaj qx = orthonormal(x, n, k);
        DMatrixRMaj qy = orthonormal(y, n, k);
        DMatrixRMaj overlap = new DMatrixRMaj(k, k);
        CommonOps_DDRM.multTransA(qx, qy, overlap);
        DMatrixRMaj residual = qy.copy();
        CommonOps_DDRM.multAdd(-1, qx, overlap, residual);
        double sine = 0;
        for (double v : SingularOps_DDRM.singularValues(residual)) {
            sine = Math.max(sine, v);
        }
        return Math.asin(Math.min(sine, 1));
    }

    private static DMatrixRMaj orthonormal(double[] x, int n, int k) {
        QRDecomposition<DMatrixRMaj> qr = DecompositionFactory_DDRM.qr(n, k);
        assertThat(qr.decompose(Reference.matrix(n, k, x.clone()))).as("EJML's QR").isTrue();
        return qr.getQ(null, true);
    }

    /** The best rank-one approximation σ₁u₁v₁ᵀ of an n×k tangent vector (horizontal if the vector is), by EJML. */
    private static double[] rankOne(double[] v, int n, int k) {
        SingularValueDecomposition_F64<DMatrixRMaj> svd = DecompositionFactory_DDRM.svd(n, k, true, true, true);
        assertThat(svd.decompose(Reference.matrix(n, k, v.clone()))).as("EJML's SVD").isTrue();
        double[] values = svd.getSingularValues();
        int top = 0;
        for (int a = 1; a < values.length; a++) {
            top = values[a] > values[top] ? a : top;
        }
        DMatrixRMaj u = svd.getU(null, false);
        DMatrixRMaj w = svd.getV(null, false);
        double[] out = new double[n * k];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < k; j++) {
                out[i * k + j] = values[top] * u.get(i, top) * w.get(j, top);
            }
        }
        return out;
    }

    private static double norm(Grassmann gr, double[] p, double[] v) {
        return Math.sqrt(gr.ambientMetric().inner(p, v, v));
    }
}

package org.atlasgraph.grassmann;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Comparator;
import java.util.SplittableRandom;
import java.util.stream.IntStream;
import org.atlasgraph.api.ChartPoint;
import org.atlasgraph.api.Coordinates;
import org.atlasgraph.api.Transition;
import org.ejml.data.DMatrixRMaj;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class GrassmannAtlasTest {
    private static final long SEED = 17;
    /** The bound for "the projector before and after agrees". */
    private static final double PROJECTOR_TOL = 1e-10;
    private static final double FD_STEP = 1e-5;
    /** Central differences: O(h²) truncation on O(1) second derivatives. */
    private static final double FD_TOL = 1e-7;

    @ParameterizedTest(name = "Gr({0},{1})")
    @CsvSource({"5,2", "9,4", "12,1", "7,6"})
    void alg7PicksTheLargestDiagonalEntriesOfTheProjector(int n, int k) {
        SplittableRandom rng = new SplittableRandom(SEED + n);
        double[] x = Reference.gaussian(rng, n, k);
        GrassmannAtlas atlas = new GrassmannAtlas(n, k);
        DMatrixRMaj p = Reference.projector(x, n, k);
        int[] expected = IntStream.range(0, n).boxed()
                .sorted(Comparator.comparingDouble((Integer i) -> -p.get(i, i))).limit(k)
                .mapToInt(Integer::intValue).sorted().toArray();
        assertThat(atlas.identifyChart(Dense.thinQr(x, n, k).q())).as("k largest diag(XXᵀ)").containsExactly(expected);
    }

    @Test
    void tiedRowNormsWithDependentRowsFallBackToPivotedRows() {
        double a = Math.sqrt(0.5);
        double[] y = {a, 0, a, 0, 0, a, 0, a};
        GrassmannAtlas atlas = new GrassmannAtlas(4, 2);
        int[] alg7 = atlas.identifyChart(y);
        assertThat(alg7).as("Alg. 7 on ties").containsExactly(0, 1);
        GrassmannChart e01 = atlas.ehresmann(alg7);
        assertThat(e01.coordinatesOf(e01.toFrame(y))).as("E{0,1} cannot represent span{e0+e1, e2+e3}").isEmpty();
        int[] pivoted = atlas.pivotedRows(y);
        assertThat(pivoted[0]).as("one row from each pair").isLessThan(2);
        assertThat(pivoted[1]).as("one row from each pair").isGreaterThan(1);
        GrassmannChart adHoc = atlas.adHocAt(y);
        assertThat(Reference.projectorDistance(adHoc.toAmbient(Coordinates.zeros(4)), y, 4, 2))
                .as("ad hoc chart centred at the point").isLessThan(PROJECTOR_TOL);
    }

    @ParameterizedTest(name = "Gr({0},{1})")
    @CsvSource({"100,10", "40,20", "12,9"})
    void dominantRowsHoldThePointWithinTheDominanceBound(int n, int k) {
        SplittableRandom rng = new SplittableRandom(SEED * 3 + n);
        GrassmannAtlas atlas = new GrassmannAtlas(n, k);
        for (int trial = 0; trial < 5; trial++) {
            double[] y = Dense.thinQr(Reference.gaussian(rng, n, k), n, k).q();
            GrassmannChart chart = atlas.ehresmann(atlas.dominantRows(y));
            double[] c = chart.coordinatesOf(chart.toFrame(y)).orElseThrow();
            assertThat(Reference.maxAbsDifference(c, Reference.ingest(chart, y))).as("coordinates").isLessThan(1e-10);
            assertThat(Reference.maxAbs(c)).as("max |c_ij| in the dominant chart")
                    .isLessThanOrEqualTo(GrassmannAtlas.DOMINANCE);
        }
    }

    /**
     * {@link GrassmannAtlas#locate} against the two steps it fuses: Alg. 7's chart with the point ingested there
     * ({@link Reference#ingest}) where every |b_ij| &lt; 1, else {@link GrassmannAtlas#adHocAt}'s chart, the same
     * rows and rotation. Points near a chart centre (inside) and Haar-random ones (outside some, from n = 30).
     */
    @ParameterizedTest(name = "Gr({0},{1})")
    @CsvSource({"5,2", "30,5", "100,10", "12,11"})
    void locateIsAlg7sChartInsideItsTrustAndAnAdHocChartOutside(int n, int k) {
        SplittableRandom rng = new SplittableRandom(SEED * 7 + n);
        GrassmannAtlas atlas = new GrassmannAtlas(n, k);
        int[] seen = new int[2];
        for (int trial = 0; trial < 12; trial++) {
            double[] y = Reference.gaussian(rng, n, k);
            if (trial % 2 == 0) {
                // Near the centre of E{0,…,k−1}: identity on top, small entries below.
                for (int i = 0; i < n * k; i++) {
                    y[i] = i < k * k ? (i % (k + 1) == 0 ? 1 : 0) : 0.2 * y[i] / Math.sqrt(n);
                }
            }
            y = Dense.thinQr(y, n, k).q();
            double[] out = new double[(n - k) * k];
            GrassmannChart located = atlas.locate(y, out);
            GrassmannChart alg7 = atlas.ehresmann(atlas.identifyChart(y));
            double[] b = Reference.ingest(alg7, y);
            boolean inside = Reference.maxAbs(b) < GrassmannChart.TRUST_BOUND;
            seen[inside ? 1 : 0]++;
            assertThat(located.isAdHoc()).as("ad hoc exactly outside Alg. 7's trust, trial %d", trial)
                    .isEqualTo(!inside);
            GrassmannChart expected = inside ? alg7 : atlas.adHocAt(y);
            assertThat(located.upper).as("rows, trial %d", trial).containsExactly(expected.upper);
            if (inside) {
                assertThat(Reference.maxAbsDifference(out, b)).as("coordinates in Alg. 7's chart").isLessThan(1e-12);
            } else {
                assertThat(Reference.maxAbsDifference(located.rotation.offset, expected.rotation.offset))
                        .as("the rotation's offset K, trial %d", trial).isLessThan(1e-12);
                assertThat(Reference.projectorDistance(located.toAmbient(Coordinates.zeros((n - k) * k)), y, n, k))
                        .as("centred at the point").isLessThan(PROJECTOR_TOL);
            }
        }
        assertThat(seen[1]).as("points inside Alg. 7's trust").isPositive();
        if (n >= 30) {
            assertThat(seen[0]).as("points outside it").isPositive();
        }
    }

    @ParameterizedTest(name = "Gr({0},{1})")
    @CsvSource({"5,2", "6,3", "4,1", "5,4"})
    void changeChartCentresAnAdHocChartAtThePoint(int n, int k) {
        SplittableRandom rng = new SplittableRandom(SEED * 5 + n);
        GrassmannAtlas atlas = new GrassmannAtlas(n, k);
        GrassmannChart chart = GrassmannKernelsTest.randomChart(rng, n, k, true, 0.5);
        double[] b = Reference.scaled(Reference.gaussian(rng, n - k, k), 1.5);
        ChartPoint q = new ChartPoint(chart, Coordinates.of(b));
        ChartPoint moved = atlas.changeChart(q);
        assertThat(moved.chart().id().value()).as("new ad hoc id").startsWith("adhoc-");
        assertThat(moved.xi().maxAbs()).as("at the centre").isZero();
        assertThat(Reference.projectorDistance(moved.chart().toAmbient(moved.xi()), chart.lift(b), n, k))
                .as("same subspace").isLessThan(PROJECTOR_TOL);
        assertThat(atlas.changeChart(q).chart()).as("each chart change makes a new chart").isNotEqualTo(moved.chart());
    }

    @ParameterizedTest(name = "Gr({0},{1}) {2}→{3}")
    @CsvSource({"5,2,false,true", "5,2,true,false", "5,2,true,true", "7,3,true,true", "4,3,false,false",
            "3,1,true,true"})
    void transitionsPreserveTheSubspaceAndInvertEachOther(int n, int k, boolean fromAdHoc, boolean toAdHoc) {
        SplittableRandom rng = new SplittableRandom(SEED * 11 + n * 3 + (fromAdHoc ? 1 : 0) + (toAdHoc ? 2 : 0));
        GrassmannAtlas atlas = new GrassmannAtlas(n, k);
        GrassmannChart alpha = GrassmannKernelsTest.randomChart(rng, n, k, fromAdHoc, 0.5);
        // β is centred near α's point so that the point is well inside the overlap.
        double[] b = Reference.scaled(Reference.gaussian(rng, n - k, k), 0.3);
        double[] point = alpha.toAmbient(Coordinates.of(b));
        GrassmannChart beta = toAdHoc ? atlas.adHocAt(alpha.toAmbient(Coordinates.of(Reference.scaled(b, 0.5))))
                : atlas.ehresmann(atlas.identifyChart(point));
        Transition forward = atlas.transition(alpha, beta).orElseThrow();
        Coordinates inBeta = forward.apply(Coordinates.of(b)).orElseThrow();
        assertThat(Reference.projectorDistance(beta.lift(inBeta.toArray()), point, n, k))
                .as("projector before and after the transition").isLessThan(PROJECTOR_TOL);
        Coordinates back = atlas.transition(beta, alpha).orElseThrow().apply(inBeta).orElseThrow();
        assertThat(Reference.maxAbsDifference(back.toArray(), b)).as("ψ_βα ∘ ψ_αβ = id").isLessThan(1e-11);
    }

    /**
     * A point whose k largest rows (Alg. 7's) are nearly dependent, so that its coordinates C there exceed
     * {@link GrassmannAtlas#MAXVOL_START}: the ad hoc chart centred there starts the swaps elsewhere (the pivoted
     * rows; from k = 17 the rows of LU with partial pivoting, on the native BLAS) and still holds it with every
     * |c_ij| ≤ {@link GrassmannAtlas#DOMINANCE}, C its coordinates in the Ehresmann chart of the rows it took.
     */
    @ParameterizedTest(name = "Gr({0},{1})")
    @CsvSource({"12,3", "40,17", "200,40"})
    void nearlyDependentRowsOfAlg7StartTheSwapsElsewhere(int n, int k) {
        SplittableRandom rng = new SplittableRandom(SEED * 23 + n);
        double[] y = Reference.gaussian(rng, n, k);
        for (int i = 0; i < n * k; i++) {
            y[i] *= i < k * k ? 10 : 1 / Math.sqrt(n);
        }
        // The top block's last row: its first row, moved by 1e-7 (rank k − 1 to that accuracy).
        for (int c = 0; c < k; c++) {
            y[(k - 1) * k + c] = y[c] + 1e-7 * rng.nextGaussian();
        }
        y = Dense.thinQr(y, n, k).q();
        GrassmannAtlas atlas = new GrassmannAtlas(n, k);
        int[] alg7 = atlas.identifyChart(y);
        assertThat(alg7).as("Alg. 7 takes the large rows").containsExactly(IntStream.range(0, k).toArray());
        assertThat(Reference.maxAbs(Reference.ingest(atlas.ehresmann(alg7), y))).as("max |c_ij| in Alg. 7's chart")
                .isGreaterThan(GrassmannAtlas.MAXVOL_START);
        GrassmannChart chart = atlas.adHocAt(y);
        double[] c = chart.rotation.centre();
        assertThat(Reference.maxAbs(c)).as("max |c_ij| in the chart's rows")
                .isLessThanOrEqualTo(GrassmannAtlas.DOMINANCE);
        assertThat(Reference.maxAbsDifference(c, Reference.ingest(atlas.ehresmann(chart.upper), y)))
                .as("C, the point's coordinates in those rows").isLessThan(1e-10);
        assertThat(Reference.projectorDistance(chart.toAmbient(Coordinates.zeros((n - k) * k)), y, n, k))
                .as("centred at the point").isLessThan(PROJECTOR_TOL);
    }

    @ParameterizedTest(name = "Gr({0},{1})")
    @CsvSource({"5,2", "6,4", "8,3"})
    void transitionDifferentialMatchesFiniteDifferences(int n, int k) {
        SplittableRandom rng = new SplittableRandom(SEED * 19 + n);
        GrassmannAtlas atlas = new GrassmannAtlas(n, k);
        GrassmannChart alpha = GrassmannKernelsTest.randomChart(rng, n, k, true, 0.5);
        double[] b = Reference.scaled(Reference.gaussian(rng, n - k, k), 0.3);
        GrassmannChart beta = atlas.adHocAt(alpha.toAmbient(Coordinates.of(Reference.scaled(b, -1))));
        Transition t = atlas.transition(alpha, beta).orElseThrow();
        double[] tau = Reference.gaussian(rng, n - k, k);
        double[] plus = t.apply(Coordinates.of(step(b, tau, FD_STEP))).orElseThrow().toArray();
        double[] minus = t.apply(Coordinates.of(step(b, tau, -FD_STEP))).orElseThrow().toArray();
        double[] fd = new double[plus.length];
        for (int i = 0; i < fd.length; i++) {
            fd[i] = (plus[i] - minus[i]) / (2 * FD_STEP);
        }
        double[] closed = t.pushForward(Coordinates.of(b), Coordinates.of(tau)).toArray();
        assertThat(Reference.maxAbsDifference(closed, fd)).as("Dψ τ vs central differences")
                .isLessThan(FD_TOL * (1 + Reference.maxAbs(fd)));
    }

    @Test
    void transitionIsEmptyOutsideTheOverlap() {
        GrassmannAtlas atlas = new GrassmannAtlas(4, 2);
        Transition t = atlas.transition(atlas.ehresmann(new int[] {0, 1}), atlas.ehresmann(new int[] {2, 3}))
                .orElseThrow();
        assertThat(t.apply(Coordinates.zeros(4))).as("span{e0, e1} has no coordinates in E{2,3}").isEmpty();
    }

    private static double[] step(double[] b, double[] tau, double h) {
        double[] r = b.clone();
        for (int i = 0; i < r.length; i++) {
            r[i] += h * tau[i];
        }
        return r;
    }
}

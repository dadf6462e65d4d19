package org.atlasgraph.grassmann;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.SplittableRandom;
import org.atlasgraph.api.Coordinates;
import org.atlasgraph.api.check.InvalidInputException;
import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.CommonOps_DDRM;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class GrassmannChartTest {
    private static final long SEED = 5;
    private static final double TOL = 1e-11;
    /** Central differences with step 1e-5: truncation O(h²) ~ 1e-10, rounding ~ 1e-16/1e-5. */
    private static final double FD_STEP = 1e-5;
    private static final double FD_TOL = 1e-8;

    @ParameterizedTest(name = "Gr({0},{1}) adHoc={2}")
    @CsvSource({"5,2,false", "5,2,true", "3,1,true", "6,4,true", "8,3,true"})
    void toAmbientIsAnOrthonormalBasisOfTheLiftThatIngestsBack(int n, int k, boolean adHoc) {
        SplittableRandom rng = new SplittableRandom(SEED + n);
        GrassmannChart chart = GrassmannKernelsTest.randomChart(rng, n, k, adHoc, 0.8);
        double[] b = Reference.scaled(Reference.gaussian(rng, n - k, k), 0.5);
        double[] y = chart.toAmbient(Coordinates.of(b));
        assertThat(Dense.orthonormalityDefect(y, n, k)).as("|YᵀY − I|").isLessThan(TOL);
        assertThat(Reference.projectorDistance(y, chart.lift(b), n, k)).as("same span as the lift")
                .isLessThan(TOL);
        assertThat(Reference.maxAbsDifference(chart.coordinatesOf(chart.toFrame(y)).orElseThrow(), b))
                .as("ingest(embed(B)) = B").isLessThan(TOL);
    }

    @ParameterizedTest(name = "Gr({0},{1})")
    @CsvSource({"5,2", "4,3", "7,2"})
    void adHocChartCentreIsThePointWithThoseEhresmannCoordinates(int n, int k) {
        SplittableRandom rng = new SplittableRandom(SEED);
        GrassmannChart adHoc = GrassmannKernelsTest.randomChart(rng, n, k, true, 1.2);
        GrassmannChart base = GrassmannChart.ehresmann(n, k, adHoc.upper);
        double[] centre = adHoc.rotation.centre();
        assertThat(Reference.maxAbsDifference(adHoc.toAmbient(Coordinates.zeros((n - k) * k)),
                base.toAmbient(Coordinates.of(centre)))).as("φ_{C,I}⁻¹(0) = φ_I⁻¹(C), same polar basis")
                .isLessThan(TOL);
    }

    @ParameterizedTest(name = "Gr({0},{1}) adHoc={2}")
    @CsvSource({"5,2,false", "5,2,true", "4,1,true", "6,4,true"})
    void pushForwardIsTheHorizontalDerivativeOfTheProjector(int n, int k, boolean adHoc) {
        SplittableRandom rng = new SplittableRandom(SEED * 7 + n);
        GrassmannChart chart = GrassmannKernelsTest.randomChart(rng, n, k, adHoc, 0.6);
        double[] b = Reference.scaled(Reference.gaussian(rng, n - k, k), 0.4);
        double[] tau = Reference.gaussian(rng, n - k, k);
        double[] y = chart.toAmbient(Coordinates.of(b));
        double[] h = chart.pushForward(Coordinates.of(b), Coordinates.of(tau));
        assertThat(Reference.maxAbs(Dense.multTransA(y, n, k, h, k))).as("YᵀH = 0 (horizontal)").isLessThan(TOL);
        // dP = H Yᵀ + Y Hᵀ against central differences of the n×n projector along B + tτ.
        DMatrixRMaj plus = Reference.projector(chart.lift(add(b, tau, FD_STEP)), n, k);
        DMatrixRMaj minus = Reference.projector(chart.lift(add(b, tau, -FD_STEP)), n, k);
        CommonOps_DDRM.subtractEquals(plus, minus);
        CommonOps_DDRM.scale(1 / (2 * FD_STEP), plus);
        DMatrixRMaj dp = new DMatrixRMaj(n, n);
        CommonOps_DDRM.multTransB(Reference.matrix(n, k, h), Reference.matrix(n, k, y), dp);
        DMatrixRMaj sym = new DMatrixRMaj(n, n);
        CommonOps_DDRM.transpose(dp, sym);
        CommonOps_DDRM.addEquals(dp, sym);
        assertThat(Reference.maxAbsDifference(dp.data, plus.data)).as("HYᵀ + YHᵀ vs dP/dt").isLessThan(FD_TOL);
    }

    @ParameterizedTest(name = "Gr({0},{1}) adHoc={2}")
    @CsvSource({"5,2,false", "5,2,true", "9,4,true"})
    void tangentCoordinatesInvertPushForwardAndDropVerticalParts(int n, int k, boolean adHoc) {
        SplittableRandom rng = new SplittableRandom(SEED * 13 + n);
        GrassmannChart chart = GrassmannKernelsTest.randomChart(rng, n, k, adHoc, 0.6);
        Coordinates b = Coordinates.of(Reference.scaled(Reference.gaussian(rng, n - k, k), 0.4));
        double[] tau = Reference.gaussian(rng, n - k, k);
        double[] h = chart.pushForward(b, Coordinates.of(tau));
        double[] vertical = Dense.mult(chart.toAmbient(b), n, k, Reference.gaussian(rng, k, k), k);
        double[] v = h.clone();
        for (int i = 0; i < v.length; i++) {
            v[i] += vertical[i];
        }
        assertThat(Reference.maxAbsDifference(chart.tangentCoordinates(b, v).toArray(), tau))
                .as("[Dφ⁻¹]⁺ (Dφ⁻¹ τ + Y Ω) = τ").isLessThan(TOL);
    }

    @ParameterizedTest(name = "Gr({0},{1}) adHoc={2}")
    @CsvSource({"5,2,false", "5,2,true", "3,1,true", "6,4,true", "12,5,true"})
    void pullBackIsTheAdjointOfPushForward(int n, int k, boolean adHoc) {
        SplittableRandom rng = new SplittableRandom(SEED * 13 + n);
        GrassmannChart chart = GrassmannKernelsTest.randomChart(rng, n, k, adHoc, 0.7);
        Coordinates b = Coordinates.of(Reference.scaled(Reference.gaussian(rng, n - k, k), 0.5));
        double[] covector = Reference.gaussian(rng, n, k);
        double[] omega = chart.pullBack(b, covector).toArray();
        // Independent reference: the definition e·Dφ⁻¹(ξ)e_i over the d coordinate vectors (Chart's default).
        int d = (n - k) * k;
        double[] unit = new double[d];
        double[] expected = new double[d];
        for (int i = 0; i < d; i++) {
            unit[i] = 1;
            double[] column = chart.pushForward(b, Coordinates.of(unit));
            unit[i] = 0;
            for (int j = 0; j < column.length; j++) {
                expected[i] += column[j] * covector[j];
            }
        }
        assertThat(Reference.maxAbsDifference(omega, expected)).as("Dφ⁻¹ᵀe vs e·Dφ⁻¹e_i")
                .isLessThan(TOL * (1 + Reference.maxAbs(expected)));
        assertThatThrownBy(() -> chart.pullBack(b, new double[n * k - 1])).isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("covector: expected length " + n * k);
    }

    @org.junit.jupiter.api.Test
    void domainOfTrustIsEveryCoordinateBelowOne() {
        GrassmannChart chart = GrassmannChart.ehresmann(4, 2, new int[] {0, 2});
        assertThat(chart.id().value()).as("id").isEqualTo("E{0,2}");
        assertThat(chart.contains(Coordinates.of(0.99, -0.99, 0, 0.5))).as("inside").isTrue();
        assertThat(chart.contains(Coordinates.of(0.2, -1.0, 0, 0.5))).as("on the boundary").isFalse();
        assertThat(chart.lower).as("complement").containsExactly(1, 3);
    }

    private static double[] add(double[] a, double[] b, double f) {
        double[] r = a.clone();
        for (int i = 0; i < r.length; i++) {
            r[i] += f * b[i];
        }
        return r;
    }
}

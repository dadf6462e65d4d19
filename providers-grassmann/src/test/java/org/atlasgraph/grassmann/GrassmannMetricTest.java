package org.atlasgraph.grassmann;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.SplittableRandom;
import org.atlasgraph.api.ChartPoint;
import org.atlasgraph.api.Coordinates;
import org.atlasgraph.api.TangentVector;
import org.atlasgraph.api.check.InvalidInputException;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class GrassmannMetricTest {
    private static final long SEED = 29;
    private static final double TOL = 1e-11;

    @ParameterizedTest(name = "Gr({0},{1}) adHoc={2}")
    @CsvSource({"5,2,false", "5,2,true", "3,1,true", "7,5,true", "30,5,true"})
    void metricEqualsTheAmbientInnerProductOfPushForwards(int n, int k, boolean adHoc) {
        SplittableRandom rng = new SplittableRandom(SEED + n);
        GrassmannChart chart = GrassmannKernelsTest.randomChart(rng, n, k, adHoc, 0.7);
        ChartPoint p = new ChartPoint(chart, Coordinates.of(Reference.scaled(Reference.gaussian(rng, n - k, k), 0.6)));
        TangentVector u = p.tangent(Coordinates.of(Reference.gaussian(rng, n - k, k)));
        TangentVector v = p.tangent(Coordinates.of(Reference.gaussian(rng, n - k, k)));
        GrassmannMetric metric = new GrassmannMetric(n, k);
        double[] pu = chart.pushForward(p.xi(), u.tau());
        double[] pv = chart.pushForward(p.xi(), v.tau());
        double ambient = 0;
        for (int i = 0; i < pu.length; i++) {
            ambient += pu[i] * pv[i];
        }
        assertThat(metric.inner(p, u, v)).as("ḡ(u, v) vs tr(Dφ⁻¹uᵀ Dφ⁻¹v)").isCloseTo(ambient, within(TOL * 10));
        assertThat(metric.inner(p, u, v)).as("symmetric").isCloseTo(metric.inner(p, v, u), within(TOL));
        double squared = 0;
        for (double x : pu) {
            squared += x * x;
        }
        assertThat(metric.inner(p, u, u)).as("ḡ(u, u) vs |Dφ⁻¹u|² (the symmetric path)")
                .isCloseTo(squared, within(TOL * 10 * (1 + squared)));
        Coordinates omega = Coordinates.of(Reference.gaussian(rng, n - k, k));
        TangentVector raised = metric.raise(p, omega);
        assertThat(metric.inner(p, raised, v)).as("ḡ(G⁻¹ω, v) = ω·v").isCloseTo(omega.dot(v.tau()),
                within(1e-9 * (1 + Math.abs(omega.dot(v.tau())))));
    }

    @ParameterizedTest(name = "Gr({0},{1}) adHoc={2}")
    @CsvSource({"5,2,false", "5,2,true", "3,1,true", "7,5,true", "30,5,true"})
    void riemannianGradientIsTheHorizontalProjectionOfTheEuclideanGradient(int n, int k, boolean adHoc) {
        SplittableRandom rng = new SplittableRandom(SEED * 5 + n);
        GrassmannChart chart = GrassmannKernelsTest.randomChart(rng, n, k, adHoc, 0.7);
        ChartPoint p = new ChartPoint(chart, Coordinates.of(Reference.scaled(Reference.gaussian(rng, n - k, k), 0.6)));
        double[] e = Reference.gaussian(rng, n, k);
        GrassmannMetric metric = new GrassmannMetric(n, k);
        TangentVector grad = metric.riemannianGradient(p, e);
        // Independent reference: (I − YYᵀ)E at the orthonormal basis Y = φ⁻¹(ξ), the projection onto the horizontal
        // space, which is the gradient of the induced metric.
        double[] y = chart.toAmbient(p.xi());
        double[] projected = e.clone();
        Dense.multAdd(-1, Dense.wrap(n, k, y), Dense.wrap(k, k, Dense.multTransA(y, n, k, e, k)),
                Dense.wrap(n, k, projected));
        assertThat(Reference.maxAbsDifference(chart.pushForward(p.xi(), grad.tau()), projected))
                .as("Dφ⁻¹ grad = (I − YYᵀ)E").isLessThan(TOL * 10 * (1 + Reference.maxAbs(projected)));
        TangentVector v = p.tangent(Coordinates.of(Reference.gaussian(rng, n - k, k)));
        double[] pv = chart.pushForward(p.xi(), v.tau());
        double directional = 0;
        for (int i = 0; i < e.length; i++) {
            directional += e[i] * pv[i];
        }
        assertThat(metric.inner(p, grad, v)).as("ḡ(grad, v) = E·Dφ⁻¹v")
                .isCloseTo(directional, within(1e-9 * (1 + Math.abs(directional))));
        assertThatThrownBy(() -> metric.riemannianGradient(p, new double[n * k - 1]))
                .isInstanceOf(InvalidInputException.class)
                .hasMessage("euclidean gradient: expected length " + n * k + " (n·k for Gr(" + n + "," + k
                        + ")), found " + (n * k - 1));
        double[] nan = e.clone();
        nan[0] = Double.NaN;
        assertThatThrownBy(() -> metric.riemannianGradient(p, nan)).isInstanceOf(InvalidInputException.class)
                .hasMessage("euclidean gradient[0]: expected a finite value, found NaN");
    }
}

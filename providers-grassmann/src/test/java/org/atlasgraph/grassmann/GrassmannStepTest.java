package org.atlasgraph.grassmann;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Optional;
import java.util.SplittableRandom;
import org.atlasgraph.api.ChartPoint;
import org.atlasgraph.api.Coordinates;
import org.atlasgraph.api.capability.OnlineMeanStep;
import org.atlasgraph.api.check.InvalidInputException;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The fused online-mean step, Gr(n,k)'s {@link OnlineMeanStep}, against the composition of the SPI primitives. */
class GrassmannStepTest {
    private static final long SEED = 41;
    /**
     * Fused and composed steps round differently (the composed one ingests and subtracts separately, the fused one
     * tracks T = WᵀH affinely): agreement to 1e-10 relative to the coordinates' size.
     */
    private static final double TOL = 1e-10;
    private static final int STEPS = 12;

    /** @return the composed step: ingest, quasi-Euclidean difference, retraction (the SPI default) */
    private static Optional<ChartPoint> composed(Grassmann gr, ChartPoint p, double[] x, double t) {
        return gr.coordinatesIn(p.chart(), x)
                .flatMap(s -> gr.inverseRetraction().inverseRetract(p, s))
                .flatMap(tau -> gr.retraction().retract(p, tau.scale(t)));
    }

    private static OnlineMeanStep fused(Grassmann gr) {
        return gr.capability(OnlineMeanStep.class).orElseThrow();
    }

    @ParameterizedTest(name = "Gr({0},{1}) adHoc={2}")
    @CsvSource({"5,2,false", "5,2,true", "3,1,true", "30,5,false", "30,5,true", "100,10,true", "500,60,true",
            "200,130,true", "200,130,false"})
    void fusedStepsFollowTheComposedPrimitives(int n, int k, boolean adHoc) {
        SplittableRandom rng = new SplittableRandom(SEED + n + k);
        Grassmann gr = Grassmann.of(n, k);
        GrassmannChart chart = GrassmannKernelsTest.randomChart(rng, n, k, adHoc, 0.6);
        ChartPoint fused = new ChartPoint(chart, Coordinates.of(Reference.scaled(Reference.gaussian(rng, n - k, k),
                0.05 / Math.sqrt(k))));
        ChartPoint reference = fused;
        for (int i = 1; i <= STEPS; i++) {
            double[] b = Reference.scaled(Reference.gaussian(rng, n - k, k), 0.3 / Math.sqrt(n));
            double[] x = GrassmannKernelsTest.rightMultiplied(rng, chart.lift(b), n, k);
            double t = 1.0 / (i + 1);
            // Every other step starts from a copy, so the fused step cannot reuse its memo of the previous result.
            ChartPoint start = i % 2 == 0 ? fused : new ChartPoint(fused.chart(), Coordinates.of(fused.xi().toArray()));
            fused = fused(gr).stepToward(start, x, t).orElseThrow();
            reference = composed(gr, reference, x, t).orElseThrow();
            assertThat(fused.chart().id()).as("step %d stays in the chart", i).isEqualTo(reference.chart().id());
            assertThat(Reference.maxAbsDifference(fused.xi().toArray(), reference.xi().toArray()))
                    .as("step %d: fused vs ingest + difference + retraction", i)
                    .isLessThan(TOL * (1 + reference.xi().maxAbs()));
        }
    }

    @ParameterizedTest(name = "Gr({0},{1}) adHoc={2} max|b|={3}")
    @CsvSource({"5,2,true,0.999", "5,2,true,1.001", "30,5,true,0.99", "30,5,true,1.01", "30,5,false,0.99",
            "30,5,false,1.01", "200,130,true,0.99", "200,130,true,1.01"})
    void trustTestIsExactNearTheBoundary(int n, int k, boolean adHoc, double extent) {
        SplittableRandom rng = new SplittableRandom(SEED * 7 + n + k);
        Grassmann gr = Grassmann.of(n, k);
        GrassmannChart chart = GrassmannKernelsTest.randomChart(rng, n, k, adHoc, 0.8);
        // A target whose orthonormal-frame coordinates reach `extent` in one entry; a full step (t = 1) lands on it.
        double[] b = Reference.scaled(Reference.gaussian(rng, n - k, k), 0.2 / Math.sqrt(k));
        b[rng.nextInt(b.length)] = extent;
        double[] h = Reference.published(chart, b);
        double[] x = chart.lift(h);
        ChartPoint start = new ChartPoint(chart, Coordinates.zeros((n - k) * k));
        ChartPoint next = fused(gr).stepToward(start, x, 1).orElseThrow();
        boolean inside = extent < GrassmannChart.TRUST_BOUND;
        assertThat(next.chart().id().equals(chart.id())).as("stays in the chart iff max|b| < 1").isEqualTo(inside);
        if (inside) {
            assertThat(chart.contains(next.xi())).as("contains agrees").isTrue();
            assertThat(Reference.maxAbsDifference(next.xi().toArray(), h)).as("lands on the target")
                    .isLessThan(TOL * (1 + Reference.maxAbs(h)));
        } else {
            assertThat(next.xi().maxAbs()).as("a chart change centres the new chart at the point").isZero();
            assertThat(Reference.projectorDistance(gr.embed(next), x, n, k)).as("the same point after the change")
                    .isLessThan(1e-9);
        }
    }

    @ParameterizedTest(name = "Gr({0},{1})")
    @CsvSource({"5,2", "30,5"})
    void rejectsBadSamplesAndReportsUnrepresentableOnes(int n, int k) {
        SplittableRandom rng = new SplittableRandom(SEED + 3);
        OnlineMeanStep step = fused(Grassmann.of(n, k));
        GrassmannChart chart = GrassmannKernelsTest.randomChart(rng, n, k, true, 0.5);
        ChartPoint p = new ChartPoint(chart, Coordinates.zeros((n - k) * k));
        double[] nan = chart.lift(new double[(n - k) * k]);
        nan[n * k - 1] = Double.NaN;
        assertThatThrownBy(() -> step.stepToward(p, nan, 0.5)).as("NaN entry").isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("ambient");
        assertThatThrownBy(() -> step.stepToward(p, new double[n * k - 1], 0.5)).as("wrong length")
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("ambient");
        assertThatThrownBy(() -> step.stepToward(p, chart.lift(new double[(n - k) * k]), Double.NaN)).as("NaN t")
                .isInstanceOf(InvalidInputException.class);
        double[] top = Reference.gaussian(rng, k, k);
        for (int c = 0; c < k; c++) {
            top[(k - 1) * k + c] = top[c];
        }
        double[] outside = chart.fromFrame(new GrassmannChart.Frame(top, Reference.gaussian(rng, n - k, k)));
        assertThat(step.stepToward(p, outside, 0.5)).as("singular X_U in the chart frame: change chart").isEmpty();
    }
}

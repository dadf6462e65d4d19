package org.atlasgraph.optim.problem;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.Function;
import org.atlasgraph.api.ChartPoint;
import org.atlasgraph.api.capability.ExactGeometry;
import org.atlasgraph.optim.ClosedFormKarcherMean;
import org.atlasgraph.optim.cg.ConjugateRule;
import org.atlasgraph.optim.cg.RiemannianConjugateGradient;
import org.atlasgraph.optim.descent.DescentResult;
import org.atlasgraph.optim.descent.Objective;
import org.atlasgraph.optim.descent.Progress;
import org.atlasgraph.optim.descent.StoppingRule;
import org.atlasgraph.optim.lbfgs.RiemannianLbfgs;
import org.atlasgraph.optim.linesearch.ArmijoBacktracking;
import org.atlasgraph.optim.sgd.RiemannianSgd;
import org.atlasgraph.optim.sgd.StepSchedule;
import org.atlasgraph.tck.fixture.HyperbolicSpace;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Every first-order method on the kit's {@link HyperbolicSpace} H² (hyperboloid, Minkowski metric, Klein charts with
 * bounded images), from a start point far from the minimizer, against closed forms that use no chart: the Lorentzian
 * centroid and the exp/log Karcher mean.
 *
 * <p>The centroid problem {@code f(x) = −⟨x, s⟩_L / N = mean cosh d(x, y_i)}, {@code s = Σ y_i}, is given by its
 * Euclidean gradient {@code −Js/N} (J = diag(−1, 1, 1)); its minimizer is {@code s / √(−⟨s, s⟩_L)}. The Euclidean
 * projection of that gradient onto the tangent plane is another vector (it points elsewhere unless x = e₀), so a method
 * that used it instead of the Riemannian gradient of the Minkowski metric would stop at the wrong point or not at all.
 */
class HyperbolicProblemsTest {
    private static final long SEED = 2011;
    private static final int SAMPLES = 40;
    /** Where the runs start: 4 from the origin, where the gradient norm is ≈ sinh 4 ≈ 27. */
    private static final double START_DISTANCE = 4;
    private static final double GRADIENT_TOLERANCE = 1e-8;
    /**
     * f is strongly convex with Hessian ≥ mean cosh d ≥ 1 near the minimizer, so a gradient of 1e-8 leaves the
     * iterate within 1e-8 of it; the bound leaves a factor 100 for rounding in the closed forms.
     */
    private static final double DISTANCE_TOLERANCE = 1e-6;

    private final HyperbolicSpace h2 = HyperbolicSpace.of(2);
    private final ExactGeometry exact = h2.capability(ExactGeometry.class).orElseThrow();
    private final List<double[]> samples = samples();

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"cg-fr", "cg-prp", "cg-hs", "lbfgs", "sgd-armijo"})
    void everyMethodFindsTheLorentzianCentroid(String method) {
        DescentResult result = run(method, centroidObjective(), start());

        assertThat(result.stopReason()).as("%s stopped", method).startsWith("gradient norm");
        assertThat(exact.distance(h2.embed(result.point()), centroid()))
                .as("%s: distance to the closed-form centroid after %d iterations", method, result.iterations())
                .isLessThan(DISTANCE_TOLERANCE);
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"cg-prp", "lbfgs"})
    void karcherMeanWithExactGeodesicsMatchesTheExpLogDescent(String method) {
        Problem karcher = Problems.karcher(h2, samples, h2.embed(start()));

        DescentResult result = run(method, karcher.objective(), karcher.start());

        assertThat(result.stopReason()).as("%s stopped", method).startsWith("gradient norm");
        assertThat(karcher.objective().value(karcher.start())).as("an exact atlas gives the objective its value")
                .isPresent();
        assertThat(exact.distance(h2.embed(result.point()), ClosedFormKarcherMean.of(exact, samples)))
                .as("distance to the exp/log Karcher mean").isLessThan(DISTANCE_TOLERANCE);
    }

    @Test
    void sgdWithLongStepsWalksAcrossChartImagesAndConverges() {
        List<Progress> seen = new ArrayList<>();
        ChartPoint start = h2.locate(pointAt(2, 0.3));
        DescentResult result = RiemannianSgd.on(h2).schedule(StepSchedule.constant(0.4)).listener(seen::add)
                .maxIterations(2000).stopWhen(StoppingRule.gradientNormBelow(GRADIENT_TOLERANCE)).build()
                .minimize(centroidObjective(), start);

        assertThat(seen.get(1).stepNorm()).as("the first step is longer than a Klein chart's image is wide in "
                + "coordinates at its centre (‖ξ‖ < 1), so the retraction had to walk it across charts")
                .isGreaterThan(1);
        assertThat(result.stopReason()).startsWith("gradient norm");
        assertThat(exact.distance(h2.embed(result.point()), centroid())).as("distance to the centroid")
                .isLessThan(DISTANCE_TOLERANCE);
    }

    private DescentResult run(String method, Objective objective, ChartPoint start) {
        StoppingRule stop = StoppingRule.gradientNormBelow(GRADIENT_TOLERANCE);
        Function<String, DescentResult> cg = code -> RiemannianConjugateGradient.on(h2)
                .rule(ConjugateRule.ofCode(code)).stopWhen(stop).build().minimize(objective, start);
        switch (method) {
            case "lbfgs":
                return RiemannianLbfgs.on(h2).stopWhen(stop).build().minimize(objective, start);
            case "sgd-armijo":
                return RiemannianSgd.on(h2).schedule(StepSchedule.constant(1)).lineSearch(ArmijoBacktracking.DEFAULT)
                        .maxIterations(5000).stopWhen(stop).build().minimize(objective, start);
            default:
                return cg.apply(method.substring("cg-".length()));
        }
    }

    /** f(x) = −⟨x, s⟩_L / N, given by its Euclidean gradient, turned into the Riemannian one by the metric. */
    private Objective centroidObjective() {
        double[] s = sum();
        double n = samples.size();
        return Objective.ambient(x -> (x[0] * s[0] - x[1] * s[1] - x[2] * s[2]) / n,
                x -> new double[] {s[0] / n, -s[1] / n, -s[2] / n}, h2.metric());
    }

    private double[] centroid() {
        double[] s = sum();
        double norm = Math.sqrt(s[0] * s[0] - s[1] * s[1] - s[2] * s[2]);
        return new double[] {s[0] / norm, s[1] / norm, s[2] / norm};
    }

    private double[] sum() {
        double[] s = new double[3];
        for (double[] y : samples) {
            for (int i = 0; i < 3; i++) {
                s[i] += y[i];
            }
        }
        return s;
    }

    private ChartPoint start() {
        return h2.locate(pointAt(START_DISTANCE, 2.0));
    }

    /** @return Exp_o of a vector of length r at angle a, o = e₀ */
    private static double[] pointAt(double r, double a) {
        return new double[] {Math.cosh(r), Math.sinh(r) * Math.cos(a), Math.sinh(r) * Math.sin(a)};
    }

    private List<double[]> samples() {
        SplittableRandom rng = new SplittableRandom(SEED);
        List<double[]> ys = new ArrayList<>();
        for (int i = 0; i < SAMPLES; i++) {
            ys.add(h2.wrappedNormal(rng));
        }
        return ys;
    }
}

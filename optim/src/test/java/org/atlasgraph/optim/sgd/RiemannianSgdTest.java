package org.atlasgraph.optim.sgd;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;
import static org.atlasgraph.optim.TestLinearAlgebra.distance;
import static org.atlasgraph.optim.TestLinearAlgebra.dot;
import static org.atlasgraph.optim.TestLinearAlgebra.largestPrincipalAngle;
import static org.atlasgraph.optim.TestLinearAlgebra.leadingEigenvectors;
import static org.atlasgraph.optim.TestLinearAlgebra.normalized;
import static org.atlasgraph.optim.TestLinearAlgebra.randomSymmetric;
import static org.atlasgraph.optim.TestLinearAlgebra.scaled;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.random.RandomGenerator;
import org.atlasgraph.api.ChartPoint;
import org.atlasgraph.api.Coordinates;
import org.atlasgraph.api.InverseRetraction;
import org.atlasgraph.api.TangentVector;
import org.atlasgraph.api.base.ExactPrimitives;
import org.atlasgraph.api.capability.ExactGeometry;
import org.atlasgraph.api.capability.Sampler;
import org.atlasgraph.api.check.InvalidInputException;
import org.atlasgraph.optim.ClosedFormKarcherMean;
import org.atlasgraph.optim.descent.DescentResult;
import org.atlasgraph.optim.descent.Objective;
import org.atlasgraph.optim.descent.Progress;
import org.atlasgraph.optim.descent.StoppingRule;
import org.atlasgraph.optim.TestLinearAlgebra;
import org.atlasgraph.optim.WeightedPlane;
import org.atlasgraph.sphere.Sphere;
import org.atlasgraph.tck.fixture.HyperbolicSpace;
import org.ejml.data.DMatrixRMaj;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Riemannian SGD against independent references: EJML's symmetric eigen solver for the Rayleigh quotient on the sphere,
 * and a batch gradient descent with the closed-form exp/log for the Karcher mean on S².
 */
class RiemannianSgdTest {
    private static final long SEED = 20240611L;
    /** The bound on the distance to the eigen solver's unit eigenvector (up to sign). */
    private static final double EIGENVECTOR_TOLERANCE = 1e-6;
    /**
     * Stop when ‖grad‖ ≤ this: near the optimum the eigenvector error is about ‖grad‖ / (2 · eigengap), and the gap of
     * the seeded 6×6 matrix is λ₁ − λ₂ ≈ 0.99, so this leaves three orders of magnitude below
     * {@link #EIGENVECTOR_TOLERANCE}.
     */
    private static final double GRADIENT_TOLERANCE = 1e-9;
    /** Descent with exact gradients reaches the Karcher mean to rounding; 1e-9 leaves room for ~1e7 ulps. */
    private static final double KARCHER_TOLERANCE = 1e-9;
    /**
     * One-sample SGD with η_t = 1/(1+t) after T steps lands within about spread/√T of the mean (≈ 0.4/√20000 ≈ 3e-3
     * rad); the bound is five times that.
     */
    private static final double STOCHASTIC_KARCHER_TOLERANCE = 1.5e-2;
    private static final int STOCHASTIC_ITERATIONS = 20_000;

    private final Sphere sphere = Sphere.of(6);
    private final Sphere s2 = Sphere.of(3);

    @ParameterizedTest(name = "momentum {0}")
    @ValueSource(doubles = {0.0, 0.5})
    void rayleighQuotientDescentFindsTheLeadingEigenvectorOfEjmlsEigenSolver(double momentum) {
        int n = sphere.ambientDimension();
        DMatrixRMaj a = randomSymmetric(n, new SplittableRandom(SEED));
        DMatrixRMaj leading = leadingEigenvectors(a, 1);
        Objective rayleigh = Objective.ambient(x -> -quadratic(a, x), x -> scaled(times(a, x), -2), sphere.metric());
        RiemannianSgd sgd = RiemannianSgd.on(sphere)
                .schedule(StepSchedule.constant(0.1))
                .momentum(momentum)
                .maxIterations(20_000)
                .stopWhen(StoppingRule.gradientNormBelow(GRADIENT_TOLERANCE))
                .build();
        ChartPoint start = sphere.capability(Sampler.class).orElseThrow().sample(new SplittableRandom(SEED + 1));

        DescentResult result = sgd.minimize(rayleigh, start);

        assertThat(result.stopReason()).as("stopped by the gradient rule, not the budget").startsWith("gradient norm");
        assertThat(largestPrincipalAngle(sphere.embed(result.point()), leading))
                .as("angle to EJML's leading eigenvector (up to sign)").isLessThan(EIGENVECTOR_TOLERANCE);
    }

    @Test
    void heavyBallMomentumCarriedByTransportNeedsFewerStepsOnTheRayleighQuotient() {
        DMatrixRMaj a = randomSymmetric(sphere.ambientDimension(), new SplittableRandom(SEED));
        Objective rayleigh = Objective.ambient(x -> -quadratic(a, x), x -> scaled(times(a, x), -2), sphere.metric());
        ChartPoint start = sphere.capability(Sampler.class).orElseThrow().sample(new SplittableRandom(SEED + 1));
        int plain = iterationsToConverge(rayleigh, start, 0.0);
        int heavyBall = iterationsToConverge(rayleigh, start, 0.5);
        assertThat(heavyBall).as("iterations with momentum 0.5 vs %d without", plain).isLessThan(plain);
    }

    @Test
    void batchDescentWithTheQuasiEuclideanRetractionConvergesToTheExpLogKarcherMean() {
        List<double[]> data = pointsNearNorthPole(25, new SplittableRandom(SEED));
        ExactGeometry exact = s2.capability(ExactGeometry.class).orElseThrow();
        InverseRetraction log = ExactPrimitives.inverseRetraction(s2, exact);
        List<ChartPoint> located = data.stream().map(s2::locate).toList();
        Objective karcher = Objective.riemannian(p -> karcherValue(exact, s2.embed(p), data), (p, rng) -> {
            TangentVector sum = p.zeroTangent();
            for (ChartPoint x : located) {
                sum = sum.plus(log.inverseRetract(p, x).orElseThrow());
            }
            return sum.scale(-1.0 / located.size());
        });
        RiemannianSgd sgd = RiemannianSgd.on(s2).schedule(StepSchedule.constant(1.0)).maxIterations(500)
                .stopWhen(StoppingRule.gradientNormBelow(1e-13)).build();

        DescentResult result = sgd.minimize(karcher, s2.locate(data.get(0)));

        double[] reference = ClosedFormKarcherMean.of(exact, data);
        assertThat(exact.distance(s2.embed(result.point()), reference))
                .as("geodesic distance between SGD's and batch exp/log descent's Karcher means")
                .isLessThan(KARCHER_TOLERANCE);
    }

    @Test
    void oneSampleSgdWithRobbinsMonroStepsApproachesTheKarcherMean() {
        List<double[]> data = pointsNearNorthPole(25, new SplittableRandom(SEED));
        ExactGeometry exact = s2.capability(ExactGeometry.class).orElseThrow();
        List<ChartPoint> located = data.stream().map(s2::locate).toList();
        Objective oneSample = Objective.stochastic((p, rng) -> s2.inverseRetraction()
                .inverseRetract(p, located.get(rng.nextInt(located.size()))).orElseThrow().scale(-1));
        RiemannianSgd sgd = RiemannianSgd.on(s2).schedule(StepSchedule.inverseTime(1.0, 1.0))
                .maxIterations(STOCHASTIC_ITERATIONS).build();

        DescentResult result = sgd.minimize(oneSample, s2.locate(data.get(0)), new SplittableRandom(SEED + 2));

        assertThat(result.iterations()).isEqualTo(STOCHASTIC_ITERATIONS);
        assertThat(exact.distance(s2.embed(result.point()), ClosedFormKarcherMean.of(exact, data)))
                .as("distance of the stochastic iterate to the Karcher mean").isLessThan(STOCHASTIC_KARCHER_TOLERANCE);
    }

    @Test
    void chartPartialsRaisedByTheMetricEqualTheProjectedAmbientGradient() {
        double[] a = {0.3, -1.2, 0.7};
        Objective ambient = Objective.ambient(x -> dot(a, x), x -> a.clone(), s2.metric());
        Objective chart = Objective.chart(p -> dot(a, s2.embed(p)), p -> {
            double[] partials = new double[2];
            for (int i = 0; i < 2; i++) {
                double[] e = new double[2];
                e[i] = 1;
                partials[i] = dot(a, p.chart().pushForward(p.xi(), Coordinates.of(e)));
            }
            return Coordinates.of(partials);
        }, s2.metric());
        ChartPoint centre = s2.locate(normalized(new double[] {1, 2, 2}));
        ChartPoint offCentre = s2.retraction().retract(centre, centre.tangent(Coordinates.of(0.4, -0.3))).orElseThrow();
        for (ChartPoint p : List.of(centre, offCentre)) {
            TangentVector expected = ambient.gradient(p, new SplittableRandom(SEED));
            TangentVector raised = chart.gradient(p, new SplittableRandom(SEED));
            assertThat(raised.tau().minus(expected.tau()).norm()).as("G⁻¹∂f vs [Dφ⁻¹]⁺∇f at ξ = %s", p.xi())
                    .isLessThan(1e-12);
        }
    }

    @Test
    void anAmbientGradientIsTheRiemannianOneWhereTheMetricIsNotTheEmbeddings() {
        WeightedPlane plane = new WeightedPlane(1, 4, 0.25);
        double[] e = {0.3, -1.2, 0.7};
        Objective linear = Objective.ambient(x -> dot(e, x), x -> e.clone(), plane.metric());
        ChartPoint p = plane.locate(new double[] {0.5, 2, -1});

        TangentVector g = linear.gradient(p, new SplittableRandom(SEED));

        for (int i = 0; i < e.length; i++) {
            assertThat(g.tau().get(i)).as("grad f = G⁻¹e, component %d (weight %s)", i, plane.weight(i))
                    .isCloseTo(e[i] / plane.weight(i), within(1e-15));
        }
        for (int i = 0; i < e.length; i++) {
            double[] v = new double[e.length];
            v[i] = 1;
            assertThat(plane.metric().inner(p, g, p.tangent(Coordinates.of(v)))).as("g(grad f, e_%d) = df(e_%d)", i, i)
                    .isCloseTo(e[i], within(1e-15));
        }
    }

    @Test
    void anAmbientGradientOnTheHyperboloidIsTheMinkowskiRiemannianGradient() {
        HyperbolicSpace h = HyperbolicSpace.of(2);
        double[] a = {0.3, -1.2, 0.7};
        Objective linear = Objective.ambient(x -> dot(a, x), x -> a.clone(), h.metric());
        // Exp_o(1.5·(0.6, 0.8)): far enough from the origin o = e₀, where the two metrics agree, to tell them apart.
        ChartPoint p = h.locate(new double[] {Math.cosh(1.5), 0.6 * Math.sinh(1.5), 0.8 * Math.sinh(1.5)});
        double[] x = h.embed(p);

        double[] gradient = p.chart().pushForward(p.xi(), linear.gradient(p, new SplittableRandom(SEED)).tau());

        // Independent closed form: raise with J = diag(−1, 1, 1), then project with ⟨·,·⟩_L: Ja + ⟨x, Ja⟩_L x.
        double[] ja = {-a[0], a[1], a[2]};
        double c = -x[0] * ja[0] + x[1] * ja[1] + x[2] * ja[2];
        double[] expected = new double[3];
        for (int i = 0; i < 3; i++) {
            expected[i] = ja[i] + c * x[i];
        }
        // The Euclidean answer, a projected orthogonally onto the tangent plane (normal Jx): what egrad2rgrad avoids.
        double[] normal = normalized(new double[] {-x[0], x[1], x[2]});
        double[] projected = TestLinearAlgebra.add(a, scaled(normal, -dot(a, normal)));
        assertThat(distance(gradient, expected) / TestLinearAlgebra.norm(expected))
                .as("ambient Riemannian gradient vs Ja + ⟨x, Ja⟩_L x at x = %s", java.util.Arrays.toString(x))
                .isLessThan(1e-9);
        assertThat(distance(projected, expected)).as("the Euclidean projection is another vector").isGreaterThan(0.5);
    }

    @Test
    void descentWithAnAmbientGradientFindsTheMinimumUnderAWeightedMetric() {
        WeightedPlane plane = new WeightedPlane(1, 4, 0.25);
        double[] c = {1, -2, 3};
        Objective bowl = Objective.ambient(x -> squaredDistanceTo(c, x) / 2, x -> difference(x, c), plane.metric());
        RiemannianSgd sgd = RiemannianSgd.on(plane).schedule(StepSchedule.constant(0.2)).maxIterations(10_000)
                .stopWhen(StoppingRule.gradientNormBelow(1e-12)).build();

        DescentResult result = sgd.minimize(bowl, plane.locate(new double[] {0, 0, 0}));

        assertThat(distance(plane.embed(result.point()), c)).as("distance to the minimum").isLessThan(1e-10);
    }

    @Test
    void listenerSeesEveryStepAndTheBudgetStopsTheRun() {
        DMatrixRMaj a = randomSymmetric(3, new SplittableRandom(SEED));
        Objective rayleigh = Objective.ambient(x -> -quadratic(a, x), x -> scaled(times(a, x), -2), s2.metric());
        List<Progress> seen = new ArrayList<>();
        RiemannianSgd sgd = RiemannianSgd.on(s2).schedule(StepSchedule.constant(1e-3)).maxIterations(7)
                .listener(seen::add).build();

        DescentResult result = sgd.minimize(rayleigh, s2.locate(new double[] {0, 0, 1}));

        assertThat(seen).extracting(Progress::iteration).containsExactly(0, 1, 2, 3, 4, 5, 6, 7);
        assertThat(seen).allSatisfy(p -> assertThat(p.value()).isPresent());
        assertThat(seen.get(0).stepNorm()).as("nothing moved at the start").isZero();
        assertThat(seen.get(2).previousValue()).isEqualTo(seen.get(1).value());
        assertThat(result.stopReason()).isEqualTo("iteration budget 7 reached");
        assertThat(result.point()).isSameAs(seen.get(7).point());
        assertThat(result.gradientEvaluations()).as("one gradient per iterate").isEqualTo(8);
    }

    @Test
    void valueChangeAndStepRulesStopAStalledRun() {
        Objective flat = Objective.riemannian(p -> 1.0, (p, rng) -> p.tangent(Coordinates.of(1e-12, 0)));
        DescentResult byValue = RiemannianSgd.on(s2).stopWhen(StoppingRule.valueChangeBelow(1e-9)).build()
                .minimize(flat, s2.locate(new double[] {1, 0, 0}));
        DescentResult byStep = RiemannianSgd.on(s2).stopWhen(StoppingRule.stepNormBelow(1e-9)).build()
                .minimize(flat, s2.locate(new double[] {1, 0, 0}));
        assertThat(byValue.iterations()).isEqualTo(1);
        assertThat(byValue.stopReason()).startsWith("value change 0");
        assertThat(byStep.stopReason()).startsWith("step norm");
    }

    @Test
    void schedulesFollowTheirFormulas() {
        assertThat(StepSchedule.constant(0.3).stepSize(17)).isEqualTo(0.3);
        assertThat(StepSchedule.inverseTime(2, 0.5).stepSize(4)).isCloseTo(2 / 3.0, within(1e-15));
        assertThat(StepSchedule.inverseSqrt(1).stepSize(3)).isCloseTo(0.5, within(1e-15));
        assertThat(StepSchedule.exponential(1, 0.5).stepSize(3)).isCloseTo(0.125, within(1e-15));
        assertThatThrownBy(() -> StepSchedule.constant(0)).isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("eta: expected a finite value > 0, found 0.0");
        assertThatThrownBy(() -> StepSchedule.exponential(1, 1.5)).isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("rate: expected a value in (0, 1], found 1.5");
    }

    @Test
    void rejectsBadConfigurationAndBadGradientsNamingTheInput() {
        assertThatThrownBy(() -> RiemannianSgd.on(s2).momentum(1.0)).isInstanceOf(InvalidInputException.class)
                .hasMessage("momentum: expected a value in [0, 1), found 1.0");
        assertThatThrownBy(() -> RiemannianSgd.on(s2).maxIterations(0)).isInstanceOf(InvalidInputException.class)
                .hasMessageStartingWith("maxIterations: expected an integer > 0");
        Objective wrongLength = Objective.ambient(x -> 0, x -> new double[] {1, 2}, s2.metric());
        ChartPoint p = s2.locate(new double[] {0, 1, 0});
        RiemannianSgd sgd = RiemannianSgd.on(s2).build();
        assertThatThrownBy(() -> sgd.minimize(wrongLength, p)).isInstanceOf(InvalidInputException.class)
                .hasMessageStartingWith("Euclidean gradient: expected length 3");
        ChartPoint other = s2.locate(new double[] {1, 0, 0});
        Objective wrongChart = Objective.stochastic((q, rng) -> other.zeroTangent());
        assertThatThrownBy(() -> sgd.minimize(wrongChart, p)).isInstanceOf(InvalidInputException.class)
                .hasMessageStartingWith("gradient: expected a tangent vector in the chart of its base point");
    }

    @Test
    void aNonFiniteValueStopsWithAMessageInsteadOfReturningNaN() {
        Objective blowsUp = Objective.riemannian(q -> q.xi().norm() > 0 ? Double.NaN : 0.0,
                (q, rng) -> q.tangent(Coordinates.of(1, 0)));
        assertThatThrownBy(() -> RiemannianSgd.on(s2).build().minimize(blowsUp, s2.locate(new double[] {0, 0, 1})))
                .isInstanceOf(ArithmeticException.class)
                .hasMessage("sgd: objective value at iteration 1 is NaN after a step of size 0.01; try a smaller step"
                        + " size");
    }

    private int iterationsToConverge(Objective objective, ChartPoint start, double momentum) {
        return RiemannianSgd.on(sphere).schedule(StepSchedule.constant(0.05)).momentum(momentum)
                .maxIterations(50_000).stopWhen(StoppingRule.gradientNormBelow(GRADIENT_TOLERANCE))
                .evaluateValueEvery(0).build().minimize(objective, start).iterations();
    }

    private static double karcherValue(ExactGeometry exact, double[] x, List<double[]> data) {
        double s = 0;
        for (double[] y : data) {
            double d = exact.distance(x, y);
            s += d * d / 2;
        }
        return s / data.size();
    }

    private static List<double[]> pointsNearNorthPole(int count, RandomGenerator rng) {
        List<double[]> points = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            points.add(normalized(new double[] {0.4 * rng.nextGaussian(), 0.4 * rng.nextGaussian() + 0.2, 1}));
        }
        return points;
    }

    private static double squaredDistanceTo(double[] c, double[] x) {
        double d = distance(c, x);
        return d * d;
    }

    private static double[] difference(double[] x, double[] c) {
        double[] r = new double[x.length];
        for (int i = 0; i < r.length; i++) {
            r[i] = x[i] - c[i];
        }
        return r;
    }

    private static double quadratic(DMatrixRMaj a, double[] x) {
        return dot(x, times(a, x));
    }

    private static double[] times(DMatrixRMaj a, double[] x) {
        double[] r = new double[x.length];
        for (int i = 0; i < x.length; i++) {
            for (int j = 0; j < x.length; j++) {
                r[i] += a.get(i, j) * x[j];
            }
        }
        return r;
    }
}

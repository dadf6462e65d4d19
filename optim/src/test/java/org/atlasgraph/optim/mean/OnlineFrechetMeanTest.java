package org.atlasgraph.optim.mean;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.SplittableRandom;
import org.atlasgraph.api.base.ExactPrimitives;
import org.atlasgraph.api.capability.ExactGeometry;
import org.atlasgraph.api.check.InvalidInputException;
import org.atlasgraph.grassmann.Grassmann;
import org.atlasgraph.optim.WithoutCapabilities;
import org.atlasgraph.sphere.Sphere;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class OnlineFrechetMeanTest {
    private static final long SEED = 20240611L;
    private static final int N = 2000;
    /** Spread of the test distribution: samples stay within 90° of the mean (the gnomonic charts' reach). */
    private static final double SIGMA = 0.2;
    /**
     * Each of the two tangent components of the estimate has standard deviation about σ/√N = 0.0045 rad, so the
     * distance to the mean is below 0.03 with overwhelming probability (more than 6 standard deviations).
     */
    private static final double MEAN_TOLERANCE = 0.03;
    /** Schemes that run the same closed forms differ by chart conversions only, i.e. by rounding. */
    private static final double ROUTE_TOLERANCE = 1e-9;
    /** First-order agreement means an error O(s²): a log-log slope of 2 (the sphere's chart centre even gives 3). */
    private static final double FIRST_ORDER_SLOPE = 1.8;

    private final Sphere sphere = Sphere.of(3);
    private final double[] mu = SphereSamples.normalized(new double[] {1, 2, -2});

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"atlas", "exp"})
    void convergesToTheMeanOfASymmetricDistributionOnTheSphere(String name) {
        OnlineFrechetMean mean = new OnlineFrechetMean(sphere, FrechetScheme.parse(name, sphere));
        FrechetMeanResult result = mean.run(SphereSamples.symmetricAbout(mu, SIGMA, N, new SplittableRandom(SEED)),
                FrechetListener.none());

        double error = exact().distance(result.mean().toArray(), mu);
        assertThat(error).as("distance of the %s estimate after %d samples to the mean", name, N)
                .isLessThan(MEAN_TOLERANCE);
        assertThat(result.samples()).as("samples counted").isEqualTo(N);
        assertThat(result.scheme()).as("scheme name").isEqualTo(name);
    }

    @Test
    void errorShrinksAsSamplesAccumulate() {
        List<Double> errors = new ArrayList<>();
        new OnlineFrechetMean(sphere).run(SphereSamples.symmetricAbout(mu, SIGMA, N, new SplittableRandom(SEED)),
                m -> {
                    if (m.count() == 10 || m.count() == N) {
                        errors.add(exact().distance(m.estimate().orElseThrow(), mu));
                    }
                });
        assertThat(errors.get(1)).as("error after %d samples vs after 10 (%s)", N, errors)
                .isLessThan(errors.get(0) / 3);
    }

    @Test
    void atlasSchemeThroughTheExactPrimitivesEqualsTheAmbientExpScheme() {
        ExactGeometry e = exact();
        FrechetScheme viaCharts = FrechetScheme.of("exact-in-charts", ExactPrimitives.retraction(sphere, e),
                ExactPrimitives.inverseRetraction(sphere, e));
        double[] a = new OnlineFrechetMean(sphere, viaCharts).run(samples(200), FrechetListener.none()).mean()
                .toArray();
        double[] b = new OnlineFrechetMean(sphere, FrechetScheme.exp()).run(samples(200),
                FrechetListener.none()).mean().toArray();
        assertThat(e.distance(a, b)).as("exp/log through charts vs on ambient arrays").isLessThan(ROUTE_TOLERANCE);
    }

    @Test
    void alg1ThroughTheManifoldsPrimitivesEqualsTheGenericScheme() {
        // Start 60° from the mean: the estimate travels out of the first sample's chart, so chart changes happen.
        double[] centre = SphereSamples.atAngle(3, 0);
        FrechetScheme generic = FrechetScheme.of("generic", sphere.retraction(), sphere.inverseRetraction());
        OnlineFrechetMean own = new OnlineFrechetMean(sphere, FrechetScheme.alg1());
        OnlineFrechetMean plain = new OnlineFrechetMean(sphere, generic);
        own.add(SphereSamples.atAngle(3, Math.toRadians(60)));
        plain.add(SphereSamples.atAngle(3, Math.toRadians(60)));
        Iterator<double[]> it = SphereSamples.symmetricAbout(centre, SIGMA, 300, new SplittableRandom(SEED));
        while (it.hasNext()) {
            double[] x = it.next();
            own.add(x);
            plain.add(x);
        }
        assertThat(plain.chartChanges()).as("chart changes on the way from 60° to the mean").isPositive();
        assertThat(own.chartChanges()).as("chart changes, alg1 vs generic").isEqualTo(plain.chartChanges());
        assertThat(own.estimate().orElseThrow()).as("estimate, alg1 vs generic primitives")
                .containsExactly(plain.estimate().orElseThrow());
    }

    @ParameterizedTest(name = "{0} rad")
    @ValueSource(doubles = {1e-3, 0.5, 1.5, 2.5})
    void fromACentredChartTheAtlasStepIsTheGeodesicStep(double angle) {
        // The first estimate is at its chart's centre, where the update is exactly Exp_M(Log_M(X)/2), at any distance
        // short of the antipode (beyond the gnomonic chart's hemisphere too).
        double[] p = SphereSamples.atAngle(3, 0);
        double[] q = SphereSamples.atAngle(3, angle);
        assertThat(exact().distance(twoSamples("atlas", p, q), twoSamples("exp", p, q)))
                .as("atlas vs exp estimate after samples at 0 and %s rad", angle).isLessThan(ROUTE_TOLERANCE);
        assertThat(exact().distance(twoSamples("atlas", p, q), SphereSamples.atAngle(3, angle / 2)))
                .as("atlas estimate vs the geodesic midpoint").isLessThan(ROUTE_TOLERANCE);
    }

    @Test
    void alg1AndExpAgreeToFirstOrderOnASmallStep() {
        double[] p = SphereSamples.atAngle(3, 0);
        double coarse = stepDisagreement(p, 1e-2);
        double fine = stepDisagreement(p, 1e-3);
        double slope = Math.log(coarse / fine) / Math.log(10);
        assertThat(slope).as("log-log slope of d(alg1 step, exp step) vs distance s to the sample (%s at s=1e-2, "
                + "%s at s=1e-3)", coarse, fine).isGreaterThan(FIRST_ORDER_SLOPE);
    }

    private double stepDisagreement(double[] p, double s) {
        double[] q = SphereSamples.normalized(new double[] {Math.cos(s), Math.sin(s) * 0.6, Math.sin(s) * 0.8});
        double[] alg1 = twoSamples("alg1", p, q);
        double[] exp = twoSamples("exp", p, q);
        return exact().distance(alg1, exp);
    }

    private double[] twoSamples(String scheme, double[] p, double[] q) {
        OnlineFrechetMean mean = new OnlineFrechetMean(sphere, FrechetScheme.parse(scheme, sphere));
        mean.add(p);
        mean.add(q);
        return mean.estimate().orElseThrow();
    }

    @Test
    void countsAChartChangeWhenTheEstimateLeavesItsChart() {
        // From e₀ half-way toward a point 100° away: 50° from the centre, beyond the gnomonic chart's 45°.
        OnlineFrechetMean atlas = new OnlineFrechetMean(sphere);
        atlas.add(SphereSamples.atAngle(3, 0));
        atlas.add(SphereSamples.atAngle(3, Math.toRadians(100)));
        OnlineFrechetMean exp = new OnlineFrechetMean(sphere, FrechetScheme.exp());
        exp.add(SphereSamples.atAngle(3, 0));
        exp.add(SphereSamples.atAngle(3, Math.toRadians(100)));

        assertThat(atlas.chartChanges()).as("chart changes of the atlas scheme").isEqualTo(1);
        assertThat(exp.chartChanges()).as("chart changes of an ambient scheme").isZero();
        assertThat(exact().distance(atlas.estimate().orElseThrow(), SphereSamples.atAngle(3, Math.toRadians(50))))
                .as("atlas step to the geodesic midpoint").isCloseTo(0, within(ROUTE_TOLERANCE));
        assertThat(atlas.chartPoint().orElseThrow().xi().norm()).as("the estimate is at its new chart's centre")
                .isZero();
    }

    @Test
    void neitherRetainsNorModifiesTheSampleArrays() {
        double[] buffer = new double[3];
        Iterator<double[]> fresh = samples(100);
        Iterator<double[]> reused = new Iterator<>() {
            private final Iterator<double[]> source = samples(100);

            @Override
            public boolean hasNext() {
                return source.hasNext();
            }

            @Override
            public double[] next() {
                System.arraycopy(source.next(), 0, buffer, 0, 3);
                return buffer;
            }
        };
        for (String name : List.of("atlas", "exp")) {
            FrechetScheme scheme = FrechetScheme.parse(name, sphere);
            double[] a = new OnlineFrechetMean(sphere, scheme).run(fresh, FrechetListener.none()).mean().toArray();
            double[] b = new OnlineFrechetMean(sphere, scheme).run(reused, FrechetListener.none()).mean().toArray();
            assertThat(b).as("%s estimate from one reused buffer vs fresh arrays", name).containsExactly(a);
            fresh = samples(100);
            reused = reusing(buffer);
        }
    }

    private Iterator<double[]> reusing(double[] buffer) {
        Iterator<double[]> source = samples(100);
        return new Iterator<>() {
            @Override
            public boolean hasNext() {
                return source.hasNext();
            }

            @Override
            public double[] next() {
                System.arraycopy(source.next(), 0, buffer, 0, buffer.length);
                return buffer;
            }
        };
    }

    @Test
    void listenerSeesEverySampleInOrder() {
        List<Long> counts = new ArrayList<>();
        UpdateTimer timer = new UpdateTimer();
        new OnlineFrechetMean(sphere).listen(timer).run(samples(25), m -> counts.add(m.count()));
        assertThat(counts).as("counts reported to the listener").hasSize(25).isSorted().startsWith(1L).endsWith(25L);
        assertThat(timer.updates()).as("updates timed").isEqualTo(25);
        assertThat(timer.totalNanos()).as("update time").isPositive();
        assertThat(timer.microsPerUpdate()).as("µs per update").isCloseTo(timer.totalNanos() / 25e3, within(1e-9));
    }

    @Test
    void attachedListenersNestAroundEachUpdateTheLastAttachedInnermost() {
        List<String> events = new ArrayList<>();
        OnlineFrechetMean mean = new OnlineFrechetMean(sphere).listen(recorder("outer", events))
                .listen(recorder("inner", events));
        mean.add(mu);
        assertThat(events).as("hooks around the first sample").containsExactly("outer before 0", "inner before 0",
                "inner after 1", "outer after 1");
    }

    private static FrechetListener recorder(String name, List<String> events) {
        return new FrechetListener() {
            @Override
            public void beforeSample(OnlineFrechetMean mean) {
                events.add(name + " before " + mean.count());
            }

            @Override
            public void afterSample(OnlineFrechetMean mean) {
                events.add(name + " after " + mean.count());
            }
        };
    }

    @Test
    void offersAtlasEverywhereAndExpWithClosedFormsOnly() {
        assertThat(FrechetScheme.available(sphere)).as("schemes of S^2").containsExactly("atlas", "exp", "alg1");
        assertThat(FrechetScheme.available(new WithoutCapabilities(sphere))).as("schemes without capabilities")
                .containsExactly("atlas", "alg1");
    }

    @Test
    void rejectsAnUnknownSchemeNamingIt() {
        assertThatThrownBy(() -> FrechetScheme.parse("newton", sphere)).isInstanceOf(InvalidInputException.class)
                .hasMessage("scheme 'newton': expected one of the schemes of S^2, [atlas, exp, alg1], found 'newton'");
    }

    @Test
    void rejectsASchemeTheManifoldDoesNotOffer() {
        assertThatThrownBy(() -> FrechetScheme.parse("gifee", sphere)).isInstanceOf(InvalidInputException.class)
                .hasMessage("scheme 'gifee': expected one of the schemes of S^2, [atlas, exp, alg1], found 'gifee'");
        assertThatThrownBy(() -> new OnlineFrechetMean(sphere, FrechetScheme.offered("gifee")))
                .isInstanceOf(InvalidInputException.class)
                .hasMessage("scheme 'gifee': expected one of the schemes of S^2, [atlas, exp, alg1], found 'gifee'");
        WithoutCapabilities bare = new WithoutCapabilities(sphere);
        assertThatThrownBy(() -> new OnlineFrechetMean(bare, FrechetScheme.exp()))
                .isInstanceOf(InvalidInputException.class)
                .hasMessage("scheme 'exp': expected one of the schemes of S^2, [atlas, alg1], found 'exp'");
    }

    @Test
    void rejectsANonFiniteSampleNamingItsPosition() {
        OnlineFrechetMean mean = new OnlineFrechetMean(sphere);
        mean.add(mu);
        assertThatThrownBy(() -> mean.add(new double[] {1, Double.NaN, 0}))
                .isInstanceOf(InvalidInputException.class)
                .hasMessage("sample 2[1]: expected a finite value, found NaN");
        assertThatThrownBy(() -> mean.add(new double[] {1, 0}))
                .isInstanceOf(InvalidInputException.class)
                .hasMessage("sample 2: expected length 3 (ambient dimension of S^2), found 2");
        assertThat(mean.count()).as("rejected samples are not counted").isEqualTo(1);
    }

    /**
     * The Grassmannian's running mean rejects non-finite entries itself (from XᵀX's diagonal, no pass of the mean's
     * own): the message still names the sample, and the estimate is untouched.
     */
    @ParameterizedTest
    @ValueSource(doubles = {Double.NaN, Double.POSITIVE_INFINITY})
    void theGrassmannMeanRejectsANonFiniteSampleNamingItsPosition(double bad) {
        Grassmann gr = Grassmann.of(6, 2);
        SplittableRandom rng = new SplittableRandom(3);
        OnlineFrechetMean mean = new OnlineFrechetMean(gr);
        mean.add(gr.uniform(rng));
        mean.add(gr.uniform(rng));
        double[] before = mean.estimate().orElseThrow();
        double[] sample = gr.uniform(rng);
        sample[7] = bad;
        assertThatThrownBy(() -> mean.add(sample))
                .isInstanceOf(InvalidInputException.class)
                .hasMessage("sample 3[7]: expected a finite value, found " + bad);
        assertThat(mean.count()).as("rejected samples are not counted").isEqualTo(2);
        // The same point (the rule may have moved the centre to it before the sample was read: another basis of it).
        assertThat(gr.capability(ExactGeometry.class).orElseThrow().distance(mean.estimate().orElseThrow(), before))
                .as("estimate after the rejected sample").isLessThan(1e-12);
        mean.add(gr.uniform(rng));
        assertThat(Arrays.stream(mean.estimate().orElseThrow()).allMatch(Double::isFinite))
                .as("estimate after the next sample is finite").isTrue();
    }

    @Test
    void alg1TakesASampleBeyondTheChartsReachWithTheRiemannianLogarithm() {
        // 120° away, outside the hemisphere of the estimate's gnomonic chart: Log^Ret does not exist, Log does.
        OnlineFrechetMean mean = new OnlineFrechetMean(sphere, FrechetScheme.alg1());
        mean.add(SphereSamples.atAngle(3, 0));
        mean.add(SphereSamples.atAngle(3, Math.toRadians(120)));
        // Ret_M(Log_M(X)/2) in the gnomonic chart at M: a step of length π/3 lands atan(π/3) from M toward X.
        double[] expected = SphereSamples.atAngle(3, Math.atan(Math.PI / 3));
        assertThat(exact().distance(mean.estimate().orElseThrow(), expected))
                .as("estimate vs the gnomonic retraction of half the exact logarithm").isLessThan(ROUTE_TOLERANCE);
    }

    @Test
    void anAntipodalSampleLeavesTheEstimateWhereItIs() {
        // At the cut locus every great circle is a minimizing geodesic; their logarithms average to zero.
        OnlineFrechetMean mean = new OnlineFrechetMean(sphere);
        mean.add(SphereSamples.atAngle(3, 0));
        mean.add(SphereSamples.atAngle(3, Math.PI));
        assertThat(mean.count()).as("samples counted").isEqualTo(2);
        assertThat(exact().distance(mean.estimate().orElseThrow(), SphereSamples.atAngle(3, 0)))
                .as("estimate after its antipode").isLessThan(ROUTE_TOLERANCE);
        // Off its chart's centre the estimate is re-centred first; the antipode of the old centre is then 170° away.
        mean.add(SphereSamples.atAngle(3, Math.toRadians(30)));
        mean.add(SphereSamples.atAngle(3, Math.PI));
        assertThat(mean.count()).as("samples counted").isEqualTo(4);
    }

    @Test
    void namesASampleThatNoLogarithmReaches() {
        OnlineFrechetMean mean = new OnlineFrechetMean(new WithoutCapabilities(sphere));
        mean.add(SphereSamples.atAngle(3, 0));
        assertThatThrownBy(() -> mean.add(SphereSamples.atAngle(3, Math.toRadians(120))))
                .isInstanceOf(InvalidInputException.class)
                .hasMessageStartingWith("sample 2: expected a point that chart ")
                .hasMessageContaining("of the estimate can reach, found one beyond its reach");
        assertThat(mean.count()).as("the unreachable sample is not counted").isEqualTo(1);
        assertThat(exact().distance(mean.estimate().orElseThrow(), SphereSamples.atAngle(3, 0)))
                .as("estimate after the unreachable sample").isLessThan(ROUTE_TOLERANCE);
    }

    @Test
    void reportsAnEmptyStream() {
        OnlineFrechetMean mean = new OnlineFrechetMean(sphere);
        assertThat(mean.estimate()).as("estimate before any sample").isEmpty();
        assertThatThrownBy(() -> mean.run(List.<double[]>of().iterator(), FrechetListener.none()))
                .isInstanceOf(InvalidInputException.class)
                .hasMessage("samples: expected at least one sample, found none");
    }

    private Iterator<double[]> samples(int count) {
        return SphereSamples.symmetricAbout(mu, SIGMA, count, new SplittableRandom(SEED));
    }

    private ExactGeometry exact() {
        return sphere.capability(ExactGeometry.class).orElseThrow();
    }
}

package org.atlasgraph.optim.mean;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.function.Function;
import java.util.random.RandomGenerator;
import org.assertj.core.data.Offset;
import org.atlasgraph.api.Capability;
import org.atlasgraph.api.ChartPoint;
import org.atlasgraph.api.Manifold;
import org.atlasgraph.api.capability.ExactGeometry;
import org.atlasgraph.api.capability.GeodesicPowerDistribution;
import org.atlasgraph.api.capability.RunningMean;
import org.atlasgraph.api.capability.Sampler;
import org.atlasgraph.grassmann.Grassmann;
import org.atlasgraph.sphere.Sphere;
import org.atlasgraph.tck.fixture.ForwardingManifold;
import org.atlasgraph.tck.fixture.HyperbolicSpace;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The consistent atlas scheme (issue 11) against the exact scheme on distributions whose Fréchet mean is known
 * independently: by symmetry (samples uniform on a hemisphere, the kit's wrapped normal on H^d, GPD(X, p)) or as the
 * weighted batch Karcher mean of the atoms of a skewed two-point mixture. Alg. 1 as printed ({@code alg1}) runs beside
 * it on the same samples: its bias shows that each distribution is one where a chart-dependent scheme goes wrong.
 */
class ConsistentAtlasMeanTest {
    private static final long SEED = 31;
    private static final int N = 2000;
    /**
     * The atlas estimate may differ from the exact scheme's by at most this fraction of the statistical error √(s/N)
     * (s the mean squared distance of the samples to the mean): the "within 5% of the exact scheme".
     */
    private static final double WITHIN_EXACT = 0.05;
    /** Alg. 1 as printed is at least ten times farther from the exact scheme on each of these distributions. */
    private static final double ALG1_BIAS = 10;

    private record Outcome(double atlasToExp, double alg1ToExp, double statistical, double atlasError,
                           double expError) {
    }

    /** Runs alg1, atlas and exp on N samples and measures them against the statistical error. */
    private static Outcome run(Manifold m, double[] mean, Function<RandomGenerator, double[]> draw) {
        ExactGeometry exact = m.capability(ExactGeometry.class).orElseThrow();
        Map<String, OnlineFrechetMean> means = new LinkedHashMap<>();
        for (String s : List.of("alg1", "atlas", "exp")) {
            means.put(s, new OnlineFrechetMean(m, FrechetScheme.parse(s, m)));
        }
        RandomGenerator rng = new SplittableRandom(SEED);
        double spread = 0;
        for (int i = 0; i < N; i++) {
            double[] x = draw.apply(rng);
            double d = exact.distance(x, mean);
            spread += d * d / N;
            for (OnlineFrechetMean om : means.values()) {
                om.add(x);
            }
        }
        double[] exp = means.get("exp").estimate().orElseThrow();
        double[] atlas = means.get("atlas").estimate().orElseThrow();
        return new Outcome(exact.distance(atlas, exp), exact.distance(means.get("alg1").estimate().orElseThrow(),
                exp), Math.sqrt(spread / N), exact.distance(atlas, mean), exact.distance(exp, mean));
    }

    private static void assertConsistent(String what, Outcome o) {
        assertTracksExact(what, o);
        assertThat(o.alg1ToExp()).as("%s: d(alg1, exp), the bias of a chart-dependent scheme, vs d(atlas, exp) (%s)",
                what, o).isGreaterThan(ALG1_BIAS * o.atlasToExp());
    }

    private static void assertTracksExact(String what, Outcome o) {
        assertThat(o.atlasToExp()).as("%s: d(atlas, exp) vs the statistical error %s (%s)", what, o.statistical(), o)
                .isLessThan(WITHIN_EXACT * o.statistical());
        assertThat(o.atlasError()).as("%s: atlas's distance to the mean vs exp's (%s)", what, o)
                .isBetween((1 - WITHIN_EXACT) * o.expError(), (1 + WITHIN_EXACT) * o.expError());
    }

    @ParameterizedTest(name = "H^{0}")
    @ValueSource(ints = {2, 5})
    void onHyperbolicSpaceTheAtlasEstimateTracksTheExactOne(int d) {
        // The kit's H^d has closed forms but no fused update: the scheme composes it from ExactGeometry.
        HyperbolicSpace h = HyperbolicSpace.of(d);
        double[] origin = new double[d + 1];
        origin[0] = 1;
        assertConsistent("H^" + d + " wrapped normal", run(h, origin, h::wrappedNormal));
    }

    @Test
    void onSamplesSpreadOverAHemisphereTheAtlasEstimateTracksTheExactOne() {
        Sphere s2 = Sphere.of(3);
        Function<RandomGenerator, double[]> hemisphere = r -> {
            double[] x = s2.uniform(r);
            x[0] = Math.abs(x[0]);
            return x;
        };
        assertConsistent("S² hemisphere", run(s2, new double[] {1, 0, 0}, hemisphere));
    }

    @Test
    void onASkewedMixtureOnTheSphereTheAtlasEstimateTracksTheExactOne() {
        Sphere s2 = Sphere.of(3);
        double[] a = {Math.cos(0.3), 0, Math.sin(0.3)};
        double[] b = {Math.cos(1.0), 0, -Math.sin(1.0)};
        assertConsistent("S² two points 3:1", run(s2, karcher(s2, List.of(a, a, a, b)),
                r -> r.nextInt(4) < 3 ? a : b));
    }

    @Test
    void onASkewedMixtureOnTheGrassmannianTheAtlasEstimateTracksTheExactOne() {
        Grassmann gr = Grassmann.of(10, 3);
        SplittableRandom rng = new SplittableRandom(SEED);
        Sampler uniform = gr.capability(Sampler.class).orElseThrow();
        ExactGeometry exact = gr.capability(ExactGeometry.class).orElseThrow();
        double[] a = gr.embed(uniform.sample(rng));
        double[] v = exact.log(a, gr.embed(uniform.sample(rng)));
        double[] b = exact.exp(a, scaled(v, 1.2 / Math.sqrt(gr.ambientMetric().inner(a, v, v))));
        assertConsistent("Gr(10,3) two points 3:1", run(gr, karcher(gr, List.of(a, a, a, b)),
                r -> r.nextInt(4) < 3 ? a : b));
    }

    @Test
    void onAWideGeodesicPowerDistributionTheAtlasEstimateTracksTheExactOne() {
        Grassmann gr = Grassmann.of(10, 3);
        double[] x = gr.embed(gr.capability(Sampler.class).orElseThrow().sample(new SplittableRandom(SEED)));
        GeodesicPowerDistribution gpd = gr.capability(GeodesicPowerDistribution.class).orElseThrow();
        assertConsistent("Gr(10,3) GPD(X, 1.05)", run(gr, x, r -> gpd.sample(x, 1.05, r)));
    }

    @Test
    void onThePapersGeodesicPowerDistributionOnGr30x5TheAtlasEstimateTracksTheExactOne() {
        // The flagship case (GPD(X, 2), where Alg. 1 as printed was 8% off exp's error at N = 10⁵). At
        // N = 2000 Alg. 1's bias is still below the statistical error, so only the atlas scheme is checked.
        Grassmann gr = Grassmann.of(30, 5);
        double[] x = gr.embed(gr.capability(Sampler.class).orElseThrow().sample(new SplittableRandom(SEED)));
        GeodesicPowerDistribution gpd = gr.capability(GeodesicPowerDistribution.class).orElseThrow();
        assertTracksExact("Gr(30,5) GPD(X, 2)", run(gr, x, r -> gpd.sample(x, 2, r)));
    }

    @Test
    void onTheSphereSamplesFarFromTheEstimateAndItsAntipodesNeverThrow() {
        // Alg. 1's gnomonic chart ends 90° from its centre; the atlas scheme reads samples in normal coordinates.
        Sphere s2 = Sphere.of(3);
        OnlineFrechetMean mean = new OnlineFrechetMean(s2, FrechetScheme.parse("atlas", s2));
        SplittableRandom rng = new SplittableRandom(SEED);
        assertThatCode(() -> {
            for (int i = 0; i < 400; i++) {
                double[] x = s2.uniform(rng);
                if (i % 5 == 4) {
                    x = mean.estimate().orElseThrow();
                    for (int j = 0; j < x.length; j++) {
                        x[j] = -x[j];
                    }
                }
                mean.add(x);
            }
        }).as("uniform samples on S² (half of them beyond 90°) and every fifth the estimate's antipode")
                .doesNotThrowAnyException();
        double[] estimate = mean.estimate().orElseThrow();
        assertThat(mean.count()).as("samples counted").isEqualTo(400);
        assertThat(Math.sqrt(estimate[0] * estimate[0] + estimate[1] * estimate[1] + estimate[2] * estimate[2]))
                .as("the estimate stays on S²").isCloseTo(1, Offset.offset(1e-12));
    }

    /**
     * The fused update against the one composed from the closed forms, on the same re-centring rule: the fused state's
     * curvature norms ({@link RunningMean.State#curvatureSpread}, bounds that the composed state has no way to know)
     * are replaced by the spread, the composed state's default, so that both re-centre at the same moments.
     */
    @Test
    void theFusedGrassmannUpdateEqualsTheOneComposedFromExactGeometry() {
        Grassmann fusedGr = Grassmann.of(20, 4);
        Manifold gr = new WithTheDefaultCurvatureSpread(fusedGr);
        Manifold composed = new WithoutRunningMean(fusedGr);
        SplittableRandom rng = new SplittableRandom(SEED);
        double[] x = gr.embed(gr.capability(Sampler.class).orElseThrow().sample(rng));
        GeodesicPowerDistribution gpd = gr.capability(GeodesicPowerDistribution.class).orElseThrow();
        OnlineFrechetMean fused = new OnlineFrechetMean(gr);
        OnlineFrechetMean exactPath = new OnlineFrechetMean(composed);
        for (int i = 0; i < 300; i++) {
            double[] sample = gpd.sample(x, 1.5, rng);
            fused.add(sample);
            exactPath.add(sample);
        }
        assertThat(fused.chartChanges()).as("re-centres, fused vs composed").isPositive()
                .isEqualTo(exactPath.chartChanges());
        assertThat(gr.capability(ExactGeometry.class).orElseThrow().distance(fused.estimate().orElseThrow(),
                exactPath.estimate().orElseThrow())).as("estimate, fused vs composed").isLessThan(1e-11);
    }

    @Test
    void aSampleAtAPrincipalAngleOfHalfPiLeavesTheEstimateWhereItIs() {
        // span{e₀, e₁} and span{e₀, e₂}: one principal angle of π/2, the cut locus. And then samples far away.
        Grassmann gr = Grassmann.of(4, 2);
        double[] p = {1, 0, 0, 1, 0, 0, 0, 0};
        double[] q = {1, 0, 0, 0, 0, 1, 0, 0};
        OnlineFrechetMean mean = new OnlineFrechetMean(gr);
        mean.add(p);
        mean.add(q);
        ExactGeometry exact = gr.capability(ExactGeometry.class).orElseThrow();
        assertThat(exact.distance(mean.estimate().orElseThrow(), p)).as("estimate after a cut-locus sample")
                .isLessThan(1e-12);
        SplittableRandom rng = new SplittableRandom(SEED);
        Sampler uniform = gr.capability(Sampler.class).orElseThrow();
        assertThatCode(() -> {
            for (int i = 0; i < 200; i++) {
                mean.add(gr.embed(uniform.sample(rng)));
            }
        }).as("uniform samples, many near the cut locus").doesNotThrowAnyException();
    }

    private static double[] karcher(Manifold m, List<double[]> points) {
        return m.embed(KarcherMean.of(m, points, 1e-14, 10_000).mean().orElseThrow());
    }

    private static double[] scaled(double[] v, double f) {
        double[] r = v.clone();
        for (int i = 0; i < r.length; i++) {
            r[i] *= f;
        }
        return r;
    }

    /** The manifold with its running mean's {@link RunningMean.State#curvatureSpread} at the default, the spread. */
    private static final class WithTheDefaultCurvatureSpread extends ForwardingManifold {
        private final RunningMean running;

        WithTheDefaultCurvatureSpread(Manifold manifold) {
            super(manifold);
            this.running = manifold.capability(RunningMean.class).orElseThrow();
        }

        @Override
        @SuppressWarnings("unchecked")
        public <C extends Capability> Optional<C> capability(Class<C> type) {
            if (type != RunningMean.class) {
                return super.capability(type);
            }
            RunningMean withDefault = p -> {
                RunningMean.State state = running.start(p);
                return new RunningMean.State() {
                    @Override
                    public boolean add(double[] ambient, double t) {
                        return state.add(ambient, t);
                    }

                    @Override
                    public boolean rejectsNonFinite() {
                        return state.rejectsNonFinite();
                    }

                    @Override
                    public double offset() {
                        return state.offset();
                    }

                    @Override
                    public double spread() {
                        return state.spread();
                    }

                    @Override
                    public void recentre() {
                        state.recentre();
                    }

                    @Override
                    public ChartPoint point() {
                        return state.point();
                    }

                    @Override
                    public long chartChanges() {
                        return state.chartChanges();
                    }
                };
            };
            return Optional.of((C) withDefault);
        }
    }

    /** A manifold without its fused {@link RunningMean}: the atlas scheme composes it from closed forms. */
    private static final class WithoutRunningMean extends ForwardingManifold {
        WithoutRunningMean(Manifold manifold) {
            super(manifold);
        }

        @Override
        public <C extends Capability> Optional<C> capability(Class<C> type) {
            return type == RunningMean.class ? Optional.empty() : super.capability(type);
        }
    }
}

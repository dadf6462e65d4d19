package org.atlasgraph.grassmann;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.Map;
import java.util.SplittableRandom;
import org.atlasgraph.api.AmbientMetric;
import org.atlasgraph.api.ChartPoint;
import org.atlasgraph.api.Coordinates;
import org.atlasgraph.api.Distance;
import org.atlasgraph.api.TangentVector;
import org.atlasgraph.api.Transition;
import org.atlasgraph.api.capability.AmbientSchemes;
import org.atlasgraph.api.capability.AmbientStep;
import org.atlasgraph.api.capability.ChartCentring;
import org.atlasgraph.api.capability.ExactGeometry;
import org.atlasgraph.api.capability.GeodesicPowerDistribution;
import org.atlasgraph.api.capability.Geodesics;
import org.atlasgraph.api.capability.OnlineMeanStep;
import org.atlasgraph.api.capability.Sampler;
import org.junit.jupiter.api.Test;

/**
 * Every primitive on Gr(50000, 2). One n×n double array would need 8·n² = 20 GB; surefire runs with -Xmx2g, so an
 * n×n allocation anywhere on these paths fails with OutOfMemoryError. This is how we know none happens.
 */
class GrassmannLargeDimensionTest {
    private static final int N = 50_000;
    private static final int K = 2;
    private static final long SEED = 97;
    private static final double TOL = 1e-9;

    @Test
    void everyPrimitiveRunsWithoutAnNByNArray() {
        assertThat(Runtime.getRuntime().maxMemory()).as("heap too small for one n×n array")
                .isLessThan(8L * N * N);
        Grassmann g = Grassmann.of(N, K);
        ExactGeometry exact = g.capability(ExactGeometry.class).orElseThrow();
        Distance distance = g.capability(Geodesics.class).orElseThrow();
        SplittableRandom rng = new SplittableRandom(SEED);
        ChartPoint p = g.capability(Sampler.class).orElseThrow().sample(rng);
        double[] x = g.embed(p);
        assertThat(g.checkPoint(x)).as("checkPoint").isEmpty();
        double[] near = g.capability(GeodesicPowerDistribution.class).orElseThrow().sample(x, 2, rng);
        double[] nearDiameter = Grassmann.of(N, K, DeltaMax.DIAMETER).capability(GeodesicPowerDistribution.class)
                .orElseThrow().sample(x, 4, rng);
        assertThat(exact.distance(x, near)).as("GPD sample near X").isLessThan(exact.distance(x, nearDiameter) + 1);

        ChartPoint q = g.coordinatesIn(p.chart(), near).orElseThrow();
        TangentVector tau = g.inverseRetraction().inverseRetract(p, q).orElseThrow();
        ChartPoint r = g.retraction().retract(p, tau.scale(0.5)).orElseThrow();
        assertThat(distance.distance(p, r)).as("half way").isCloseTo(distance.distance(p, q) / 2,
                within(0.05 * distance.distance(p, q)));
        assertThat(g.metric().norm(p, tau)).as("‖τ‖ ≈ d(p, q)").isCloseTo(distance.distance(p, q),
                within(0.1 * distance.distance(p, q)));
        ChartPoint stepped = g.capability(OnlineMeanStep.class).orElseThrow().stepToward(p, near, 0.5).orElseThrow();
        assertThat(distance.distance(stepped, r)).as("fused online-mean step = Ret_p(½ Log^Ret_p q)")
                .isLessThan(TOL);
        TangentVector gradient = g.metric().riemannianGradient(p, near);
        assertThat(gradient.tau().dimension()).as("riemannianGradient").isEqualTo(g.dimension());
        TangentVector raised = g.metric().raise(p, tau.tau());
        assertThat(raised.tau().dimension()).as("raise").isEqualTo(g.dimension());

        ChartPoint located = g.locate(near);
        ChartPoint changed = g.capability(ChartCentring.class).orElseThrow().centredAt(q);
        Transition t = g.atlas().transition(located.chart(), changed.chart()).orElseThrow();
        Coordinates viaTransition = t.apply(located.xi()).orElseThrow();
        assertThat(viaTransition.maxAbs()).as("q is the new chart's centre").isLessThan(TOL);
        assertThat(t.pushForward(located.xi(), located.zeroTangent().tau()).maxAbs()).as("Dψ 0 = 0").isZero();
        TangentVector across = g.vectorTransport().transport(p, tau, changed);
        assertThat(g.metric().norm(changed, across)).as("transport").isCloseTo(g.metric().norm(p, tau),
                within(0.1 * g.metric().norm(p, tau)));
        TangentVector backAcross = g.inverseRetraction().inverseRetract(changed, p).orElseThrow();
        assertThat(g.metric().norm(changed, backAcross)).as("Log^Ret across charts").isPositive();

        double[] h = p.chart().pushForward(p.xi(), tau.tau());
        assertThat(Reference.maxAbsDifference(p.chart().tangentCoordinates(p.xi(), h).toArray(), tau.tau().toArray()))
                .as("tangentCoordinates ∘ pushForward").isLessThan(TOL);
        double[] y = exact.exp(x, h);
        assertThat(Reference.maxAbsDifference(exact.log(x, y), h)).as("log ∘ exp").isLessThan(TOL);
        double[] transported = exact.parallelTransport(x, h, y);
        AmbientMetric metric = g.ambientMetric();
        assertThat(metric.inner(y, transported, transported)).as("parallel transport")
                .isCloseTo(metric.inner(x, h, h), within(TOL));
        assertThat(exact.distance(exact.geodesicStep(x, near, 1), near)).as("exp step by 1").isLessThan(1e-3);
        for (Map.Entry<String, AmbientStep> scheme : g.capability(AmbientSchemes.class).orElseThrow().schemes()
                .entrySet()) {
            assertThat(exact.distance(scheme.getValue().step(x, near, 1), near)).as(scheme.getKey() + " step by 1")
                    .isLessThan(1e-3);
        }
        assertThat(p.chart().pullBack(p.xi(), near).dimension()).as("pullBack").isEqualTo(g.dimension());
        GrassmannAtlas atlas = new GrassmannAtlas(N, K);
        assertThat(atlas.pivotedRows(x)).as("pivoted rows").hasSize(K);
        assertThat(atlas.identifyChart(x)).as("Alg. 7").hasSize(K);
    }
}

package org.atlasgraph.grassmann;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.SplittableRandom;
import org.atlasgraph.api.ChartPoint;
import org.atlasgraph.api.Coordinates;
import org.atlasgraph.api.TangentVector;
import org.atlasgraph.api.Transition;
import org.atlasgraph.api.primitive.AmbientStep;
import org.atlasgraph.api.primitive.ExactGeometry;
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
        ExactGeometry exact = g.exact().orElseThrow();
        SplittableRandom rng = new SplittableRandom(SEED);
        ChartPoint p = g.sampler().orElseThrow().sample(rng);
        double[] x = g.embed(p);
        assertThat(g.checkPoint(x)).as("checkPoint").isEmpty();
        double[] near = g.gpd(x, 2, rng);
        double[] nearDiameter = g.gpd(x, 4, DeltaMax.DIAMETER, rng);
        assertThat(exact.distance(x, near)).as("GPD sample near X").isLessThan(exact.distance(x, nearDiameter) + 1);

        ChartPoint q = g.coordinatesIn(p.chart(), near).orElseThrow();
        TangentVector tau = g.inverseRetraction().inverseRetract(p, q);
        ChartPoint r = g.retraction().retract(p, tau.scale(0.5));
        assertThat(g.distance().distance(p, r)).as("half way").isCloseTo(g.distance().distance(p, q) / 2,
                within(0.05 * g.distance().distance(p, q)));
        assertThat(g.metric().norm(p, tau)).as("‖τ‖ ≈ d(p, q)").isCloseTo(g.distance().distance(p, q),
                within(0.1 * g.distance().distance(p, q)));
        TangentVector raised = g.metric().raise(p, tau.tau());
        assertThat(raised.tau().dimension()).as("raise").isEqualTo(g.dimension());

        ChartPoint located = g.locate(near);
        ChartPoint changed = g.atlas().changeChart(q);
        Transition t = g.atlas().transition(located.chart(), changed.chart()).orElseThrow();
        Coordinates viaTransition = t.apply(located.xi()).orElseThrow();
        assertThat(viaTransition.maxAbs()).as("q is the new chart's centre").isLessThan(TOL);
        assertThat(t.pushForward(located.xi(), located.zeroTangent().tau()).maxAbs()).as("Dψ 0 = 0").isZero();
        TangentVector across = g.vectorTransport().transport(p, tau, changed);
        assertThat(g.metric().norm(changed, across)).as("transport").isCloseTo(g.metric().norm(p, tau),
                within(0.1 * g.metric().norm(p, tau)));
        TangentVector backAcross = g.inverseRetraction().inverseRetract(changed, p);
        assertThat(g.metric().norm(changed, backAcross)).as("Log^Ret across charts").isPositive();

        double[] h = p.chart().pushForward(p.xi(), tau.tau());
        assertThat(Reference.maxAbsDifference(p.chart().tangentCoordinates(p.xi(), h).toArray(), tau.tau().toArray()))
                .as("tangentCoordinates ∘ pushForward").isLessThan(TOL);
        double[] y = exact.exp(x, h);
        assertThat(Reference.maxAbsDifference(exact.log(x, y), h)).as("log ∘ exp").isLessThan(TOL);
        double[] transported = exact.parallelTransport(x, h, y);
        assertThat(exact.inner(y, transported, transported)).as("parallel transport").isCloseTo(exact.inner(x, h, h),
                within(TOL));
        for (String scheme : new String[] {"exp", "gifee", "retraction"}) {
            AmbientStep step = exact.steps().get(scheme);
            assertThat(exact.distance(step.step(x, near, 1), near)).as(scheme + " step by 1").isLessThan(1e-3);
        }
        GrassmannAtlas atlas = new GrassmannAtlas(N, K);
        assertThat(atlas.pivotedRows(x)).as("pivoted rows").hasSize(K);
        assertThat(atlas.identifyChart(x)).as("Alg. 7").hasSize(K);
    }
}

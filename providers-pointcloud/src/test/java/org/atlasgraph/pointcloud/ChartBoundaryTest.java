package org.atlasgraph.pointcloud;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import de.bwaldvogel.liblinear.Linear;
import de.bwaldvogel.liblinear.Model;
import java.util.Random;
import org.atlasgraph.api.base.Vectors;
import org.junit.jupiter.api.Test;

class ChartBoundaryTest {
    private static final long SEED = 17;
    /** The quartic is the quadric evaluated on the surface: equal up to round-off of O(d⁴ + m²) terms of size ~10. */
    private static final double ROUND_OFF = 1e-10;

    @Test
    void reducedQuarticEqualsTheSvmDecisionValueOnTheChartSurface() {
        PointCloudAtlas atlas = TestClouds.sphereAtlas();
        QuadraticChart chart = atlas.charts().get(0);
        ChartModel base = chart.model();
        double[][] pts = TestClouds.sphere(TestClouds.SPHERE_POINTS, 3, 0, TestClouds.SPHERE_SEED);
        // train an SVM around this chart: points nearer than 0.6r against the rest of its ball
        int[] ball = java.util.stream.IntStream.range(0, pts.length)
                .filter(i -> Vectors.distance(pts[i], base.centre()) < base.radius()).toArray();
        boolean[] positive = new boolean[ball.length];
        for (int s = 0; s < ball.length; s++) {
            positive[s] = Vectors.distance(pts[ball[s]], base.centre()) < 0.6 * base.radius();
        }
        double[][] frame = new double[ball.length][];
        for (int s = 0; s < ball.length; s++) {
            frame[s] = chart.surfaceFrame(chart.coordinatesOf(pts[ball[s]]));
        }
        Model model = BoundarySvm.model(frame, positive, SEED);
        BoundarySvm.Quadric q = BoundarySvm.quadric(model, base.frameDimension());
        QuadraticChart trained = new QuadraticChart(0, new ChartModel(base.centre(), base.origin(),
                base.tangentBasis(), base.normalBasis(), base.curvature(), base.radius(), base.coordinateRadius(),
                base.trustRadius(), base.supportRadius(), q.matrix(), q.linear(), q.constant(), base.fitResidual(),
                base.pointCount(), base.fit()));
        double sign = model.getLabels()[0] == 1 ? 1 : -1;
        Random rng = new Random(SEED);
        for (int i = 0; i < 100; i++) {
            double[] xi = {rng.nextGaussian() * 0.4, rng.nextGaussian() * 0.4};
            double[] x = trained.ambientOf(xi);
            double[] y = ChartBoundary.frameComponents(base, Vectors.scaled(Vectors.minus(x, base.origin()),
                    1 / base.radius()));
            double[] decision = new double[1];
            Linear.predictValues(model, BoundarySvm.withBias(BoundarySvm.features(y), model.getNrFeature() + 1),
                    decision);
            double expected = -sign * decision[0];
            assertThat(trained.boundaryValue(xi)).as("quartic of eq. (4.3) at ξ = (%s, %s)", xi[0], xi[1])
                    .isCloseTo(expected, within(ROUND_OFF * (1 + Math.abs(expected))));
            assertThat(q.value(y)).as("frame quadric at (L | M)ᵀ(x − c)/r")
                    .isCloseTo(expected, within(ROUND_OFF * (1 + Math.abs(expected))));
        }
    }
}

package org.atlasgraph.cli.rpb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.atlasgraph.pointcloud.data.KleinPatches;
import org.junit.jupiter.api.Test;

class PlaneProjectionTest {
    private static final long SEED = 5L;

    @Test
    void principalComponentsOfPointsOnATiltedPlaneKeepTheirDistances() {
        SplittableRandom rng = new SplittableRandom(SEED);
        double[] u = {1 / Math.sqrt(2), 1 / Math.sqrt(2), 0};
        double[] v = {0, 0, 1};
        List<double[]> points = new ArrayList<>();
        for (int i = 0; i < 50; i++) {
            double a = 3 * rng.nextGaussian();
            double b = rng.nextGaussian();
            points.add(new double[] {1 + a * u[0] + b * v[0], 2 + a * u[1] + b * v[1], -1 + a * u[2] + b * v[2]});
        }
        PlaneProjection pca = PlaneProjection.principalComponents(points);
        for (int i = 1; i < points.size(); i++) {
            double[] p = pca.project(points.get(0));
            double[] q = pca.project(points.get(i));
            assertThat(Math.hypot(p[0] - q[0], p[1] - q[1])).as("projected distance 0–%d", i)
                    .isCloseTo(distance(points.get(0), points.get(i)), within(1e-9));
        }
    }

    @Test
    void kleinAnglesRecoverThePatchParameters() {
        double[] tp = PlaneProjection.kleinAngles().project(KleinPatches.patch(1.2, 4.0));
        assertThat(tp).containsExactly(new double[] {1.2, 4.0}, within(1e-8));
    }

    private static double distance(double[] a, double[] b) {
        double s = 0;
        for (int i = 0; i < a.length; i++) {
            s += (a[i] - b[i]) * (a[i] - b[i]);
        }
        return Math.sqrt(s);
    }
}

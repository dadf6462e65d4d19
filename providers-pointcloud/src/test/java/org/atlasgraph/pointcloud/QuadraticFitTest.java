package org.atlasgraph.pointcloud;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class QuadraticFitTest {
    private static final long SEED = 9;
    /** An exact quadratic surface is fitted exactly: only least-squares round-off remains (~1e-15). */
    private static final double EXACT = 1e-10;
    /** The support of the fit's weights: every sampled point (‖ξ‖ ≤ 0.5, small normal parts) has positive weight. */
    private static final double SCALE = 0.6;

    /**
     * Points of the graph z = ½ξᵀHξ over a disc, sampled symmetrically (ξ and −ξ), so that the PCA frame is the
     * graph's own frame.
     */
    private static double[][] paraboloid(double[][] h, int n, Random rng) {
        List<double[]> pts = new ArrayList<>();
        for (int i = 0; i < n / 2; i++) {
            double a = 2 * Math.PI * rng.nextDouble();
            double r = 0.5 * Math.sqrt(rng.nextDouble());
            double[] xi = {r * Math.cos(a), r * Math.sin(a)};
            for (int sign = -1; sign <= 1; sign += 2) {
                double x = sign * xi[0];
                double y = sign * xi[1];
                pts.add(new double[] {x, y, 0.5 * (h[0][0] * x * x + 2 * h[0][1] * x * y + h[1][1] * y * y)});
            }
        }
        return pts.toArray(new double[0][]);
    }

    private static int[] all(int n) {
        int[] idx = new int[n];
        Arrays.setAll(idx, i -> i);
        return idx;
    }

    @Test
    void recoversTheCoefficientsOfAnExactQuadraticSurface() {
        double[][] h = {{0.8, 0.3}, {0.3, -0.4}};
        double[][] pts = paraboloid(h, 400, new Random(SEED));
        QuadraticFit.Result fit = QuadraticFit.fit(pts, all(pts.length), 2, new double[3], SCALE).orElseThrow();
        // the normal direction is ±e₃ and K is H in the fitted tangent frame: compare invariants of the 2×2 K
        double[] m = fit.normalBasis();
        assertThat(Math.abs(m[2])).as("normal direction ±e₃").isCloseTo(1, within(EXACT));
        double[] k = fit.curvature();
        double sign = Math.signum(m[2]);
        assertThat(sign * (k[0] + k[3])).as("trace K = trace H").isCloseTo(h[0][0] + h[1][1], within(EXACT));
        assertThat(k[0] * k[3] - k[1] * k[2]).as("det K = det H")
                .isCloseTo(h[0][0] * h[1][1] - h[0][1] * h[0][1], within(EXACT));
        assertThat(k[1]).as("K is symmetric").isEqualTo(k[2]);
        assertThat(fit.rmsResidual()).as("residual of an exact fit").isLessThan(EXACT);
    }

    @Test
    void fittedChartReproducesTheSurfaceInAHigherDimensionalRotatedEmbedding() {
        Random rng = new Random(SEED + 1);
        // two normal directions in R⁵, then a random rotation of R⁵
        double[][] h1 = {{0.8, 0.3}, {0.3, -0.4}};
        double[][] h2 = {{-0.2, 0.5}, {0.5, 0.6}};
        double[][] rotation = randomRotation(5, rng);
        List<double[]> pts = new ArrayList<>();
        for (int i = 0; i < 300; i++) {
            double a = 2 * Math.PI * rng.nextDouble();
            double r = 0.5 * Math.sqrt(rng.nextDouble());
            for (int sign = -1; sign <= 1; sign += 2) {
                pts.add(rotate(rotation, surface(h1, h2, sign * r * Math.cos(a), sign * r * Math.sin(a))));
            }
        }
        double[][] cloud = pts.toArray(new double[0][]);
        QuadraticFit.Result fit = QuadraticFit.fit(cloud, all(cloud.length), 2, new double[5], SCALE)
                .orElseThrow();
        QuadraticChart chart = new QuadraticChart(0, new ChartModel(cloud[0], fit.origin(), fit.tangentBasis(),
                fit.normalBasis(), fit.curvature(), 0.5, fit.coordinateRadius(), fit.coordinateRadius(), 0.5,
                BoundarySvm.Quadric.ball(2 + fit.normalBasis().length / 5).matrix(),
                new double[2 + fit.normalBasis().length / 5], -1, fit.rmsResidual(), cloud.length,
                ChartModel.QUADRATIC));
        for (int i = 0; i < 50; i++) {
            double[] x = rotate(rotation, surface(h1, h2, 0.6 * rng.nextDouble() - 0.3, 0.6 * rng.nextDouble() - 0.3));
            assertThat(chart.residual(x)).as("new point of the surface, %d", i).isLessThan(EXACT);
        }
    }

    private static double[] surface(double[][] h1, double[][] h2, double x, double y) {
        return new double[] {x, y, 0.5 * (h1[0][0] * x * x + 2 * h1[0][1] * x * y + h1[1][1] * y * y),
            0.5 * (h2[0][0] * x * x + 2 * h2[0][1] * x * y + h2[1][1] * y * y), 0};
    }

    private static double[] rotate(double[][] q, double[] v) {
        double[] r = new double[v.length];
        for (int i = 0; i < v.length; i++) {
            for (int j = 0; j < v.length; j++) {
                r[i] += q[i][j] * v[j];
            }
        }
        return r;
    }

    /** @return an orthogonal matrix by Gram–Schmidt on Gaussian columns */
    private static double[][] randomRotation(int n, Random rng) {
        double[][] q = new double[n][n];
        for (int c = 0; c < n; c++) {
            double[] v = new double[n];
            for (int i = 0; i < n; i++) {
                v[i] = rng.nextGaussian();
            }
            for (int p = 0; p < c; p++) {
                double dot = 0;
                for (int i = 0; i < n; i++) {
                    dot += v[i] * q[i][p];
                }
                for (int i = 0; i < n; i++) {
                    v[i] -= dot * q[i][p];
                }
            }
            double norm = Math.sqrt(Arrays.stream(v).map(x -> x * x).sum());
            for (int i = 0; i < n; i++) {
                q[i][c] = v[i] / norm;
            }
        }
        return q;
    }
}

package org.atlasgraph.pointcloud;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.Random;
import org.apache.commons.math3.analysis.integration.IterativeLegendreGaussIntegrator;
import org.atlasgraph.api.base.Vectors;
import org.junit.jupiter.api.Test;

class NaiveApproximateDistanceTest {
    private static final long SEED = 5;
    /** Closed form vs adaptive Gauss–Legendre quadrature: both accurate to ~1e-13 relative; 1e-10 leaves margin. */
    private static final double QUADRATURE_TOLERANCE = 1e-10;

    /** The integrand of eq. (4.4) evaluated from the K_j matrices directly, independently of the closed form. */
    private static double quadrature(double[][][] k, double[] xi0, double[] xi1) {
        int d = xi0.length;
        double[] delta = Vectors.minus(xi1, xi0);
        double lam = Vectors.dot(delta, delta);
        IterativeLegendreGaussIntegrator integrator = new IterativeLegendreGaussIntegrator(16, 1e-14, 1e-14);
        return integrator.integrate(100_000, t -> {
            double s = lam;
            for (double[][] kj : k) {
                double v = 0;
                for (int a = 0; a < d; a++) {
                    for (int b = 0; b < d; b++) {
                        v += delta[a] * kj[a][b] * ((1 - t) * xi0[b] + t * xi1[b]);
                    }
                }
                s += v * v;
            }
            return Math.sqrt(s);
        }, 0, 1);
    }

    private static double closedForm(double[][][] k, double[] xi0, double[] xi1) {
        int d = xi0.length;
        double[] delta = Vectors.minus(xi1, xi0);
        double lambda = Vectors.dot(delta, delta);
        double[] k0 = new double[k.length];
        double[] k1 = new double[k.length];
        for (int j = 0; j < k.length; j++) {
            for (int a = 0; a < d; a++) {
                for (int b = 0; b < d; b++) {
                    k0[j] += delta[a] * k[j][a][b] * xi0[b];
                    k1[j] += delta[a] * k[j][a][b] * xi1[b];
                }
            }
        }
        return NaiveApproximateDistance.closedForm(lambda, k0, k1);
    }

    private static double[][][] randomSymmetric(Random rng, int count, int d, double scale) {
        double[][][] k = new double[count][d][d];
        for (double[][] kj : k) {
            for (int a = 0; a < d; a++) {
                for (int b = a; b < d; b++) {
                    kj[a][b] = scale * rng.nextGaussian();
                    kj[b][a] = kj[a][b];
                }
            }
        }
        return k;
    }

    private static double[] random(Random rng, int d, double scale) {
        double[] v = new double[d];
        for (int a = 0; a < d; a++) {
            v[a] = scale * rng.nextGaussian();
        }
        return v;
    }

    @Test
    void closedFormMatchesQuadratureOnRandomSegments() {
        Random rng = new Random(SEED);
        for (int trial = 0; trial < 200; trial++) {
            int d = 1 + rng.nextInt(3);
            double[][][] k = randomSymmetric(rng, 1 + rng.nextInt(7), d, Math.pow(10, rng.nextInt(4) - 2));
            double[] xi0 = random(rng, d, 0.5);
            double[] xi1 = random(rng, d, 0.5);
            double expected = quadrature(k, xi0, xi1);
            assertThat(closedForm(k, xi0, xi1)).as("case a) of Claim F.2, trial %d", trial)
                    .isCloseTo(expected, within(QUADRATURE_TOLERANCE * expected));
        }
    }

    @Test
    void closedFormKeepsFullAccuracyForTinyCurvatureAndNearlyCollinearKappas() {
        Random rng = new Random(SEED + 1);
        for (double scale : new double[] {1e-4, 1e-6, 1e-8}) {
            double[][][] k = randomSymmetric(rng, 3, 2, scale);
            double[] xi0 = random(rng, 2, 0.5);
            double[] xi1 = random(rng, 2, 0.5);
            double expected = quadrature(k, xi0, xi1);
            assertThat(closedForm(k, xi0, xi1)).as("curvature %s", scale)
                    .isCloseTo(expected, within(QUADRATURE_TOLERANCE * expected));
        }
        // one normal direction: κ₀ and κ₁ are collinear, the discriminant is exactly sλ
        double[][][] one = randomSymmetric(rng, 1, 2, 1);
        double[] xi0 = {0.3, -0.2};
        double[] xi1 = {-0.1, 0.4};
        double expected = quadrature(one, xi0, xi1);
        assertThat(closedForm(one, xi0, xi1)).as("collinear κ").isCloseTo(expected,
                within(QUADRATURE_TOLERANCE * expected));
    }

    @Test
    void caseBIsTheLinearLimit() {
        // flat chart: s = 0, the segment's length is ‖δ‖
        double[][][] flat = new double[2][2][2];
        assertThat(closedForm(flat, new double[] {0, 0}, new double[] {0.3, 0.4})).as("flat chart")
                .isCloseTo(0.5, within(1e-15));
        // the linear case ∫₀¹ √(p + 2qt) dt against its antiderivative, including q → 0
        for (double[] pq : new double[][] {{1, 0.3}, {2, -0.9}, {0.5, 1e-12}, {1, 0}}) {
            double p = pq[0];
            double q = pq[1];
            // the paper's form cancels catastrophically for tiny q; there the first-order series is exact to 1e-24
            double expected = Math.abs(q) < 1e-6 * p ? Math.sqrt(p) * (1 + q / (2 * p))
                    : (Math.pow(p + 2 * q, 1.5) - Math.pow(p, 1.5)) / (3 * q);
            assertThat(NaiveApproximateDistance.linearCase(p, q)).as("p=%s q=%s", p, q)
                    .isCloseTo(expected, within(1e-9 * expected));
        }
    }

    @Test
    void distanceOfAPointToItselfIsZero() {
        double[][][] k = randomSymmetric(new Random(SEED), 2, 2, 1);
        assertThat(closedForm(k, new double[] {0.2, 0.1}, new double[] {0.2, 0.1})).isZero();
    }
}

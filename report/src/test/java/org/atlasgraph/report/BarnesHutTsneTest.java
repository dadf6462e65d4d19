package org.atlasgraph.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class BarnesHutTsneTest {
    private static final long SEED = 31L;

    @Test
    void calibratedAffinitiesHaveTheEntropyOfThePerplexity() {
        SplittableRandom rng = new SplittableRandom(SEED);
        double[] d2 = new double[16];
        for (int a = 0; a < d2.length; a++) {
            d2[a] = rng.nextDouble(0.1, 4);
        }
        double[] p = BarnesHutTsne.calibrate(d2, 5);
        double sum = 0;
        double entropy = 0;
        for (double v : p) {
            sum += v;
            entropy -= v > 0 ? v * Math.log(v) : 0;
        }
        assertThat(sum).as("Σ p_{j|i}").isCloseTo(1.0, within(1e-12));
        assertThat(entropy).as("entropy vs log(perplexity 5)").isCloseTo(Math.log(5), within(1e-4));
    }

    @Test
    void quadTreeRepulsionIsCloseToTheExactSum() {
        SplittableRandom rng = new SplittableRandom(SEED);
        int n = 500;
        double[] y = new double[2 * n];
        for (int c = 0; c < 2 * n; c++) {
            y[c] = rng.nextGaussian() * 10;
        }
        y[2] = y[0];
        y[3] = y[1];
        BarnesHutTsne.QuadTree tree = new BarnesHutTsne.QuadTree(n);
        tree.build(y);
        double[] force = new double[2 * n];
        double[] z = new double[n];
        for (int i = 0; i < n; i++) {
            tree.repulsion(y, i, force, z);
        }
        double zTree = 0;
        double zExact = 0;
        double forceError = 0;
        double forceNorm = 0;
        for (int i = 0; i < n; i++) {
            zTree += z[i];
            double fx = 0;
            double fy = 0;
            for (int j = 0; j < n; j++) {
                if (j != i) {
                    double dx = y[2 * i] - y[2 * j];
                    double dy = y[2 * i + 1] - y[2 * j + 1];
                    double q = 1 / (1 + dx * dx + dy * dy);
                    zExact += q;
                    fx += q * q * dx;
                    fy += q * q * dy;
                }
            }
            forceError += Math.hypot(force[2 * i] - fx, force[2 * i + 1] - fy);
            forceNorm += Math.hypot(fx, fy);
        }
        assertThat(zTree / zExact).as("Σ q by the tree (θ = 0.5) vs exact; a duplicate pair included")
                .isCloseTo(1.0, within(0.01));
        assertThat(forceError / forceNorm).as("relative error of the repulsive forces").isLessThan(0.05);
    }
}

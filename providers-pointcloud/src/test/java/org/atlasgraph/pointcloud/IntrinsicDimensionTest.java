package org.atlasgraph.pointcloud;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import org.atlasgraph.pointcloud.data.KleinPatches;
import org.junit.jupiter.api.Test;

class IntrinsicDimensionTest {
    private static final long SEED = 21;
    /** Noise per coordinate for the noisy samples: 1% of the unit radius, well below the neighbourhood scales. */
    private static final double NOISE = 0.01;

    @Test
    void kleinPatchesAreTwoDimensional() {
        double[][] pts = KleinPatches.sample(4000, SEED).points();
        assertThat(IntrinsicDimension.estimate(pts, new Random(SEED)).dimension()).as("d of the Klein patches in R⁹")
                .isEqualTo(2);
    }

    @Test
    void noisySphereIsTwoDimensional() {
        double[][] pts = TestClouds.sphere(3000, 3, NOISE, SEED);
        assertThat(IntrinsicDimension.estimate(pts, new Random(SEED)).dimension()).as("d of noisy S² ⊂ R³")
                .isEqualTo(2);
    }

    @Test
    void noisyTorusIsTwoDimensional() {
        Random rng = new Random(SEED);
        double[][] pts = new double[3000][];
        for (int i = 0; i < pts.length; i++) {
            double u = 2 * Math.PI * rng.nextDouble();
            double v = 2 * Math.PI * rng.nextDouble();
            double ring = 2 + 0.8 * Math.cos(v);
            pts[i] = new double[] {ring * Math.cos(u) + NOISE * rng.nextGaussian(),
                ring * Math.sin(u) + NOISE * rng.nextGaussian(), 0.8 * Math.sin(v) + NOISE * rng.nextGaussian()};
        }
        assertThat(IntrinsicDimension.estimate(pts, new Random(SEED)).dimension()).as("d of a noisy torus in R³")
                .isEqualTo(2);
    }

    @Test
    void circleInFourDimensionsIsOneDimensional() {
        Random rng = new Random(SEED);
        double[][] pts = new double[2000][];
        for (int i = 0; i < pts.length; i++) {
            double t = 2 * Math.PI * rng.nextDouble();
            pts[i] = new double[] {Math.cos(t), Math.sin(t), 0.5 * Math.cos(2 * t), NOISE * rng.nextGaussian()};
        }
        assertThat(IntrinsicDimension.estimate(pts, new Random(SEED)).dimension()).as("d of a closed curve in R⁴")
                .isEqualTo(1);
    }
}

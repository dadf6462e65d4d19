package org.atlasgraph.pointcloud;

import java.util.Random;

/** Seeded point clouds and atlases shared by the tests; each atlas is learned once per JVM. */
final class TestClouds {
    /** Seed of the sphere sample. */
    static final long SPHERE_SEED = 3;
    /** Points on S² for the learned sphere atlas: the issue asks for at least 2000. */
    static final int SPHERE_POINTS = 3000;

    /** Points on S³ for the learned atlas of dimension 3. */
    static final int SPHERE3_POINTS = 4000;

    private static PointCloudAtlas sphere;
    private static PointCloudAtlas sphere3;

    private TestClouds() {
    }

    /** @return n points uniform on the unit sphere S^{m−1} ⊂ R^m, optionally with Gaussian noise of the given size */
    static double[][] sphere(int n, int m, double noise, long seed) {
        Random rng = new Random(seed);
        double[][] pts = new double[n][m];
        for (int i = 0; i < n; i++) {
            double s = 0;
            for (int j = 0; j < m; j++) {
                pts[i][j] = rng.nextGaussian();
                s += pts[i][j] * pts[i][j];
            }
            s = Math.sqrt(s);
            for (int j = 0; j < m; j++) {
                pts[i][j] = pts[i][j] / s + noise * rng.nextGaussian();
            }
        }
        return pts;
    }

    /** @return a random unit vector of R³ */
    static double[] unit(Random rng) {
        double[] g = {rng.nextGaussian(), rng.nextGaussian(), rng.nextGaussian()};
        double n = Math.sqrt(g[0] * g[0] + g[1] * g[1] + g[2] * g[2]);
        return new double[] {g[0] / n, g[1] / n, g[2] / n};
    }

    /** @return the atlas learned from {@link #SPHERE_POINTS} exact points of S² with every setting derived */
    static synchronized PointCloudAtlas sphereAtlas() {
        if (sphere == null) {
            sphere = PointCloudAtlas.learn(sphere(SPHERE_POINTS, 3, 0, SPHERE_SEED));
        }
        return sphere;
    }

    /** @return the atlas learned from {@link #SPHERE3_POINTS} exact points of S³ ⊂ R⁴ with every setting derived */
    static synchronized PointCloudAtlas sphere3Atlas() {
        if (sphere3 == null) {
            sphere3 = PointCloudAtlas.learn(sphere(SPHERE3_POINTS, 4, 0, SPHERE_SEED));
        }
        return sphere3;
    }
}

package org.atlasgraph.optim;

import java.util.random.RandomGenerator;
import org.ejml.data.DMatrixRMaj;

/** Dense vectors and matrices for the tests of {@code optim}: the references compute with plain arrays and EJML. */
public final class TestLinearAlgebra {
    private TestLinearAlgebra() {
    }

    /** @return a·b */
    public static double dot(double[] a, double[] b) {
        double s = 0;
        for (int i = 0; i < a.length; i++) {
            s += a[i] * b[i];
        }
        return s;
    }

    /** @return ‖a‖ */
    public static double norm(double[] a) {
        return Math.sqrt(dot(a, a));
    }

    /** @return ‖a − b‖ */
    public static double distance(double[] a, double[] b) {
        double s = 0;
        for (int i = 0; i < a.length; i++) {
            s += (a[i] - b[i]) * (a[i] - b[i]);
        }
        return Math.sqrt(s);
    }

    /** @return a + b, new */
    public static double[] add(double[] a, double[] b) {
        double[] r = a.clone();
        for (int i = 0; i < r.length; i++) {
            r[i] += b[i];
        }
        return r;
    }

    /** @return f·a, new */
    public static double[] scaled(double[] a, double f) {
        double[] r = a.clone();
        for (int i = 0; i < r.length; i++) {
            r[i] *= f;
        }
        return r;
    }

    /** @return a/‖a‖, new */
    public static double[] normalized(double[] a) {
        return scaled(a, 1 / norm(a));
    }

    /**
     * @param n   the size
     * @param rng the random source
     * @return a symmetric n×n matrix with independent standard Gaussian entries on and below the diagonal
     */
    public static DMatrixRMaj randomSymmetric(int n, RandomGenerator rng) {
        DMatrixRMaj a = new DMatrixRMaj(n, n);
        for (int i = 0; i < n; i++) {
            for (int j = 0; j <= i; j++) {
                double v = rng.nextGaussian();
                a.set(i, j, v);
                a.set(j, i, v);
            }
        }
        return a;
    }
}

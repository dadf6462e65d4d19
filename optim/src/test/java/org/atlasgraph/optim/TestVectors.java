package org.atlasgraph.optim;

/** Dense-vector arithmetic for the tests of {@code optim}: the references compute with plain arrays. */
public final class TestVectors {
    private TestVectors() {
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
}

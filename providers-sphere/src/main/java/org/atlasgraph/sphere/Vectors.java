package org.atlasgraph.sphere;

/** Small dense-vector helpers; the sphere needs nothing heavier. */
final class Vectors {
    private Vectors() {
    }

    static double dot(double[] a, double[] b) {
        double s = 0;
        for (int i = 0; i < a.length; i++) {
            s += a[i] * b[i];
        }
        return s;
    }

    static double norm(double[] a) {
        return Math.sqrt(dot(a, a));
    }

    static double[] scaled(double[] a, double f) {
        double[] r = new double[a.length];
        for (int i = 0; i < a.length; i++) {
            r[i] = f * a[i];
        }
        return r;
    }

    static double[] normalized(double[] a) {
        return scaled(a, 1 / norm(a));
    }

    /** @return a + f·b */
    static double[] plusScaled(double[] a, double f, double[] b) {
        double[] r = new double[a.length];
        for (int i = 0; i < a.length; i++) {
            r[i] = a[i] + f * b[i];
        }
        return r;
    }
}

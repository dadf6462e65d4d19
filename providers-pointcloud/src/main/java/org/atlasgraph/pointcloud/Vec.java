package org.atlasgraph.pointcloud;

/** Small dense-vector kernels on plain arrays (row-major matrices); callers own every array. */
final class Vec {
    private Vec() {
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

    static double squaredDistance(double[] a, double[] b) {
        double s = 0;
        for (int i = 0; i < a.length; i++) {
            double d = a[i] - b[i];
            s += d * d;
        }
        return s;
    }

    static double distance(double[] a, double[] b) {
        return Math.sqrt(squaredDistance(a, b));
    }

    static double[] minus(double[] a, double[] b) {
        double[] r = new double[a.length];
        for (int i = 0; i < a.length; i++) {
            r[i] = a[i] - b[i];
        }
        return r;
    }

    static double[] plus(double[] a, double[] b) {
        double[] r = new double[a.length];
        for (int i = 0; i < a.length; i++) {
            r[i] = a[i] + b[i];
        }
        return r;
    }

    static double[] scaled(double[] a, double f) {
        double[] r = new double[a.length];
        for (int i = 0; i < a.length; i++) {
            r[i] = f * a[i];
        }
        return r;
    }

    /** @return Aᵀv for A of shape rows×cols (row-major) and v of length rows */
    static double[] transposeTimes(double[] a, int rows, int cols, double[] v) {
        double[] r = new double[cols];
        for (int i = 0; i < rows; i++) {
            double vi = v[i];
            int o = i * cols;
            for (int j = 0; j < cols; j++) {
                r[j] += a[o + j] * vi;
            }
        }
        return r;
    }

    /** @return Av for A of shape rows×cols (row-major) and v of length cols */
    static double[] times(double[] a, int rows, int cols, double[] v) {
        double[] r = new double[rows];
        for (int i = 0; i < rows; i++) {
            double s = 0;
            int o = i * cols;
            for (int j = 0; j < cols; j++) {
                s += a[o + j] * v[j];
            }
            r[i] = s;
        }
        return r;
    }

    /**
     * Solves {@code S x = b} for a small symmetric positive definite S (d×d, row-major) by Cholesky; d is the intrinsic
     * dimension, so the O(d³) cost is negligible and EJML's setup would dominate.
     *
     * @param s overwritten by its Cholesky factor
     * @param b the right-hand side (not modified)
     * @return x
     */
    static double[] solveSpd(double[] s, int d, double[] b) {
        for (int j = 0; j < d; j++) {
            double diag = s[j * d + j];
            for (int k = 0; k < j; k++) {
                diag -= s[j * d + k] * s[j * d + k];
            }
            diag = Math.sqrt(diag);
            s[j * d + j] = diag;
            for (int i = j + 1; i < d; i++) {
                double v = s[i * d + j];
                for (int k = 0; k < j; k++) {
                    v -= s[i * d + k] * s[j * d + k];
                }
                s[i * d + j] = v / diag;
            }
        }
        double[] y = new double[d];
        for (int i = 0; i < d; i++) {
            double v = b[i];
            for (int k = 0; k < i; k++) {
                v -= s[i * d + k] * y[k];
            }
            y[i] = v / s[i * d + i];
        }
        for (int i = d - 1; i >= 0; i--) {
            double v = y[i];
            for (int k = i + 1; k < d; k++) {
                v -= s[k * d + i] * y[k];
            }
            y[i] = v / s[i * d + i];
        }
        return y;
    }
}

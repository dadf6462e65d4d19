package org.atlasgraph.api.base;

import org.atlasgraph.api.Coordinates;

/**
 * Dense-vector arithmetic on plain arrays, for providers' kernels (closed forms on the sphere, quadratic charts of a
 * learned atlas), where the immutable {@code Coordinates} would allocate and validate on every operation. Matrices are
 * row-major arrays. Nothing is validated: callers check shapes and finiteness once, at their public boundary. Every
 * result is a new array and no argument is modified, except where a parameter says so.
 */
public final class Vectors {
    private Vectors() {
    }

    /**
     * @param a a vector
     * @param b a vector of the same length
     * @return {@code a·b}
     */
    public static double dot(double[] a, double[] b) {
        double s = 0;
        for (int i = 0; i < a.length; i++) {
            s += a[i] * b[i];
        }
        return s;
    }

    /**
     * @param a a vector
     * @return {@code ‖a‖}, without overflow or underflow where the sum of squares would have either
     *     ({@link Coordinates#euclideanNorm})
     */
    public static double norm(double[] a) {
        return Coordinates.euclideanNorm(a);
    }

    /**
     * @param a a vector
     * @param b a vector of the same length
     * @return {@code ‖a − b‖²}
     */
    public static double squaredDistance(double[] a, double[] b) {
        double s = 0;
        for (int i = 0; i < a.length; i++) {
            double d = a[i] - b[i];
            s += d * d;
        }
        return s;
    }

    /**
     * @param a a vector
     * @param b a vector of the same length
     * @return {@code ‖a − b‖}
     */
    public static double distance(double[] a, double[] b) {
        return Math.sqrt(squaredDistance(a, b));
    }

    /**
     * @param a a vector
     * @param b a vector of the same length
     * @return {@code a + b}
     */
    public static double[] plus(double[] a, double[] b) {
        double[] r = new double[a.length];
        for (int i = 0; i < a.length; i++) {
            r[i] = a[i] + b[i];
        }
        return r;
    }

    /**
     * @param a a vector
     * @param b a vector of the same length
     * @return {@code a − b}
     */
    public static double[] minus(double[] a, double[] b) {
        double[] r = new double[a.length];
        for (int i = 0; i < a.length; i++) {
            r[i] = a[i] - b[i];
        }
        return r;
    }

    /**
     * @param a a vector
     * @param f a factor
     * @return {@code f·a}
     */
    public static double[] scaled(double[] a, double f) {
        double[] r = new double[a.length];
        for (int i = 0; i < a.length; i++) {
            r[i] = f * a[i];
        }
        return r;
    }

    /**
     * @param a a vector
     * @param f a factor
     * @param b a vector of the same length
     * @return {@code a + f·b}
     */
    public static double[] plusScaled(double[] a, double f, double[] b) {
        double[] r = new double[a.length];
        for (int i = 0; i < a.length; i++) {
            r[i] = a[i] + f * b[i];
        }
        return r;
    }

    /**
     * @param a a non-zero vector
     * @return {@code a/‖a‖}, a unit vector for every finite non-zero a (the norm is computed without overflow, and
     *     a norm too small to invert is divided by instead)
     */
    public static double[] normalized(double[] a) {
        double n = norm(a);
        double f = 1 / n;
        if (Double.isFinite(f)) {
            return scaled(a, f);
        }
        double[] r = new double[a.length];
        for (int i = 0; i < a.length; i++) {
            r[i] = a[i] / n;
        }
        return r;
    }

    /**
     * @param a    a rows×cols matrix, row-major
     * @param rows its number of rows
     * @param cols its number of columns
     * @param v    a vector of length cols
     * @return {@code Av}, of length rows
     */
    public static double[] times(double[] a, int rows, int cols, double[] v) {
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
     * @param a    a rows×cols matrix, row-major
     * @param rows its number of rows
     * @param cols its number of columns
     * @param v    a vector of length rows
     * @return {@code Aᵀv}, of length cols
     */
    public static double[] transposeTimes(double[] a, int rows, int cols, double[] v) {
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

    /**
     * Solves {@code S x = b} for a small symmetric positive definite S by Cholesky, O(d³): for the d×d metric and
     * normal matrices of a chart, where a linear-algebra library's setup would cost more than the solve.
     *
     * @param s a d×d symmetric positive definite matrix, row-major (modified: overwritten by its Cholesky factor)
     * @param d the dimension
     * @param b the right-hand side, of length d
     * @return x, a new array
     * @throws ArithmeticException if S is not positive definite
     */
    public static double[] solveSpd(double[] s, int d, double[] b) {
        return Cholesky.solve(s, d, b.clone());
    }
}

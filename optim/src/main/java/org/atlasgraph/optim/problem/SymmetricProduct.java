package org.atlasgraph.optim.problem;

import java.util.Arrays;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The products {@code AX} of a fixed symmetric n×n matrix A with n×k matrices X (row-major), the whole cost of the
 * eigenvalue problems' value {@code −tr(XᵀAX)} and Euclidean gradient {@code −2AX}.
 *
 * <p>Computed as {@code (XᵀA)ᵀ} (A being symmetric): each row of A is read once and added, scaled, into the k rows of
 * XᵀA, four rows of A at a time, in loops over n contiguous entries that the JIT compiles to vector instructions
 * (EJML's general product walks X's columns with stride k, at a fraction of the speed). The last X and its product
 * are kept: a line search asks for the value and then the gradient at the same trial point, and both need
 * {@code AX}.
 */
final class SymmetricProduct {
    /** Rows of A at a time in the accumulation. */
    private static final int BLOCK = 4;

    private final double[][] rows;
    private final int n;
    private final int k;
    private final AtomicReference<Memo> last = new AtomicReference<>();

    /** A point X (a private copy) and its product AX. */
    private record Memo(double[] x, double[] product) {
    }

    /**
     * @param a a symmetric n×n matrix, row-major (copied)
     * @param n the size
     * @param k the number of columns of the X to multiply
     */
    SymmetricProduct(double[] a, int n, int k) {
        this.n = n;
        this.k = k;
        this.rows = new double[n][];
        for (int i = 0; i < n; i++) {
            rows[i] = Arrays.copyOfRange(a, i * n, (i + 1) * n);
        }
    }

    /**
     * @param x an n×k matrix, row-major (not modified, not retained)
     * @return AX, n×k row-major: shared with later calls at the same X, so the caller must not modify it
     */
    double[] times(double[] x) {
        Memo memo = last.get();
        if (memo != null && Arrays.equals(memo.x(), x)) {
            return memo.product();
        }
        double[] product = compute(x);
        last.set(new Memo(x.clone(), product));
        return product;
    }

    /** @return tr(XᵀAX) for an n×k X (k = 1: xᵀAx) */
    double quadratic(double[] x) {
        double[] ax = times(x);
        double s = 0;
        for (int i = 0; i < x.length; i++) {
            s += x[i] * ax[i];
        }
        return s;
    }

    /** @return factor · AX, a new n×k row-major array */
    double[] scaled(double[] x, double factor) {
        double[] ax = times(x);
        double[] out = new double[ax.length];
        for (int i = 0; i < ax.length; i++) {
            out[i] = factor * ax[i];
        }
        return out;
    }

    private double[] compute(double[] x) {
        double[][] columns = new double[k][n];
        int l = 0;
        for (; l + BLOCK <= n; l += BLOCK) {
            double[] a0 = rows[l];
            double[] a1 = rows[l + 1];
            double[] a2 = rows[l + 2];
            double[] a3 = rows[l + 3];
            for (int j = 0; j < k; j++) {
                double x0 = x[l * k + j];
                double x1 = x[(l + 1) * k + j];
                double x2 = x[(l + 2) * k + j];
                double x3 = x[(l + 3) * k + j];
                double[] y = columns[j];
                for (int i = 0; i < n; i++) {
                    y[i] += x0 * a0[i] + x1 * a1[i] + x2 * a2[i] + x3 * a3[i];
                }
            }
        }
        for (; l < n; l++) {
            double[] a0 = rows[l];
            for (int j = 0; j < k; j++) {
                double x0 = x[l * k + j];
                double[] y = columns[j];
                for (int i = 0; i < n; i++) {
                    y[i] += x0 * a0[i];
                }
            }
        }
        double[] product = new double[n * k];
        for (int j = 0; j < k; j++) {
            double[] y = columns[j];
            for (int i = 0; i < n; i++) {
                product[i * k + j] = y[i];
            }
        }
        return product;
    }
}

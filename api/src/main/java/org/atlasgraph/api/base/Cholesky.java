package org.atlasgraph.api.base;

/**
 * Solves a small symmetric positive definite system in place of a linear-algebra dependency (the SPI depends on the
 * JDK only): the Gram matrices of {@link PullbackMetric} and the chart metrics behind {@link Vectors#solveSpd} are d×d
 * with d the chart dimension.
 */
final class Cholesky {
    private Cholesky() {
    }

    /**
     * @param g a d×d symmetric matrix, row-major (modified: overwritten by its Cholesky factor)
     * @param d the dimension
     * @param b the right-hand side (modified: overwritten by the solution)
     * @return {@code b}, now {@code G⁻¹b}
     * @throws ArithmeticException if G is not positive definite
     */
    static double[] solve(double[] g, int d, double[] b) {
        for (int j = 0; j < d; j++) {
            double s = g[j * d + j];
            for (int k = 0; k < j; k++) {
                s -= g[j * d + k] * g[j * d + k];
            }
            if (!(s > 0)) {
                throw new ArithmeticException("raise: the metric is not positive definite at this point (pivot " + j
                        + " is " + s + ")");
            }
            double l = Math.sqrt(s);
            g[j * d + j] = l;
            for (int i = j + 1; i < d; i++) {
                double t = g[i * d + j];
                for (int k = 0; k < j; k++) {
                    t -= g[i * d + k] * g[j * d + k];
                }
                g[i * d + j] = t / l;
            }
        }
        for (int i = 0; i < d; i++) {
            double t = b[i];
            for (int k = 0; k < i; k++) {
                t -= g[i * d + k] * b[k];
            }
            b[i] = t / g[i * d + i];
        }
        for (int i = d - 1; i >= 0; i--) {
            double t = b[i];
            for (int k = i + 1; k < d; k++) {
                t -= g[k * d + i] * b[k];
            }
            b[i] = t / g[i * d + i];
        }
        return b;
    }
}

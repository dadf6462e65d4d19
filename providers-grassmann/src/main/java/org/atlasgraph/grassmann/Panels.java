package org.atlasgraph.grassmann;

import java.util.Arrays;

/**
 * Products of m×k panels (row-major) with k×k matrices for a chart change ({@link QaRotation#set},
 * {@link GrassmannRunningMean}): written into the caller's arrays, no allocation; plain loops whose inner loop runs
 * along a row of k, or the native DGEMM where the workspace has one (k ≥ {@link GrassmannKernels#BLAS_FROM_K}).
 */
final class Panels {
    private Panels() {
    }

    /**
     * out = alpha·a·b, or out + alpha·a·b when {@code accumulate}.
     *
     * @param a   m×k
     * @param b   k×k
     * @param out m×k, aliasing neither operand
     * @param blas the native BLAS, or {@code null}
     */
    static void times(double[] a, int m, int k, double[] b, double alpha, boolean accumulate, double[] out,
                      LargeKernels blas) {
        if (blas != null) {
            blas.gemm(false, false, m, k, k, alpha, a, b, accumulate ? 1 : 0, out);
            return;
        }
        if (!accumulate) {
            Arrays.fill(out, 0, m * k, 0);
        }
        for (int i = 0; i < m; i++) {
            int row = i * k;
            for (int j = 0; j < k; j++) {
                double aij = alpha * a[row + j];
                int bo = j * k;
                for (int c = 0; c < k; c++) {
                    out[row + c] += aij * b[bo + c];
                }
            }
        }
    }

    /**
     * out = aᵀb.
     *
     * @param a   m×k
     * @param b   m×k
     * @param out k×k
     * @param blas the native BLAS, or {@code null}
     */
    static void transposeTimes(double[] a, double[] b, int m, int k, double[] out, LargeKernels blas) {
        if (blas != null) {
            blas.gemm(true, false, k, k, m, 1, a, b, 0, out);
            return;
        }
        Arrays.fill(out, 0, k * k, 0);
        for (int i = 0; i < m; i++) {
            int row = i * k;
            for (int r = 0; r < k; r++) {
                double air = a[row + r];
                int oo = r * k;
                for (int c = 0; c < k; c++) {
                    out[oo + c] += air * b[row + c];
                }
            }
        }
    }
}

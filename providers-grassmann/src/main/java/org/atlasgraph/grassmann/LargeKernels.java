package org.atlasgraph.grassmann;

/**
 * The O(nk²) and O(k³) parts of {@link GrassmannKernels} for large k on a native BLAS, and the LAPACK routines that
 * {@link Dense} and {@link NormalCorrection} use from {@link GrassmannKernels#BLAS_FROM_K} on (symmetric
 * eigendecomposition, thin QR, singular values). One implementation,
 * {@code BlasKernels} (OpenBLAS through the JavaCPP presets, {@code org.bytedeco:openblas}), is loaded at start when
 * those jars and their native libraries for this platform are on the class path ({@link GrassmannKernels#BLAS});
 * without them the kernels use EJML.
 */
interface LargeKernels {
    /**
     * @param n the ambient dimension
     * @param k the subspace dimension
     * @return one thread's native buffers for Gr(n,k)
     */
    Buffers buffers(int n, int k);

    /**
     * What {@code GrassmannKernels.project} computes: G = WᵀX_J (ad hoc charts), N = X_I + VG, R = N⁻¹S_k⁻¹
     * (X_I⁻¹ for Ehresmann charts), R ← R·F when a factor is given (from XᵀX, by DSYRK), P = X_J R and, for ad hoc
     * charts, T_X = G R (without the −WᵀK).
     *
     * @param chart the chart
     * @param x     X, n×k row-major
     * @param b     this thread's buffers
     * @param g     receives G, k×k (ad hoc charts)
     * @param r     receives R, k×k
     * @param p     receives P, m×k
     * @param tx    receives G R, k×k (ad hoc charts)
     * @param factor the change of R before P is formed, or {@code null} for none
     * @param gram  receives XᵀX, k×k (when a factor is given; else ignored, may be null)
     * @return {@code false} when a pivot of N's LU factorization falls below {@link Dense#SINGULAR_PIVOT} times the
     *     largest entry of N (as {@link Dense#solve}), or when the factor rejects the sample
     */
    boolean project(GrassmannChart chart, double[] x, Buffers b, double[] g, double[] r, double[] p, double[] tx,
                    GrassmannKernels.RightFactor factor, double[] gram);

    /**
     * T = Wᵀh for published coordinates h of an ad hoc chart.
     *
     * @param out receives T, k×k
     */
    void gramWithCentre(GrassmannChart chart, double[] h, Buffers b, double[] out);

    /**
     * c = alpha·op(a)·op(b) + beta·c for row-major arrays, with op(a) rows×inner and op(b) inner×cols (DGEMM).
     *
     * @param transposeA whether op(a) = aᵀ (a stored inner×rows)
     * @param transposeB whether op(b) = bᵀ (b stored cols×inner)
     * @param c          rows×cols, may not alias a or b
     */
    void gemm(boolean transposeA, boolean transposeB, int rows, int cols, int inner, double alpha, double[] a,
              double[] b, double beta, double[] c);

    /**
     * A ← A⁻¹ for a symmetric positive definite k×k A, row-major (LAPACK's DPOTRF and DPOTRI): only the upper
     * triangle of the result is written, the strict lower triangle is left undefined.
     *
     * @return {@code false} when the Cholesky factorization fails (A not positive definite, or not finite)
     */
    boolean invertSpd(double[] a, int k);

    /**
     * Whether a symmetric k×k A, row-major, is positive definite (LAPACK's DPOTRF; only the lower triangle is read):
     * A is overwritten with its Cholesky factor.
     *
     * @return {@code false} when the factorization fails (A not positive definite, or not finite)
     */
    boolean cholesky(double[] a, int k);

    /**
     * The eigendecomposition of a symmetric k×k A, row-major (LAPACK's DSYEVD, divide and conquer; only the upper
     * triangle is read): A is overwritten with the orthonormal eigenvectors as its columns.
     *
     * @param values receives the eigenvalues, ascending, k entries
     * @return {@code false} when the algorithm fails to converge (or A is not finite)
     */
    boolean symmetricEigen(double[] a, int k, double[] values);

    /**
     * The thin QR of an n×k A (n ≥ k), row-major, by Householder reflections (LAPACK's DGEQRF, then DORGQR for Q).
     *
     * @param a     n×k: overwritten with Q when {@code formQ}, else with DGEQRF's reflectors
     * @param r     receives R, k×k upper triangular (zeros below the diagonal)
     * @param formQ whether to form Q in {@code a}
     * @return {@code false} when LAPACK reports an illegal argument (never for finite input)
     */
    boolean thinQr(double[] a, int n, int k, double[] r, boolean formQ);

    /**
     * The singular values of a k×k A, row-major (LAPACK's DGESDD without vectors): A is destroyed.
     *
     * @param values receives them, descending
     * @return {@code false} when the algorithm fails to converge (or A is not finite)
     */
    boolean singularValues(double[] a, int k, double[] values);

    /** One thread's native buffers; released when unreachable. */
    interface Buffers {
    }
}

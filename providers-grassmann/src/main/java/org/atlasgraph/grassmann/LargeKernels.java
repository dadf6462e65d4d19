package org.atlasgraph.grassmann;

/**
 * The O(nk²) and O(k³) parts of {@link GrassmannKernels} for large k on a native BLAS, and the LAPACK routines that
 * {@link Dense}, {@link NormalCorrection} and {@link GrassmannAtlas} use from {@link GrassmannKernels#BLAS_FROM_K} on
 * (inverse, symmetric eigendecomposition, thin and Cholesky QR, singular values, pivot rows). One implementation,
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

    /**
     * A⁻¹ for a general k×k A, row-major (LAPACK's DGETRF with partial pivoting, then DGETRI): 2k³ multiply-adds
     * where {@link Dense#invert}'s Java elimination took 80–130 ms at k = 500, most of a chart change's row selection.
     *
     * @param a       k×k (not modified)
     * @param inverse receives A⁻¹ (may not alias a)
     * @return {@code false} when a pivot falls below {@link Dense#SINGULAR_PIVOT} times the largest entry of A (as
     *     {@link Dense#solve}), or A is not finite
     */
    boolean invert(double[] a, int k, double[] inverse);

    /**
     * out = AᵀA for an n×k A, row-major (DSYRK: nk²/2 multiply-adds), both triangles written.
     *
     * @param out receives the k×k product
     */
    void gram(double[] a, int n, int k, double[] out);

    /**
     * A ← A·L⁻ᵀ for an n×k A and a lower triangular k×k L, both row-major (DTRSM; only L's lower triangle is read):
     * the Q = XR⁻¹ of a Cholesky QR with R = Lᵀ.
     */
    void solveLowerTransposed(double[] lower, double[] a, int n, int k);

    /**
     * The k rows that Gaussian elimination with partial pivoting of an n×k A (DGETRF on a copy) takes as pivots,
     * increasing: rows whose k×k block is well conditioned in practice (every multiplier |l_ij| ≤ 1), the start that
     * Goreinov et al. recommend for the maxvol swaps, in 2nk² flops of BLAS-3.
     *
     * @param a    n×k row-major (not modified)
     * @param rows receives the k row indices, increasing
     * @return {@code false} when A is exactly rank deficient (a zero pivot) or not finite
     */
    boolean pivotRows(double[] a, int n, int k, int[] rows);

    /** One thread's native buffers; released when unreachable. */
    interface Buffers {
    }
}

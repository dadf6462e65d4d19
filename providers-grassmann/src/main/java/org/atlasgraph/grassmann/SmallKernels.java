package org.atlasgraph.grassmann;

/**
 * The two O(nk²) passes of {@link GrassmannKernels} for small k, row by row over X in its own row-major layout: no
 * gather of X_J, no transposes. One implementation, {@code VectorKernels} (the JDK Vector API), is loaded at start
 * when the VM has the module {@code jdk.incubator.vector} ({@link GrassmannKernels#VECTOR}); without it the kernels
 * fall back to their scalar loops.
 *
 * <p>A row of k doubles is handled as {@link #span()}/k ≥ 1 vectors whose lanes beyond k are padding: arrays read or
 * written with that span carry at least {@link #span()} extra entries, or their last rows are done in scalar code.
 */
interface SmallKernels {
    /** @return the largest k these kernels take */
    int maxK();

    /**
     * @param k the order
     * @return the lanes per row of length k: a multiple of the vector length, at least k
     */
    int span(int k);

    /**
     * G = W̃ᵀ X over all n rows, with W̃ the chart's W widened to n rows (zero rows at I) and to kPad columns.
     *
     * @param wide W̃, n×kPad row-major, kPad a multiple of 4 (zero columns beyond k)
     * @param kPad its row length
     * @param x    X, n×k row-major
     * @param n    rows
     * @param k    columns, at most {@link #maxK()}
     * @param g    receives G, k rows of {@link #span(int)} lanes (the lanes beyond k unspecified); length at least
     *             k·{@link #span(int)}
     */
    void gram(double[] wide, int kPad, double[] x, int n, int k, double[] g);

    /**
     * G = W̃ᵀ X as {@link #gram} and the sample's Gram matrix XᵀX (for the running mean's normal-coordinate
     * correction): in the same passes over X's rows (four rows of each per pass where a row of X is one vector,
     * two where it is two).
     *
     * @param self receives XᵀX, laid out as g
     */
    void gram(double[] wide, int kPad, double[] x, int n, int k, double[] g, double[] self);

    /**
     * out = a·b (or aᵀ·b) for k×k matrices, row-major with the given strides: one vector multiply-add per entry of a.
     * Rows of b are read and rows of out written as {@link #span(int)} lanes, the rows of out in increasing order: with
     * a stride below the span (k, unpadded) the lanes beyond k read into the next row of b and the stores run into
     * the next row of out before it is written, so both need {@code span − k} entries past their last row. Lanes
     * beyond k of b are never mixed into the first k of out.
     *
     * @param aStride    the row stride of a (only its k×k entries are read)
     * @param transposeA whether to use aᵀ
     * @param bStride    the row stride of b, k or the span
     * @param out        receives the product (may alias neither operand)
     * @param outStride  the row stride of out, k or the span
     */
    void multiply(double[] a, int aStride, boolean transposeA, double[] b, int bStride, double[] out, int outStride,
                  int k);

    /**
     * out = a⁻¹·b by Gauss–Jordan elimination with partial pivoting on the rows of [a | b], each half
     * {@link #span(int)} lanes: the vector kernels' R = N⁻¹S_k⁻¹. The pivots are those of {@link Dense#solve}'s LU
     * (the rows below a pivot see the same eliminations), and so is its test for a numerically singular a.
     *
     * @param a    k×k, rows {@code aStride} apart, not modified
     * @param b    k×k row-major, not modified
     * @param work scratch of length at least 2k·{@link #span(int)}
     * @param out  receives the solution, k rows of {@link #span(int)} lanes (zeros beyond k)
     * @return {@code false}, out unspecified, when a pivot is at most {@link Dense#SINGULAR_PIVOT} times a's largest
     *     |entry| (or a is zero or not finite)
     */
    boolean solve(double[] a, int aStride, double[] b, int k, double[] work, double[] out);

    /**
     * The Gauss–Legendre sums of {@link NormalCorrection}: with A_j = (I + u_j² e)⁻¹ for the given nodes u_j,
     * {@code f = Σ_j w_j A_j} and {@code ef = Σ_j (w_j/u_j²)(I − A_j)}, rows of {@link #span(int)} lanes (zeros
     * beyond k). Each inverse by Gauss–Jordan elimination without pivoting, for matrices whose pivots stay well away
     * from zero (I + u²E with E positive semidefinite); the eliminations of the nodes run interleaved, pivot by pivot.
     *
     * @param e       k×k, rows of the span (zeros beyond k), not modified
     * @param nodes   u_j, the first {@code count} read
     * @param weights w_j, the first {@code count} read
     * @param count   the number of nodes, at least 1
     * @param work    scratch of length at least count·k·{@link #span(int)}
     * @param f       receives the first sum
     * @param ef      receives the second sum
     */
    void quadrature(double[] e, double[] nodes, double[] weights, int count, double[] work, double[] f, double[] ef,
                    int k);

    /**
     * The output pass: P = X_J R row by row (rows {@code lower[i]} of X), then in one flat pass
     * {@code out = h + t(P − K − h)}, returning max |out_ij| (NaN or ∞ when an entry is not finite), or Σ out_ij²
     * when {@code squares} (the running mean's ‖u‖²).
     *
     * @param x      X, n×k row-major
     * @param lower  the rows J of X, increasing
     * @param r      R, k rows each padded to {@link #span(int)} lanes (zeros beyond k)
     * @param k      columns, at most {@link #maxK()}
     * @param h      h, m×k (zeros for ingesting)
     * @param offset K, m×k (zeros for an Ehresmann chart); {@code null} for none, only with {@code squares}
     * @param t      the step fraction (1 for ingesting)
     * @param out    receives the m×k result (may alias h)
     * @param p      scratch for X_J R, length at least m·k + {@link #span(int)}
     * @param squares whether to return Σ out_ij² instead of max |out_ij|
     * @return max |out_ij|, or Σ out_ij²
     */
    double update(double[] x, int[] lower, double[] r, int k, double[] h, double[] offset, double t, double[] out,
                  double[] p, boolean squares);
}

package org.atlasgraph.grassmann;

import java.util.Arrays;
import java.util.function.DoubleUnaryOperator;
import org.ejml.concurrency.EjmlConcurrency;
import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.CommonOps_DDRM;
import org.ejml.dense.row.CommonOps_MT_DDRM;
import org.ejml.dense.row.factory.DecompositionFactory_DDRM;
import org.ejml.dense.row.mult.MatrixMatrixMult_DDRM;
import org.ejml.interfaces.decomposition.EigenDecomposition_F64;
import org.ejml.interfaces.decomposition.QRDecomposition;
import org.ejml.interfaces.decomposition.SingularValueDecomposition_F64;

/**
 * Dense row-major linear algebra for the Grassmann provider: thin wrappers over EJML that pick the multithreaded
 * products for large operands, a k×k Gauss–Jordan inverse with a scale-free singularity test, functions of small
 * symmetric matrices, and the sign-fixed thin QR. Every matrix here is at most n×k or k×k; nothing is n×n.
 */
final class Dense {
    /**
     * Products with at least this many multiply-adds use {@code CommonOps_MT_DDRM}: below it the thread hand-off
     * costs more than it saves (EJML mult reaches ~6.8 GFLOP/s single-threaded, ~13 multithreaded on 2 cores for
     * 1500×500·500×500).
     */
    static final double PARALLEL_MULTIPLY_ADDS = 2e7;

    /**
     * A pivot below this fraction of the largest absolute entry makes a k×k block numerically singular: ingesting
     * through it would lose all but ~4 significant digits, so the chart reports "cannot represent" instead.
     */
    static final double SINGULAR_PIVOT = 1e-12;

    /** From this order on {@link #solve} splits its work across EJML's threads (k³ ≥ 7·10⁶ multiply-adds). */
    static final int PARALLEL_SOLVE_FROM = 192;

    /** Fewest rows (or columns) a thread of {@link #solve} takes per elimination step: below it, hand-off dominates. */
    private static final int PARALLEL_ROWS = 64;

    private Dense() {
    }

    /** @return a matrix view of {@code data} (no copy) */
    static DMatrixRMaj wrap(int rows, int cols, double[] data) {
        return DMatrixRMaj.wrap(rows, cols, data);
    }

    private static boolean parallel(int rows, int inner, int cols) {
        return (double) rows * inner * cols >= PARALLEL_MULTIPLY_ADDS;
    }

    /**
     * From this many multiply-adds on, the products go to the native BLAS ({@link GrassmannKernels#BLAS}) where it is
     * available: the JNI copies of the operands (O(size)) are then small next to the arithmetic, and OpenBLAS is
     * 10–15× faster than EJML on this machine (100 vs 3–12 GFLOP/s on 2 cores).
     */
    static final double BLAS_MULTIPLY_ADDS = 1e5;

    private static boolean blas(int rows, int inner, int cols) {
        return GrassmannKernels.BLAS != null && (double) rows * inner * cols >= BLAS_MULTIPLY_ADDS;
    }

    private static void requireShape(DMatrixRMaj c, int rows, int cols) {
        if (c.numRows != rows || c.numCols != cols) {
            throw new IllegalArgumentException("multAdd: c is " + c.numRows + "×" + c.numCols + ", expected " + rows
                    + "×" + cols);
        }
    }

    /** c = a·b. */
    static void mult(DMatrixRMaj a, DMatrixRMaj b, DMatrixRMaj c) {
        if (blas(a.numRows, a.numCols, b.numCols)) {
            c.reshape(a.numRows, b.numCols);
            GrassmannKernels.BLAS.gemm(false, false, a.numRows, b.numCols, a.numCols, 1, a.data, b.data, 0, c.data);
        } else if (parallel(a.numRows, a.numCols, b.numCols)) {
            CommonOps_MT_DDRM.mult(a, b, c);
        } else {
            CommonOps_DDRM.mult(a, b, c);
        }
    }

    /** c += alpha·a·b. */
    static void multAdd(double alpha, DMatrixRMaj a, DMatrixRMaj b, DMatrixRMaj c) {
        if (blas(a.numRows, a.numCols, b.numCols)) {
            requireShape(c, a.numRows, b.numCols);
            GrassmannKernels.BLAS.gemm(false, false, a.numRows, b.numCols, a.numCols, alpha, a.data, b.data, 1,
                    c.data);
        } else if (parallel(a.numRows, a.numCols, b.numCols)) {
            CommonOps_MT_DDRM.multAdd(alpha, a, b, c);
        } else {
            CommonOps_DDRM.multAdd(alpha, a, b, c);
        }
    }

    /** c = aᵀ·b. */
    static void multTransA(DMatrixRMaj a, DMatrixRMaj b, DMatrixRMaj c) {
        if (blas(a.numCols, a.numRows, b.numCols)) {
            c.reshape(a.numCols, b.numCols);
            GrassmannKernels.BLAS.gemm(true, false, a.numCols, b.numCols, a.numRows, 1, a.data, b.data, 0, c.data);
        } else if (parallel(a.numCols, a.numRows, b.numCols)) {
            CommonOps_MT_DDRM.multTransA(a, b, c);
        } else {
            // Row-by-row outer products: EJML's choice for tall narrow operands (its column-strided "small" variant
            // ran at ~1 GMAC/s on 290×10).
            c.reshape(a.numCols, b.numCols);
            MatrixMatrixMult_DDRM.multTransA_reorder(a, b, c);
        }
    }

    /** c = a·bᵀ. */
    static void multTransB(DMatrixRMaj a, DMatrixRMaj b, DMatrixRMaj c) {
        if (blas(a.numRows, a.numCols, b.numRows)) {
            c.reshape(a.numRows, b.numRows);
            GrassmannKernels.BLAS.gemm(false, true, a.numRows, b.numRows, a.numCols, 1, a.data, b.data, 0, c.data);
        } else if (parallel(a.numRows, a.numCols, b.numRows)) {
            CommonOps_MT_DDRM.multTransB(a, b, c);
        } else {
            CommonOps_DDRM.multTransB(a, b, c);
        }
    }

    /** c = aᵀ·a (symmetric). */
    static void gram(DMatrixRMaj a, DMatrixRMaj c) {
        if (blas(a.numCols, a.numRows, a.numCols)) {
            c.reshape(a.numCols, a.numCols);
            GrassmannKernels.BLAS.gemm(true, false, a.numCols, a.numCols, a.numRows, 1, a.data, a.data, 0, c.data);
        } else if (parallel(a.numCols, a.numRows, a.numCols)) {
            CommonOps_MT_DDRM.multInner(a, c);
        } else {
            CommonOps_DDRM.multInner(a, c);
        }
    }

    /** @return a new rows×cols product a·b of row-major arrays */
    static double[] mult(double[] a, int rows, int inner, double[] b, int cols) {
        double[] c = new double[rows * cols];
        mult(wrap(rows, inner, a), wrap(inner, cols, b), wrap(rows, cols, c));
        return c;
    }

    /** @return a new inner×cols product aᵀ·b, with a rows×inner and b rows×cols */
    static double[] multTransA(double[] a, int rows, int inner, double[] b, int cols) {
        double[] c = new double[inner * cols];
        multTransA(wrap(rows, inner, a), wrap(rows, cols, b), wrap(inner, cols, c));
        return c;
    }

    /** @return aᵀa of a rows×cols array */
    static double[] gram(double[] a, int rows, int cols) {
        double[] c = new double[cols * cols];
        gram(wrap(rows, cols, a), wrap(cols, cols, c));
        return c;
    }

    /** @return I + aᵀa of a rows×cols array */
    static double[] identityPlusGram(double[] a, int rows, int cols) {
        double[] c = gram(a, rows, cols);
        for (int i = 0; i < cols; i++) {
            c[i * cols + i] += 1;
        }
        return c;
    }

    /**
     * Inverts a k×k matrix: {@link #solve} with the identity as right-hand side, O(k³), allocation-free; LAPACK's
     * ({@link LargeKernels#invert}) from {@link GrassmannKernels#BLAS_FROM_K} on where the native BLAS loads.
     *
     * @param a       the matrix (not modified)
     * @param k       its order
     * @param inverse receives a⁻¹ (k×k; may not alias {@code a})
     * @param scratch k×k scratch
     * @return {@code false} when a pivot falls below {@link #SINGULAR_PIVOT} times the largest entry of a
     */
    static boolean invert(double[] a, int k, double[] inverse, double[] scratch) {
        if (k >= GrassmannKernels.BLAS_FROM_K && GrassmannKernels.BLAS != null) {
            return GrassmannKernels.BLAS.invert(a, k, inverse);
        }
        Arrays.fill(inverse, 0, k * k, 0);
        for (int i = 0; i < k; i++) {
            inverse[i * k + i] = 1;
        }
        return solve(a, k, inverse, inverse, scratch);
    }

    /**
     * Solves a·x = rhs for k×k a and k×k rhs by Gaussian elimination with partial pivoting on the augmented rows
     * (LU with the forward substitution fused in, then back substitution): (4/3)k³ multiply-adds, every inner loop a
     * row-major axpy the JIT vectorizes, no allocation for small k. Used where the ingest kernels need a⁻¹·rhs once per
     * sample; cheaper than an inverse followed by a product. From {@link #PARALLEL_SOLVE_FROM} on, the row
     * updates of each elimination step and the columns of the back substitution are split across EJML's threads.
     *
     * @param a   the matrix (not modified)
     * @param k   its order
     * @param rhs the right-hand sides, k×k (read once, before x is written)
     * @param x   receives a⁻¹·rhs, k×k (may be rhs itself; may not alias a)
     * @param lu  k×k scratch
     * @return {@code false} when a pivot falls below {@link #SINGULAR_PIVOT} times the largest entry of a
     */
    static boolean solve(double[] a, int k, double[] rhs, double[] x, double[] lu) {
        int kk = k * k;
        System.arraycopy(a, 0, lu, 0, kk);
        System.arraycopy(rhs, 0, x, 0, kk);
        double scale = 0;
        for (int i = 0; i < kk; i++) {
            scale = Math.max(scale, Math.abs(a[i]));
        }
        if (!(scale > 0) || !Double.isFinite(scale)) {
            return false;
        }
        boolean parallel = k >= PARALLEL_SOLVE_FROM;
        double threshold = SINGULAR_PIVOT * scale;
        for (int col = 0; col < k; col++) {
            int p = col;
            double best = Math.abs(lu[col * k + col]);
            for (int r = col + 1; r < k; r++) {
                double v = Math.abs(lu[r * k + col]);
                if (v > best) {
                    best = v;
                    p = r;
                }
            }
            if (!(best > threshold)) {
                return false;
            }
            if (p != col) {
                swapRows(lu, k, p, col);
                swapRows(x, k, p, col);
            }
            int pivot = col;
            if (parallel && k - col > PARALLEL_ROWS) {
                EjmlConcurrency.loopBlocks(col + 1, k, PARALLEL_ROWS / 2,
                        (lo, hi) -> eliminate(lu, x, k, pivot, lo, hi));
            } else {
                eliminate(lu, x, k, pivot, col + 1, k);
            }
        }
        if (parallel) {
            EjmlConcurrency.loopBlocks(0, k, PARALLEL_ROWS / 2, (lo, hi) -> backSubstitute(lu, x, k, lo, hi));
        } else {
            backSubstitute(lu, x, k, 0, k);
        }
        return true;
    }

    /** Rows lo..hi−1 (all below the pivot row) of lu and x minus their multiple of the pivot row. */
    private static void eliminate(double[] lu, double[] x, int k, int col, int lo, int hi) {
        int pr = col * k;
        double inverse = 1 / lu[pr + col];
        for (int r = lo; r < hi; r++) {
            int rr = r * k;
            double l = lu[rr + col] * inverse;
            if (l == 0) {
                continue;
            }
            for (int c = col + 1; c < k; c++) {
                lu[rr + c] -= l * lu[pr + c];
            }
            for (int c = 0; c < k; c++) {
                x[rr + c] -= l * x[pr + c];
            }
        }
    }

    /** x ← U⁻¹x on columns lo..hi−1 of x, U the upper triangle of lu. */
    private static void backSubstitute(double[] lu, double[] x, int k, int lo, int hi) {
        for (int i = k - 1; i >= 0; i--) {
            int ri = i * k;
            for (int j = i + 1; j < k; j++) {
                double u = lu[ri + j];
                if (u == 0) {
                    continue;
                }
                int rj = j * k;
                for (int c = lo; c < hi; c++) {
                    x[ri + c] -= u * x[rj + c];
                }
            }
            double inverse = 1 / lu[ri + i];
            for (int c = lo; c < hi; c++) {
                x[ri + c] *= inverse;
            }
        }
    }

    private static void swapRows(double[] a, int k, int r1, int r2) {
        int o1 = r1 * k;
        int o2 = r2 * k;
        for (int c = 0; c < k; c++) {
            double t = a[o1 + c];
            a[o1 + c] = a[o2 + c];
            a[o2 + c] = t;
        }
    }

    /**
     * The eigendecomposition of a symmetric k×k matrix.
     *
     * @param values  eigenvalues λ_i
     * @param vectors row-major k×k matrix whose column i is the unit eigenvector of λ_i
     */
    record SymmetricEigen(double[] values, double[] vectors) {
        /** @return {@code V f(Λ) Vᵀ}, a new k×k array */
        double[] apply(DoubleUnaryOperator f) {
            double[] diagonal = new double[values.length];
            for (int j = 0; j < diagonal.length; j++) {
                diagonal[j] = f.applyAsDouble(values[j]);
            }
            return withDiagonal(diagonal);
        }

        /** @return {@code V diag(diagonal) Vᵀ}, a new k×k array; entry j of the diagonal pairs with eigenvalue j */
        double[] withDiagonal(double[] diagonal) {
            int k = values.length;
            double[] scaled = new double[k * k];
            for (int j = 0; j < k; j++) {
                for (int i = 0; i < k; i++) {
                    scaled[i * k + j] = vectors[i * k + j] * diagonal[j];
                }
            }
            double[] r = new double[k * k];
            multTransB(wrap(k, k, scaled), wrap(k, k, vectors), wrap(k, k, r));
            return r;
        }
    }

    /**
     * @param symmetric a symmetric k×k matrix (not modified)
     * @param k         its order
     * @return its eigenvalues and orthonormal eigenvectors: LAPACK's DSYEVD from {@link GrassmannKernels#BLAS_FROM_K}
     *     on where the native BLAS is available (eigenvalues ascending), else EJML's symmetric QR algorithm
     * @throws ArithmeticException if the algorithm does not converge
     */
    static SymmetricEigen symmetricEigen(double[] symmetric, int k) {
        if (k >= GrassmannKernels.BLAS_FROM_K && GrassmannKernels.BLAS != null) {
            // LAPACK's DSYEVD: 36 ms at k = 500 on one core where EJML's QR algorithm took 205 ms.
            double[] vectors = symmetric.clone();
            double[] values = new double[k];
            if (!GrassmannKernels.BLAS.symmetricEigen(vectors, k, values)) {
                throw new ArithmeticException("symmetric eigendecomposition of a " + k + "×" + k
                        + " matrix did not converge");
            }
            return new SymmetricEigen(values, vectors);
        }
        EigenDecomposition_F64<DMatrixRMaj> eig = DecompositionFactory_DDRM.eig(k, true, true);
        if (!eig.decompose(wrap(k, k, symmetric.clone()))) {
            throw new ArithmeticException("symmetric eigendecomposition of a " + k + "×" + k
                    + " matrix did not converge");
        }
        double[] values = new double[k];
        double[] vectors = new double[k * k];
        for (int j = 0; j < k; j++) {
            values[j] = eig.getEigenvalue(j).real;
            DMatrixRMaj v = eig.getEigenVector(j);
            for (int i = 0; i < k; i++) {
                vectors[i * k + j] = v.data[i];
            }
        }
        return new SymmetricEigen(values, vectors);
    }

    /**
     * The Q of {@link #thinQr} for a basis that is nearly orthonormal already, as samples and estimates are, by one
     * Cholesky QR step: {@code XᵀX = RᵀR}, {@code Q = XR⁻¹}, in nk² multiply-adds and no decomposition object (the
     * first update of a running mean at Gr(300,10) spent 55–90 µs in EJML's QR and SVD); from
     * {@link GrassmannKernels#BLAS_FROM_K} on by DSYRK, DPOTRF and DTRSM where the native BLAS loads (at Gr(2000,500)
     * LAPACK's Householder QR with the singular values of R took about 100 ms). Taken only where the Gershgorin discs
     * of XᵀX put its eigenvalues in [λ_lo, λ_hi] with λ_hi ≤ 4λ_lo, λ_lo &gt; 0: then X's condition number is at most
     * 2, far below {@link Grassmann#CONDITION_LIMIT}, and Q's departure from orthonormality, of order ε·cond(X)²,
     * stays at that of the Householder QR. R's positive diagonal makes Q the sign-fixed factor.
     *
     * @param x n×k row-major, finite (not modified)
     * @return Q (a new n×k array), or {@code null} when XᵀX does not certify cond(X) ≤ 2 (then {@link #thinQr})
     */
    static double[] nearlyOrthonormalQ(double[] x, int n, int k) {
        LargeKernels blas = k >= GrassmannKernels.BLAS_FROM_K ? GrassmannKernels.BLAS : null;
        double[] r = new double[k * k];
        if (blas != null) {
            blas.gram(x, n, k, r);
        } else {
            // The upper triangle row by row (both operands contiguous), then mirrored: the lower one is read below.
            for (int i = 0; i < n; i++) {
                int o = i * k;
                for (int a = 0; a < k; a++) {
                    double xa = x[o + a];
                    for (int b = a; b < k; b++) {
                        r[a * k + b] += xa * x[o + b];
                    }
                }
            }
            for (int a = 0; a < k; a++) {
                for (int b = a + 1; b < k; b++) {
                    r[b * k + a] = r[a * k + b];
                }
            }
        }
        double lo = Double.POSITIVE_INFINITY;
        double hi = 0;
        for (int a = 0; a < k; a++) {
            double radius = 0;
            for (int b = 0; b < k; b++) {
                radius += Math.abs(b < a ? r[a * k + b] : b > a ? r[b * k + a] : 0);
            }
            lo = Math.min(lo, r[a * k + a] - radius);
            hi = Math.max(hi, r[a * k + a] + radius);
        }
        if (!(lo > 0 && hi <= 4 * lo)) {
            return null;
        }
        // XᵀX = LLᵀ in place on the lower triangle (pivots ≥ λ_lo > 0), R = Lᵀ: R's (a, c) entry is r[c·k + a].
        if (!Panels.positiveDefinite(r, k, blas)) {
            return null;
        }
        double[] q = new double[n * k];
        if (blas != null) {
            System.arraycopy(x, 0, q, 0, n * k);
            blas.solveLowerTransposed(r, q, n, k);
            return q;
        }
        for (int i = 0; i < n; i++) {
            int o = i * k;
            for (int c = 0; c < k; c++) {
                double s = x[o + c];
                for (int a = 0; a < c; a++) {
                    s -= q[o + a] * r[c * k + a];
                }
                q[o + c] = s / r[c * k + c];
            }
        }
        return q;
    }

    /**
     * The sign-fixed thin QR of a full-rank n×k matrix: the orthonormal Q with {@code X = QR} and R's diagonal
     * positive, unique, so a Gaussian X gives a Haar-distributed Q (App. C.3) and an already orthonormal X gives
     * itself back up to rounding.
     *
     * @param x n×k row-major (not modified)
     * @return Q (new n×k array) and the singular values of R, which are those of X; a zero singular value (and no
     *     usable Q) when the factorization breaks down on a rank-deficient X
     */
    static ThinQr thinQr(double[] x, int n, int k) {
        if (largeQr(n, k)) {
            return nativeQr(x, n, k, true);
        }
        Decompositions d = DECOMPOSITIONS.get();
        if (d == null || d.n != n || d.k != k) {
            d = new Decompositions(n, k);
            DECOMPOSITIONS.set(d);
        }
        QRDecomposition<DMatrixRMaj> qr = d.qr;
        if (!qr.decompose(wrap(n, k, x.clone()))) {
            return new ThinQr(new double[n * k], new double[] {0});
        }
        DMatrixRMaj q = qr.getQ(null, true);
        DMatrixRMaj r = qr.getR(null, true);
        for (int j = 0; j < k; j++) {
            if (r.get(j, j) < 0) {
                for (int i = 0; i < n; i++) {
                    q.data[i * k + j] = -q.data[i * k + j];
                }
            }
        }
        SingularValueDecomposition_F64<DMatrixRMaj> svd = d.svd;
        double[] sv = svd.decompose(r) ? Arrays.copyOf(svd.getSingularValues(), svd.numberOfSingularValues())
                : new double[] {0};
        return new ThinQr(q.data, sv);
    }

    /**
     * σ_max/σ_min of a full-rank n×k matrix (that of its thin QR's R), without forming Q where the native BLAS
     * takes the QR.
     *
     * @param x n×k row-major (not modified)
     * @return the condition number, infinite for a rank-deficient x
     */
    static double condition(double[] x, int n, int k) {
        return (largeQr(n, k) ? nativeQr(x, n, k, false) : thinQr(x, n, k)).condition();
    }

    /** @return whether the QR of an n×k matrix goes to LAPACK: from {@link GrassmannKernels#BLAS_FROM_K} columns on */
    private static boolean largeQr(int n, int k) {
        return k >= GrassmannKernels.BLAS_FROM_K && GrassmannKernels.BLAS != null && n >= k;
    }

    /**
     * {@link #thinQr} on LAPACK (DGEQRF, DORGQR, DGESDD): at Gr(2000,500) 100 ms (68 ms without Q)
     * where EJML's Householder QR took 700 ms (measured under load 7.6).
     *
     * @param formQ whether to form Q (else the result's q is all zeros: only its singular values are wanted)
     */
    private static ThinQr nativeQr(double[] x, int n, int k, boolean formQ) {
        double[] q = x.clone();
        double[] r = new double[k * k];
        double[] sv = new double[k];
        if (!GrassmannKernels.BLAS.thinQr(q, n, k, r, formQ)) {
            return new ThinQr(new double[n * k], new double[] {0});
        }
        if (formQ) {
            for (int j = 0; j < k; j++) {
                if (r[j * k + j] < 0) {
                    for (int i = 0; i < n; i++) {
                        q[i * k + j] = -q[i * k + j];
                    }
                }
            }
        } else {
            Arrays.fill(q, 0);
        }
        if (!GrassmannKernels.BLAS.singularValues(r, k, sv)) {
            sv = new double[] {0};
        }
        return new ThinQr(q, sv);
    }

    /** This thread's EJML decompositions for {@link #thinQr} of its last (n, k): built once, not per call. */
    private static final ThreadLocal<Decompositions> DECOMPOSITIONS = new ThreadLocal<>();

    /** The reusable QR of an n×k matrix and SVD of its k×k R. */
    private static final class Decompositions {
        final int n;
        final int k;
        final QRDecomposition<DMatrixRMaj> qr;
        final SingularValueDecomposition_F64<DMatrixRMaj> svd;

        Decompositions(int n, int k) {
            this.n = n;
            this.k = k;
            this.qr = DecompositionFactory_DDRM.qr(n, k);
            this.svd = DecompositionFactory_DDRM.svd(k, k, false, false, true);
        }
    }

    /**
     * A thin QR factorization.
     *
     * @param q              the orthonormal factor, n×k row-major
     * @param singularValues the singular values of the input matrix (those of R)
     */
    record ThinQr(double[] q, double[] singularValues) {
        /** @return σ_max/σ_min, infinite when σ_min = 0 */
        double condition() {
            double lo = Double.POSITIVE_INFINITY;
            double hi = 0;
            for (double s : singularValues) {
                lo = Math.min(lo, s);
                hi = Math.max(hi, s);
            }
            return lo > 0 ? hi / lo : Double.POSITIVE_INFINITY;
        }
    }

    /** @return the largest |aᵀa − I| entry of an n×k array: 0 for an orthonormal basis */
    static double orthonormalityDefect(double[] a, int n, int k) {
        return identityDefect(gram(a, n, k), k);
    }

    /** @return the largest |g − I| entry of a k×k array, infinite if an entry is NaN */
    static double identityDefect(double[] g, int k) {
        double worst = 0;
        for (int i = 0; i < k; i++) {
            for (int j = 0; j < k; j++) {
                worst = Math.max(worst, Math.abs(g[i * k + j] - (i == j ? 1 : 0)));
            }
        }
        return Double.isNaN(worst) ? Double.POSITIVE_INFINITY : worst;
    }

    /** @return the largest absolute entry, 0 for an empty array */
    static double maxAbs(double[] a) {
        return maxAbs(a, 0, a.length);
    }

    /** @return the largest absolute entry of a[from], …, a[from + length − 1], 0 when length is 0 */
    static double maxAbs(double[] a, int from, int length) {
        double m = 0;
        for (int i = from; i < from + length; i++) {
            m = Math.max(m, Math.abs(a[i]));
        }
        return m;
    }
}

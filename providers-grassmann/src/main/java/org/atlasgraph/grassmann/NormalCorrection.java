package org.atlasgraph.grassmann;

import java.util.Arrays;

/**
 * The normal-coordinate correction of a Grassmann chart, applied inside the ingest kernel: R = X_U⁻¹ ← R·g(BᵀB) with
 * {@code g(s) = arctan(√s)/√s}, so that the kernel's P = X_J R yields the Riemannian logarithm at the chart's centre
 * instead of the chart coordinates.
 *
 * <p>Why it works: in orthonormal-frame coordinates a sample's chart coordinates are B = X_L X_U⁻¹ = U tan(Θ) Vᵀ for
 * its principal angles Θ to the centre, and its logarithm at the centre is {@code U Θ Vᵀ = B·g(BᵀB)} (Fig. S1,
 * ManoptLog: B is the matrix whose SVD ManoptLog takes). The factor acts on the right, so it commutes with the
 * published coordinates' S_m on the left and with the kernel's affine offset, and folds into R before the second pass:
 * the O((n−k)k²) passes are unchanged. The correction needs the Gram matrix XᵀX of the sample (it need not be
 * orthonormal), which the kernel takes where it reads X ({@link GrassmannKernels#normalStep}: nk² multiply-adds in
 * the vector kernels' passes over X, nk²/2 by DSYRK or the scalar loops), then O(k³):
 * {@code E = BᵀB = Rᵀ(XᵀX)R − I} (as Rᵀ X_UᵀX_U R = I, 1.5k³), g(E) and R·g(E) (k³).
 *
 * <p>g(E) without an eigendecomposition: {@code g(s) = ∫₀¹ du/(1 + s u²)}, a Stieltjes function of s, so its
 * Gauss–Legendre sums {@code Σ w_j (1 + s u_j²)⁻¹} over n node pairs are its [n−1/n] Padé approximants, with error at
 * most {@code 4 q^{2n}}, {@code q = (√(1+s) − 1)/(√(1+s) + 1)}, on s ≥ 0. With an upper bound on λ_max for s, the
 * smaller of Samuelson's ({@link #samuelson}, from tr E and ‖E‖_F; never above ‖E‖_F) and ‖E‖_∞,
 * the fewest n ≤ {@value #MAX_NODES} that reach {@value #TOLERANCE} are taken, each node costing one k×k inverse of
 * {@code I + u_j² E} (eigenvalues ≥ 1, perfectly conditioned): Gauss–Jordan without pivoting (k³), its rows as
 * vectors where the vector kernels are given (k ≤ 16; there the nodes' eliminations run interleaved, pivot by pivot,
 * as their latency, not their k³, bounds them), LAPACK's DPOTRF/DPOTRI where the native BLAS is (k ≥ 17),
 * else scalar loops. The k×k products go the same ways (on the vector kernels in rows of the span, as the kernel
 * keeps XᵀX and R, so that no vector load straddles two earlier stores). In the running mean of GPD(X, 2) samples
 * (400, t = 1/i) at {@value #TOLERANCE}, n averaged 3.99 at Gr(30,5), 3 at Gr(100,5), 2.24 at Gr(300,10) and 2 at
 * Gr(2000,10) (with min(‖E‖_F, ‖E‖_∞) in place of Samuelson's bound 3.99, 3, 2.54 and 2): at Gr(30,5) even that
 * bound stays above 0.048, where three nodes stop sufficing, in 394 of 399 samples. Where the bound is too large
 * (principal angles near 45° and beyond) the symmetric eigendecomposition is used instead: LAPACK's DSYEVD where the
 * native BLAS is (its factor V g(Λ)Vᵀ by DGEMM), else tridiagonal QL ({@link SmallEigen}) below
 * {@link #JACOBI_BELOW} and EJML's QR algorithm from it on. (At k = 500 DSYEVD costs about thirteen of the
 * quadrature's inverses, 60 vs 4.5 ms on one core: the quadrature stays first.) The squared distance of the
 * sample from the centre, {@code Σθ_i² = ‖B·g(E)‖² = tr(E·g(E)²)}, comes out on the way: the quadrature sums
 * E·g(E) beside g(E) from the same inverses, so the trace costs k².
 *
 * <p>Per sample, then, (2.5 + n)k³ multiply-adds besides XᵀX: at k = 5 this k×k work, not the O(nk²) passes,
 * was most of the running mean's time (a profile of Gr(30,5) with the scalar k×k loops: 60%; with the vector kernels
 * on padded copies, a third).
 *
 * <p>On the native BLAS, where a k×k product or inverse reaches {@link TwoWay#SPLIT_FROM} multiply-adds (k ≥ 369;
 * Gr(2000,500)), the work is split between the calling thread and {@link TwoWay}'s helper: the quadrature's nodes
 * (the first ⌈n/2⌉ here, the others there, each into its own sums, added in that order) and the three k×k products
 * (by rows, each half on its own copies). The partitions are fixed, so the result does not depend on the timing.
 *
 * <p>Mutable, used by one thread at a time, allocation-free below {@link GrassmannKernels#BLOCKED_FROM_K}.
 */
final class NormalCorrection implements GrassmannKernels.RightFactor {
    /** Orders from which EJML's QR algorithm replaces {@link SmallEigen}'s own tridiagonal QL (no allocation). */
    static final int JACOBI_BELOW = 32;
    /**
     * Largest error of the Gauss–Legendre sums for g, per eigenvalue (their bound 4q^{2n}). Enough because the
     * running mean averages the samples' logarithms with weights t that sum to one: an error of at most ε·‖B‖ in
     * each (ε here; ‖B‖² = λ_max ≤ 1.1 wherever the sums are used) moves the estimate by at most 1.05ε, about seven
     * orders of magnitude below the statistical error √(s/N) of any stream a machine can run (s ~ 10⁻², N ≤ 10¹²),
     * and below the 10⁻¹⁰ at which the tests compare it with the closed forms. From 10⁻¹⁴ it saves a node in most
     * samples at Gr(30,5): four reach it up to a bound of 0.153 on λ_max, where 10⁻¹⁴ needed five from 0.062.
     */
    static final double TOLERANCE = 1e-11;
    /** Power steps of {@link #certified}. */
    static final int POWER_STEPS = 20;
    /** The factor over the power steps' Rayleigh quotient that {@link #certified} tries to certify. */
    static final double CERTIFY_MARGIN = 1.15;
    /** Most Gauss–Legendre node pairs; beyond them (a bound on λ_max above 1.1) the eigendecomposition is cheaper. */
    static final int MAX_NODES = 10;
    /** NODES[n] and WEIGHTS[n]: the positive nodes of 2n-point Gauss–Legendre on [−1, 1] and their weights. */
    private static final double[][] NODES = new double[MAX_NODES + 1][];
    private static final double[][] WEIGHTS = new double[MAX_NODES + 1][];

    static {
        for (int n = 1; n <= MAX_NODES; n++) {
            gaussLegendre(n);
        }
    }

    private final int k;
    private final double[] e;
    private final double[] tmp;
    private final double[] vectors;
    private final double[] values;
    private final double[] factor;
    private final double[] r0;
    private final double[] cholesky;
    /** The vector kernels' inverses of the quadrature, one k×pitch block per node (else empty). */
    private final double[] inverses;
    /** E·F, accumulated with F by the quadrature: Σ_j (w_j/u_j²)(I − (I + u_j² E)⁻¹). */
    private final double[] ef;
    /** The native BLAS for the k×k products and inverses, or {@code null}. */
    private final LargeKernels blas;
    /** The vector kernels for the k×k products and inverses, or {@code null}. */
    private final SmallKernels small;
    /** The row length of the padded copies below: the vector kernels' span, else k. */
    private final int pitch;
    /**
     * For the vector kernels (else empty), rows of {@code pitch} lanes: (XᵀX)R, E before symmetrizing and R·F; E, F
     * and E·F (zeros beyond k).
     */
    private final double[] productFlat;
    private final double[] eFlat;
    private final double[] ePadded;
    private final double[] factorPadded;
    private final double[] efPadded;
    /** The absolute row sums of E, for its ∞-norm (vector path). */
    private final double[] rowSums;
    /** The spectral branch's eigendecomposition of E; {@link #vectors} and {@link #values} are its arrays. */
    private final SmallEigen eigen;
    /** The power iteration's vectors of {@link #certified}, k each. */
    private final double[] iterate;
    private final double[] image;
    /** The helper's inverse and sums where the nodes are split (else empty). */
    private final double[] otherInverse;
    private final double[] otherFactor;
    private final double[] otherEf;
    /**
     * The halves of the split {@link #product} where a k×k product is large (else empty): a's first rows (or columns,
     * k×k/2) and the other half's, and the two halves of the result.
     */
    private final double[] topA;
    private final double[] lowA;
    private final double[] topOut;
    private final double[] lowOut;
    /** The operands of the split product, between the halves. */
    private double[] productA;
    private double[] productB;
    private boolean productTransposed;
    private final Runnable topProduct = this::topProduct;
    private final Runnable lowProduct = this::lowProduct;
    /** The nodes of the split quadrature, and the first of the helper's. */
    private int nodeCount;
    private int nodeSplit;
    /** The two halves of the split quadrature, made once. */
    private final Runnable ownNodes = this::ownNodes;
    private final Runnable otherNodes = this::otherNodes;
    private double squaredDistance;
    /** An upper bound on λ_max(E) = tan² of the largest principal angle of the sample last corrected. */
    private double largest;

    /**
     * @param k     the order
     * @param small the vector kernels for the k×k products and inverses (rows as vectors), or {@code null}
     * @param blas  the native BLAS for them (DGEMM, DPOTRF/DPOTRI), or {@code null}; with neither, the loops below
     *              (EJML from {@link GrassmannKernels#BLOCKED_FROM_K} on)
     */
    NormalCorrection(int k, SmallKernels small, LargeKernels blas) {
        this(k, small, blas, TwoWay.DEFAULT);
    }

    /**
     * @param k      the order
     * @param small  the vector kernels, or {@code null}
     * @param blas   the native BLAS, or {@code null}
     * @param halves when the native quadrature's nodes and k×k products are split between two threads
     *               ({@link TwoWay})
     */
    NormalCorrection(int k, SmallKernels small, LargeKernels blas, TwoWay halves) {
        this.k = k;
        this.small = small;
        this.blas = small == null ? blas : null;
        this.pitch = small == null ? k : small.span(k);
        int kk = k * k;
        int padded = small == null ? 0 : k * pitch;
        int flat = padded;
        productFlat = new double[flat];
        eFlat = new double[flat];
        ePadded = new double[padded];
        factorPadded = new double[padded];
        efPadded = new double[padded];
        rowSums = new double[k];
        e = new double[kk];
        tmp = new double[kk];
        eigen = new SmallEigen(k, this.blas);
        vectors = eigen.vectors;
        values = eigen.values;
        factor = new double[kk];
        r0 = new double[kk];
        cholesky = new double[kk];
        inverses = new double[small == null ? 0 : MAX_NODES * padded];
        ef = new double[kk];
        // On the native BLAS from a product or inverse of SPLIT_FROM multiply-adds on: the nodes and products split.
        boolean split = this.blas != null && halves.splits((double) k * k * k);
        int other = split ? kk : 0;
        otherInverse = new double[other];
        otherFactor = new double[other];
        otherEf = new double[other];
        int half = k / 2;
        topA = new double[split ? k * half : 0];
        topOut = new double[split ? k * half : 0];
        lowA = new double[split ? k * (k - half) : 0];
        lowOut = new double[split ? k * (k - half) : 0];
        iterate = new double[k];
        image = new double[k];
    }

    /** @return Σθ_i², the squared distance from the centre of the sample last corrected */
    double squaredDistance() {
        return squaredDistance;
    }

    /**
     * @return an upper bound on the largest principal angle to the centre of the sample last corrected,
     *     {@code arctan √λ} for the bound λ on λ_max(BᵀB) that chose the nodes (exact where the eigendecomposition was
     *     taken); the spectral norm of its normal coordinates, which the Frobenius norm √(Σθ²) exceeds up to √k times
     */
    double largestAngle() {
        return Math.atan(Math.sqrt(Math.max(largest, 0)));
    }

    /** @return g(BᵀB) of the sample last corrected, k×k (owned by this object, overwritten by the next) */
    double[] factor() {
        return factor;
    }

    /** @return the row stride of {@link #apply}'s operands: the vector kernels' span where given, else k */
    int pitch() {
        return pitch;
    }

    /**
     * {@inheritDoc}
     *
     * <p>On the vector kernels {@code gram} and {@code r} have rows of {@link #pitch} lanes (those of r beyond k
     * zero), as the kernels keep them.
     */
    @Override
    public boolean apply(double[] gram, double[] r) {
        // XᵀX's diagonal is finite exactly when every entry of X is (and its squares do not overflow): k tests in
        // place of a pass over X, so that the running mean need not check its samples first.
        for (int a = 0; a < k; a++) {
            if (!(gram[a * pitch + a] < Double.POSITIVE_INFINITY)) {
                return false;
            }
        }
        if (small != null) {
            applyVector(gram, r);
            return true;
        }
        // E = Rᵀ (XᵀX) R − I = BᵀB, symmetric.
        if (blas != null || k >= GrassmannKernels.BLOCKED_FROM_K) {
            product(gram, r, tmp, false);
            product(r, tmp, e, true);
            for (int a = 0; a < k; a++) {
                for (int b = a + 1; b < k; b++) {
                    double v = 0.5 * (e[a * k + b] + e[b * k + a]);
                    e[a * k + b] = v;
                    e[b * k + a] = v;
                }
            }
        } else {
            product(gram, r, tmp, false);
            upperTransposedProduct(r, tmp, e);
        }
        for (int a = 0; a < k; a++) {
            e[a * k + a] -= 1;
        }
        // λ_max ≤ min(Samuelson's bound, ‖E‖_∞): the first is basis-free, the largest absolute row sum tighter where
        // E is nearly diagonal.
        double frobenius = 0;
        double rows = 0;
        double trace = 0;
        for (int a = 0; a < k; a++) {
            double row = 0;
            trace += e[a * k + a];
            for (int b = 0; b < k; b++) {
                double v = e[a * k + b];
                frobenius += v * v;
                row += Math.abs(v);
            }
            rows = Math.max(rows, row);
        }
        largest = Math.min(samuelson(trace, frobenius, k), rows);
        if (k >= GrassmannKernels.BLAS_FROM_K) {
            largest = certified(largest);
        }
        int nodes = nodes(largest);
        if (nodes > 0) {
            quadrature(nodes);
        } else {
            spectral();
        }
        System.arraycopy(r, 0, r0, 0, k * k);
        product(r0, factor, r, false);
        return true;
    }

    /**
     * The vector kernels' correction, every k×k matrix in rows of {@link #pitch} lanes: E = Rᵀ((XᵀX)R) by two
     * products, symmetrized into its copy with zeros beyond k with its norms on the way; the quadrature's inverses
     * and sums; R·F. F is copied unpadded for {@link #factor}.
     */
    private void applyVector(double[] gram, double[] r) {
        small.multiply(gram, pitch, false, r, pitch, productFlat, pitch, k);
        small.multiply(r, pitch, true, productFlat, pitch, eFlat, pitch, k);
        double frobenius = 0;
        double trace = 0;
        Arrays.fill(rowSums, 0);
        for (int a = 0; a < k; a++) {
            double diagonal = eFlat[a * pitch + a] - 1;
            ePadded[a * pitch + a] = diagonal;
            trace += diagonal;
            frobenius += diagonal * diagonal;
            rowSums[a] += Math.abs(diagonal);
            for (int b = a + 1; b < k; b++) {
                double v = 0.5 * (eFlat[a * pitch + b] + eFlat[b * pitch + a]);
                ePadded[a * pitch + b] = v;
                ePadded[b * pitch + a] = v;
                frobenius += 2 * v * v;
                rowSums[a] += Math.abs(v);
                rowSums[b] += Math.abs(v);
            }
        }
        double rows = 0;
        for (int a = 0; a < k; a++) {
            rows = Math.max(rows, rowSums[a]);
        }
        largest = Math.min(samuelson(trace, frobenius, k), rows);
        int nodes = nodes(largest);
        if (nodes > 0) {
            small.quadrature(ePadded, NODES[nodes], WEIGHTS[nodes], nodes, inverses, factorPadded, efPadded, k);
            // Σθ² = tr(EF·F) = Σ_ab (EF)_ab F_ab (both symmetric).
            double sum = 0;
            for (int a = 0; a < k; a++) {
                for (int b = 0; b < k; b++) {
                    sum += efPadded[a * pitch + b] * factorPadded[a * pitch + b];
                }
                System.arraycopy(factorPadded, a * pitch, factor, a * k, k);
            }
            squaredDistance = sum;
        } else {
            for (int a = 0; a < k; a++) {
                System.arraycopy(ePadded, a * pitch, e, a * k, k);
            }
            spectral();
            for (int a = 0; a < k; a++) {
                System.arraycopy(factor, a * k, factorPadded, a * pitch, k);
            }
        }
        small.multiply(r, pitch, false, factorPadded, pitch, productFlat, pitch, k);
        System.arraycopy(productFlat, 0, r, 0, k * pitch);
    }

    /**
     * Samuelson's inequality (Wolkowicz and Styan's bound): the k real eigenvalues of a symmetric matrix with mean
     * μ = tr/k and variance σ² = ‖·‖_F²/k − μ² all lie within σ√(k − 1) of μ, so λ_max ≤ μ + σ√(k − 1). Never above
     * the Frobenius norm (the eigenvalues (μ + σ√(k−1), x, …, x) have the same mean, variance and norm) and exact
     * for rank one and for multiples of I; O(1) from the trace and ‖·‖_F², which the correction takes anyway.
     *
     * @param trace      the trace
     * @param frobenius2 the squared Frobenius norm
     * @param k          the order
     * @return the upper bound on the largest eigenvalue
     */
    static double samuelson(double trace, double frobenius2, int k) {
        double mean = trace / k;
        return mean + Math.sqrt(Math.max(frobenius2 / k - mean * mean, 0) * (k - 1));
    }

    /**
     * A tighter upper bound on λ_max(E) than {@code bound} where one is found: the Rayleigh quotient ρ ≤ λ_max of
     * {@value #POWER_STEPS} power steps (k² each), then μ = {@value #CERTIFY_MARGIN}·ρ is certified by the Cholesky
     * factorization of μI − E ({@link Panels#positiveDefinite}, k³/6: a sixth of one node's inverse). Samuelson's bound
     * and ‖E‖_∞ grow with the spread of E's eigenvalues, as √k times their deviation: on GPD(X, 2) samples at
     * Gr(2000,500) (largest principal angle 0.42) they bound it by 0.66–0.81, so that the quadrature took 7–8 nodes
     * where 5 suffice, and the running mean's largest-angle bounds ({@link GrassmannRunningMean}) were near π/4.
     *
     * @param bound an upper bound on λ_max(E)
     * @return μ where certified and below {@code bound}, else {@code bound}
     */
    private double certified(double bound) {
        for (int i = 0; i < k; i++) {
            // A fixed start with no symmetry a matrix is likely to share.
            iterate[i] = 1 + (i * 0.6180339887498949) % 1;
        }
        double rho = 0;
        for (int step = 0; step < POWER_STEPS; step++) {
            if (blas != null) {
                blas.gemm(false, false, k, 1, k, 1, e, iterate, 0, image);
            } else {
                for (int a = 0; a < k; a++) {
                    double v = 0;
                    for (int b = 0; b < k; b++) {
                        v += e[a * k + b] * iterate[b];
                    }
                    image[a] = v;
                }
            }
            double norm2 = 0;
            double quotient = 0;
            for (int a = 0; a < k; a++) {
                norm2 += iterate[a] * iterate[a];
                quotient += iterate[a] * image[a];
            }
            rho = quotient / norm2;
            double scale = 0;
            for (int a = 0; a < k; a++) {
                scale = Math.max(scale, Math.abs(image[a]));
            }
            if (!(scale > 0) || scale == Double.POSITIVE_INFINITY) {
                return bound;
            }
            for (int a = 0; a < k; a++) {
                iterate[a] = image[a] / scale;
            }
        }
        double mu = CERTIFY_MARGIN * rho;
        if (!(mu < bound)) {
            return bound;
        }
        for (int a = 0; a < k; a++) {
            for (int b = 0; b < k; b++) {
                cholesky[a * k + b] = -e[a * k + b];
            }
            cholesky[a * k + a] += mu;
        }
        return Panels.positiveDefinite(cholesky, k, blas) ? mu : bound;
    }

    /** @return the fewest node pairs whose error bound at s is below {@link #TOLERANCE}, 0 if more than the most */
    static int nodes(double s) {
        double root = Math.sqrt(1 + s);
        double q = (root - 1) / (root + 1);
        double bound = 4;
        for (int n = 1; n <= MAX_NODES; n++) {
            bound *= q * q;
            if (bound <= TOLERANCE) {
                return n;
            }
        }
        return 0;
    }

    /**
     * factor = Σ_j w_j (I + u_j² E)⁻¹, each inverse by Cholesky; E·factor = Σ_j (w_j/u_j²)(I − (I + u_j² E)⁻¹) on
     * the way (E(I + u²E)⁻¹ = (I − (I + u²E)⁻¹)/u²), so that Σθ² = tr(E·factor²) costs k², not a product. E is kept.
     * Where one node's inverse is large ({@link TwoWay}) the nodes are split in two: the first ⌈n/2⌉ here, the
     * others on the helper thread into their own sums, added to these afterwards (the same bits whatever the timing).
     */
    private void quadrature(int n) {
        if (n > 1 && otherFactor.length > 0) {
            nodeCount = n;
            nodeSplit = (n + 1) / 2;
            TwoWay.run(ownNodes, otherNodes);
            for (int a = 0; a < k; a++) {
                for (int b = a; b < k; b++) {
                    factor[a * k + b] += otherFactor[a * k + b];
                    ef[a * k + b] += otherEf[a * k + b];
                }
            }
        } else {
            nodes(n, 0, n, cholesky, factor, ef);
        }
        // Mirror the upper triangles; Σθ² = tr(EF·F) = Σ_ab (EF)_ab F_ab (both symmetric).
        double sum = 0;
        for (int a = 0; a < k; a++) {
            sum += ef[a * k + a] * factor[a * k + a];
            for (int b = a + 1; b < k; b++) {
                factor[b * k + a] = factor[a * k + b];
                sum += 2 * ef[a * k + b] * factor[a * k + b];
            }
        }
        squaredDistance = sum;
    }

    /** The first k/2 rows of the split {@link #product}, into {@link #topOut}. */
    private void topProduct() {
        int half = k / 2;
        if (productTransposed) {
            columns(productA, 0, half, topA);
            blas.gemm(true, false, half, k, k, 1, topA, productB, 0, topOut);
        } else {
            blas.gemm(false, false, half, k, k, 1, productA, productB, 0, topOut);
        }
    }

    /** The other rows of the split {@link #product}, into {@link #lowOut}. */
    private void lowProduct() {
        int half = k / 2;
        if (productTransposed) {
            columns(productA, half, k, lowA);
        } else {
            System.arraycopy(productA, half * k, lowA, 0, (k - half) * k);
        }
        blas.gemm(productTransposed, false, k - half, k, k, 1, lowA, productB, 0, lowOut);
    }

    /** to = the columns {@code from} to {@code until − 1} of the k×k a, k rows of {@code until − from}. */
    private void columns(double[] a, int from, int until, double[] to) {
        int width = until - from;
        for (int i = 0; i < k; i++) {
            System.arraycopy(a, i * k + from, to, i * width, width);
        }
    }

    private void ownNodes() {
        nodes(nodeCount, 0, nodeSplit, cholesky, factor, ef);
    }

    private void otherNodes() {
        nodes(nodeCount, nodeSplit, nodeCount, otherInverse, otherFactor, otherEf);
    }

    /**
     * The upper triangles of the sums of {@link #quadrature} over the nodes {@code from} to {@code to − 1} of n.
     *
     * @param inverse k×k scratch for the inverses
     * @param sum     receives Σ w_j (I + u_j² E)⁻¹ (upper triangle)
     * @param esum    receives Σ (w_j/u_j²)(I − (I + u_j² E)⁻¹) (upper triangle)
     */
    private void nodes(int n, int from, int to, double[] inverse, double[] sum, double[] esum) {
        Arrays.fill(sum, 0, k * k, 0);
        Arrays.fill(esum, 0, k * k, 0);
        for (int j = from; j < to; j++) {
            double u2 = NODES[n][j] * NODES[n][j];
            for (int a = 0; a < k; a++) {
                for (int b = 0; b < k; b++) {
                    inverse[a * k + b] = u2 * e[a * k + b];
                }
                inverse[a * k + a] += 1;
            }
            if (blas == null) {
                invert(inverse);
            } else if (!blas.invertSpd(inverse, k)) {
                // I + u²E has eigenvalues ≥ 1 unless E is not finite: let the NaN reach the caller's check.
                Arrays.fill(inverse, Double.NaN);
            }
            double w = WEIGHTS[n][j];
            double v = w / u2;
            for (int a = 0; a < k; a++) {
                for (int b = a; b < k; b++) {
                    double entry = inverse[a * k + b];
                    sum[a * k + b] += w * entry;
                    esum[a * k + b] += v * ((a == b ? 1 : 0) - entry);
                }
            }
        }
    }

    /**
     * A ← A⁻¹ in place by Gauss–Jordan elimination without pivoting, for A = I + u²E (symmetric, eigenvalues in
     * [1, 1 + u²λ_max]: perfectly conditioned, every pivot ≥ 1): the scalar fallback of the vector kernels'
     * {@link SmallKernels#quadrature}, same arithmetic. k³ multiply-adds where a Cholesky inverse needs k³/2, but as
     * independent row updates instead of chains of dot products.
     */
    private void invert(double[] a) {
        for (int p = 0; p < k; p++) {
            int po = p * k;
            double d = 1 / a[po + p];
            a[po + p] = 1;
            for (int j = 0; j < k; j++) {
                a[po + j] *= d;
            }
            for (int i = 0; i < k; i++) {
                if (i == p) {
                    continue;
                }
                int io = i * k;
                double f = a[io + p];
                a[io + p] = 0;
                for (int j = 0; j < k; j++) {
                    a[io + j] -= f * a[po + j];
                }
            }
        }
    }

    /** factor = V g(Λ) Vᵀ ({@link SmallEigen#compose}) and Σθ² from the symmetric eigendecomposition of E. */
    private void spectral() {
        decompose();
        double sum = 0;
        largest = 0;
        for (int a = 0; a < k; a++) {
            double s = Math.max(values[a], 0);
            largest = Math.max(largest, s);
            double root = Math.sqrt(s);
            double theta = Math.atan(root);
            sum += theta * theta;
            // arctan(√s)/√s, by its series where √s is tiny (1 − s/3 to double precision below 1e-8).
            values[a] = root > 1e-8 ? theta / root : 1 - s / 3;
        }
        squaredDistance = sum;
        eigen.compose(values, factor);
    }

    /**
     * The positive nodes and weights of 2n-point Gauss–Legendre quadrature on [−1, 1] (Newton's method on the
     * Legendre polynomial from Tricomi's initial guesses): {@code ∫₀¹ f = Σ_j w_j f(u_j)} for even f, exact for
     * polynomials of degree below 4n.
     */
    private static void gaussLegendre(int n) {
        int order = 2 * n;
        double[] nodes = new double[n];
        double[] weights = new double[n];
        for (int i = 0; i < n; i++) {
            double z = Math.cos(Math.PI * (i + 0.75) / (order + 0.5));
            double derivative = 1;
            for (int iteration = 0; iteration < 100; iteration++) {
                double p1 = 1;
                double p2 = 0;
                for (int j = 1; j <= order; j++) {
                    double p3 = p2;
                    p2 = p1;
                    p1 = ((2 * j - 1) * z * p2 - (j - 1) * p3) / j;
                }
                derivative = order * (z * p1 - p2) / (z * z - 1);
                double step = p1 / derivative;
                z -= step;
                if (Math.abs(step) < 1e-16) {
                    break;
                }
            }
            nodes[i] = z;
            weights[i] = 2 / ((1 - z * z) * derivative * derivative);
        }
        NODES[n] = nodes;
        WEIGHTS[n] = weights;
    }


    /**
     * out = a·b, or aᵀ·b when {@code transposeA}; k×k row-major, out aliasing neither. On the native BLAS, where a
     * product is large ({@link TwoWay}), out's first {@code k/2} rows here and the others on the helper thread, each
     * half from its own copies of a's rows (or columns) and into its own array: a native call on a Java array works
     * on a copy that it writes back whole, so the halves never share an array they write. (The running mean's VᵀY
     * takes this way too.)
     */
    void product(double[] a, double[] b, double[] out, boolean transposeA) {
        if (blas != null && lowOut.length > 0) {
            productA = a;
            productB = b;
            productTransposed = transposeA;
            TwoWay.run(topProduct, lowProduct);
            int half = k / 2;
            System.arraycopy(topOut, 0, out, 0, half * k);
            System.arraycopy(lowOut, 0, out, half * k, (k - half) * k);
            return;
        }
        if (blas != null) {
            blas.gemm(transposeA, false, k, k, k, 1, a, b, 0, out);
            return;
        }
        if (k >= GrassmannKernels.BLOCKED_FROM_K) {
            if (transposeA) {
                Dense.multTransA(Dense.wrap(k, k, a), Dense.wrap(k, k, b), Dense.wrap(k, k, out));
            } else {
                Dense.mult(Dense.wrap(k, k, a), Dense.wrap(k, k, b), Dense.wrap(k, k, out));
            }
            return;
        }
        Arrays.fill(out, 0, k * k, 0);
        for (int i = 0; i < k; i++) {
            for (int j = 0; j < k; j++) {
                double aij = transposeA ? a[j * k + i] : a[i * k + j];
                int bo = j * k;
                int oo = i * k;
                for (int c = 0; c < k; c++) {
                    out[oo + c] += aij * b[bo + c];
                }
            }
        }
    }

    /** The upper triangle of out = aᵀ·b (k×k, symmetric by assumption), mirrored: half a product. */
    private void upperTransposedProduct(double[] a, double[] b, double[] out) {
        Arrays.fill(out, 0, k * k, 0);
        for (int i = 0; i < k; i++) {
            int oo = i * k;
            for (int j = 0; j < k; j++) {
                double aji = a[j * k + i];
                int bo = j * k;
                for (int c = i; c < k; c++) {
                    out[oo + c] += aji * b[bo + c];
                }
            }
        }
        for (int i = 0; i < k; i++) {
            for (int c = i + 1; c < k; c++) {
                out[c * k + i] = out[i * k + c];
            }
        }
    }

    /** values, vectors ← the eigendecomposition of e ({@link SmallEigen}: LAPACK, QL or EJML; e is kept). */
    private void decompose() {
        eigen.decompose(e);
    }
}

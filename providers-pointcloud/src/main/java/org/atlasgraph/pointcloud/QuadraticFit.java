package org.atlasgraph.pointcloud;

import java.util.Optional;
import org.atlasgraph.api.base.Vectors;
import org.ejml.data.Complex_F64;
import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.factory.DecompositionFactory_DDRM;
import org.ejml.dense.row.factory.LinearSolverFactory_DDRM;
import org.ejml.interfaces.decomposition.EigenDecomposition_F64;
import org.ejml.interfaces.decomposition.QRDecomposition;
import org.ejml.interfaces.decomposition.SingularValueDecomposition_F64;
import org.ejml.interfaces.linsol.LinearSolverDense;

/**
 * The local quadratic approximation of App. F.1: local PCA of the points in a ball gives the tangent basis L and the
 * normal basis M; least squares on the monomials of the tangential coordinates gives the quadratic coefficients K.
 *
 * <p>One refinement over the paper: a first fit also has linear terms B (normal coordinates that vary linearly with
 * ξ, which the paper assumes negligible, footnote of App. F.1). PCA of a ball that is not symmetric about the surface
 * (a sample that is denser on one side, a ball cut by the edge of the data) tilts L away from the tangent plane; we
 * rotate (L | M) onto the tangent plane of the first fit, spanned by (L | M)(I; B), and refit in the paper's form
 * {@code n ≈ ½K(ξ⊗ξ) + a}. For a symmetric sample B vanishes and the rotation is the identity, so an exact quadratic
 * surface is recovered exactly.
 */
final class QuadraticFit {
    private QuadraticFit() {
    }

    /** The fitted chart geometry, before its boundary is learned. */
    record Result(double[] origin, double[] tangentBasis, double[] normalBasis, double[] curvature,
                  double coordinateRadius, double rmsResidual) {
        /**
         * @return this fit with ρ taken over more points than it was fitted to: the largest ‖Lᵀ(x − c)‖ of
         *     {@code members}
         */
        Result over(double[][] points, int[] members) {
            int ambient = origin.length;
            int d = tangentBasis.length / ambient;
            double rho = 0;
            for (int idx : members) {
                double s = 0;
                for (int a = 0; a < d; a++) {
                    double t = 0;
                    for (int i = 0; i < ambient; i++) {
                        t += tangentBasis[i * d + a] * (points[idx][i] - origin[i]);
                    }
                    s += t * t;
                }
                rho = Math.max(rho, Math.sqrt(s));
            }
            return new Result(origin, tangentBasis, normalBasis, curvature, rho, rmsResidual);
        }
    }

    /** @return the number of least-squares coefficients of the first fit, 1 + d + d(d+1)/2 */
    static int coefficientCount(int d) {
        return 1 + d + d * (d + 1) / 2;
    }

    /**
     * The biweight of a point at distance t·r from the chart's centre, {@code (1 − t²)²} for t &lt; 1 and 0 beyond.
     */
    static double biweight(double squaredDistance, double squaredRadius) {
        double t = squaredDistance / squaredRadius;
        return t >= 1 ? 0 : (1 - t) * (1 - t);
    }

    /**
     * Fits a quadratic chart to the points of a ball by locally weighted least squares: every point is weighted by the
     * biweight {@code (1 − ‖x − centre‖²/r²)²} of its distance from the ball's centre, in the mean, the local PCA and
     * both least-squares passes.
     *
     * <p>Why the weights (App. F.1 fits every point of the ball alike): a chart is used near its centre, in its cell,
     * and the outer part of its ball only gives the overlap with its neighbours. An unweighted fit spends its degrees
     * of freedom on the ball's rim, where the third-order terms of the surface are largest, and absorbs them into a
     * tilt of the tangent plane at the centre; weighting as in local regression (LOESS) keeps the tangent plane and
     * the curvature faithful where the chart is used. On the Klein patches it halves the tilt of the tangent plane
     * against the true one at equal radius; on S² it lowers the error of geodesic distances. An exact quadratic
     * surface is still recovered exactly, whatever the weights.
     *
     * @param points  all points (not modified)
     * @param members indices of the points in the chart's ball; at least {@link #coefficientCount(int)} of them
     *                with positive weight
     * @param d       the intrinsic dimension
     * @param centre  the centre of the ball (not modified)
     * @param scale   the ball radius r: the support of the weights, and the scale of the monomials for conditioning
     * @return the fit, {@link Result#rmsResidual()} unweighted over every member; empty when the points cannot
     *     determine it: none has positive weight, or they do not span d tangent directions (a rank-deficient design)
     * @throws ArithmeticException if an eigen- or QR decomposition fails to converge
     */
    static Optional<Result> fit(double[][] points, int[] members, int d, double[] centre, double scale) {
        int ambient = points[0].length;
        int n = members.length;
        int normal = ambient - d;
        double[] weight = new double[n];
        double total = 0;
        double r2 = scale * scale;
        for (int p = 0; p < n; p++) {
            weight[p] = biweight(Vectors.squaredDistance(points[members[p]], centre), r2);
            total += weight[p];
        }
        if (!(total > 0)) {
            return Optional.empty();
        }
        double[] mean = new double[ambient];
        for (int p = 0; p < n; p++) {
            double[] x = points[members[p]];
            for (int i = 0; i < ambient; i++) {
                mean[i] += weight[p] * x[i];
            }
        }
        for (int i = 0; i < ambient; i++) {
            mean[i] /= total;
        }
        DMatrixRMaj frame = principalFrame(points, members, mean, weight);
        double[][] local = localCoordinates(points, members, mean, frame);
        // first pass with linear terms: the tilt B of the tangent plane relative to the PCA frame
        Optional<DMatrixRMaj> tilted = leastSquares(local, d, scale, true, weight);
        if (tilted.isEmpty()) {
            return Optional.empty();
        }
        DMatrixRMaj first = tilted.get();
        DMatrixRMaj tilt = new DMatrixRMaj(ambient, d);
        for (int a = 0; a < d; a++) {
            tilt.set(a, a, 1);
            for (int j = 0; j < normal; j++) {
                tilt.set(d + j, a, first.get(1 + a, j) / scale);
            }
        }
        QRDecomposition<DMatrixRMaj> qr = DecompositionFactory_DDRM.qr(ambient, d);
        if (!qr.decompose(tilt)) {
            throw new ArithmeticException("QR of the tangent tilt failed");
        }
        DMatrixRMaj q = qr.getQ(null, false);
        DMatrixRMaj rotated = new DMatrixRMaj(ambient, ambient);
        org.ejml.dense.row.CommonOps_DDRM.mult(frame, q, rotated);
        local = localCoordinates(points, members, mean, rotated);
        Optional<DMatrixRMaj> refitted = leastSquares(local, d, scale, false, weight);
        if (refitted.isEmpty()) {
            return Optional.empty();
        }
        DMatrixRMaj second = refitted.get();

        double[] l = new double[ambient * d];
        double[] m = new double[ambient * normal];
        for (int i = 0; i < ambient; i++) {
            for (int a = 0; a < d; a++) {
                l[i * d + a] = rotated.get(i, a);
            }
            for (int j = 0; j < normal; j++) {
                m[i * normal + j] = rotated.get(i, d + j);
            }
        }
        double[] curvature = new double[normal * d * d];
        double[] origin = mean.clone();
        double s2 = scale * scale;
        for (int j = 0; j < normal; j++) {
            double constant = second.get(0, j);
            for (int i = 0; i < ambient; i++) {
                origin[i] += m[i * normal + j] * constant;
            }
            int col = 1;
            for (int a = 0; a < d; a++) {
                for (int b = a; b < d; b++) {
                    double h = second.get(col++, j) / s2;
                    if (a == b) {
                        curvature[j * d * d + a * d + a] = 2 * h;
                    } else {
                        curvature[j * d * d + a * d + b] = h;
                        curvature[j * d * d + b * d + a] = h;
                    }
                }
            }
        }
        double rho = 0;
        double sumSq = 0;
        for (int p = 0; p < n; p++) {
            double[] t = local[p];
            double tn = 0;
            for (int a = 0; a < d; a++) {
                tn += t[a] * t[a];
            }
            rho = Math.max(rho, Math.sqrt(tn));
            for (int j = 0; j < normal; j++) {
                double predicted = second.get(0, j);
                int col = 1;
                for (int a = 0; a < d; a++) {
                    for (int b = a; b < d; b++) {
                        predicted += second.get(col++, j) * t[a] * t[b] / s2;
                    }
                }
                double e = t[d + j] - predicted;
                sumSq += e * e;
            }
        }
        Curvature compressed = Curvature.compress(m, curvature, ambient, d);
        return Optional.of(new Result(origin, l, compressed.normalBasis(), compressed.curvature(), rho,
                Math.sqrt(sumSq / n)));
    }

    /**
     * The quadratic part {@code ½MK(ξ⊗ξ)} with M reduced to the normal directions it bends into ({@link ChartModel}).
     *
     * @param normalBasis M', D×m orthonormal columns
     * @param curvature   K', m×d×d, each K'_j symmetric
     */
    record Curvature(double[] normalBasis, double[] curvature) {
        /** Singular values of K below this fraction of the largest are round-off of a direction K does not use. */
        static final double RANK_TOLERANCE = 1e-10;

        /**
         * Rewrites {@code MK} over the fewest orthonormal normal directions: with K read as the n×d² matrix whose row
         * j is K_j and its thin SVD {@code K = UΣVᵀ}, {@code M' = MU} and {@code K'_i = Σ_j U_ji K_j} over the
         * singular values above {@link #RANK_TOLERANCE} of the largest (the others are round-off of directions K does
         * not use, or bend the surface by less than that fraction of its largest curvature). Then {@code M'K' = MUUᵀK = MK}: the same
         * surface, with m ≤ min(n, d(d+1)/2) columns (K_j is symmetric, so K has rank at most d(d+1)/2).
         *
         * @param m         M, D×n orthonormal columns (row-major)
         * @param curvature K, n×d×d
         * @param ambient   D
         * @param d         the intrinsic dimension
         * @return M' and K'
         */
        static Curvature compress(double[] m, double[] curvature, int ambient, int d) {
            int n = m.length / ambient;
            int dd = d * d;
            if (n == 0) {
                return new Curvature(new double[0], new double[0]);
            }
            DMatrixRMaj k = new DMatrixRMaj(n, dd);
            System.arraycopy(curvature, 0, k.data, 0, n * dd);
            SingularValueDecomposition_F64<DMatrixRMaj> svd = DecompositionFactory_DDRM.svd(n, dd, true, false, true);
            if (!svd.decompose(k)) {
                throw new ArithmeticException("SVD of the curvature coefficients failed");
            }
            double[] sigma = svd.getSingularValues();
            DMatrixRMaj uMat = svd.getU(null, false);
            int count = Math.min(n, dd);
            Integer[] order = new Integer[count];
            for (int i = 0; i < count; i++) {
                order[i] = i;
            }
            java.util.Arrays.sort(order, (a, b) -> Double.compare(sigma[b], sigma[a]));
            double top = sigma[order[0]];
            int rank = 0;
            while (rank < count && sigma[order[rank]] > RANK_TOLERANCE * top) {
                rank++;
            }
            double[] u = new double[n * rank];
            for (int i = 0; i < rank; i++) {
                for (int j = 0; j < n; j++) {
                    u[j * rank + i] = uMat.get(j, order[i]);
                }
            }
            double[] mOut = new double[ambient * rank];
            for (int r = 0; r < ambient; r++) {
                for (int j = 0; j < n; j++) {
                    double mrj = m[r * n + j];
                    if (mrj == 0) {
                        continue;
                    }
                    for (int i = 0; i < rank; i++) {
                        mOut[r * rank + i] += mrj * u[j * rank + i];
                    }
                }
            }
            double[] kOut = new double[rank * dd];
            for (int i = 0; i < rank; i++) {
                for (int j = 0; j < n; j++) {
                    double uji = u[j * rank + i];
                    for (int p = 0; p < dd; p++) {
                        kOut[i * dd + p] += uji * curvature[j * dd + p];
                    }
                }
                symmetrize(kOut, i * dd, d);
            }
            return new Curvature(orthonormalized(mOut, ambient, rank), kOut);
        }

        /** Makes the d×d block at {@code offset} exactly symmetric (its halves differ by round-off only). */
        private static void symmetrize(double[] k, int offset, int d) {
            for (int a = 0; a < d; a++) {
                for (int b = a + 1; b < d; b++) {
                    double mean = 0.5 * (k[offset + a * d + b] + k[offset + b * d + a]);
                    k[offset + a * d + b] = mean;
                    k[offset + b * d + a] = mean;
                }
            }
        }

        /** Re-orthonormalizes columns that are orthonormal up to round-off (modified Gram–Schmidt, one pass). */
        private static double[] orthonormalized(double[] q, int rows, int cols) {
            for (int c = 0; c < cols; c++) {
                for (int p = 0; p < c; p++) {
                    double dot = 0;
                    for (int r = 0; r < rows; r++) {
                        dot += q[r * cols + c] * q[r * cols + p];
                    }
                    for (int r = 0; r < rows; r++) {
                        q[r * cols + c] -= dot * q[r * cols + p];
                    }
                }
                double norm = 0;
                for (int r = 0; r < rows; r++) {
                    norm += q[r * cols + c] * q[r * cols + c];
                }
                norm = Math.sqrt(norm);
                for (int r = 0; r < rows; r++) {
                    q[r * cols + c] /= norm;
                }
            }
            return q;
        }
    }

    /** @return the eigenvectors of the weighted local covariance as columns, by decreasing eigenvalue (eq. F.1) */
    private static DMatrixRMaj principalFrame(double[][] points, int[] members, double[] mean, double[] weight) {
        int ambient = mean.length;
        DMatrixRMaj cov = new DMatrixRMaj(ambient, ambient);
        double[] y = new double[ambient];
        double total = 0;
        for (int p = 0; p < members.length; p++) {
            total += weight[p];
            int idx = members[p];
            for (int i = 0; i < ambient; i++) {
                y[i] = points[idx][i] - mean[i];
            }
            for (int i = 0; i < ambient; i++) {
                for (int j = i; j < ambient; j++) {
                    cov.data[i * ambient + j] += weight[p] * y[i] * y[j];
                }
            }
        }
        for (int i = 0; i < ambient; i++) {
            for (int j = i; j < ambient; j++) {
                double v = cov.data[i * ambient + j] / total;
                cov.data[i * ambient + j] = v;
                cov.data[j * ambient + i] = v;
            }
        }
        return Pca.sortedEigenvectors(cov);
    }

    /** @return for each member the row (ξ | n) = frameᵀ(x − mean) */
    private static double[][] localCoordinates(double[][] points, int[] members, double[] mean, DMatrixRMaj frame) {
        int ambient = mean.length;
        double[][] out = new double[members.length][ambient];
        for (int p = 0; p < members.length; p++) {
            double[] x = points[members[p]];
            double[] row = out[p];
            for (int i = 0; i < ambient; i++) {
                double v = x[i] - mean[i];
                for (int c = 0; c < ambient; c++) {
                    row[c] += frame.data[i * ambient + c] * v;
                }
            }
        }
        return out;
    }

    /**
     * Weighted least squares of the normal coordinates on (1, [ξ/s], monomials ξ_aξ_b/s² for a ≤ b), each row scaled
     * by the square root of its point's weight; the paper's design
     * matrix (eq. F.2) lists both ξ_aξ_b and ξ_bξ_a, which makes it rank-deficient, so we keep each monomial once.
     *
     * @return the coefficients, one column per normal direction; empty when the design is rank-deficient
     */
    private static Optional<DMatrixRMaj> leastSquares(double[][] local, int d, double scale, boolean linear,
                                                      double[] weight) {
        int n = local.length;
        int ambient = local[0].length;
        int normal = ambient - d;
        int cols = 1 + (linear ? d : 0) + d * (d + 1) / 2;
        DMatrixRMaj design = new DMatrixRMaj(n, cols);
        DMatrixRMaj rhs = new DMatrixRMaj(n, normal);
        for (int p = 0; p < n; p++) {
            double[] t = local[p];
            double sw = Math.sqrt(weight[p]);
            int c = 0;
            design.set(p, c++, sw);
            if (linear) {
                for (int a = 0; a < d; a++) {
                    design.set(p, c++, sw * t[a] / scale);
                }
            }
            for (int a = 0; a < d; a++) {
                for (int b = a; b < d; b++) {
                    design.set(p, c++, sw * t[a] * t[b] / (scale * scale));
                }
            }
            for (int j = 0; j < normal; j++) {
                rhs.set(p, j, sw * t[d + j]);
            }
        }
        LinearSolverDense<DMatrixRMaj> solver = LinearSolverFactory_DDRM.leastSquares(n, cols);
        if (!solver.setA(design) || solver.quality() < 1e-12) {
            return Optional.empty();
        }
        DMatrixRMaj coefficients = new DMatrixRMaj(cols, normal);
        solver.solve(rhs, coefficients);
        return Optional.of(coefficients);
    }

    /** Principal component helpers shared with the dimension estimate. */
    static final class Pca {
        private Pca() {
        }

        /** @return the eigenvalues of a symmetric matrix in decreasing order */
        static double[] sortedEigenvalues(DMatrixRMaj symmetric) {
            EigenDecomposition_F64<DMatrixRMaj> eig = DecompositionFactory_DDRM.eig(symmetric.numRows, false, true);
            if (!eig.decompose(symmetric.copy())) {
                throw new ArithmeticException("eigen-decomposition of a local covariance failed");
            }
            double[] values = new double[symmetric.numRows];
            for (int i = 0; i < values.length; i++) {
                Complex_F64 v = eig.getEigenvalue(i);
                values[i] = v.real;
            }
            java.util.Arrays.sort(values);
            for (int i = 0; i < values.length / 2; i++) {
                double t = values[i];
                values[i] = values[values.length - 1 - i];
                values[values.length - 1 - i] = t;
            }
            return values;
        }

        /** @return the unit eigenvectors of a symmetric matrix as columns, by decreasing eigenvalue */
        static DMatrixRMaj sortedEigenvectors(DMatrixRMaj symmetric) {
            return sortedEigenvectors(symmetric, new double[symmetric.numRows]);
        }

        /**
         * @param symmetric a symmetric matrix (not modified)
         * @param values    receives the eigenvalues in decreasing order
         * @return the unit eigenvectors as columns, in the same order
         */
        static DMatrixRMaj sortedEigenvectors(DMatrixRMaj symmetric, double[] values) {
            int n = symmetric.numRows;
            EigenDecomposition_F64<DMatrixRMaj> eig = DecompositionFactory_DDRM.eig(n, true, true);
            if (!eig.decompose(symmetric.copy())) {
                throw new ArithmeticException("eigen-decomposition of a local covariance failed");
            }
            Integer[] order = new Integer[n];
            for (int i = 0; i < n; i++) {
                order[i] = i;
            }
            java.util.Arrays.sort(order, (a, b) -> Double.compare(eig.getEigenvalue(b).real,
                    eig.getEigenvalue(a).real));
            DMatrixRMaj frame = new DMatrixRMaj(n, n);
            for (int c = 0; c < n; c++) {
                values[c] = eig.getEigenvalue(order[c]).real;
                DMatrixRMaj v = eig.getEigenVector(order[c]);
                double norm = 0;
                for (int i = 0; i < n; i++) {
                    norm += v.get(i) * v.get(i);
                }
                norm = Math.sqrt(norm);
                for (int i = 0; i < n; i++) {
                    frame.set(i, c, v.get(i) / norm);
                }
            }
            return frame;
        }
    }
}

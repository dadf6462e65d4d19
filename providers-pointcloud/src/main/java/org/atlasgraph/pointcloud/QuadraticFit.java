package org.atlasgraph.pointcloud;

import java.util.Arrays;
import java.util.Optional;
import org.ejml.data.Complex_F64;
import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.factory.DecompositionFactory_DDRM;
import org.ejml.interfaces.decomposition.EigenDecomposition_F64;
import org.ejml.interfaces.decomposition.SingularValueDecomposition_F64;

/**
 * The local quadratic approximation of App. F.1: local PCA of the points in a ball gives the tangent basis L;
 * least squares on the monomials of the tangential coordinates gives the quadratic part {@code ½MK(ξ⊗ξ)}.
 *
 * <p><b>A function of weighted moments.</b> Every point x of the ball enters with the biweight
 * {@code w = (1 − ‖x − centre‖²/r²)²} ({@link #biweight}), and the fit is a function of weighted sums over the points
 * only, in three passes, each over the same points, each needing only the previous pass's result:
 * <ol>
 *   <li><b>frame</b> ({@link FrameMoments}): Σw, Σw·y, Σw·yyᵀ with {@code y = x − centre}: the weighted mean μ and
 *   covariance, whose top d eigenvectors are the PCA basis L₀ (eq. F.1);</li>
 *   <li><b>tilt</b> ({@link DesignMoments} with linear terms, in the frame (μ, L₀)): the Gram matrix
 *   {@code G = Σw·t tᵀ} of the monomials {@code t = (1, ξ/r, ξ_aξ_b/r² (a ≤ b))} of {@code ξ = L₀ᵀ(x − μ)} and the
 *   cross moments {@code B = Σw·t nᵀ} with the normal residual {@code n = (I − L₀L₀ᵀ)(x − μ) ∈ R^D}; the linear
 *   coefficients {@code Hₐ} of {@code G⁻¹B} tilt the tangent plane to {@code span(L₀ₐ + Hₐ/r)}, orthonormalized to
 *   L;</li>
 *   <li><b>quadratic</b> ({@link DesignMoments} without linear terms, in the frame (μ, L)): the same sums with
 *   {@code t = (1, ξ_aξ_b/r²)}; {@code G⁻¹B} gives the constant h₀ (the origin {@code c = μ + h₀}) and the quadratic
 *   part W, which {@link Curvature#of} writes as M'K' over the fewest normal directions.</li>
 * </ol>
 * A distributed learner that sums these moments over partitions of a ball gets the same chart up to the order of
 * summation. The residual reported ({@link Result#rmsResidual}) is unweighted over the points fitted.
 *
 * <p>Why the tilt (App. F.1 assumes the linear part negligible, footnote): PCA of a ball that is not symmetric about
 * the surface (a sample denser on one side, a ball cut by the edge of the data) tilts L₀ away from the tangent plane;
 * the first pass measures the tilt and the second refits in the paper's form {@code n ≈ ½K(ξ⊗ξ) + a}. For a symmetric
 * sample the tilt vanishes, so an exact quadratic surface is recovered exactly. Why the weights: a chart is used near
 * its centre; an unweighted fit spends its degrees of freedom on the ball's rim, where the third-order terms are
 * largest, and absorbs them into a tilt of the tangent plane (LOESS-style weighting halves that tilt on the Klein
 * patches at equal radius).
 *
 * <p><b>When the points determine no quadratic.</b> The normal equations are solved only when the Gram matrix, scaled
 * to unit diagonal, has all eigenvalues above {@link #DETERMINED} (the monomials are linearly independent on the
 * points, with a condition number of the scaled design below 10⁴); otherwise {@link #fit} answers empty and the
 * learner widens the ball or falls back to a {@link #linear} chart, saying why.
 */
final class QuadraticFit {
    /**
     * Smallest accepted eigenvalue of the Gram matrix of the monomials scaled to unit diagonal. Below it some
     * combination of monomials is (nearly) zero on every point, and its coefficient is fixed by noise, not data.
     */
    static final double DETERMINED = 1e-8;

    private QuadraticFit() {
    }

    /**
     * The fitted chart geometry, before its boundary is learned.
     *
     * @param origin           c = φ̃⁻¹(0)
     * @param tangentBasis     L, D×d
     * @param normalBasis      M', D×m ({@link Curvature})
     * @param curvature        K', m×d×d
     * @param coordinateRadius ρ, the largest ‖Lᵀ(x − c)‖ of the points fitted
     * @param rmsResidual      the RMS distance of the points fitted from the surface
     * @param noiseResidual    the residual corrected for the degrees of freedom the fit spent: √(RSS/ν) with
     *                         {@code ν = n − 2p + tr(G⁻¹G₂G⁻¹G₀)} the expected RSS per unit noise variance of a
     *                         weighted least-squares fit with p coefficients (G = Σw·ttᵀ, G₂ = Σw²·ttᵀ,
     *                         G₀ = Σttᵀ over the n points, taken with the tilt's linear terms, which the fit also
     *                         spent). On pure noise it estimates the noise in the normal directions whatever the
     *                         ball's size, where the plain RMS shrinks on small balls; the chart radius rule compares
     *                         balls of different sizes by it.
     */
    record Result(double[] origin, double[] tangentBasis, double[] normalBasis, double[] curvature,
                  double coordinateRadius, double rmsResidual, double noiseResidual) {
        /**
         * @return this fit with ρ taken over more points than it was fitted to: the largest ‖Lᵀ(x − c)‖ of
         *     {@code members}
         */
        Result over(double[][] points, int[] members) {
            int ambient = origin.length;
            int d = tangentBasis.length / ambient;
            double rho = 0;
            for (int idx : members) {
                double[] x = points[idx];
                double s = 0;
                for (int a = 0; a < d; a++) {
                    double t = 0;
                    for (int i = 0; i < ambient; i++) {
                        t += tangentBasis[i * d + a] * (x[i] - origin[i]);
                    }
                    s += t * t;
                }
                rho = Math.max(rho, Math.sqrt(s));
            }
            return new Result(origin, tangentBasis, normalBasis, curvature, rho, rmsResidual, noiseResidual);
        }
    }

    /** @return the number of least-squares coefficients of the first fit, 1 + d + d(d+1)/2 = (d+1)(d+2)/2 */
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
     * Fits a quadratic chart to the points of a ball by locally weighted least squares in three passes (see the class
     * comment).
     *
     * @param points  all points (not modified)
     * @param members indices of the points in the chart's ball
     * @param d       the intrinsic dimension
     * @param centre  the centre of the ball (not modified)
     * @param scale   the ball radius r: the support of the weights, and the scale of the monomials for conditioning
     * @return the fit; empty when the points cannot determine it: none has positive weight, or the monomials are not
     *     linearly independent on them ({@link #DETERMINED})
     * @throws ArithmeticException if an eigen-decomposition fails to converge
     */
    static Optional<Result> fit(double[][] points, int[] members, int d, double[] centre, double scale) {
        double[] weight = weights(points, members, centre, scale);
        FrameMoments frame = FrameMoments.of(points, members, weight, centre);
        if (!(frame.total() > 0)) {
            return Optional.empty();
        }
        double[] mean = frame.mean();
        double[] l0 = frame.principalBasis(d);
        DesignMoments first = DesignMoments.of(points, members, weight, mean, l0, d, scale, true);
        Optional<double[][]> tilted = first.solve();
        if (tilted.isEmpty()) {
            return Optional.empty();
        }
        double[] l = tilt(l0, tilted.get(), d, scale);
        DesignMoments second = DesignMoments.of(points, members, weight, mean, l, d, scale, false);
        Optional<double[][]> coefficients = second.solve();
        if (coefficients.isEmpty()) {
            return Optional.empty();
        }
        double[][] h = coefficients.get();
        int ambient = mean.length;
        double[] origin = mean.clone();
        for (int i = 0; i < ambient; i++) {
            origin[i] += h[0][i];
        }
        double[] w = quadraticPart(h, ambient, d, scale);
        Curvature curvature = Curvature.of(w, l, ambient, d, scale);
        double[] residual = residuals(points, members, mean, l, h, d, scale);
        double dof = first.degreesOfFreedom();
        double noise = dof > 0 ? residual[1] * Math.sqrt(members.length / dof) : Double.NaN;
        return Optional.of(new Result(origin, l, curvature.normalBasis(), curvature.curvature(), residual[0],
                residual[1], noise));
    }

    /**
     * The linear chart of a ball whose points determine no quadratic: the weighted PCA plane through the weighted mean
     * (pass 1 only), with no quadratic part.
     *
     * @return the fit; empty when no point has positive weight
     */
    static Optional<Result> linear(double[][] points, int[] members, int d, double[] centre, double scale) {
        double[] weight = weights(points, members, centre, scale);
        FrameMoments frame = FrameMoments.of(points, members, weight, centre);
        if (!(frame.total() > 0)) {
            return Optional.empty();
        }
        double[] mean = frame.mean();
        double[] l = frame.principalBasis(d);
        double[][] h = new double[1][mean.length];
        double[] residual = residuals(points, members, mean, l, h, d, scale);
        return Optional.of(new Result(mean, l, new double[0], new double[0], residual[0], residual[1], residual[1]));
    }

    private static double[] weights(double[][] points, int[] members, double[] centre, double scale) {
        double r2 = scale * scale;
        double[] weight = new double[members.length];
        for (int p = 0; p < members.length; p++) {
            weight[p] = biweight(squaredDistance(points[members[p]], centre), r2);
        }
        return weight;
    }

    private static double squaredDistance(double[] a, double[] b) {
        double s = 0;
        for (int i = 0; i < a.length; i++) {
            double v = a[i] - b[i];
            s += v * v;
        }
        return s;
    }

    /** @return the orthonormalized tangent basis {@code span(L₀ₐ + Hₐ/r)} from the linear coefficients of pass 2 */
    private static double[] tilt(double[] l0, double[][] h, int d, double scale) {
        int ambient = h[0].length;
        double[] l = new double[ambient * d];
        for (int i = 0; i < ambient; i++) {
            for (int a = 0; a < d; a++) {
                l[i * d + a] = l0[i * d + a] + h[1 + a][i] / scale;
            }
        }
        return Curvature.orthonormalized(l, ambient, d);
    }

    /** @return W, D×d², with {@code ½W(ξ⊗ξ)} the quadratic part: W_ab = 2h_aa/r² on the diagonal, h_ab/r² off it */
    private static double[] quadraticPart(double[][] h, int ambient, int d, double scale) {
        int dd = d * d;
        double s2 = scale * scale;
        double[] w = new double[ambient * dd];
        int col = 1;
        for (int a = 0; a < d; a++) {
            for (int b = a; b < d; b++) {
                double[] row = h[col++];
                for (int i = 0; i < ambient; i++) {
                    double v = row[i] / s2;
                    if (a == b) {
                        w[i * dd + a * d + a] = 2 * v;
                    } else {
                        w[i * dd + a * d + b] = v;
                        w[i * dd + b * d + a] = v;
                    }
                }
            }
        }
        return w;
    }

    /**
     * @return {ρ, RMS residual}: the largest ‖ξ‖ of the points and the RMS of ‖n − Hᵀt‖, unweighted over the points,
     *     for coefficients H of the constant and (if present) quadratic monomials
     */
    private static double[] residuals(double[][] points, int[] members, double[] mean, double[] l, double[][] h,
                                      int d, double scale) {
        int ambient = mean.length;
        double s2 = scale * scale;
        double rho = 0;
        double sumSq = 0;
        double[] y = new double[ambient];
        double[] xi = new double[d];
        for (int idx : members) {
            double[] x = points[idx];
            for (int i = 0; i < ambient; i++) {
                y[i] = x[i] - mean[i];
            }
            project(l, y, xi, ambient, d);
            double tn = 0;
            for (int a = 0; a < d; a++) {
                tn += xi[a] * xi[a];
            }
            rho = Math.max(rho, Math.sqrt(tn));
            for (int i = 0; i < ambient; i++) {
                double v = y[i] - h[0][i];
                for (int a = 0; a < d; a++) {
                    v -= l[i * d + a] * xi[a];
                }
                if (h.length > 1) {
                    int col = 1;
                    for (int a = 0; a < d; a++) {
                        for (int b = a; b < d; b++) {
                            v -= h[col++][i] * xi[a] * xi[b] / s2;
                        }
                    }
                }
                sumSq += v * v;
            }
        }
        return new double[] {rho, Math.sqrt(sumSq / members.length)};
    }

    /** ξ = Lᵀy */
    private static void project(double[] l, double[] y, double[] xi, int ambient, int d) {
        Arrays.fill(xi, 0);
        for (int i = 0; i < ambient; i++) {
            double v = y[i];
            for (int a = 0; a < d; a++) {
                xi[a] += l[i * d + a] * v;
            }
        }
    }

    /**
     * Pass 1: the weighted sums Σw, Σw·y and Σw·yyᵀ of {@code y = x − centre} over a ball, and from them the weighted
     * mean and the PCA basis (eq. F.1). Centring at the ball's centre keeps the sums well conditioned.
     *
     * @param total   Σw
     * @param first   Σw·y (length D)
     * @param second  Σw·yyᵀ (D×D, row-major)
     * @param centre  the centre the sums are taken about
     */
    record FrameMoments(double total, double[] first, double[] second, double[] centre) {
        /** @return the moments of the given points with the given weights */
        static FrameMoments of(double[][] points, int[] members, double[] weight, double[] centre) {
            int ambient = centre.length;
            double total = 0;
            double[] first = new double[ambient];
            double[] second = new double[ambient * ambient];
            double[] y = new double[ambient];
            for (int p = 0; p < members.length; p++) {
                double w = weight[p];
                if (w == 0) {
                    continue;
                }
                double[] x = points[members[p]];
                total += w;
                for (int i = 0; i < ambient; i++) {
                    y[i] = x[i] - centre[i];
                    first[i] += w * y[i];
                }
                for (int i = 0; i < ambient; i++) {
                    double wy = w * y[i];
                    int row = i * ambient;
                    for (int j = i; j < ambient; j++) {
                        second[row + j] += wy * y[j];
                    }
                }
            }
            return new FrameMoments(total, first, second, centre);
        }

        /** @return the weighted mean μ */
        double[] mean() {
            double[] mean = centre.clone();
            for (int i = 0; i < mean.length; i++) {
                mean[i] += first[i] / total;
            }
            return mean;
        }

        /** @return L₀: the top d eigenvectors of the weighted covariance, D×d row-major */
        double[] principalBasis(int d) {
            int ambient = centre.length;
            DMatrixRMaj cov = new DMatrixRMaj(ambient, ambient);
            for (int i = 0; i < ambient; i++) {
                double mi = first[i] / total;
                for (int j = i; j < ambient; j++) {
                    double v = second[i * ambient + j] / total - mi * first[j] / total;
                    cov.data[i * ambient + j] = v;
                    cov.data[j * ambient + i] = v;
                }
            }
            DMatrixRMaj frame = Pca.sortedEigenvectors(cov);
            double[] l = new double[ambient * d];
            for (int i = 0; i < ambient; i++) {
                for (int a = 0; a < d; a++) {
                    l[i * d + a] = frame.get(i, a);
                }
            }
            return l;
        }
    }

    /**
     * Passes 2 and 3: the weighted Gram matrix {@code G = Σw·t tᵀ} of the monomials t of {@code ξ = Lᵀ(x − μ)} and the
     * cross moments {@code B = Σw·t nᵀ} with the normal residual {@code n = (I − LLᵀ)(x − μ)}.
     *
     * @param gram      G, cols×cols row-major
     * @param cross     B, cols rows of length D
     * @param gramNoise G₂ = Σw²·ttᵀ, for the degrees of freedom
     * @param gramPlain G₀ = Σttᵀ, for the degrees of freedom
     * @param count     the number of points summed over
     */
    record DesignMoments(double[] gram, double[][] cross, double[] gramNoise, double[] gramPlain, int count) {
        /**
         * @param linear whether the monomials include ξ/r (pass 2) or not (pass 3)
         * @return the moments
         */
        static DesignMoments of(double[][] points, int[] members, double[] weight, double[] mean, double[] l,
                                int d, double scale, boolean linear) {
            int ambient = mean.length;
            int cols = 1 + (linear ? d : 0) + d * (d + 1) / 2;
            double[] gram = new double[cols * cols];
            double[] gramNoise = new double[cols * cols];
            double[] gramPlain = new double[cols * cols];
            double[][] cross = new double[cols][ambient];
            double[] y = new double[ambient];
            double[] xi = new double[d];
            double[] t = new double[cols];
            double s2 = scale * scale;
            for (int p = 0; p < members.length; p++) {
                double w = weight[p];
                if (w == 0) {
                    continue;
                }
                double[] x = points[members[p]];
                for (int i = 0; i < ambient; i++) {
                    y[i] = x[i] - mean[i];
                }
                project(l, y, xi, ambient, d);
                for (int i = 0; i < ambient; i++) {
                    double v = y[i];
                    for (int a = 0; a < d; a++) {
                        v -= l[i * d + a] * xi[a];
                    }
                    y[i] = v;
                }
                int c = 0;
                t[c++] = 1;
                if (linear) {
                    for (int a = 0; a < d; a++) {
                        t[c++] = xi[a] / scale;
                    }
                }
                for (int a = 0; a < d; a++) {
                    for (int b = a; b < d; b++) {
                        t[c++] = xi[a] * xi[b] / s2;
                    }
                }
                for (int u = 0; u < cols; u++) {
                    double wt = w * t[u];
                    for (int v = u; v < cols; v++) {
                        gram[u * cols + v] += wt * t[v];
                        gramNoise[u * cols + v] += w * wt * t[v];
                        gramPlain[u * cols + v] += t[u] * t[v];
                    }
                    double[] row = cross[u];
                    for (int i = 0; i < ambient; i++) {
                        row[i] += wt * y[i];
                    }
                }
            }
            for (int u = 0; u < cols; u++) {
                for (int v = 0; v < u; v++) {
                    gram[u * cols + v] = gram[v * cols + u];
                    gramNoise[u * cols + v] = gramNoise[v * cols + u];
                    gramPlain[u * cols + v] = gramPlain[v * cols + u];
                }
            }
            return new DesignMoments(gram, cross, gramNoise, gramPlain, members.length);
        }

        /**
         * @return ν = n − 2p + tr(G⁻¹G₂G⁻¹G₀), the expected residual sum of squares per unit noise variance of the
         *     weighted fit (see {@link Result#noiseResidual}); NaN when G is singular
         */
        double degreesOfFreedom() {
            int cols = cross.length;
            DMatrixRMaj g = new DMatrixRMaj(cols, cols, true, gram);
            DMatrixRMaj inverse = new DMatrixRMaj(cols, cols);
            if (!org.ejml.dense.row.CommonOps_DDRM.invert(g, inverse)) {
                return Double.NaN;
            }
            DMatrixRMaj a = new DMatrixRMaj(cols, cols);
            DMatrixRMaj b = new DMatrixRMaj(cols, cols);
            org.ejml.dense.row.CommonOps_DDRM.mult(inverse, new DMatrixRMaj(cols, cols, true, gramNoise), a);
            org.ejml.dense.row.CommonOps_DDRM.mult(inverse, new DMatrixRMaj(cols, cols, true, gramPlain), b);
            double trace = 0;
            for (int u = 0; u < cols; u++) {
                for (int v = 0; v < cols; v++) {
                    trace += a.get(u, v) * b.get(v, u);
                }
            }
            return count - 2.0 * cols + trace;
        }

        /**
         * Solves the normal equations {@code G H = B} when the monomials are determined ({@link #DETERMINED}).
         *
         * @return H, one row of length D per monomial; empty when G scaled to unit diagonal is (nearly) singular
         */
        Optional<double[][]> solve() {
            int cols = cross.length;
            int ambient = cross[0].length;
            double[] scaleOf = new double[cols];
            for (int u = 0; u < cols; u++) {
                double g = gram[u * cols + u];
                if (!(g > 0)) {
                    return Optional.empty();
                }
                scaleOf[u] = 1 / Math.sqrt(g);
            }
            DMatrixRMaj c = new DMatrixRMaj(cols, cols);
            for (int u = 0; u < cols; u++) {
                for (int v = 0; v < cols; v++) {
                    c.data[u * cols + v] = gram[u * cols + v] * scaleOf[u] * scaleOf[v];
                }
            }
            double[] lambda = new double[cols];
            DMatrixRMaj vectors = Pca.sortedEigenvectors(c, lambda);
            if (!(lambda[cols - 1] > DETERMINED * lambda[0])) {
                return Optional.empty();
            }
            // H = S (V Λ⁻¹ Vᵀ) S B with S = diag(scaleOf)
            double[][] h = new double[cols][ambient];
            double[] sb = new double[cols];
            for (int i = 0; i < ambient; i++) {
                for (int u = 0; u < cols; u++) {
                    sb[u] = scaleOf[u] * cross[u][i];
                }
                for (int k = 0; k < cols; k++) {
                    double proj = 0;
                    for (int u = 0; u < cols; u++) {
                        proj += vectors.get(u, k) * sb[u];
                    }
                    proj /= lambda[k];
                    for (int u = 0; u < cols; u++) {
                        h[u][i] += vectors.get(u, k) * proj;
                    }
                }
            }
            for (int u = 0; u < cols; u++) {
                for (int i = 0; i < ambient; i++) {
                    h[u][i] *= scaleOf[u];
                }
            }
            return Optional.of(h);
        }
    }

    /**
     * The quadratic part {@code ½W(ξ⊗ξ)} of a chart written over the fewest orthonormal normal directions
     * ({@link ChartModel}): {@code W = M'K'}.
     *
     * @param normalBasis M', D×m orthonormal columns
     * @param curvature   K', m×d×d, each K'_j symmetric
     */
    record Curvature(double[] normalBasis, double[] curvature) {
        /** Singular values of W below this fraction of the largest are round-off, or bend the surface negligibly. */
        static final double RANK_TOLERANCE = 1e-10;
        /**
         * ... and so are those that bend the surface over the ball by less than this fraction of its radius
         * (σ·r²/2 &lt; 10⁻¹²·r): the round-off of a flat chart.
         */
        static final double FLAT = 1e-12;

        /**
         * Rewrites W (D×d², orthogonal to the tangent plane) as M'K' by its thin SVD {@code W = UΣVᵀ}:
         * {@code M' = U} and {@code K'_i = Σ_j U_ji W_j} (W_j row j of W as a d×d matrix) over the singular values
         * above {@link #RANK_TOLERANCE} of the largest. Then {@code M'K' = UUᵀW = W}: the same surface, with
         * m ≤ min(D − d, d(d+1)/2) columns (each W_j is symmetric, so W has rank at most d(d+1)/2). W is first
         * projected off the tangent plane, along which it vanishes up to round-off, and singular values that bend the
         * surface by less than {@link #FLAT} of the ball's radius are dropped with those below
         * {@link #RANK_TOLERANCE}.
         *
         * @param w       W, D×d² row-major (row i holds the d×d matrix of ambient coordinate i); projected in place
         * @param l       the tangent basis L, D×d orthonormal columns
         * @param ambient D
         * @param d       the intrinsic dimension
         * @param scale   the ball's radius r
         * @return M' and K'
         */
        static Curvature of(double[] w, double[] l, int ambient, int d, double scale) {
            int dd = d * d;
            for (int a = 0; a < d; a++) {
                for (int p = 0; p < dd; p++) {
                    double dot = 0;
                    for (int i = 0; i < ambient; i++) {
                        dot += l[i * d + a] * w[i * dd + p];
                    }
                    for (int i = 0; i < ambient; i++) {
                        w[i * dd + p] -= dot * l[i * d + a];
                    }
                }
            }
            DMatrixRMaj wMat = new DMatrixRMaj(ambient, dd);
            System.arraycopy(w, 0, wMat.data, 0, ambient * dd);
            SingularValueDecomposition_F64<DMatrixRMaj> svd = DecompositionFactory_DDRM.svd(ambient, dd, true, false,
                    true);
            if (!svd.decompose(wMat)) {
                throw new ArithmeticException("SVD of the quadratic coefficients failed");
            }
            double[] sigma = svd.getSingularValues();
            DMatrixRMaj uMat = svd.getU(null, false);
            int count = Math.min(ambient, dd);
            Integer[] order = new Integer[count];
            for (int i = 0; i < count; i++) {
                order[i] = i;
            }
            Arrays.sort(order, (a, b) -> Double.compare(sigma[b], sigma[a]));
            double floor = Math.max(RANK_TOLERANCE * sigma[order[0]], 2 * FLAT / scale);
            int rank = 0;
            while (rank < Math.min(count, ambient - d) && sigma[order[rank]] > floor) {
                rank++;
            }
            double[] m = new double[ambient * rank];
            for (int i = 0; i < ambient; i++) {
                for (int c = 0; c < rank; c++) {
                    m[i * rank + c] = uMat.get(i, order[c]);
                }
            }
            m = orthonormalized(m, ambient, rank);
            double[] k = new double[rank * dd];
            for (int i = 0; i < ambient; i++) {
                for (int c = 0; c < rank; c++) {
                    double mic = m[i * rank + c];
                    if (mic == 0) {
                        continue;
                    }
                    for (int p = 0; p < dd; p++) {
                        k[c * dd + p] += mic * w[i * dd + p];
                    }
                }
            }
            for (int c = 0; c < rank; c++) {
                symmetrize(k, c * dd, d);
            }
            return new Curvature(m, k);
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

        /** @return the columns orthonormalized by modified Gram–Schmidt, twice (exact to round-off) */
        static double[] orthonormalized(double[] q, int rows, int cols) {
            for (int pass = 0; pass < 2; pass++) {
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
            }
            return q;
        }
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
            Arrays.sort(values);
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
            Arrays.sort(order, (a, b) -> Double.compare(eig.getEigenvalue(b).real, eig.getEigenvalue(a).real));
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

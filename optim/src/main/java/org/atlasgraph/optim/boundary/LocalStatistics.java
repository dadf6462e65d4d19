package org.atlasgraph.optim.boundary;

import java.util.List;
import org.atlasgraph.api.ChartPoint;
import org.atlasgraph.api.Coordinates;
import org.atlasgraph.api.TangentVector;
import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.CommonOps_DDRM;
import org.ejml.dense.row.decomposition.TriangularSolver_DDRM;
import org.ejml.dense.row.factory.DecompositionFactory_DDRM;
import org.ejml.interfaces.decomposition.CholeskyDecomposition_F64;
import org.ejml.interfaces.decomposition.EigenDecomposition_F64;

/**
 * The local tangent statistics of one class at a point x with the indicator kernel of radius h (Yao and Zhang 2020,
 * Sec. 2.2; App. E.2).
 *
 * @param neighbours      the number of neighbours (points within distance h)
 * @param direction       W(x), the top eigenvector of {@code Σ_h(x) = mean Log_x(x_i) Log_x(x_i)ᵀ} with respect to the
 *                        metric, of unit metric norm (its sign is arbitrary)
 * @param meanLog         the mean logarithm {@code mean Log_x(x_i)} of eq. E.1
 * @param eigenvalueRatio λ₂/λ₁ of Σ_h, in [0, 1]: 0 for neighbours on a line, 1 when no direction is preferred
 */
record LocalStatistics(int neighbours, TangentVector direction, TangentVector meanLog, double eigenvalueRatio) {
    /**
     * How far the neighbourhood is from isotropic, in units of the sampling noise: {@code (1 − λ₂/λ₁)·√n}. For n points
     * of an isotropic distribution the ratio falls short of 1 by noise alone, by a median of about 1.75/√n (5th
     * percentile 3–3.7/√n), so this is about 1.75 for a disc of any size and grows as √n for an elongated
     * neighbourhood.
     *
     * @return the elongation, 0 without neighbours
     */
    double elongation() {
        return (1 - eigenvalueRatio) * Math.sqrt(neighbours);
    }

    /**
     * The statistics of the given neighbour logarithms at p.
     *
     * @param p    the point
     * @param logs the logarithms of its neighbours, in p's chart
     * @param g    the metric
     * @return the statistics; with no neighbours, zero vectors and ratio 1
     */
    static LocalStatistics of(ChartPoint p, List<TangentVector> logs, BoundaryPrimitives g) {
        int d = p.chart().dimension();
        if (logs.isEmpty()) {
            return new LocalStatistics(0, p.zeroTangent(), p.zeroTangent(), 1);
        }
        DMatrixRMaj sigma = new DMatrixRMaj(d, d);
        double[] mean = new double[d];
        for (TangentVector tau : logs) {
            for (int i = 0; i < d; i++) {
                double ti = tau.tau().get(i);
                mean[i] += ti / logs.size();
                for (int j = 0; j < d; j++) {
                    sigma.add(i, j, ti * tau.tau().get(j) / logs.size());
                }
            }
        }
        DMatrixRMaj gram = DMatrixRMaj.wrap(d, d, g.gram(p));
        CholeskyDecomposition_F64<DMatrixRMaj> chol = DecompositionFactory_DDRM.chol(d, true);
        if (!chol.decompose(gram)) {
            throw new ArithmeticException("principal flow: the metric at " + p.xi() + " is not positive definite");
        }
        // max wᵀGΣGw subject to wᵀGw = 1: with G = LLᵀ and u = Lᵀw, the symmetric eigenproblem of LᵀΣL; w = L⁻ᵀu
        DMatrixRMaj l = chol.getT(null);
        DMatrixRMaj sl = new DMatrixRMaj(d, d);
        CommonOps_DDRM.mult(sigma, l, sl);
        DMatrixRMaj a = new DMatrixRMaj(d, d);
        CommonOps_DDRM.multTransA(l, sl, a);
        EigenDecomposition_F64<DMatrixRMaj> eig = DecompositionFactory_DDRM.eig(d, true, true);
        if (!eig.decompose(a)) {
            throw new ArithmeticException("principal flow: the eigen decomposition of the local covariance failed");
        }
        int best = 0;
        for (int i = 1; i < d; i++) {
            if (eig.getEigenvalue(i).getReal() > eig.getEigenvalue(best).getReal()) {
                best = i;
            }
        }
        double top = eig.getEigenvalue(best).getReal();
        double second = 0;
        for (int i = 0; i < d; i++) {
            if (i != best) {
                second = Math.max(second, eig.getEigenvalue(i).getReal());
            }
        }
        double[] u = eig.getEigenVector(best).getData().clone();
        double nu = 0;
        for (double v : u) {
            nu += v * v;
        }
        nu = Math.sqrt(nu);
        for (int i = 0; i < d; i++) {
            u[i] /= nu;
        }
        TriangularSolver_DDRM.solveTranL(l.data, u, d);
        return new LocalStatistics(logs.size(), p.tangent(Coordinates.ofComputed("principal direction", u)),
                p.tangent(Coordinates.ofComputed("mean log", mean)), top > 0 ? Math.max(0, second) / top : 1);
    }
}

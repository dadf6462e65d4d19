package org.atlasgraph.optim.boundary;

import java.util.ArrayList;
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
 * The training points of one class, located once in the atlas, with the local statistics that drive its principal
 * flow.
 */
final class ClassSample {
    private final String name;
    private final List<ChartPoint> points;
    private final double[][] ambient;

    ClassSample(String name, List<ChartPoint> points, List<double[]> ambient) {
        this.name = name;
        this.points = List.copyOf(points);
        this.ambient = ambient.toArray(new double[0][]);
    }

    String name() {
        return name;
    }

    int size() {
        return points.size();
    }

    ChartPoint point(int i) {
        return points.get(i);
    }

    double[] ambient(int i) {
        return ambient[i];
    }

    /** @return the index of the point nearest to x in the ambient (chord) distance */
    int nearest(double[] x) {
        int best = 0;
        double bestD = Double.POSITIVE_INFINITY;
        for (int i = 0; i < ambient.length; i++) {
            double d = squaredDistance(ambient[i], x);
            if (d < bestD) {
                bestD = d;
                best = i;
            }
        }
        return best;
    }

    /** @return the mean of the ambient points (not on the manifold in general) */
    double[] ambientMean() {
        double[] m = new double[ambient[0].length];
        for (double[] a : ambient) {
            for (int j = 0; j < m.length; j++) {
                m[j] += a[j] / ambient.length;
            }
        }
        return m;
    }

    /**
     * The ambient distances from x to every point of the class, sorted: the chord distance bounds the geodesic
     * distance from below.
     */
    double[] sortedDistancesFrom(double[] x) {
        double[] d = new double[ambient.length];
        for (int i = 0; i < d.length; i++) {
            d[i] = Math.sqrt(squaredDistance(ambient[i], x));
        }
        java.util.Arrays.sort(d);
        return d;
    }

    /**
     * The local statistics at p with the indicator kernel of radius h. Candidates are the points whose chord distance
     * is at most h (a superset of the geodesic ball, since chords are shorter than geodesics); a candidate is a
     * neighbour when its logarithm at p has metric norm at most h.
     */
    LocalStatistics statistics(ChartPoint p, double h, BoundaryPrimitives g) {
        double[] x = g.manifold().embed(p);
        double h2 = h * h;
        List<TangentVector> logs = new ArrayList<>();
        for (int i = 0; i < ambient.length; i++) {
            if (squaredDistance(ambient[i], x) <= h2) {
                g.tryLog(p, points.get(i)).filter(tau -> g.norm(p, tau) <= h).ifPresent(logs::add);
            }
        }
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
        TopEigen top = topEigenvector(sigma, g.gram(p), d);
        return new LocalStatistics(logs.size(), p.tangent(Coordinates.ofComputed("principal direction", top.vector)),
                p.tangent(Coordinates.ofComputed("mean log", mean)), top.ratio);
    }

    private record TopEigen(double[] vector, double ratio) {
    }

    /**
     * The top eigenvector of the covariance operator with respect to the metric G: maximize {@code wᵀGΣGw} subject to
     * {@code wᵀGw = 1}. With G = LLᵀ and u = Lᵀw this is the ordinary symmetric eigenproblem of {@code LᵀΣL}; then
     * {@code w = L⁻ᵀu}.
     */
    private static TopEigen topEigenvector(DMatrixRMaj sigma, double[] gram, int d) {
        DMatrixRMaj gMatrix = DMatrixRMaj.wrap(d, d, gram);
        CholeskyDecomposition_F64<DMatrixRMaj> chol = DecompositionFactory_DDRM.chol(d, true);
        if (!chol.decompose(gMatrix)) {
            throw new ArithmeticException("principal flow: the metric at a flow point is not positive definite");
        }
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
        return new TopEigen(u, top > 0 ? Math.max(0, second) / top : 1);
    }

    private static double squaredDistance(double[] a, double[] b) {
        double s = 0;
        for (int i = 0; i < a.length; i++) {
            double t = a[i] - b[i];
            s += t * t;
        }
        return s;
    }
}

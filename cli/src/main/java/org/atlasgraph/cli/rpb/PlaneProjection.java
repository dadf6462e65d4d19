package org.atlasgraph.cli.rpb;

import java.util.List;
import java.util.Optional;
import org.atlasgraph.api.check.InvalidInputException;
import org.atlasgraph.pointcloud.data.KleinPatches;
import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.factory.DecompositionFactory_DDRM;
import org.ejml.interfaces.decomposition.SingularValueDecomposition_F64;

/**
 * How ambient points are drawn in the plane of a plot: the (θ, φ) square of the Klein bottle of patches (Fig. 6), or
 * the first two principal components of the data for any other point cloud.
 */
public interface PlaneProjection {
    /**
     * @param ambient a point of R^D (not modified)
     * @return its plot coordinates {x, y}
     */
    double[] project(double[] ambient);

    /** @return the title of the horizontal axis */
    String xTitle();

    /** @return the title of the vertical axis */
    String yTitle();

    /** @return fixed axis ranges {xmin, xmax, ymin, ymax}, or empty to fit the data */
    Optional<double[]> ranges();

    /** @return the (θ, φ) parameters of the nearest patch k_{θ,φ}, on [0, π] × [0, 2π] */
    static PlaneProjection kleinAngles() {
        return new PlaneProjection() {
            @Override
            public double[] project(double[] ambient) {
                return KleinPatches.angles(ambient);
            }

            @Override
            public String xTitle() {
                return "θ";
            }

            @Override
            public String yTitle() {
                return "φ";
            }

            @Override
            public Optional<double[]> ranges() {
                return Optional.of(new double[] {0, Math.PI, 0, 2 * Math.PI});
            }
        };
    }

    /**
     * The orthogonal projection on the first two principal components of the given points.
     *
     * @param points the points that define the components (at least two, of dimension ≥ 2)
     * @return the projection
     * @throws InvalidInputException if there are fewer than two points or two dimensions
     */
    static PlaneProjection principalComponents(List<double[]> points) {
        int n = points.size();
        int dim = n == 0 ? 0 : points.get(0).length;
        if (n < 2 || dim < 2) {
            throw new InvalidInputException("plot data", "at least two points of dimension ≥ 2", n + " of dimension "
                    + dim);
        }
        double[] mean = new double[dim];
        for (double[] p : points) {
            for (int j = 0; j < dim; j++) {
                mean[j] += p[j] / n;
            }
        }
        DMatrixRMaj centred = new DMatrixRMaj(n, dim);
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < dim; j++) {
                centred.set(i, j, points.get(i)[j] - mean[j]);
            }
        }
        SingularValueDecomposition_F64<DMatrixRMaj> svd = DecompositionFactory_DDRM.svd(n, dim, false, true, false);
        if (!svd.decompose(centred)) {
            throw new ArithmeticException("plot: the SVD of the data for the principal components failed");
        }
        DMatrixRMaj v = svd.getV(null, false);
        double[] w = svd.getSingularValues();
        int first = 0;
        for (int i = 1; i < w.length; i++) {
            if (w[i] > w[first]) {
                first = i;
            }
        }
        int second = first == 0 ? 1 : 0;
        for (int i = 0; i < w.length; i++) {
            if (i != first && w[i] > w[second]) {
                second = i;
            }
        }
        double[][] axes = new double[2][dim];
        for (int j = 0; j < dim; j++) {
            axes[0][j] = v.get(j, first);
            axes[1][j] = v.get(j, second);
        }
        return new PlaneProjection() {
            @Override
            public double[] project(double[] ambient) {
                double[] r = new double[2];
                for (int a = 0; a < 2; a++) {
                    for (int j = 0; j < dim; j++) {
                        r[a] += axes[a][j] * (ambient[j] - mean[j]);
                    }
                }
                return r;
            }

            @Override
            public String xTitle() {
                return "first principal component";
            }

            @Override
            public String yTitle() {
                return "second principal component";
            }

            @Override
            public Optional<double[]> ranges() {
                return Optional.empty();
            }
        };
    }
}

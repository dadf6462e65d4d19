package org.atlasgraph.optim;

import java.util.Arrays;
import java.util.random.RandomGenerator;
import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.CommonOps_DDRM;
import org.ejml.dense.row.NormOps_DDRM;
import org.ejml.dense.row.factory.DecompositionFactory_DDRM;
import org.ejml.interfaces.decomposition.EigenDecomposition_F64;

/** Dense vectors and matrices for the tests of {@code optim}: the references compute with plain arrays and EJML. */
public final class TestLinearAlgebra {
    private TestLinearAlgebra() {
    }

    /**
     * @param n   the size
     * @param rng the random source
     * @return an n×n orthogonal matrix (its rows orthonormal), from Gram–Schmidt on a Gaussian matrix
     */
    public static double[][] randomOrthogonal(int n, RandomGenerator rng) {
        double[][] rows = new double[n][];
        for (int i = 0; i < n; i++) {
            double[] v = new double[n];
            for (int j = 0; j < n; j++) {
                v[j] = rng.nextGaussian();
            }
            for (int j = 0; j < i; j++) {
                v = add(v, scaled(rows[j], -dot(v, rows[j])));
            }
            rows[i] = normalized(v);
        }
        return rows;
    }

    /** @return a·b */
    public static double dot(double[] a, double[] b) {
        double s = 0;
        for (int i = 0; i < a.length; i++) {
            s += a[i] * b[i];
        }
        return s;
    }

    /** @return ‖a‖ */
    public static double norm(double[] a) {
        return Math.sqrt(dot(a, a));
    }

    /** @return ‖a − b‖ */
    public static double distance(double[] a, double[] b) {
        double s = 0;
        for (int i = 0; i < a.length; i++) {
            s += (a[i] - b[i]) * (a[i] - b[i]);
        }
        return Math.sqrt(s);
    }

    /** @return a + b, new */
    public static double[] add(double[] a, double[] b) {
        double[] r = a.clone();
        for (int i = 0; i < r.length; i++) {
            r[i] += b[i];
        }
        return r;
    }

    /** @return f·a, new */
    public static double[] scaled(double[] a, double f) {
        double[] r = a.clone();
        for (int i = 0; i < r.length; i++) {
            r[i] *= f;
        }
        return r;
    }

    /** @return a/‖a‖, new */
    public static double[] normalized(double[] a) {
        return scaled(a, 1 / norm(a));
    }

    /**
     * @param n   the size
     * @param rng the random source
     * @return a symmetric n×n matrix with independent standard Gaussian entries on and below the diagonal
     */
    public static DMatrixRMaj randomSymmetric(int n, RandomGenerator rng) {
        DMatrixRMaj a = new DMatrixRMaj(n, n);
        for (int i = 0; i < n; i++) {
            for (int j = 0; j <= i; j++) {
                double v = rng.nextGaussian();
                a.set(i, j, v);
                a.set(j, i, v);
            }
        }
        return a;
    }

    /**
     * The reference of the eigenvalue problems: EJML's symmetric eigendecomposition.
     *
     * @param a a symmetric matrix (not modified)
     * @param k how many eigenvectors
     * @return the n×k matrix of unit eigenvectors of the k largest eigenvalues, largest first
     */
    public static DMatrixRMaj leadingEigenvectors(DMatrixRMaj a, int k) {
        int n = a.numRows;
        EigenDecomposition_F64<DMatrixRMaj> eig = DecompositionFactory_DDRM.eig(n, true, true);
        if (!eig.decompose(a.copy())) {
            throw new AssertionError("EJML's eigendecomposition failed");
        }
        Integer[] order = new Integer[n];
        for (int i = 0; i < n; i++) {
            order[i] = i;
        }
        Arrays.sort(order, (p, q) -> Double.compare(eig.getEigenvalue(q).getReal(), eig.getEigenvalue(p).getReal()));
        DMatrixRMaj v = new DMatrixRMaj(n, k);
        for (int c = 0; c < k; c++) {
            DMatrixRMaj e = eig.getEigenVector(order[c]);
            double norm = NormOps_DDRM.normF(e);
            for (int r = 0; r < n; r++) {
                v.set(r, c, e.get(r) / norm);
            }
        }
        return v;
    }

    /**
     * The largest principal angle between two k-dimensional subspaces of R^n: {@code asin ‖(I − VVᵀ)X‖₂} for
     * orthonormal bases X and V (for k = 1 the angle between the lines, whatever the signs).
     *
     * @param x an orthonormal basis, n×k row-major (not modified)
     * @param v an orthonormal basis (not modified)
     * @return the angle in radians
     */
    public static double largestPrincipalAngle(double[] x, DMatrixRMaj v) {
        int n = v.numRows;
        int k = v.numCols;
        DMatrixRMaj xm = DMatrixRMaj.wrap(n, k, x.clone());
        DMatrixRMaj vtx = new DMatrixRMaj(k, k);
        CommonOps_DDRM.multTransA(v, xm, vtx);
        DMatrixRMaj residual = xm.copy();
        CommonOps_DDRM.multAdd(-1, v, vtx, residual);
        return Math.asin(Math.min(1, NormOps_DDRM.normP2(residual)));
    }
}

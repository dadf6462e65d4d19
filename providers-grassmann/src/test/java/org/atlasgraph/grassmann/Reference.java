package org.atlasgraph.grassmann;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.CommonOps_DDRM;
import org.ejml.dense.row.factory.DecompositionFactory_DDRM;
import org.ejml.interfaces.decomposition.EigenDecomposition_F64;

/**
 * Independent references for small n, built the way the paper writes them: explicit n×n projectors, the explicit
 * Claim 3.1 matrix Q_C, permutation matrices. Test-only; the provider never forms these.
 */
final class Reference {
    private Reference() {
    }

    static double[] gaussian(SplittableRandom rng, int rows, int cols) {
        double[] a = new double[rows * cols];
        for (int i = 0; i < a.length; i++) {
            a[i] = rng.nextGaussian();
        }
        return a;
    }

    static double[] scaled(double[] a, double f) {
        double[] r = a.clone();
        for (int i = 0; i < r.length; i++) {
            r[i] *= f;
        }
        return r;
    }

    static double maxAbsDifference(double[] a, double[] b) {
        double m = 0;
        for (int i = 0; i < a.length; i++) {
            m = Math.max(m, Math.abs(a[i] - b[i]));
        }
        return m;
    }

    static double maxAbs(double[] a) {
        double m = 0;
        for (double v : a) {
            m = Math.max(m, Math.abs(v));
        }
        return m;
    }

    static double norm(double[] a) {
        double s = 0;
        for (double v : a) {
            s += v * v;
        }
        return Math.sqrt(s);
    }

    static DMatrixRMaj matrix(int rows, int cols, double[] data) {
        return new DMatrixRMaj(rows, cols, true, data);
    }

    /** @return the orthogonal projector X(XᵀX)⁻¹Xᵀ onto the column space of an n×k matrix (n×n) */
    static DMatrixRMaj projector(double[] x, int n, int k) {
        DMatrixRMaj xm = matrix(n, k, x);
        DMatrixRMaj g = new DMatrixRMaj(k, k);
        CommonOps_DDRM.multTransA(xm, xm, g);
        CommonOps_DDRM.invert(g);
        DMatrixRMaj t = new DMatrixRMaj(n, k);
        CommonOps_DDRM.mult(xm, g, t);
        DMatrixRMaj p = new DMatrixRMaj(n, n);
        CommonOps_DDRM.multTransB(t, xm, p);
        return p;
    }

    /** @return f(S) for a symmetric matrix S, through its eigendecomposition */
    static DMatrixRMaj symmetricFunction(DMatrixRMaj s, java.util.function.DoubleUnaryOperator f) {
        int k = s.numRows;
        EigenDecomposition_F64<DMatrixRMaj> eig = DecompositionFactory_DDRM.eig(k, true, true);
        eig.decompose(s.copy());
        DMatrixRMaj r = new DMatrixRMaj(k, k);
        for (int j = 0; j < k; j++) {
            DMatrixRMaj v = eig.getEigenVector(j);
            double fj = f.applyAsDouble(eig.getEigenvalue(j).real);
            for (int a = 0; a < k; a++) {
                for (int b = 0; b < k; b++) {
                    r.add(a, b, fj * v.get(a) * v.get(b));
                }
            }
        }
        return r;
    }

    /** @return the n×n matrix of Claim 3.1 for an m×k matrix C, n = m + k, in the frame (no permutation) */
    static DMatrixRMaj claimQa(double[] c, int m, int k) {
        DMatrixRMaj cm = matrix(m, k, c);
        DMatrixRMaj ik = CommonOps_DDRM.identity(k);
        DMatrixRMaj im = CommonOps_DDRM.identity(m);
        DMatrixRMaj ctc = new DMatrixRMaj(k, k);
        CommonOps_DDRM.multTransA(cm, cm, ctc);
        CommonOps_DDRM.addEquals(ctc, ik);
        DMatrixRMaj cct = new DMatrixRMaj(m, m);
        CommonOps_DDRM.multTransB(cm, cm, cct);
        CommonOps_DDRM.addEquals(cct, im);
        DMatrixRMaj sk = symmetricFunction(ctc, s -> 1 / Math.sqrt(s));
        DMatrixRMaj sm = symmetricFunction(cct, s -> 1 / Math.sqrt(s));
        DMatrixRMaj q = new DMatrixRMaj(m + k, m + k);
        DMatrixRMaj topRight = new DMatrixRMaj(k, m);
        CommonOps_DDRM.multTransA(-1, cm, sm, topRight);
        DMatrixRMaj bottomLeft = new DMatrixRMaj(m, k);
        CommonOps_DDRM.mult(cm, sk, bottomLeft);
        CommonOps_DDRM.insert(sk, q, 0, 0);
        CommonOps_DDRM.insert(topRight, q, 0, k);
        CommonOps_DDRM.insert(bottomLeft, q, k, 0);
        CommonOps_DDRM.insert(sm, q, k, k);
        return q;
    }

    /**
     * @return the published coordinates {@code S_m b} of an ad hoc chart (b itself for an Ehresmann chart), with the
     *     explicit m×m block S_m = (I + CCᵀ)^{-1/2} of Claim 3.1's matrix
     */
    static double[] published(GrassmannChart chart, double[] b) {
        if (!chart.isAdHoc()) {
            return b.clone();
        }
        int m = chart.m;
        int k = chart.k;
        DMatrixRMaj sm = CommonOps_DDRM.extract(claimQa(chart.rotation.centre(), m, k), k, m + k, k, m + k);
        DMatrixRMaj h = new DMatrixRMaj(m, k);
        CommonOps_DDRM.mult(sm, matrix(m, k, b), h);
        return h.data;
    }

    /** @return the n×n permutation matrix P_I of eq. (3.1): column j is e_{π(j)} */
    static DMatrixRMaj permutation(int[] upper, int[] lower, int n) {
        DMatrixRMaj p = new DMatrixRMaj(n, n);
        int k = upper.length;
        for (int j = 0; j < k; j++) {
            p.set(upper[j], j, 1);
        }
        for (int i = 0; i < lower.length; i++) {
            p.set(lower[i], k + i, 1);
        }
        return p;
    }

    /** @return the chart map of App. G.1 with the explicit n×n Q = P_I Q_C: X_L X_U⁻¹ of QᵀX */
    static double[] ingest(GrassmannChart chart, double[] x) {
        int n = chart.n;
        int k = chart.k;
        DMatrixRMaj q = new DMatrixRMaj(n, n);
        double[] centre = chart.isAdHoc() ? chart.rotation.centre() : new double[chart.m * k];
        CommonOps_DDRM.mult(permutation(chart.upper, chart.lower, n), claimQa(centre, chart.m, k), q);
        DMatrixRMaj y = new DMatrixRMaj(n, k);
        CommonOps_DDRM.multTransA(q, matrix(n, k, x), y);
        DMatrixRMaj yu = CommonOps_DDRM.extract(y, 0, k, 0, k);
        DMatrixRMaj yl = CommonOps_DDRM.extract(y, k, n, 0, k);
        CommonOps_DDRM.invert(yu);
        DMatrixRMaj b = new DMatrixRMaj(n - k, k);
        CommonOps_DDRM.mult(yl, yu, b);
        return b.data;
    }

    /** @return max |P₁ − P₂| over entries of the two n×n projectors */
    static double projectorDistance(double[] x, double[] y, int n, int k) {
        return maxAbsDifference(projector(x, n, k).data, projector(y, n, k).data);
    }

    /**
     * The Grassmann distance from projectors: the nonzero eigenvalues of P₁ − P₂ are ±sin θ_i, so
     * d = sqrt(Σ asin(|λ|)²) over the positive half (valid for angles below π/2).
     */
    static double distanceFromProjectors(double[] x, double[] y, int n, int k) {
        DMatrixRMaj diff = projector(x, n, k);
        CommonOps_DDRM.subtractEquals(diff, projector(y, n, k));
        EigenDecomposition_F64<DMatrixRMaj> eig = DecompositionFactory_DDRM.eig(n, false, true);
        eig.decompose(diff);
        double[] lambda = new double[n];
        for (int i = 0; i < n; i++) {
            lambda[i] = eig.getEigenvalue(i).real;
        }
        Arrays.sort(lambda);
        double s = 0;
        for (double l : lambda) {
            if (l > 0) {
                double t = Math.asin(Math.min(1, l));
                s += t * t;
            }
        }
        return Math.sqrt(s);
    }
}

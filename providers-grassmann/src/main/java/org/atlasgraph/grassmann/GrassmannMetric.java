package org.atlasgraph.grassmann;

import org.atlasgraph.api.ChartPoint;
import org.atlasgraph.api.Coordinates;
import org.atlasgraph.api.TangentVector;
import org.atlasgraph.api.check.Checks;
import org.atlasgraph.api.check.InvalidInputException;
import org.atlasgraph.api.primitive.Metric;

/**
 * The metric of Gr(n,k) in chart coordinates (eq. 2.2). Every chart is the Ehresmann chart φ₀ composed with an
 * orthogonal map, so the metric is the same in all of them:
 *
 * <pre>
 *   ḡ_B(U, V) = tr((I + BᵀB)⁻¹ Uᵀ (I + BBᵀ)⁻¹ V),     G⁻¹ω = (I + BBᵀ) ω (I + BᵀB).
 * </pre>
 *
 * It is evaluated through k×k matrices only ((I + BBᵀ)⁻¹V = V − B(I + BᵀB)⁻¹BᵀV by Woodbury), in O(nk² + k³).
 */
final class GrassmannMetric implements Metric {
    private final int m;
    private final int k;

    GrassmannMetric(int n, int k) {
        this.m = n - k;
        this.k = k;
    }

    @Override
    public double inner(ChartPoint p, TangentVector u, TangentVector v) {
        Checks.requireSameChart("u", p, u);
        Checks.requireSameChart("v", p, v);
        double[] b = point(p);
        double[] kInverse = new double[k * k];
        if (!Dense.invert(Dense.identityPlusGram(b, m, k), k, kInverse, new double[k * k])) {
            throw new ArithmeticException("metric: I + BᵀB is not invertible at " + p.chart().id());
        }
        double[] vv = v.tau().toArray();
        double[] btv = Dense.multTransA(b, m, k, vv, k);
        double[] e = Dense.mult(kInverse, k, k, btv, k);
        Dense.multAdd(-1, Dense.wrap(m, k, b), Dense.wrap(k, k, e), Dense.wrap(m, k, vv));
        double[] utw = Dense.multTransA(u.tau().toArray(), m, k, vv, k);
        double s = 0;
        for (int i = 0; i < k; i++) {
            for (int j = 0; j < k; j++) {
                s += kInverse[i * k + j] * utw[j * k + i];
            }
        }
        return s;
    }

    @Override
    public TangentVector raise(ChartPoint p, Coordinates covector) {
        double[] b = point(p);
        if (covector.dimension() != m * k) {
            throw new InvalidInputException("covector", "length " + m * k + " (dimension of " + p.chart().id() + ")",
                    String.valueOf(covector.dimension()));
        }
        double[] w = covector.toArray();
        double[] left = w.clone();
        Dense.multAdd(1, Dense.wrap(m, k, b), Dense.wrap(k, k, Dense.multTransA(b, m, k, w, k)),
                Dense.wrap(m, k, left));
        double[] result = Dense.mult(left, m, k, Dense.identityPlusGram(b, m, k), k);
        return p.tangent(Coordinates.ofComputed("raise", result));
    }

    private double[] point(ChartPoint p) {
        if (p.xi().dimension() != m * k) {
            throw new InvalidInputException("p", "a point of Gr(" + (m + k) + "," + k + ")", "a point of dimension "
                    + p.xi().dimension());
        }
        return p.xi().toArray();
    }
}

package org.atlasgraph.grassmann;

import org.atlasgraph.api.ChartPoint;
import org.atlasgraph.api.Coordinates;
import org.atlasgraph.api.TangentVector;
import org.atlasgraph.api.check.Checks;
import org.atlasgraph.api.check.InvalidInputException;
import org.atlasgraph.api.primitive.Metric;

/**
 * The metric of Gr(n,k) in chart coordinates (eq. 2.2). In orthonormal-frame coordinates B every chart is the
 * Ehresmann chart φ₀ composed with an orthogonal map, so the metric is the same formula in all of them:
 *
 * <pre>
 *   ḡ_B(U, V) = tr((I + BᵀB)⁻¹ Uᵀ (I + BBᵀ)⁻¹ V),     G⁻¹ω = (I + BBᵀ) ω (I + BᵀB).
 * </pre>
 *
 * Ad hoc charts publish H = S_m B ({@link GrassmannChart}), a fixed linear change of coordinates, so there
 * {@code ḡ_H(U, V) = ḡ_B(S_m⁻¹U, S_m⁻¹V)} and {@code G_H⁻¹ω = S_m G_B⁻¹(S_m ω)} (S_m is symmetric). It is evaluated
 * through k×k matrices only ((I + BBᵀ)⁻¹V = V − B(I + BᵀB)⁻¹BᵀV by Woodbury), in O(nk² + k³).
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
        GrassmannChart chart = chart(p);
        double[] b = chart.orthonormal(point(p));
        double[] kInverse = new double[k * k];
        if (!Dense.invert(Dense.identityPlusGram(b, m, k), k, kInverse, new double[k * k])) {
            throw new ArithmeticException("metric: I + BᵀB is not invertible at " + p.chart().id());
        }
        double[] vv = chart.orthonormal(v.tau().toArray());
        double[] btv = Dense.multTransA(b, m, k, vv, k);
        double[] e = Dense.mult(kInverse, k, k, btv, k);
        Dense.multAdd(-1, Dense.wrap(m, k, b), Dense.wrap(k, k, e), Dense.wrap(m, k, vv));
        double[] utw = Dense.multTransA(chart.orthonormal(u.tau().toArray()), m, k, vv, k);
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
        GrassmannChart chart = chart(p);
        double[] b = chart.orthonormal(point(p));
        if (covector.dimension() != m * k) {
            throw new InvalidInputException("covector", "length " + m * k + " (dimension of " + p.chart().id() + ")",
                    String.valueOf(covector.dimension()));
        }
        double[] w = chart.published(covector.toArray());
        double[] left = w.clone();
        Dense.multAdd(1, Dense.wrap(m, k, b), Dense.wrap(k, k, Dense.multTransA(b, m, k, w, k)),
                Dense.wrap(m, k, left));
        double[] result = Dense.mult(left, m, k, Dense.identityPlusGram(b, m, k), k);
        return p.tangent(Coordinates.ofComputed("raise", chart.published(result)));
    }

    private GrassmannChart chart(ChartPoint p) {
        if (!(p.chart() instanceof GrassmannChart c) || c.m != m || c.k != k) {
            throw new InvalidInputException("p", "a point in a chart of Gr(" + (m + k) + "," + k + ")",
                    "a point in chart " + p.chart().id());
        }
        return c;
    }

    private double[] point(ChartPoint p) {
        if (p.xi().dimension() != m * k) {
            throw new InvalidInputException("p", "a point of Gr(" + (m + k) + "," + k + ")", "a point of dimension "
                    + p.xi().dimension());
        }
        return p.xi().toArray();
    }
}

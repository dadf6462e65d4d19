package org.atlasgraph.grassmann;

import org.atlasgraph.api.ChartPoint;
import org.atlasgraph.api.Coordinates;
import org.atlasgraph.api.Metric;
import org.atlasgraph.api.TangentVector;
import org.atlasgraph.api.check.Checks;
import org.atlasgraph.api.check.InvalidInputException;

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
 *
 * <p>The metric is the pull-back of the one induced by R^{n×k}, so the Riemannian gradient of a function with
 * Euclidean gradient E is the representative of E's orthogonal projection onto the horizontal space,
 * {@code tangentCoordinates(ξ, E)}: {@code G⁻¹Dφ⁻¹ᵀE = (Dφ⁻¹)⁺E}, one O(nk² + k³) call instead of the generic
 * {@code raise(pullBack(E))}.
 */
final class GrassmannMetric implements Metric {
    private final int m;
    private final int k;
    /** This thread's last base point and what the metric needs of it (optimizers ask several times at one point). */
    private final ThreadLocal<AtPoint> last = new ThreadLocal<>();

    /**
     * What the metric needs at a base point, B and K = I + BᵀB and K⁻¹; recognised by the identity of the point's
     * coordinates (immutable) and chart.
     *
     * @param kInverse K⁻¹, or {@code null} when K is numerically singular
     */
    private record AtPoint(Coordinates xi, GrassmannChart chart, double[] b, double[] gram, double[] kInverse) {
    }

    GrassmannMetric(int n, int k) {
        this.m = n - k;
        this.k = k;
    }

    @Override
    public double inner(ChartPoint p, TangentVector u, TangentVector v) {
        p.requireTangent("u", u);
        p.requireTangent("v", v);
        GrassmannChart chart = chart(p);
        AtPoint at = at(p, chart);
        double[] b = at.b();
        double[] kInverse = at.kInverse();
        if (kInverse == null) {
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
        AtPoint at = at(p, chart);
        double[] b = at.b();
        if (covector.dimension() != m * k) {
            throw new InvalidInputException("covector", "length " + m * k + " (dimension of " + p.chart().id() + ")",
                    String.valueOf(covector.dimension()));
        }
        double[] w = chart.published(covector.toArray());
        double[] left = w.clone();
        Dense.multAdd(1, Dense.wrap(m, k, b), Dense.wrap(k, k, Dense.multTransA(b, m, k, w, k)),
                Dense.wrap(m, k, left));
        double[] result = Dense.mult(left, m, k, at.gram(), k);
        return p.tangent(Coordinates.ofComputed("raise", chart.published(result)));
    }

    /**
     * {@inheritDoc} Here the metric projection {@code tangentCoordinates(ξ_p, E)}, exact for the induced metric.
     *
     * @throws InvalidInputException if p is not a point of this Gr(n,k), or the gradient's length is not n·k or an
     *                               entry is not finite
     */
    @Override
    public TangentVector riemannianGradient(ChartPoint p, double[] euclideanGradient) {
        GrassmannChart chart = chart(p);
        Checks.requireFiniteOfLength("euclidean gradient", euclideanGradient, (m + k) * k,
                "n·k for Gr(" + (m + k) + "," + k + ")");
        return p.tangent(chart.tangentCoordinates(p.xi(), euclideanGradient));
    }

    /** @return B, K and K⁻¹ at p: this thread's last ones when p is the same point, else computed (O(nk² + k³)) */
    private AtPoint at(ChartPoint p, GrassmannChart chart) {
        AtPoint a = last.get();
        if (a != null && a.xi() == p.xi() && a.chart() == chart) {
            return a;
        }
        double[] b = chart.orthonormal(point(p));
        double[] gram = Dense.identityPlusGram(b, m, k);
        double[] kInverse = new double[k * k];
        a = new AtPoint(p.xi(), chart, b, gram, Dense.invert(gram, k, kInverse, new double[k * k]) ? kInverse : null);
        last.set(a);
        return a;
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

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
 * {@code ḡ_H(U, V) = ḡ_B(S_m⁻¹U, S_m⁻¹V)} and {@code G_H⁻¹ω = S_m G_B⁻¹(S_m ω)} (S_m is symmetric).
 *
 * <p>Inner products are what optimizers ask for most (L-BFGS: twice its memory per iteration), so they are evaluated
 * as dot products of the columns of U, V and of matrices prepared at the base point ({@link Dots}, vectorized). With
 * K = I + BᵀB, S_m⁻² = I + CCᵀ (C the chart's centre) and P = S_m⁻¹B, Woodbury's {@code (I + BBᵀ)⁻¹ = I − BK⁻¹Bᵀ} gives
 *
 * <pre>
 *   ḡ_H(U, V) = tr(K⁻¹UᵀV) + tr(K⁻¹(CᵀU)ᵀ(CᵀV)) − tr(K⁻¹(PᵀU)ᵀK⁻¹(PᵀV)),
 * </pre>
 *
 * the k×k products UᵀV, CᵀU, CᵀV, PᵀU and PᵀV (3(n−k)k² multiply-adds in an Ehresmann chart, where C = 0, 5(n−k)k²
 * in an ad hoc chart, where {@code PᵀU = HᵀU + (CᵀH)ᵀCᵀU} with H = ξ) and O(k³) after them; K⁻¹ and CᵀH are prepared
 * once per base point.
 *
 * <p>The metric is the pull-back of the one induced by R^{n×k}, so the Riemannian gradient of a function with
 * Euclidean gradient E is the representative of E's orthogonal projection onto the horizontal space,
 * {@code tangentCoordinates(ξ, E)}: {@code G⁻¹Dφ⁻¹ᵀE = (Dφ⁻¹)⁺E}, one O(nk² + k³) call instead of the generic
 * {@code raise(pullBack(E))}.
 */
final class GrassmannMetric implements Metric {
    /** The dot products of the inner product's k×k blocks (Vector API where available). */
    private static final Dots DOTS = Dots.best();

    private final int m;
    private final int k;
    /** This thread's last base point and what the metric needs of it (optimizers ask several times at one point). */
    private final ThreadLocal<AtPoint> last = new ThreadLocal<>();

    /**
     * What the metric needs at a base point, recognised by the identity of the point's coordinates (immutable) and
     * chart.
     *
     * @param local the chart's B and functions of K = I + BᵀB there
     * @param zt    the columns of Z = [C H] in an ad hoc chart (H = ξ, published), of Z = B in an Ehresmann chart,
     *              one after another (width×m row-major)
     * @param width 2k in an ad hoc chart, k in an Ehresmann chart
     * @param cth   CᵀH (k×k) in an ad hoc chart, with which {@code PᵀU = HᵀS_m⁻²U = HᵀU + (CᵀH)ᵀCᵀU}
     */
    private record AtPoint(Coordinates xi, GrassmannChart chart, GrassmannChart.Local local, double[] zt, int width,
                           double[] cth) {
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
        double[] ut = transpose(u.tau());
        double[] vt = u == v ? ut : transpose(v.tau());
        int width = at.width();
        double[] z = at.zt();
        double[] uv = new double[k * k];
        double[] zu = new double[width * k];
        double[] zv = u == v ? zu : new double[width * k];
        for (int a = 0; a < k; a++) {
            for (int b = 0; b < k; b++) {
                // UᵀU is symmetric: its lower triangle is copied
                uv[a * k + b] = u == v && b < a ? uv[b * k + a] : DOTS.dot(ut, a * m, vt, b * m, m);
            }
        }
        for (int c = 0; c < width; c++) {
            for (int b = 0; b < k; b++) {
                zu[c * k + b] = DOTS.dot(z, c * m, ut, b * m, m);
                if (u != v) {
                    zv[c * k + b] = DOTS.dot(z, c * m, vt, b * m, m);
                }
            }
        }
        double[] kInverse = at.local().inverse();
        double s = 0;
        for (int a = 0; a < k; a++) {
            for (int b = 0; b < k; b++) {
                s += kInverse[a * k + b] * uv[b * k + a];
            }
        }
        int centreRows = width - k;
        if (centreRows > 0) {
            // tr(K⁻¹(CᵀU)ᵀ(CᵀV)) = Σ_ab K⁻¹_ab Σ_c (CᵀU)_cb (CᵀV)_ca
            for (int a = 0; a < k; a++) {
                for (int b = 0; b < k; b++) {
                    double cc = 0;
                    for (int c = 0; c < k; c++) {
                        cc += zu[c * k + b] * zv[c * k + a];
                    }
                    s += kInverse[a * k + b] * cc;
                }
            }
        }
        // tr(K⁻¹(PᵀU)ᵀK⁻¹(PᵀV)) = Σ_ab L_ab R_ba with L = K⁻¹(PᵀU)ᵀ, R = K⁻¹(PᵀV)
        int off = centreRows * k;
        if (centreRows > 0) {
            toP(at.cth(), zu, off);
            if (u != v) {
                toP(at.cth(), zv, off);
            }
        }
        double[] left = new double[k * k];
        double[] right = new double[k * k];
        for (int a = 0; a < k; a++) {
            for (int b = 0; b < k; b++) {
                double l = 0;
                double r = 0;
                for (int c = 0; c < k; c++) {
                    double ki = kInverse[a * k + c];
                    l += ki * zu[off + b * k + c];
                    r += ki * zv[off + c * k + b];
                }
                left[a * k + b] = l;
                right[a * k + b] = r;
            }
        }
        for (int a = 0; a < k; a++) {
            for (int b = 0; b < k; b++) {
                s -= left[a * k + b] * right[b * k + a];
            }
        }
        return s;
    }

    /** HᵀU ← HᵀU + (CᵀH)ᵀCᵀU = PᵀU in place: rows off… of zu hold HᵀU, its first k rows CᵀU. */
    private void toP(double[] cth, double[] zu, int off) {
        double[] hu = new double[k * k];
        for (int a = 0; a < k; a++) {
            for (int b = 0; b < k; b++) {
                double sum = zu[off + a * k + b];
                for (int c = 0; c < k; c++) {
                    sum += cth[c * k + a] * zu[c * k + b];
                }
                hu[a * k + b] = sum;
            }
        }
        System.arraycopy(hu, 0, zu, off, k * k);
    }

    /** @return the columns of an m×k row-major matrix, one after another (k×m row-major) */
    private double[] transpose(Coordinates c) {
        double[] x = c.toArray();
        double[] t = new double[m * k];
        for (int i = 0; i < m; i++) {
            for (int a = 0; a < k; a++) {
                t[a * m + i] = x[i * k + a];
            }
        }
        return t;
    }

    @Override
    public TangentVector raise(ChartPoint p, Coordinates covector) {
        GrassmannChart chart = chart(p);
        AtPoint at = at(p, chart);
        double[] b = at.local().b();
        if (covector.dimension() != m * k) {
            throw new InvalidInputException("covector", "length " + m * k + " (dimension of " + p.chart().id() + ")",
                    String.valueOf(covector.dimension()));
        }
        double[] w = chart.published(covector.toArray());
        double[] left = w.clone();
        Dense.multAdd(1, Dense.wrap(m, k, b), Dense.wrap(k, k, Dense.multTransA(b, m, k, w, k)),
                Dense.wrap(m, k, left));
        double[] result = Dense.mult(left, m, k, at.local().gram(), k);
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

    /** @return what the metric needs at p: this thread's last one when p is the same point, else O(nk² + k³) */
    private AtPoint at(ChartPoint p, GrassmannChart chart) {
        AtPoint a = last.get();
        if (a != null && a.xi() == p.xi() && a.chart() == chart) {
            return a;
        }
        if (p.xi().dimension() != m * k) {
            throw new InvalidInputException("p", "a point of Gr(" + (m + k) + "," + k + ")", "a point of dimension "
                    + p.xi().dimension());
        }
        GrassmannChart.Local local = chart.local(p.xi());
        int width = chart.isAdHoc() ? 2 * k : k;
        double[] zt = new double[width * m];
        double[] c = chart.isAdHoc() ? chart.centre() : null;
        double[] h = chart.isAdHoc() ? p.xi().toArray() : local.b();
        for (int i = 0; i < m; i++) {
            for (int j = 0; j < k; j++) {
                if (c != null) {
                    zt[j * m + i] = c[i * k + j];
                }
                zt[(width - k + j) * m + i] = h[i * k + j];
            }
        }
        double[] cth = new double[k * k];
        if (c != null) {
            for (int a1 = 0; a1 < k; a1++) {
                for (int b1 = 0; b1 < k; b1++) {
                    cth[a1 * k + b1] = DOTS.dot(zt, a1 * m, zt, (k + b1) * m, m);
                }
            }
        }
        a = new AtPoint(p.xi(), chart, local, zt, width, cth);
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
}

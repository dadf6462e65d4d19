package org.atlasgraph.sphere;

import org.atlasgraph.api.Chart;
import org.atlasgraph.api.ChartId;
import org.atlasgraph.api.Coordinates;
import org.atlasgraph.api.base.Vectors;
import org.atlasgraph.api.check.Checks;

/**
 * A gnomonic chart of S^{n-1} centred at a unit vector c: φ⁻¹(ξ) = (c + Bξ)/√(1 + ‖ξ‖²), where the columns of B are an
 * orthonormal basis of the tangent plane at c. Great circles are straight lines in these coordinates, and the metric
 * {@code G(ξ) = (I − ξξᵀ/(1+‖ξ‖²))/(1+‖ξ‖²)} is stationary at the centre, so quasi-Euclidean updates from the centre
 * are the projection retraction and the identity transport is second-order accurate there (App. A.2, App. B).
 *
 * <p>B is the Householder reflector H = I − 2wwᵀ/‖w‖² with H c = ∓e₀, restricted to columns 1…n−1: applying B or Bᵀ
 * costs O(n) and the chart stores O(n) numbers. The domain of trust is ‖ξ‖ < 1, i.e. within 45° of the centre.
 */
final class GnomonicChart implements Chart {
    /** Trust radius in coordinates: tan(π/4), the same 45° rule as the Grassmann {@code |a_ij| < 1}. */
    static final double TRUST_RADIUS = 1.0;

    private final ChartId id;
    private final double[] centre;
    private final double[] w;
    private final double wNormSq;

    GnomonicChart(ChartId id, double[] centre) {
        this.id = id;
        this.centre = centre.clone();
        int n = centre.length;
        this.w = centre.clone();
        w[0] += centre[0] >= 0 ? 1 : -1;
        double s = 0;
        for (int i = 0; i < n; i++) {
            s += w[i] * w[i];
        }
        this.wNormSq = s;
    }

    double[] centre() {
        return centre.clone();
    }

    /** @return Bξ ∈ R^n, orthogonal to the centre */
    double[] tangentBasisTimes(double[] xi) {
        int n = centre.length;
        double[] y = new double[n];
        System.arraycopy(xi, 0, y, 1, n - 1);
        double wy = 0;
        for (int i = 1; i < n; i++) {
            wy += w[i] * y[i];
        }
        double f = 2 * wy / wNormSq;
        for (int i = 0; i < n; i++) {
            y[i] -= f * w[i];
        }
        return y;
    }

    /** @return Bᵀv ∈ R^{n−1} */
    double[] tangentBasisTransposeTimes(double[] v) {
        int n = centre.length;
        double wv = 0;
        for (int i = 0; i < n; i++) {
            wv += w[i] * v[i];
        }
        double f = 2 * wv / wNormSq;
        double[] r = new double[n - 1];
        for (int i = 1; i < n; i++) {
            r[i - 1] = v[i] - f * w[i];
        }
        return r;
    }

    /** @return c·v */
    double centreDot(double[] v) {
        double s = 0;
        for (int i = 0; i < centre.length; i++) {
            s += centre[i] * v[i];
        }
        return s;
    }

    /** @return y = c + Bξ, the unnormalized image of ξ */
    double[] lift(Coordinates xi) {
        double[] y = tangentBasisTimes(xi.toArray());
        for (int i = 0; i < y.length; i++) {
            y[i] += centre[i];
        }
        return y;
    }

    /**
     * The gnomonic coordinates Bᵀy/(c·y) of any nonzero y in the open hemisphere around c.
     *
     * @return the coordinates, or {@code null} when c·y ≤ 0 (not representable)
     */
    double[] project(double[] y) {
        double cy = centreDot(y);
        if (!(cy > 0)) {
            return null;
        }
        double[] xi = tangentBasisTransposeTimes(y);
        for (int i = 0; i < xi.length; i++) {
            xi[i] /= cy;
        }
        return xi;
    }

    /**
     * The differential of {@link #project} at y applied to dy: Bᵀdy/(c·y) − Bᵀy (c·dy)/(c·y)².
     */
    double[] projectDifferential(double[] y, double[] dy) {
        double cy = centreDot(y);
        double cdy = centreDot(dy);
        double[] a = tangentBasisTransposeTimes(dy);
        double[] b = tangentBasisTransposeTimes(y);
        for (int i = 0; i < a.length; i++) {
            a[i] = a[i] / cy - b[i] * cdy / (cy * cy);
        }
        return a;
    }

    @Override
    public ChartId id() {
        return id;
    }

    @Override
    public int dimension() {
        return centre.length - 1;
    }

    /**
     * Validates the dimension of coordinates or a representative handed to this chart from outside (TCK ERR-3).
     *
     * @return {@code values}
     */
    Coordinates checked(String name, Coordinates values) {
        return values.requireDimension(name, centre.length - 1, "dimension of chart " + id);
    }

    @Override
    public boolean contains(Coordinates xi) {
        return checked("xi", xi).norm() < TRUST_RADIUS;
    }

    @Override
    public double[] toAmbient(Coordinates xi) {
        return Vectors.normalized(lift(checked("xi", xi)));
    }

    /** {@inheritDoc} Here {@code (I − xxᵀ)Bτ/‖y‖} with y = c + Bξ and x = y/‖y‖. */
    @Override
    public double[] pushForward(Coordinates xi, Coordinates tau) {
        checked("tau", tau);
        double[] y = lift(checked("xi", xi));
        double ny = Vectors.norm(y);
        double[] x = Vectors.scaled(y, 1 / ny);
        double[] v = tangentBasisTimes(tau.toArray());
        double xv = Vectors.dot(x, v);
        for (int i = 0; i < v.length; i++) {
            v[i] = (v[i] - xv * x[i]) / ny;
        }
        return v;
    }

    /**
     * {@inheritDoc} The pseudo-inverse of {@code Dφ⁻¹(ξ)} is the differential of the gnomonic projection applied to the
     * tangential part of v, because the range of {@code Dφ⁻¹(ξ)} is the tangent plane at x.
     */
    @Override
    public Coordinates tangentCoordinates(Coordinates xi, double[] ambient) {
        Checks.requireFiniteOfLength("ambient", ambient, centre.length, "ambient dimension of the chart's sphere");
        double[] x = toAmbient(xi);
        double xv = Vectors.dot(x, ambient);
        double[] tangential = new double[x.length];
        for (int i = 0; i < x.length; i++) {
            tangential[i] = ambient[i] - xv * x[i];
        }
        return Coordinates.ofComputed("tangentCoordinates", projectDifferential(x, tangential));
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof GnomonicChart c && c.id.equals(id);
    }

    @Override
    public int hashCode() {
        return id.hashCode();
    }

    @Override
    public String toString() {
        return "GnomonicChart[" + id + "]";
    }
}

package org.atlasgraph.sphere;

import org.atlasgraph.api.Chart;
import org.atlasgraph.api.ChartId;
import org.atlasgraph.api.Coordinates;
import org.atlasgraph.api.base.Vectors;
import org.atlasgraph.api.check.Checks;
import org.atlasgraph.api.check.InvalidInputException;

/**
 * A gnomonic chart of S^{n-1} centred at a unit vector c: φ⁻¹(ξ) = (c + Bξ)/√(1 + ‖ξ‖²), where the columns of B are an
 * orthonormal basis of the tangent plane at c. Great circles are straight lines in these coordinates, and the metric
 * {@code G(ξ) = (I − ξξᵀ/(1+‖ξ‖²))/(1+‖ξ‖²)} is stationary at the centre, so quasi-Euclidean updates from the centre
 * are the projection retraction and the identity transport is second-order accurate there (App. A.2, App. B).
 *
 * <p>B is the Householder reflector H = I − 2wwᵀ/‖w‖² with H c = ∓e₀, restricted to columns 1…n−1: applying B or Bᵀ
 * costs O(n) and the chart stores O(n) numbers. The domain of trust is ‖ξ‖ < 1, i.e. within 45° of the centre; every
 * finite ξ is in the image (the open hemisphere), and the maps are computed without overflow for all of them.
 *
 * <p>Immutable and thread-safe.
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

    /**
     * Bᵀv into a buffer, without allocation (the sphere's running mean).
     *
     * @param v   a vector of R^n (not modified)
     * @param out receives Bᵀv, length n − 1
     * @return ‖Bᵀv‖², the squared length of v's component orthogonal to the centre
     */
    double tangentBasisTransposeTimes(double[] v, double[] out) {
        int n = centre.length;
        double wv = 0;
        for (int i = 0; i < n; i++) {
            wv += w[i] * v[i];
        }
        double f = 2 * wv / wNormSq;
        double s = 0;
        for (int i = 1; i < n; i++) {
            double r = v[i] - f * w[i];
            out[i - 1] = r;
            s += r * r;
        }
        return s;
    }

    /** @return c·v */
    double centreDot(double[] v) {
        double s = 0;
        for (int i = 0; i < centre.length; i++) {
            s += centre[i] * v[i];
        }
        return s;
    }

    /**
     * @param xi coordinates
     * @return m = max(1, max|ξᵢ|), the factor that {@link #lift} divides out
     */
    static double scale(Coordinates xi) {
        return Math.max(1, xi.maxAbs());
    }

    /**
     * The direction of y = c + Bξ, the unnormalized image of ξ, as y/m with m = {@link #scale}(ξ): c/m + B(ξ/m). For
     * ‖ξ‖ ≤ 1, the domain of trust, m = 1 and this is y itself, bit for bit; for far points (a step of 1e200 is a
     * valid gnomonic coordinate: the point 90° − 1e-200 rad from the centre) it has no overflow, where y itself would
     * have.
     *
     * @return y/m
     */
    double[] lift(Coordinates xi) {
        double m = scale(xi);
        double[] scaled = xi.toArray();
        if (m > 1) {
            for (int i = 0; i < scaled.length; i++) {
                scaled[i] /= m;
            }
        }
        double[] y = tangentBasisTimes(scaled);
        for (int i = 0; i < y.length; i++) {
            y[i] += m > 1 ? centre[i] / m : centre[i];
        }
        return y;
    }

    /**
     * The gnomonic coordinates Bᵀy/(c·y) of any nonzero y in the open hemisphere around c.
     *
     * @return the coordinates, or {@code null} when c·y ≤ 0 or so close to 0 that a coordinate overflows (a point
     *     90° from the centre, up to rounding: not representable)
     */
    double[] project(double[] y) {
        double cy = centreDot(y);
        if (!(cy > 0)) {
            return null;
        }
        double[] xi = tangentBasisTransposeTimes(y);
        for (int i = 0; i < xi.length; i++) {
            xi[i] /= cy;
            if (!Double.isFinite(xi[i])) {
                return null;
            }
        }
        return xi;
    }

    /**
     * The differential of {@link #project} at y applied to dy: Bᵀdy/(c·y) − Bᵀy (c·dy)/(c·y)². Where (c·y)² underflows
     * (y nearly 90° from the centre) it is evaluated as (Bᵀdy − Bᵀy (c·dy)/(c·y))/(c·y), which does not divide by 0.
     */
    double[] projectDifferential(double[] y, double[] dy) {
        double cy = centreDot(y);
        double cdy = centreDot(dy);
        double[] a = tangentBasisTransposeTimes(dy);
        double[] b = tangentBasisTransposeTimes(y);
        boolean normal = cy * cy >= Double.MIN_NORMAL;
        for (int i = 0; i < a.length; i++) {
            a[i] = normal ? a[i] / cy - b[i] * cdy / (cy * cy) : (a[i] - b[i] * (cdy / cy)) / cy;
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
        Checks.requireNonNull(name, values, "coordinates of dimension " + (centre.length - 1));
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

    /**
     * {@inheritDoc} Here {@code (I − xxᵀ)Bτ/‖y‖} with y = c + Bξ and x = y/‖y‖, computed with ξ and τ scaled to
     * entries of at most 1 and the scales put back at the end, so that it is finite wherever the result is.
     *
     * @throws InvalidInputException naming {@code tau} when the image itself overflows (|τᵢ| near 1e308 at the centre)
     */
    @Override
    public double[] pushForward(Coordinates xi, Coordinates tau) {
        checked("tau", tau);
        double m = scale(checked("xi", xi));
        double[] y = lift(xi);
        double ny = Vectors.norm(y);
        double[] x = Vectors.scaled(y, 1 / ny);
        double mt = scale(tau);
        double[] v = tangentBasisTimes(mt > 1 ? tau.scale(1 / mt).toArray() : tau.toArray());
        double xv = Vectors.dot(x, v);
        for (int i = 0; i < v.length; i++) {
            v[i] = (v[i] - xv * x[i]) / ny / m * mt;
            if (!Double.isFinite(v[i])) {
                throw new InvalidInputException("tau", "a tangent whose image Dφ⁻¹(ξ)τ is finite", "|τᵢ| up to "
                        + Checks.number(tau.maxAbs()) + " at |ξᵢ| up to " + Checks.number(xi.maxAbs()),
                        "chart " + id);
            }
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
        double ma = 0;
        for (double a : ambient) {
            ma = Math.max(ma, Math.abs(a));
        }
        double f = Math.max(1, ma);
        double xv = 0;
        for (int i = 0; i < x.length; i++) {
            xv += x[i] * (ambient[i] / f);
        }
        double[] tangential = new double[x.length];
        for (int i = 0; i < x.length; i++) {
            tangential[i] = ambient[i] / f - xv * x[i];
        }
        double[] tau = projectDifferential(x, tangential);
        for (int i = 0; i < tau.length; i++) {
            tau[i] *= f;
            if (!Double.isFinite(tau[i])) {
                throw new InvalidInputException("ambient", "a vector whose tangent coordinates at ξ are finite",
                        "|vᵢ| up to " + Checks.number(ma) + " at |ξᵢ| up to " + Checks.number(xi.maxAbs()),
                        "chart " + id);
            }
        }
        return Coordinates.ofComputed("tangentCoordinates", tau);
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

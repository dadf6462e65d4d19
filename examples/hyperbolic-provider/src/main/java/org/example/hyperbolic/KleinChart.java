package org.example.hyperbolic;

import org.atlasgraph.api.Chart;
import org.atlasgraph.api.ChartId;
import org.atlasgraph.api.Coordinates;
import org.atlasgraph.api.check.Checks;
import org.atlasgraph.api.check.InvalidInputException;

/**
 * A Beltrami–Klein chart of H^n centred at a point c: {@code φ⁻¹(ξ) = (c + Bξ)/√(1 − ‖ξ‖²)} for ξ in the open unit
 * ball, where the columns of B are a Minkowski-orthonormal basis of the tangent space at c. It is the sphere's
 * gnomonic chart with the Minkowski product in place of the Euclidean one: geodesics are straight lines in these
 * coordinates, the chart metric is the identity at the centre and stationary there, and every point of H^n has
 * coordinates in every chart ({@code ξ = Bᵀ_L x / (−⟨c, x⟩_L)}).
 *
 * <p>The image is bounded: {@link #inImage} is the open unit ball, and near its rim the metric blows up (the rim is at
 * infinite distance). The domain of trust is the ball of radius {@value #TRUST_RADIUS}, at hyperbolic distance
 * artanh(1/2) ≈ 0.55 from the centre, where the chart metric differs from the identity by at most a factor 1.8.
 *
 * <p>B is the boost {@code L_c} that carries the origin {@code o = (1, 0, …, 0)} to c, restricted to its last n
 * columns: with c = (c₀, s), {@code Bξ = (s·ξ, ξ + s (s·ξ)/(1 + c₀))}. Applying B or its Minkowski transpose costs
 * O(n), and the chart stores only c.
 */
final class KleinChart implements Chart {
    /** The radius of the domain of trust in Klein coordinates. */
    static final double TRUST_RADIUS = 0.5;

    private final ChartId id;
    private final double[] centre;

    KleinChart(ChartId id, double[] centre) {
        this.id = id;
        this.centre = centre.clone();
    }

    /** @return Bξ, a tangent vector at the centre (length n + 1) */
    double[] basisTimes(double[] xi) {
        int n = xi.length;
        double sXi = 0;
        for (int i = 0; i < n; i++) {
            sXi += centre[i + 1] * xi[i];
        }
        double f = sXi / (1 + centre[0]);
        double[] v = new double[n + 1];
        v[0] = sXi;
        for (int i = 0; i < n; i++) {
            v[i + 1] = xi[i] + f * centre[i + 1];
        }
        return v;
    }

    /** @return {@code Bᵀ_L v = (⟨b_i, v⟩_L)_i}, the coordinates of v along the basis (length n) */
    double[] basisTransposeTimes(double[] v) {
        int n = centre.length - 1;
        double sV = 0;
        for (int i = 0; i < n; i++) {
            sV += centre[i + 1] * v[i + 1];
        }
        double f = sV / (1 + centre[0]) - v[0];
        double[] r = new double[n];
        for (int i = 0; i < n; i++) {
            r[i] = v[i + 1] + f * centre[i + 1];
        }
        return r;
    }

    /** @return y = c + Bξ, the image of ξ before normalization ({@code ⟨y, y⟩_L = ‖ξ‖² − 1}) */
    double[] lift(double[] xi) {
        double[] y = basisTimes(xi);
        for (int i = 0; i < y.length; i++) {
            y[i] += centre[i];
        }
        return y;
    }

    /**
     * The Klein coordinates {@code Bᵀ_L y / (−⟨c, y⟩_L)} of a future-pointing timelike y (a positive multiple of a
     * point of H^n); every point of H^n has them, inside the unit ball.
     */
    double[] project(double[] y) {
        double a = -Minkowski.dot(centre, y);
        double[] xi = basisTransposeTimes(y);
        for (int i = 0; i < xi.length; i++) {
            xi[i] /= a;
        }
        return xi;
    }

    /** The differential of {@link #project} at y applied to dy: {@code Bᵀ_L dy / a − Bᵀ_L y · (−⟨c, dy⟩_L)/a²}. */
    double[] projectDifferential(double[] y, double[] dy) {
        double a = -Minkowski.dot(centre, y);
        double da = -Minkowski.dot(centre, dy);
        double[] r = basisTransposeTimes(dy);
        double[] b = basisTransposeTimes(y);
        for (int i = 0; i < r.length; i++) {
            r[i] = r[i] / a - b[i] * da / (a * a);
        }
        return r;
    }

    /** Validates coordinates or a representative vector handed to this chart from outside. */
    Coordinates checked(String name, Coordinates values) {
        return values.requireDimension(name, centre.length - 1, "dimension of chart " + id);
    }

    @Override
    public ChartId id() {
        return id;
    }

    @Override
    public int dimension() {
        return centre.length - 1;
    }

    @Override
    public boolean contains(Coordinates xi) {
        return checked("xi", xi).norm() < TRUST_RADIUS;
    }

    /** {@inheritDoc} The open unit ball. */
    @Override
    public boolean inImage(Coordinates xi) {
        return checked("xi", xi).norm() < 1;
    }

    @Override
    public double[] toAmbient(Coordinates xi) {
        double r = checked("xi", xi).norm();
        if (!(r < 1)) {
            throw new InvalidInputException("xi", "a point of the open unit ball (the image of chart " + id + ")",
                    "‖ξ‖ = " + Checks.number(r));
        }
        double[] y = lift(xi.toArray());
        return Checks.requireFiniteResult("toAmbient", Minkowski.scaled(y, 1 / Math.sqrt((1 - r) * (1 + r))));
    }

    /** {@inheritDoc} With x = φ⁻¹(ξ) and v = Bτ: {@code (v + ⟨x, v⟩_L x)/√(1 − ‖ξ‖²)}. */
    @Override
    public double[] pushForward(Coordinates xi, Coordinates tau) {
        checked("tau", tau);
        double r = checked("xi", xi).norm();
        double[] x = toAmbient(xi);
        double[] v = basisTimes(tau.toArray());
        double[] dx = Minkowski.plusScaled(v, Minkowski.dot(x, v), x);
        return Minkowski.scaled(dx, 1 / Math.sqrt((1 - r) * (1 + r)));
    }

    /**
     * {@inheritDoc} The Minkowski-orthogonal projection onto the tangent space at x is {@code w + ⟨x, w⟩_L x}
     * (because {@code ⟨x, x⟩_L = −1}); the differential of {@link #project} inverts {@link #pushForward} there.
     */
    @Override
    public Coordinates tangentCoordinates(Coordinates xi, double[] ambient) {
        Checks.requireFiniteOfLength("ambient", ambient, centre.length, "ambient dimension of the chart's H^"
                + (centre.length - 1));
        double[] x = toAmbient(xi);
        double[] tangential = Minkowski.plusScaled(ambient, Minkowski.dot(x, ambient), x);
        return Coordinates.ofComputed("tangentCoordinates", projectDifferential(x, tangential));
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof KleinChart c && c.id.equals(id);
    }

    @Override
    public int hashCode() {
        return id.hashCode();
    }

    @Override
    public String toString() {
        return "KleinChart[" + id + "]";
    }
}

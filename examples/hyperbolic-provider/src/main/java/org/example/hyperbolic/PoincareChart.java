package org.example.hyperbolic;

import org.atlasgraph.api.Chart;
import org.atlasgraph.api.ChartId;
import org.atlasgraph.api.Coordinates;
import org.atlasgraph.api.base.Vectors;
import org.atlasgraph.api.check.Checks;
import org.atlasgraph.api.check.InvalidInputException;

/**
 * A Poincaré-ball chart of H^n centred at a point c: with q = ‖ξ‖²/4,
 * {@code φ⁻¹(ξ) = ((1 + q) c + Bξ)/(1 − q)} for ‖ξ‖ &lt; 2, where the columns of B are a Minkowski-orthonormal basis of
 * the tangent space at c. These are the coordinates of the Poincaré ball model doubled, so that the chart metric
 * {@code ḡ_ξ = I/(1 − q)²} is the identity at the centre; it is conformal (angles are true) and stationary at the
 * centre, and every point of H^n has coordinates in every chart: {@code φ(x) = 2 Bᵀ_L x / (1 − ⟨c, x⟩_L)}.
 *
 * <p>The image is bounded: the open ball of radius 2, whose rim is at infinite distance. Near the rim {@code 1 − q}
 * loses its digits, so the chart declares as its image ({@link #inImage}) only the points within distance
 * {@value #IMAGE_DISTANCE} of the centre, ‖ξ‖ &lt; 2 tanh 4, where φ⁻¹ keeps about 13 digits. The domain of trust is
 * ‖ξ‖ &lt; {@value #TRUST_RADIUS} (distance 2 artanh ½ ≈ 1.1 from the centre), where the metric differs from the
 * identity by at most a factor 4/3.
 *
 * <p>B is the boost {@code L_c} that carries the origin {@code o = (1, 0, …, 0)} to c, restricted to its last n
 * columns: with c = (c₀, s), {@code Bξ = (s·ξ, ξ + s (s·ξ)/(1 + c₀))}. Applying B or its Minkowski transpose costs
 * O(n), and the chart stores only c.
 */
final class PoincareChart implements Chart {
    /** The radius of the domain of trust in chart coordinates. */
    static final double TRUST_RADIUS = 1.0;
    /** The largest distance from the centre of a point in the declared image. */
    static final double IMAGE_DISTANCE = 8.0;
    private static final double IMAGE_RADIUS = 2 * Math.tanh(IMAGE_DISTANCE / 2);

    private final ChartId id;
    private final double[] centre;

    PoincareChart(ChartId id, double[] centre) {
        this.id = id;
        this.centre = centre.clone();
    }

    /** @return Bξ, a tangent vector at the centre (length n + 1) */
    private double[] basisTimes(double[] xi) {
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
    private double[] basisTransposeTimes(double[] v) {
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

    /** The chart coordinates {@code φ(x) = 2 Bᵀ_L x / (1 + a)}, a = −⟨c, x⟩_L, of a point x of H^n. */
    double[] project(double[] x) {
        double[] xi = basisTransposeTimes(x);
        double f = 2 / (1 - Minkowski.dot(centre, x));
        for (int i = 0; i < xi.length; i++) {
            xi[i] *= f;
        }
        return xi;
    }

    /**
     * The differential of {@link #project} at x applied to a tangent vector dx:
     * {@code 2 Bᵀ_L dx / (1 + a) − 2 Bᵀ_L x · da / (1 + a)²} with a = −⟨c, x⟩_L and da = −⟨c, dx⟩_L.
     */
    double[] projectDifferential(double[] x, double[] dx) {
        double onePlusA = 1 - Minkowski.dot(centre, x);
        double da = -Minkowski.dot(centre, dx);
        double[] r = basisTransposeTimes(dx);
        double[] b = basisTransposeTimes(x);
        for (int i = 0; i < r.length; i++) {
            r[i] = 2 * (r[i] - b[i] * da / onePlusA) / onePlusA;
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

    /** {@inheritDoc} The ball ‖ξ‖ &lt; 2 tanh 4: the points within distance {@value #IMAGE_DISTANCE} of the centre. */
    @Override
    public boolean inImage(Coordinates xi) {
        return checked("xi", xi).norm() < IMAGE_RADIUS;
    }

    @Override
    public double[] toAmbient(Coordinates xi) {
        if (!inImage(xi)) {
            throw new InvalidInputException("xi", "a point of the image of chart " + id + ", ‖ξ‖ < "
                    + Checks.number(IMAGE_RADIUS), "‖ξ‖ = " + Checks.number(xi.norm()));
        }
        double q = xi.dot(xi) / 4;
        double[] x = Vectors.plusScaled(basisTimes(xi.toArray()), 1 + q, centre);
        return Checks.requireFiniteResult("toAmbient", Vectors.scaled(x, 1 / (1 - q)));
    }

    /** {@inheritDoc} With x = φ⁻¹(ξ) and dq = ξ·τ/2: {@code (Bτ + dq (c + x))/(1 − q)}. */
    @Override
    public double[] pushForward(Coordinates xi, Coordinates tau) {
        checked("tau", tau);
        double[] x = toAmbient(xi);
        double q = xi.dot(xi) / 4;
        double dq = xi.dot(tau) / 2;
        double[] dx = basisTimes(tau.toArray());
        for (int i = 0; i < dx.length; i++) {
            dx[i] = (dx[i] + dq * (centre[i] + x[i])) / (1 - q);
        }
        return dx;
    }

    /**
     * {@inheritDoc} The projection orthogonal in the Minkowski metric onto the tangent space at x is
     * {@code w + ⟨x, w⟩_L x} (because {@code ⟨x, x⟩_L = −1}); the differential of {@link #project} inverts
     * {@link #pushForward} there.
     */
    @Override
    public Coordinates tangentCoordinates(Coordinates xi, double[] ambient) {
        Checks.requireFiniteOfLength("ambient", ambient, centre.length, "ambient dimension of the chart's H^"
                + (centre.length - 1));
        double[] x = toAmbient(xi);
        double[] tangential = Vectors.plusScaled(ambient, Minkowski.dot(x, ambient), x);
        return Coordinates.ofComputed("tangentCoordinates", projectDifferential(x, tangential));
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof PoincareChart c && c.id.equals(id);
    }

    @Override
    public int hashCode() {
        return id.hashCode();
    }

    @Override
    public String toString() {
        return "PoincareChart[" + id + "]";
    }
}

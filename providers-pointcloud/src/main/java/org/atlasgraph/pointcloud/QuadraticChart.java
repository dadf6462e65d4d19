package org.atlasgraph.pointcloud;

import org.atlasgraph.api.Chart;
import org.atlasgraph.api.ChartId;
import org.atlasgraph.api.Coordinates;
import org.atlasgraph.api.base.Vectors;
import org.atlasgraph.api.check.Checks;
import org.atlasgraph.api.check.InvalidInputException;

/**
 * An approximate coordinate chart learned from a point cloud (§4.1): the graph of a quadratic over the local tangent
 * plane, {@code φ̃⁻¹(ξ) = ½MK(ξ⊗ξ) + Lξ + c}, with coordinates {@code φ̃(x) = Lᵀ(x − c)}.
 *
 * <p>Because L and M are orthonormal and orthogonal, {@code φ̃(φ̃⁻¹(ξ)) = ξ} exactly, the differential is
 * {@code Dφ̃⁻¹(ξ) = L + M N(ξ)} with {@code N(ξ)_{j·} = (K_jξ)ᵀ}, and the induced metric is
 * {@code ḡ_ξ = I + N(ξ)ᵀN(ξ)}: every metric quantity costs O(m·d²) for the m ≤ d(d+1)/2 normal directions of the
 * quadratic, never O(D²).
 *
 * <p>The chart's domain of trust ({@link #contains}) is where three conditions hold: the boundary quartic of eq. (4.3)
 * is negative; ‖ξ‖ ≤ ρ_t, a trust radius within the points it was fitted to; and the surface point lies in the ball
 * it was fitted to, {@code ‖φ̃⁻¹(ξ) − centre‖ < R_s}, the ball term of eq. (E.2) reduced to a second quartic in ξ.
 * The SVM's quadric is trained on the ball's points only and may stay negative beyond them; the disc ‖ξ‖ ≤ ρ_t is
 * centred on the fitted origin, which sits off the ball's centre wherever the points are unevenly spread, and reaches
 * past the ball on the far side. Only the ball keeps a quasi-Euclidean retraction from following the quadratic beyond
 * the data it was fitted to: the walk changes chart where the quadratic stops being evidence.
 *
 * <p>The chart represents an ambient point (coordinates, transitions, locating) when the point lies within the
 * atlas's tolerance of its patch {@code {φ̃⁻¹(ξ) : ‖ξ‖ ≤ ρ}} ({@link #patchDistance}).
 *
 * <p>Instances are immutable and compare by {@link #id()}.
 */
public final class QuadraticChart implements Chart {
    private final int index;
    private final ChartId id;
    private final ChartModel model;
    private final int ambient;
    private final int d;
    private final int normal;
    private final double[] centre;
    private final double[] origin;
    private final double[] l;
    private final double[] m;
    private final double[] k;
    private final double[] w;
    private final double radius;
    private final double rho;
    private final double trust;
    private final ChartBoundary boundary;
    private final ChartBoundary support;

    QuadraticChart(int index, ChartModel model) {
        this.index = index;
        this.id = new ChartId("chart-" + index);
        this.model = model;
        this.ambient = model.ambientDimension();
        this.d = model.dimension();
        this.normal = model.normalDimension();
        this.centre = model.centre();
        this.origin = model.origin();
        this.l = model.tangentBasis();
        this.m = model.normalBasis();
        this.k = model.curvature();
        this.radius = model.radius();
        this.rho = model.coordinateRadius();
        this.trust = model.trustRadius();
        int dd = d * d;
        this.w = new double[ambient * dd];
        for (int i = 0; i < ambient; i++) {
            for (int j = 0; j < normal; j++) {
                double mij = m[i * normal + j];
                for (int c = 0; c < dd; c++) {
                    w[i * dd + c] += mij * k[j * dd + c];
                }
            }
        }
        this.boundary = ChartBoundary.reduce(model);
        this.support = ChartBoundary.support(model);
    }

    /** @return the position of this chart in {@link PointCloudAtlas#charts()} */
    public int index() {
        return index;
    }

    /** @return the learned parameters of this chart */
    public ChartModel model() {
        return model;
    }

    /** @return a copy of the r-net centre, the data point the chart was grown around */
    public double[] centre() {
        return centre.clone();
    }

    /** @return r, the ambient radius of the ball of points the chart was fitted to */
    public double radius() {
        return radius;
    }

    /** @return ρ, the coordinate radius within which the chart represents points */
    public double coordinateRadius() {
        return rho;
    }

    /** @return ρ_t ≤ ρ, the coordinate radius of the chart's domain of trust */
    public double trustRadius() {
        return trust;
    }

    /** @return R_s ≥ r, the ambient radius around the centre beyond which the chart is not trusted */
    public double supportRadius() {
        return model.supportRadius();
    }

    /**
     * The boundary quartic of eq. (4.3) at ξ: negative inside the chart's transition boundary.
     *
     * @param xi coordinates of dimension d
     * @return the quartic's value
     * @throws InvalidInputException if ξ does not have dimension d
     */
    public double boundaryValue(Coordinates xi) {
        return boundaryValue(raw("xi", xi));
    }

    @Override
    public ChartId id() {
        return id;
    }

    @Override
    public int dimension() {
        return d;
    }

    /**
     * {@inheritDoc} Here: the quartic of eq. (4.3) is negative, ‖ξ‖ ≤ ρ_t (the trust radius) and the surface point is
     * within R_s of the centre (the ball quartic of eq. (E.2) is negative).
     */
    @Override
    public boolean contains(Coordinates xi) {
        return inside(raw("xi", xi));
    }

    /** {@inheritDoc} Here {@code ½MK(ξ⊗ξ) + Lξ + c}. */
    @Override
    public double[] toAmbient(Coordinates xi) {
        return Checks.requireFiniteResult("toAmbient", ambientOf(raw("xi", xi)));
    }

    /** {@inheritDoc} Here {@code (L + M N(ξ))τ}. */
    @Override
    public double[] pushForward(Coordinates xi, Coordinates tau) {
        return Checks.requireFiniteResult("pushForward", jacobianTimes(raw("xi", xi), raw("tau", tau)));
    }

    /** {@inheritDoc} Here {@code (I + NᵀN)⁻¹(Lᵀv + NᵀMᵀv)}. */
    @Override
    public Coordinates tangentCoordinates(Coordinates xi, double[] ambientVector) {
        Checks.requireFiniteOfLength("ambient", ambientVector, ambient, "ambient dimension D");
        return Coordinates.ofComputed("tangentCoordinates", tangentCoordinatesOf(raw("xi", xi), ambientVector));
    }

    /** @return the entries of c, which must have dimension d */
    double[] raw(String name, Coordinates c) {
        if (c.dimension() != d) {
            throw new InvalidInputException(name, "length " + d + " (dimension of chart " + id + ")",
                    String.valueOf(c.dimension()));
        }
        return c.toArray();
    }

    // ---- kernels on raw arrays; callers validate ----

    int ambientDimension() {
        return ambient;
    }

    double[] centreRef() {
        return centre;
    }

    /** @return ξ = Lᵀ(x − c) */
    double[] coordinatesOf(double[] x) {
        return coordinatesInto(x, new double[d]);
    }

    /**
     * @param xi receives ξ = Lᵀ(x − c) (length d; its contents are overwritten)
     * @return xi
     */
    private double[] coordinatesInto(double[] x, double[] xi) {
        java.util.Arrays.fill(xi, 0);
        for (int i = 0; i < ambient; i++) {
            double v = x[i] - origin[i];
            for (int a = 0; a < d; a++) {
                xi[a] += l[i * d + a] * v;
            }
        }
        return xi;
    }

    /** @return Lᵀv, the coordinates of the linear part of an ambient vector (the differential of φ̃) */
    double[] tangentProjection(double[] v) {
        return Vectors.transposeTimes(l, ambient, d, v);
    }

    /** @return φ̃⁻¹(ξ) = c + Lξ + ½W(ξ⊗ξ) */
    double[] ambientOf(double[] xi) {
        int dd = d * d;
        double[] x = origin.clone();
        for (int i = 0; i < ambient; i++) {
            double s = 0;
            for (int a = 0; a < d; a++) {
                s += l[i * d + a] * xi[a];
                double half = 0;
                for (int b = 0; b < d; b++) {
                    half += w[i * dd + a * d + b] * xi[b];
                }
                s += 0.5 * half * xi[a];
            }
            x[i] += s;
        }
        return x;
    }

    /**
     * @return the frame coordinates {@code z = (ξ, ½K(ξ⊗ξ))/r} of the surface point φ̃⁻¹(ξ), in which the boundary
     *     quadric is learned ({@link ChartModel})
     */
    double[] surfaceFrame(double[] xi) {
        int dd = d * d;
        double[] z = new double[d + normal];
        for (int a = 0; a < d; a++) {
            z[a] = xi[a] / radius;
        }
        for (int j = 0; j < normal; j++) {
            double s = 0;
            for (int a = 0; a < d; a++) {
                double row = 0;
                for (int b = 0; b < d; b++) {
                    row += k[j * dd + a * d + b] * xi[b];
                }
                s += row * xi[a];
            }
            z[d + j] = 0.5 * s / radius;
        }
        return z;
    }

    /**
     * @return ‖x − φ̃⁻¹(φ̃(x))‖, the distance from x to the chart's surface along the normal space: the same
     *     operations in the same order as {@code Vectors.distance(x, ambientOf(coordinatesOf(x)))}, without the
     *     surface point as an array (the learner measures about a million residuals per round on 10⁵ points)
     */
    double residual(double[] x) {
        return residual(x, new double[d]);
    }

    /**
     * {@link #residual(double[])} with the coordinates ξ found in a given array, for many points in a row.
     *
     * @param scratch receives φ̃(x) (length d; its contents are overwritten)
     */
    double residual(double[] x, double[] scratch) {
        double[] xi = coordinatesInto(x, scratch);
        int dd = d * d;
        double sum = 0;
        for (int i = 0; i < ambient; i++) {
            double s = 0;
            for (int a = 0; a < d; a++) {
                s += l[i * d + a] * xi[a];
                double half = 0;
                for (int b = 0; b < d; b++) {
                    half += w[i * dd + a * d + b] * xi[b];
                }
                s += 0.5 * half * xi[a];
            }
            double e = x[i] - (origin[i] + s);
            sum += e * e;
        }
        return Math.sqrt(sum);
    }

    /** @return the boundary quartic at ξ */
    double boundaryValue(double[] xi) {
        return boundary.value(xi);
    }

    /** @return whether ξ is inside the transition boundary, within the trust radius and inside the fitted ball */
    boolean inside(double[] xi) {
        return Vectors.norm(xi) <= trust && boundary.value(xi) < 0 && support.value(xi) < 0;
    }

    /** @return the ball quartic of eq. (E.2) at ξ: negative where the surface lies within R_s of the centre */
    double supportValue(double[] xi) {
        return support.value(xi);
    }

    /**
     * The distance from an ambient point to the chart's patch {@code {φ̃⁻¹(ξ) : ‖ξ‖ ≤ ρ}}, measured to the patch point
     * above its projection ξ = Lᵀ(x − c) clipped to the disc ‖ξ‖ ≤ ρ: the residual ‖x − φ̃⁻¹(ξ)‖ inside the disc,
     * and beyond it the distance to the patch's rim. This one measure decides both whether the chart represents a
     * point and, minimized over the charts, how far a point is from the atlas, so that the two always agree.
     *
     * @param x  an ambient point (not modified)
     * @param xi its projection {@link #coordinatesOf}(x) (not modified)
     * @return the distance
     */
    double patchDistance(double[] x, double[] xi) {
        return Vectors.distance(x, ambientOf(clipped(xi)));
    }

    /**
     * The coordinates under which a located point is represented: its projection, or, for a point within the
     * tolerance of the patch's rim, the projection scaled back onto the disc ‖ξ‖ ≤ ρ, so that every located point has
     * coordinates where the chart was fitted.
     *
     * @param x         an ambient point (not modified)
     * @param tolerance the atlas's off-atlas tolerance
     * @return the coordinates, or {@code null} when x is farther than the tolerance from the patch
     */
    double[] located(double[] x, double tolerance) {
        double[] xi = coordinatesOf(x);
        return patchDistance(x, xi) > tolerance ? null : clipped(xi);
    }

    /** @return ξ, or ξ scaled back onto the disc ‖ξ‖ ≤ ρ when it lies beyond */
    double[] clipped(double[] xi) {
        double norm = Vectors.norm(xi);
        return norm > rho ? Vectors.scaled(xi, rho / norm) : xi;
    }

    /** @return whether ξ lies within the coordinate radius ρ of the fitted points, where the chart can represent it */
    boolean trusted(double[] xi) {
        return Vectors.norm(xi) <= rho;
    }

    /** @return N(ξ), m×d with rows (K_jξ)ᵀ */
    double[] slopes(double[] xi) {
        int dd = d * d;
        double[] n = new double[normal * d];
        for (int j = 0; j < normal; j++) {
            for (int a = 0; a < d; a++) {
                double s = 0;
                for (int b = 0; b < d; b++) {
                    s += k[j * dd + a * d + b] * xi[b];
                }
                n[j * d + a] = s;
            }
        }
        return n;
    }

    /** @return (K_j(a, b))_j = aᵀK_jb for every normal direction j */
    double[] curvatureForm(double[] a, double[] b) {
        int dd = d * d;
        double[] r = new double[normal];
        for (int j = 0; j < normal; j++) {
            double s = 0;
            for (int p = 0; p < d; p++) {
                double row = 0;
                for (int q = 0; q < d; q++) {
                    row += k[j * dd + p * d + q] * b[q];
                }
                s += a[p] * row;
            }
            r[j] = s;
        }
        return r;
    }

    /** @return Dφ̃⁻¹(ξ)τ = Lτ + M N(ξ)τ */
    double[] jacobianTimes(double[] xi, double[] tau) {
        double[] nt = Vectors.times(slopes(xi), normal, d, tau);
        double[] v = new double[ambient];
        for (int i = 0; i < ambient; i++) {
            double s = 0;
            for (int a = 0; a < d; a++) {
                s += l[i * d + a] * tau[a];
            }
            for (int j = 0; j < normal; j++) {
                s += m[i * normal + j] * nt[j];
            }
            v[i] = s;
        }
        return v;
    }

    /** @return ḡ_ξ = I + NᵀN, d×d row-major */
    double[] metricMatrix(double[] xi) {
        double[] n = slopes(xi);
        double[] g = new double[d * d];
        for (int a = 0; a < d; a++) {
            for (int b = 0; b < d; b++) {
                double s = a == b ? 1 : 0;
                for (int j = 0; j < normal; j++) {
                    s += n[j * d + a] * n[j * d + b];
                }
                g[a * d + b] = s;
            }
        }
        return g;
    }

    /** @return ḡ_ξ(u, v) = u·v + (Nu)·(Nv) */
    double metricInner(double[] xi, double[] u, double[] v) {
        double[] n = slopes(xi);
        return Vectors.dot(u, v) + Vectors.dot(Vectors.times(n, normal, d, u), Vectors.times(n, normal, d, v));
    }

    /** @return ḡ_ξ⁻¹ω */
    double[] raise(double[] xi, double[] covector) {
        return Vectors.solveSpd(metricMatrix(xi), d, covector);
    }

    /** @return the least-squares representative (I + NᵀN)⁻¹(Lᵀv + NᵀMᵀv) of an ambient vector */
    double[] tangentCoordinatesOf(double[] xi, double[] v) {
        double[] n = slopes(xi);
        double[] rhs = Vectors.transposeTimes(l, ambient, d, v);
        double[] mv = Vectors.transposeTimes(m, ambient, normal, v);
        double[] ntmv = Vectors.transposeTimes(n, normal, d, mv);
        for (int a = 0; a < d; a++) {
            rhs[a] += ntmv[a];
        }
        return Vectors.solveSpd(metricMatrix(xi), d, rhs);
    }

    /**
     * The Christoffel symbols of the induced metric contracted with two vectors: for the graph of a quadratic,
     * {@code Γ_ξ(a, b) = ḡ_ξ⁻¹ N(ξ)ᵀ (aᵀK_jb)_j}, since the second derivatives of φ̃⁻¹ are {@code MK(a⊗b)}.
     */
    double[] christoffel(double[] xi, double[] a, double[] b) {
        double[] kab = curvatureForm(a, b);
        return Vectors.solveSpd(metricMatrix(xi), d, Vectors.transposeTimes(slopes(xi), normal, d, kab));
    }

    /** @return the naive approximate distance of eq. (4.4) between ξ₀ and ξ₁, in closed form (App. F.4) */
    double naiveDistance(double[] xi0, double[] xi1) {
        double[] delta = Vectors.minus(xi1, xi0);
        return NaiveApproximateDistance.closedForm(Vectors.dot(delta, delta), curvatureForm(delta, xi0),
                curvatureForm(delta, xi1));
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof QuadraticChart c && c.id.equals(id);
    }

    @Override
    public int hashCode() {
        return id.hashCode();
    }

    @Override
    public String toString() {
        return "QuadraticChart[" + id + ", r=" + Checks.number(radius) + ", ρ=" + Checks.number(rho) + ", points="
                + model.pointCount() + "]";
    }
}

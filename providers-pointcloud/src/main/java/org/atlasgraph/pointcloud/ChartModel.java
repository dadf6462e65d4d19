package org.atlasgraph.pointcloud;

import java.util.Arrays;
import java.util.Objects;
import org.atlasgraph.api.check.Checks;
import org.atlasgraph.api.check.InvalidInputException;

/**
 * The learned parameters of one approximate coordinate chart (§4.1, App. F.1): everything a {@link QuadraticChart} is
 * built from, and exactly what {@code AtlasJson} saves. The chart's parametrization is
 * {@code φ̃⁻¹(ξ) = ½ M K (ξ⊗ξ) + L ξ + c} and its coordinates are {@code ξ = Lᵀ(x − c)}; its transition boundary is a
 * quadric {@code Q(z) = zᵀ A z + gᵀ z + a₀ < 0} in the chart's frame coordinates {@code z = (L | M)ᵀ(x − c)/r} that
 * the SVM of §4.2.2 was trained on (App. F.3).
 *
 * <p>Two departures from the paper's shapes, neither of which changes the chart: M holds only the m ≤ min(D − d,
 * d(d+1)/2) normal directions the quadratic bends into (the paper's M is D×(D−d); along its other columns every K_j
 * vanishes, so they are dropped), and the boundary quadric lives in the (d + m)-dimensional frame of the chart instead
 * of R^D. The chart's surface lies in {@code c + span(L | M)}, so a quadric of R^D restricted to the surface is a
 * quadric of the frame and conversely (the same quartic of eq. (4.3) in ξ), and the SVM's kernel values on surface
 * points are the same in both. What it buys: a chart costs O(D·(d + m)) numbers instead of O(D²), so that D = 1000
 * fits in memory and the boundary SVM has (d+m)(d+m+3)/2 features however large D is.
 *
 * <p>Matrices are row-major arrays; they are copied on the way in and out, and {@code equals} compares contents.
 * The constructor validates shapes, finiteness and the orthonormality of (L | M), so that a corrupted file is
 * rejected with the name of the offending field.
 *
 * @param centre           the r-net centre, a data point (length D)
 * @param origin           c = φ̃⁻¹(0), the fitted surface above the mean of the chart's points (length D)
 * @param tangentBasis     L, D×d, orthonormal columns spanning the local tangent space
 * @param normalBasis      M, D×m with 0 ≤ m ≤ D − d, orthonormal columns orthogonal to L spanning the normal
 *                         directions of the quadratic part (m = 0 for a linear chart)
 * @param curvature        K, m×d×d: for each normal direction j a symmetric d×d matrix K_j, so that the normal
 *                         part of φ̃⁻¹(ξ) along column j of M is {@code ½ ξᵀK_jξ}
 * @param radius           r, the ambient radius of the ball of points the chart was fitted to
 * @param coordinateRadius ρ, the largest ‖ξ‖ of the points the chart was fitted to: the chart represents points with
 *                         ‖ξ‖ ≤ ρ (transitions, ingestion, the geodesics' paths)
 * @param trustRadius      ρ_t ≤ ρ: the chart's own points, those inside its transition boundary, have ‖ξ‖ ≤ ρ_t
 *                         (0.8ρ, or more where the points that belong to the chart reach further)
 * @param supportRadius    R_s ≥ r: the chart is trusted only where its surface lies within R_s of the centre, the
 *                         ball it was fitted to (the ‖x − p‖² − r² term of eq. E.2), widened to reach the surface
 *                         images of the points that belong to it
 * @param boundaryMatrix   A, (d+m)×(d+m) symmetric, of the boundary quadric in frame coordinates z
 * @param boundaryLinear   g, length d + m, of the boundary quadric
 * @param boundaryConstant a₀ of the boundary quadric
 * @param fitResidual      the root-mean-square distance of the chart's points from its quadratic surface
 * @param pointCount       the number of points the chart was fitted to
 * @param fit              how the surface was fitted: {@value #QUADRATIC}, or {@value #LINEAR} followed by the reason
 *                         when the chart's points determine no quadratic (then m = 0)
 */
public record ChartModel(double[] centre, double[] origin, double[] tangentBasis, double[] normalBasis,
                         double[] curvature, double radius, double coordinateRadius, double trustRadius,
                         double supportRadius, double[] boundaryMatrix,
                         double[] boundaryLinear, double boundaryConstant, double fitResidual, int pointCount,
                         String fit) implements java.io.Serializable {
    /** {@link #fit()} of a chart whose surface is the least-squares quadratic of App. F.1. */
    public static final String QUADRATIC = "quadratic";
    /** Start of {@link #fit()} of a linear chart (K = 0), followed by ": " and the reason. */
    public static final String LINEAR = "linear";
    /** Largest accepted deviation of (L | M)ᵀ(L | M) from the identity: round-off of a saved orthonormal basis. */
    static final double ORTHONORMALITY_TOLERANCE = 1e-9;

    /**
     * Validates and copies the parameters.
     *
     * @throws InvalidInputException naming the first field whose shape, finiteness or orthonormality is wrong
     */
    public ChartModel {
        Objects.requireNonNull(centre, "centre");
        int ambient = centre.length;
        if (ambient < 2) {
            throw new InvalidInputException("centre", "length D ≥ 2", String.valueOf(ambient));
        }
        Checks.requireFinite("centre", centre);
        Checks.requireFiniteOfLength("origin", Objects.requireNonNull(origin, "origin"), ambient, "D");
        Objects.requireNonNull(tangentBasis, "tangentBasis");
        int d = tangentBasis.length / ambient;
        if (tangentBasis.length % ambient != 0 || d < 1 || d >= ambient) {
            throw new InvalidInputException("tangentBasis", "length D·d with 1 ≤ d < D = " + ambient,
                    String.valueOf(tangentBasis.length));
        }
        Checks.requireFinite("tangentBasis", tangentBasis);
        Objects.requireNonNull(normalBasis, "normalBasis");
        int normal = normalBasis.length / ambient;
        if (normalBasis.length % ambient != 0 || normal > ambient - d) {
            throw new InvalidInputException("normalBasis", "length D·m with 0 ≤ m ≤ D − d = " + (ambient - d),
                    String.valueOf(normalBasis.length));
        }
        Checks.requireFinite("normalBasis", normalBasis);
        Checks.requireFiniteOfLength("curvature", Objects.requireNonNull(curvature, "curvature"), normal * d * d,
                "(D−d)·d·d");
        Checks.requirePositive("radius", radius);
        Checks.requirePositive("coordinateRadius", coordinateRadius);
        Checks.requireInRange("trustRadius", trustRadius, Double.MIN_VALUE, coordinateRadius);
        if (!(supportRadius >= radius) || !Double.isFinite(supportRadius)) {
            throw new InvalidInputException("supportRadius", "a finite value ≥ radius = " + radius,
                    String.valueOf(supportRadius));
        }
        int frame = d + normal;
        Checks.requireFiniteOfLength("boundaryMatrix", Objects.requireNonNull(boundaryMatrix, "boundaryMatrix"),
                frame * frame, "(d+m)·(d+m)");
        Checks.requireFiniteOfLength("boundaryLinear", Objects.requireNonNull(boundaryLinear, "boundaryLinear"),
                frame, "d+m");
        Checks.requireFinite("boundaryConstant", boundaryConstant);
        if (!(fitResidual >= 0) || !Double.isFinite(fitResidual)) {
            throw new InvalidInputException("fitResidual", "a finite value ≥ 0", String.valueOf(fitResidual));
        }
        if (pointCount < 0) {
            throw new InvalidInputException("pointCount", "an integer ≥ 0", String.valueOf(pointCount));
        }
        Objects.requireNonNull(fit, "fit");
        if (!fit.equals(QUADRATIC) && !fit.startsWith(LINEAR + ": ")) {
            throw new InvalidInputException("fit", "'" + QUADRATIC + "' or '" + LINEAR + ": <reason>'",
                    "'" + fit + "'");
        }
        if (fit.startsWith(LINEAR) && normal != 0) {
            throw new InvalidInputException("normalBasis", "no columns for a linear chart", normal + " columns");
        }
        requireOrthonormal(tangentBasis, normalBasis, ambient, d);
        requireSymmetric("curvature", curvature, normal, d);
        requireSymmetric("boundaryMatrix", boundaryMatrix, 1, frame);
        centre = centre.clone();
        origin = origin.clone();
        tangentBasis = tangentBasis.clone();
        normalBasis = normalBasis.clone();
        curvature = curvature.clone();
        boundaryMatrix = boundaryMatrix.clone();
        boundaryLinear = boundaryLinear.clone();
    }

    private static void requireOrthonormal(double[] l, double[] m, int ambient, int d) {
        double worst = 0;
        int normal = m.length / ambient;
        int cols = d + normal;
        for (int a = 0; a < cols; a++) {
            for (int b = a; b < cols; b++) {
                double s = 0;
                for (int i = 0; i < ambient; i++) {
                    s += column(l, m, ambient, d, i, a) * column(l, m, ambient, d, i, b);
                }
                worst = Math.max(worst, Math.abs(s - (a == b ? 1 : 0)));
            }
        }
        if (worst > ORTHONORMALITY_TOLERANCE) {
            throw new InvalidInputException("tangentBasis, normalBasis",
                    "orthonormal columns (L | M) within " + Checks.number(ORTHONORMALITY_TOLERANCE),
                    "a deviation of " + Checks.number(worst));
        }
    }

    private static double column(double[] l, double[] m, int ambient, int d, int row, int col) {
        return col < d ? l[row * d + col] : m[row * (m.length / ambient) + col - d];
    }

    private static void requireSymmetric(String name, double[] blocks, int count, int n) {
        for (int j = 0; j < count; j++) {
            int o = j * n * n;
            for (int a = 0; a < n; a++) {
                for (int b = a + 1; b < n; b++) {
                    double x = blocks[o + a * n + b];
                    double y = blocks[o + b * n + a];
                    if (Math.abs(x - y) > 1e-12 * Math.max(1, Math.abs(x) + Math.abs(y))) {
                        throw new InvalidInputException(name + "[" + (o + a * n + b) + "]",
                                "a symmetric matrix (entry " + (o + b * n + a) + " = " + y + ")", String.valueOf(x));
                    }
                }
            }
        }
    }

    /** @return D */
    public int ambientDimension() {
        return centre.length;
    }

    /** @return d */
    public int dimension() {
        return tangentBasis.length / centre.length;
    }

    /** @return m, the number of normal directions of the quadratic part (columns of M) */
    public int normalDimension() {
        return normalBasis.length / centre.length;
    }

    /** @return d + m, the dimension of the chart's frame (L | M), in which the boundary quadric lives */
    public int frameDimension() {
        return dimension() + normalDimension();
    }

    /** @return whether the surface is linear because the chart's points determine no quadratic ({@link #fit()}) */
    public boolean isLinear() {
        return fit.startsWith(LINEAR);
    }

    @Override
    public double[] centre() {
        return centre.clone();
    }

    @Override
    public double[] origin() {
        return origin.clone();
    }

    @Override
    public double[] tangentBasis() {
        return tangentBasis.clone();
    }

    @Override
    public double[] normalBasis() {
        return normalBasis.clone();
    }

    @Override
    public double[] curvature() {
        return curvature.clone();
    }

    @Override
    public double[] boundaryMatrix() {
        return boundaryMatrix.clone();
    }

    @Override
    public double[] boundaryLinear() {
        return boundaryLinear.clone();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ChartModel m && Arrays.equals(centre, m.centre) && Arrays.equals(origin, m.origin)
                && Arrays.equals(tangentBasis, m.tangentBasis) && Arrays.equals(normalBasis, m.normalBasis)
                && Arrays.equals(curvature, m.curvature) && Double.compare(radius, m.radius) == 0
                && Double.compare(coordinateRadius, m.coordinateRadius) == 0
                && Double.compare(trustRadius, m.trustRadius) == 0
                && Double.compare(supportRadius, m.supportRadius) == 0
                && Arrays.equals(boundaryMatrix, m.boundaryMatrix) && Arrays.equals(boundaryLinear, m.boundaryLinear)
                && Double.compare(boundaryConstant, m.boundaryConstant) == 0
                && Double.compare(fitResidual, m.fitResidual) == 0 && pointCount == m.pointCount
                && fit.equals(m.fit);
    }

    @Override
    public int hashCode() {
        return Objects.hash(Arrays.hashCode(centre), Arrays.hashCode(origin), Arrays.hashCode(tangentBasis),
                Arrays.hashCode(curvature), radius, boundaryConstant, pointCount);
    }

    @Override
    public String toString() {
        return "ChartModel[D=" + ambientDimension() + ", d=" + dimension() + ", m=" + normalDimension() + ", r="
                + radius + ", R_s=" + supportRadius + ", ρ=" + coordinateRadius + ", points=" + pointCount
                + ", fitResidual=" + fitResidual + ", fit=" + fit + "]";
    }
}

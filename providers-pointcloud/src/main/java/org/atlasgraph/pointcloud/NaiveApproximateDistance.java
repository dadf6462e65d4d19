package org.atlasgraph.pointcloud;

/**
 * The naive approximate distance of §4.2.3, eq. (4.4): the ambient length of the straight coordinate segment from ξ₀
 * to ξ₁ on a chart's quadratic surface,
 * {@code ∫₀¹ (λ + Σ_j (δᵀK_j((1−t)ξ₀ + tξ₁))²)^{1/2} dt} with {@code δ = ξ₁ − ξ₀} and {@code λ = δᵀδ}, in the closed
 * form of Claim F.2 (App. F.4).
 *
 * <p>With {@code κ₀ = (δᵀK_jξ₀)_j}, {@code κ₁ = (δᵀK_jξ₁)_j}, {@code e = κ₁ − κ₀} the integrand is
 * {@code √(p + 2qt + st²)} with {@code p = λ + ‖κ₀‖²}, {@code q = κ₀·e}, {@code s = ‖e‖²} (the paper's
 * {@code λ + μ₀₀}, {@code μ₀₁ − μ₀₀} and {@code μ₀₀ + μ₁₁ − 2μ₀₁}). Two corrections to App. F.4: completing the square
 * gives {@code (t + a)² + b − a²}, so the paper's {@code b − a} under the roots and logarithms must read
 * {@code b − a²}; and we evaluate the same antiderivative in a cancellation-free arrangement — the discriminant
 * {@code ps − q² = sλ + Σ_{j<k}(κ₀ⱼeₖ − κ₀ₖeⱼ)²} by Lagrange's identity, and the difference of inverse hyperbolic sines
 * through {@code log1p} — so that nearly collinear κ's and tiny curvature lose no digits. Case b) of the claim
 * ({@code s = 0}) is the limit in which the integrand is {@code √(p + 2qt)}.
 */
final class NaiveApproximateDistance {
    /** Below this ratio s/p the quadratic term of the integrand changes the integral by less than s/(6p) ≈ 2e-16. */
    private static final double LINEAR_CASE_RATIO = 1e-15;

    private NaiveApproximateDistance() {
    }

    /**
     * @param lambda δᵀδ
     * @param kappa0 (δᵀK_jξ₀)_j (not modified)
     * @param kappa1 (δᵀK_jξ₁)_j (not modified)
     * @return the naive approximate distance
     */
    static double closedForm(double lambda, double[] kappa0, double[] kappa1) {
        if (lambda == 0) {
            return 0;
        }
        int n = kappa0.length;
        double[] e = new double[n];
        double mu00 = 0;
        double q = 0;
        double s = 0;
        for (int j = 0; j < n; j++) {
            e[j] = kappa1[j] - kappa0[j];
            mu00 += kappa0[j] * kappa0[j];
            q += kappa0[j] * e[j];
            s += e[j] * e[j];
        }
        double p = lambda + mu00;
        if (s <= LINEAR_CASE_RATIO * p) {
            return linearCase(p, q);
        }
        double cross = 0;
        for (int j = 0; j < n; j++) {
            for (int k = j + 1; k < n; k++) {
                double c = kappa0[j] * e[k] - kappa0[k] * e[j];
                cross += c * c;
            }
        }
        double disc = s * lambda + cross;
        double f0 = Math.sqrt(p);
        double f1 = Math.sqrt(p + 2 * q + s);
        // ((q+s)f1 − q f0)/(2s), rearranged so that no difference of nearly equal terms is formed
        double algebraic = q * (2 * q + s) / (2 * s * (f1 + f0)) + 0.5 * f1;
        double root = Math.sqrt(disc);
        double logarithmic = disc / (2 * s * Math.sqrt(s)) * asinhDifference((q + s) / root, q / root, s / root);
        return algebraic + logarithmic;
    }

    /**
     * Case b) of Claim F.2: {@code ∫₀¹ √(p + 2qt) dt = ((p+2q)^{3/2} − p^{3/2})/(3q)}, written as
     * {@code 2(3p² + 6pq + 4q²) / (3((p+2q)^{3/2} + p^{3/2}))} so that q → 0 gives √p without cancellation.
     */
    static double linearCase(double p, double q) {
        double end = Math.max(p + 2 * q, 0);
        return 2 * (3 * p * p + 6 * p * q + 4 * q * q) / (3 * (end * Math.sqrt(end) + p * Math.sqrt(p)));
    }

    /**
     * {@code asinh(x1) − asinh(x0)} for {@code x1 > x0}, given {@code x1 − x0} separately: on one side of zero it is
     * {@code log1p((x1 − x0)(1 + (x1 + x0)/(√(1+x1²) + √(1+x0²)))/(x0 + √(1+x0²)))}, which keeps full relative
     * accuracy when the two are close; across zero the plain difference has no cancellation.
     */
    static double asinhDifference(double x1, double x0, double gap) {
        if (x0 >= 0) {
            double h1 = Math.sqrt(1 + x1 * x1);
            double h0 = Math.sqrt(1 + x0 * x0);
            return Math.log1p(gap * (1 + (x1 + x0) / (h1 + h0)) / (x0 + h0));
        }
        if (x1 <= 0) {
            return asinhDifference(-x0, -x1, gap);
        }
        return asinh(x1) - asinh(x0);
    }

    private static double asinh(double x) {
        double a = Math.abs(x);
        double r = Math.log1p(a + a * a / (1 + Math.sqrt(1 + a * a)));
        return x < 0 ? -r : r;
    }
}

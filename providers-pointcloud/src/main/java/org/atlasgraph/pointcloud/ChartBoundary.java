package org.atlasgraph.pointcloud;

import org.atlasgraph.api.base.Vectors;

/**
 * The transition boundary of a chart as a quartic in its coordinates, eq. (4.3):
 * {@code (ξ⊗ξ)ᵀA₄(ξ⊗ξ) + ξᵀA₃(ξ⊗ξ) + A₂ₐ(ξ⊗ξ) + ξᵀA₂ᵦξ + A₁ξ + a}, negative inside the chart.
 *
 * <p>It is the quadric {@code Q(z) = zᵀAz + gᵀz + a₀} learned by the SVM (App. F.3) in the chart's frame coordinates
 * {@code z = (L | M)ᵀ(x − c)/r} ({@link ChartModel}), evaluated on the chart's quadratic surface, where
 * {@code z = (ξ, η)/r} with {@code η = ½K(ξ⊗ξ)}. Splitting A into the blocks {@code A_ξξ, A_ξη, A_ηη} and g into
 * {@code g_ξ, g_η}, and reading K as the m×d² matrix whose row j is K_j, the coefficients are
 * {@code A₄ = ¼KᵀA_ηηK/r²}, {@code A₃ = A_ξηK/r²}, {@code A₂ₐ = ½Kᵀg_η/r}, {@code A₂ᵦ = A_ξξ/r²}, {@code A₁ = g_ξ/r}
 * and {@code a = a₀}: the paper's reduction (§4.2.2) with the ambient space replaced by the frame, in which the
 * surface lies. The paper first translates the quadric so that g vanishes (Lemma F.1); keeping g costs nothing and
 * needs no invertible A. None of the coefficients depends on D, so a membership test costs O(d⁴).
 */
final class ChartBoundary {
    private final int d;
    private final double[] a4;
    private final double[] a3;
    private final double[] a2a;
    private final double[] a2b;
    private final double[] a1;
    private final double a0;

    private ChartBoundary(int d, double[] a4, double[] a3, double[] a2a, double[] a2b, double[] a1, double a0) {
        this.d = d;
        this.a4 = a4;
        this.a3 = a3;
        this.a2a = a2a;
        this.a2b = a2b;
        this.a1 = a1;
        this.a0 = a0;
    }

    /**
     * Reduces the frame quadric of a chart's transition boundary (the SVM's) to the quartic in ξ.
     *
     * @param model the chart's parameters
     */
    static ChartBoundary reduce(ChartModel model) {
        return reduce(model, model.boundaryMatrix(), model.boundaryLinear(), model.boundaryConstant());
    }

    /**
     * Reduces the ball the chart was fitted to, {@code ‖φ̃⁻¹(ξ) − centre‖² < R_s²}, to the quartic in ξ: eq. (E.2) of
     * App. E.3, whose {@code ‖ξ‖² + ‖h‖² − r²} terms are this ball for a chart centred at its origin. With
     * {@code u = c − centre} and {@code φ̃⁻¹(ξ) − centre = u + (L | M) r z}, the ball is the frame quadric
     * {@code ‖z‖² + 2(L | M)ᵀu·z/r + (‖u‖² − R_s²)/r²}.
     *
     * @param model the chart's parameters
     */
    static ChartBoundary support(ChartModel model) {
        int frame = model.frameDimension();
        double r = model.radius();
        double[] identity = new double[frame * frame];
        for (int i = 0; i < frame; i++) {
            identity[i * frame + i] = 1;
        }
        double[] u = Vectors.minus(model.origin(), model.centre());
        double[] uf = frameComponents(model, u);
        double[] g = Vectors.scaled(uf, 2 / r);
        double s = model.supportRadius();
        return reduce(model, identity, g, (Vectors.dot(u, u) - s * s) / (r * r));
    }

    /** @return (L | M)ᵀv, the components of an ambient vector along the chart's frame */
    static double[] frameComponents(ChartModel model, double[] v) {
        int ambient = model.ambientDimension();
        int d = model.dimension();
        int m = model.normalDimension();
        double[] l = model.tangentBasis();
        double[] n = model.normalBasis();
        double[] out = new double[d + m];
        for (int i = 0; i < ambient; i++) {
            double vi = v[i];
            for (int a = 0; a < d; a++) {
                out[a] += l[i * d + a] * vi;
            }
            for (int j = 0; j < m; j++) {
                out[d + j] += n[i * m + j] * vi;
            }
        }
        return out;
    }

    /** Reduces the frame quadric {@code zᵀAz + gᵀz + a₀} to the quartic in ξ. */
    private static ChartBoundary reduce(ChartModel model, double[] aMat, double[] g, double constant) {
        int d = model.dimension();
        int m = model.normalDimension();
        int frame = d + m;
        int dd = d * d;
        double r = model.radius();
        double inv2 = 1 / (r * r);
        double[] k = model.curvature();
        // A_ξη·K (d×d²) and A_ηη·K (m×d²)
        double[] axk = new double[d * dd];
        double[] aek = new double[m * dd];
        for (int j = 0; j < m; j++) {
            for (int q = 0; q < dd; q++) {
                double kjq = k[j * dd + q];
                if (kjq == 0) {
                    continue;
                }
                for (int a = 0; a < d; a++) {
                    axk[a * dd + q] += aMat[a * frame + d + j] * kjq;
                }
                for (int i = 0; i < m; i++) {
                    aek[i * dd + q] += aMat[(d + i) * frame + d + j] * kjq;
                }
            }
        }
        double[] a4 = new double[dd * dd];
        double[] a2a = new double[dd];
        for (int i = 0; i < m; i++) {
            for (int p = 0; p < dd; p++) {
                double kip = k[i * dd + p];
                if (kip == 0) {
                    continue;
                }
                for (int q = 0; q < dd; q++) {
                    a4[p * dd + q] += 0.25 * inv2 * kip * aek[i * dd + q];
                }
                a2a[p] += 0.5 / r * kip * g[d + i];
            }
        }
        double[] a3 = new double[d * dd];
        for (int i = 0; i < a3.length; i++) {
            a3[i] = axk[i] * inv2;
        }
        double[] a2b = new double[dd];
        double[] a1 = new double[d];
        for (int a = 0; a < d; a++) {
            for (int b = 0; b < d; b++) {
                a2b[a * d + b] = aMat[a * frame + b] * inv2;
            }
            a1[a] = g[a] / r;
        }
        return new ChartBoundary(d, a4, a3, a2a, a2b, a1, constant);
    }

    /**
     * @param xi coordinates (length d, not modified)
     * @return the quartic of eq. (4.3) at ξ: negative inside the chart, positive where a retraction changes chart
     */
    double value(double[] xi) {
        // z = ξ⊗ξ, its entry z[a·d + b] = ξ_a ξ_b computed where it is used (no array per call)
        int dd = d * d;
        double s = a0;
        for (int p = 0; p < dd; p++) {
            double row = 0;
            for (int qa = 0; qa < d; qa++) {
                for (int qb = 0; qb < d; qb++) {
                    row += a4[p * dd + qa * d + qb] * (xi[qa] * xi[qb]);
                }
            }
            s += (row + a2a[p]) * (xi[p / d] * xi[p % d]);
        }
        for (int p = 0; p < d; p++) {
            double row = a1[p];
            for (int qa = 0; qa < d; qa++) {
                for (int qb = 0; qb < d; qb++) {
                    row += a3[p * dd + qa * d + qb] * (xi[qa] * xi[qb]);
                }
            }
            for (int q = 0; q < d; q++) {
                row += a2b[p * d + q] * xi[q];
            }
            s += row * xi[p];
        }
        return s;
    }
}

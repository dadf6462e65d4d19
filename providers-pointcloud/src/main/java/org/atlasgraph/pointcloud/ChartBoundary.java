package org.atlasgraph.pointcloud;

import org.atlasgraph.api.base.Vectors;

/**
 * The transition boundary of a chart as a quartic in its coordinates, eq. (4.3):
 * {@code (ξ⊗ξ)ᵀA₄(ξ⊗ξ) + ξᵀA₃(ξ⊗ξ) + A₂ₐ(ξ⊗ξ) + ξᵀA₂ᵦξ + A₁ξ + a}, negative inside the chart.
 *
 * <p>It is the ambient quadric {@code Q(y) = yᵀAy + gᵀy + a₀}, {@code y = (x − centre)/r}, learned by the SVM
 * (App. F.3), evaluated on the chart's quadratic surface {@code x = c + Lξ + ½W(ξ⊗ξ)} with {@code W = MK}. With
 * {@code u = c − centre}, {@code Ã = A/r²} and {@code g̃ = g/r} the coefficients are
 * {@code A₄ = ¼WᵀÃW}, {@code A₃ = LᵀÃW}, {@code A₂ₐ = uᵀÃW + ½g̃ᵀW}, {@code A₂ᵦ = LᵀÃL}, {@code A₁ = 2uᵀÃL + g̃ᵀL} and
 * {@code a = uᵀÃu + g̃ᵀu + a₀}. The paper first translates the quadric so that g vanishes (Lemma F.1); keeping g
 * costs nothing and needs no invertible A. None of the coefficients depends on D, so a membership test costs O(d⁴).
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
     * Reduces the ambient quadric of a chart's transition boundary (the SVM's) to the quartic in ξ.
     *
     * @param model the chart's parameters
     * @param w     W = MK as a D×d² row-major matrix (column a·d + b holds Σ_j M_{:,j} K_j[a][b])
     */
    static ChartBoundary reduce(ChartModel model, double[] w) {
        return reduce(model, w, model.boundaryMatrix(), model.boundaryLinear(), model.boundaryConstant());
    }

    /**
     * Reduces the ball the chart was fitted to, {@code ‖x − centre‖² < R_s²}, to the quartic in ξ: eq. (E.2) of
     * App. E.3, whose {@code ‖ξ‖² + ‖h‖² − r²} terms are this ball for a chart centred at its origin.
     *
     * @param model the chart's parameters
     * @param w     W = MK as for {@link #reduce(ChartModel, double[])}
     */
    static ChartBoundary support(ChartModel model, double[] w) {
        int ambient = model.ambientDimension();
        double[] identity = new double[ambient * ambient];
        for (int i = 0; i < ambient; i++) {
            identity[i * ambient + i] = 1;
        }
        double scaled = model.supportRadius() / model.radius();
        return reduce(model, w, identity, new double[ambient], -scaled * scaled);
    }

    /** Reduces the quadric {@code yᵀAy + gᵀy + a₀}, {@code y = (x − centre)/r}, to the quartic in ξ. */
    private static ChartBoundary reduce(ChartModel model, double[] w, double[] aMat, double[] g, double constant) {
        int ambient = model.ambientDimension();
        int d = model.dimension();
        int dd = d * d;
        double r = model.radius();
        double[] l = model.tangentBasis();
        double[] u = Vectors.minus(model.origin(), model.centre());
        double inv2 = 1 / (r * r);
        // Ã·W (D×d²), Ã·L (D×d), Ã·u (D)
        double[] aw = new double[ambient * dd];
        double[] al = new double[ambient * d];
        double[] au = new double[ambient];
        for (int i = 0; i < ambient; i++) {
            for (int k = 0; k < ambient; k++) {
                double aik = aMat[i * ambient + k] * inv2;
                if (aik == 0) {
                    continue;
                }
                for (int c = 0; c < dd; c++) {
                    aw[i * dd + c] += aik * w[k * dd + c];
                }
                for (int c = 0; c < d; c++) {
                    al[i * d + c] += aik * l[k * d + c];
                }
                au[i] += aik * u[k];
            }
        }
        double[] gt = Vectors.scaled(g, 1 / r);
        double[] a4 = new double[dd * dd];
        double[] a3 = new double[d * dd];
        double[] a2a = new double[dd];
        double[] a2b = new double[d * d];
        double[] a1 = new double[d];
        double a = constant;
        for (int i = 0; i < ambient; i++) {
            for (int p = 0; p < dd; p++) {
                double wip = w[i * dd + p];
                for (int q = 0; q < dd; q++) {
                    a4[p * dd + q] += 0.25 * wip * aw[i * dd + q];
                }
                a2a[p] += au[i] * wip + 0.5 * gt[i] * wip;
            }
            for (int p = 0; p < d; p++) {
                double lip = l[i * d + p];
                for (int q = 0; q < dd; q++) {
                    a3[p * dd + q] += lip * aw[i * dd + q];
                }
                for (int q = 0; q < d; q++) {
                    a2b[p * d + q] += lip * al[i * d + q];
                }
                a1[p] += 2 * au[i] * lip + gt[i] * lip;
            }
            a += u[i] * au[i] + gt[i] * u[i];
        }
        return new ChartBoundary(d, a4, a3, a2a, a2b, a1, a);
    }

    /**
     * @param xi coordinates (length d, not modified)
     * @return the quartic of eq. (4.3) at ξ: negative inside the chart, positive where a retraction changes chart
     */
    double value(double[] xi) {
        int dd = d * d;
        double[] z = new double[dd];
        for (int a = 0; a < d; a++) {
            for (int b = 0; b < d; b++) {
                z[a * d + b] = xi[a] * xi[b];
            }
        }
        double s = a0;
        for (int p = 0; p < dd; p++) {
            double row = 0;
            for (int q = 0; q < dd; q++) {
                row += a4[p * dd + q] * z[q];
            }
            s += (row + a2a[p]) * z[p];
        }
        for (int p = 0; p < d; p++) {
            double row = a1[p];
            for (int q = 0; q < dd; q++) {
                row += a3[p * dd + q] * z[q];
            }
            for (int q = 0; q < d; q++) {
                row += a2b[p * d + q] * xi[q];
            }
            s += row * xi[p];
        }
        return s;
    }
}

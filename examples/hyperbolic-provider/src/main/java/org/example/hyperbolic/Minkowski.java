package org.example.hyperbolic;

import org.atlasgraph.api.AmbientMetric;
import org.atlasgraph.api.base.Vectors;

/**
 * The Minkowski product {@code ⟨u, v⟩_L = −u₀v₀ + u₁v₁ + … + u_nv_n} of R^{n+1}. Restricted to the tangent spaces of
 * the hyperboloid it is positive definite: it is the metric of H^n, and it is not the Euclidean product of the
 * embedding. Stating it as the manifold's {@link AmbientMetric} is what makes the SPI's metric quantities (the chart
 * metric, the metric projection of {@code Chart.tangentCoordinates}, Riemannian gradients) those of H^n.
 */
final class Minkowski implements AmbientMetric {
    /** The one instance; the product does not depend on the base point. */
    static final Minkowski METRIC = new Minkowski();

    private Minkowski() {
    }

    /** @return {@code ⟨u, v⟩_L} */
    static double dot(double[] u, double[] v) {
        double s = -u[0] * v[0];
        for (int i = 1; i < u.length; i++) {
            s += u[i] * v[i];
        }
        return s;
    }

    /**
     * The point of the upper sheet on the ray of a future-pointing timelike vector: {@code y/√(−⟨y, y⟩_L)}. Used to
     * keep computed points on the hyperboloid to rounding.
     */
    static double[] normalized(double[] y) {
        return Vectors.scaled(y, 1 / Math.sqrt(-dot(y, y)));
    }

    /** {@inheritDoc} The Minkowski product, whatever the base point. */
    @Override
    public double inner(double[] x, double[] u, double[] v) {
        return dot(u, v);
    }

    @Override
    public String toString() {
        return "Minkowski −u₀v₀ + Σ uᵢvᵢ";
    }
}

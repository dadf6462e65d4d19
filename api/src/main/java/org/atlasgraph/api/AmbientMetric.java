package org.atlasgraph.api;

/**
 * A Riemannian metric stated on ambient tangent vectors: {@code g_x(u, v)} for u, v tangent at the ambient point x.
 * It is the definition of a manifold's metric ({@link Manifold#ambientMetric()}); chart metrics are its pull-backs.
 *
 * <p>{@link Chart#tangentCoordinates} projects ambient vectors orthogonally in this metric, so {@code inner} must also
 * accept ambient vectors that are not tangent (the natural extension: the Euclidean product for the induced metric,
 * the Minkowski product for the hyperboloid, {@code tr(X⁻¹UX⁻¹V)} for SPD matrices).
 */
@FunctionalInterface
public interface AmbientMetric {
    /** The metric induced by the Euclidean inner product of R^D, the one of every embedded submanifold here. */
    AmbientMetric INDUCED = new AmbientMetric() {
        @Override
        public double inner(double[] x, double[] u, double[] v) {
            double s = 0;
            for (int i = 0; i < u.length; i++) {
                s += u[i] * v[i];
            }
            return s;
        }

        @Override
        public boolean isInduced() {
            return true;
        }

        @Override
        public String toString() {
            return "induced by R^D";
        }
    };

    /**
     * @param x an ambient point (not modified)
     * @param u an ambient vector, tangent at x (not modified)
     * @param v an ambient vector, tangent at x (not modified)
     * @return {@code g_x(u, v)}
     */
    double inner(double[] x, double[] u, double[] v);

    /**
     * @return whether this is the Euclidean product of R^D, so that a Euclidean gradient projected orthogonally onto
     *     the tangent space is already the Riemannian gradient
     */
    default boolean isInduced() {
        return false;
    }
}

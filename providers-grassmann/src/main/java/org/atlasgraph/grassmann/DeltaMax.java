package org.atlasgraph.grassmann;

import java.util.Locale;

/**
 * The normaliser δ_max of the geodesic power distribution GPD(X, p) (App. C.3), which moves a uniform sample at
 * distance δ from X to distance {@code (δ/δ_max)^p · δ} along the same geodesic. A Grassmannian declares its choice
 * when it is created ({@link Grassmann#of(int, int, DeltaMax)}, provider parameter {@code delta-max=paper|diameter})
 * and states it through its {@code GeodesicPowerDistribution} capability.
 *
 * <p>The paper's footnote writes δ_max = (π/2)·sqrt(max(k, n−k)) and calls it the largest possible Grassmann distance;
 * that value gives the concentrated distributions of the paper's experiments (for p = 2 the samples lie well inside
 * radius π/4 of X, as §3.2 assumes). The true diameter of Gr(n,k) is (π/2)·sqrt(min(k, n−k)) (at most min(k, n−k)
 * principal angles, each at most π/2); with it a uniform sample keeps a fraction (δ/δ_max)^p of a distance that is
 * itself close to δ_max, so for small p the GPD is almost uniform.
 */
public enum DeltaMax {
    /** (π/2)·sqrt(max(k, n−k)), as in the paper's footnote (App. C.3); the default. */
    PAPER,
    /** (π/2)·sqrt(min(k, n−k)), the diameter of Gr(n,k). */
    DIAMETER;

    /**
     * @param n the ambient dimension
     * @param k the subspace dimension, 1 ≤ k &lt; n
     * @return δ_max for Gr(n,k)
     */
    public double value(int n, int k) {
        int r = this == PAPER ? Math.max(k, n - k) : Math.min(k, n - k);
        return Math.PI / 2 * Math.sqrt(r);
    }

    /** @return the name of this choice as the provider parameter {@code delta-max} spells it, e.g. {@code "paper"} */
    public String parameterValue() {
        return name().toLowerCase(Locale.ROOT);
    }
}

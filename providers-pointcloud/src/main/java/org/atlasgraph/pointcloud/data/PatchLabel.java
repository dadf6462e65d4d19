package org.atlasgraph.pointcloud.data;

/**
 * The class of a 3×3 high-contrast patch k_{θ,φ} (§4.3.1): a patch is non-monotonic across its stripe exactly when
 * {@code −2 < tan φ < 2}; such a patch is convex when {@code cos φ > 0} and concave otherwise. Monotonic patches are
 * neither.
 */
public enum PatchLabel {
    /** {@code −2 < tan φ < 2} and {@code cos φ > 0}: a bright (upward-curved) stripe. */
    CONVEX,
    /** {@code −2 < tan φ < 2} and {@code cos φ < 0}: a dark (downward-curved) stripe. */
    CONCAVE,
    /** {@code |tan φ| ≥ 2}: the patch is monotonic across the stripe (an edge rather than a line). */
    NEITHER;

    /**
     * The label of every patch with this φ (it does not depend on θ).
     *
     * @param phi the angle φ in radians (any real value)
     * @return its class
     */
    public static PatchLabel of(double phi) {
        double c = Math.cos(phi);
        double s = Math.sin(phi);
        // −2 < tan φ < 2 written without the division, so that cos φ = 0 needs no special case
        if (Math.abs(s) < 2 * Math.abs(c)) {
            return c > 0 ? CONVEX : CONCAVE;
        }
        return NEITHER;
    }
}

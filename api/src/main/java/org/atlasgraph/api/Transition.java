package org.atlasgraph.api;

import java.util.Optional;

/**
 * A transition map ψ_αβ = φ_β ∘ φ_α⁻¹ restricted to the overlap, an edge of the atlas graph (eq. 2.1, §2.1.2), with its
 * differential. For learned atlases it is the approximate map ψ̃_αβ of §4.1, which need not compose to the identity.
 */
public interface Transition {
    /** @return the source chart α */
    Chart from();

    /** @return the target chart β */
    Chart to();

    /**
     * Applies ψ_αβ.
     *
     * @param xi coordinates in {@link #from()}
     * @return the coordinates of the same point in {@link #to()}, or empty when ξ lies outside the overlap
     */
    Optional<Coordinates> apply(Coordinates xi);

    /**
     * The differential {@code Dψ_αβ(ξ)τ}: carries a representative tangent vector at ξ in α to the representative of
     * the same tangent vector at ψ_αβ(ξ) in β (§2.4.1, §4.2.4).
     *
     * @param xi  base coordinates in {@link #from()}, inside the overlap
     * @param tau representative tangent vector at ξ
     * @return its representative in {@link #to()}
     */
    Coordinates pushForward(Coordinates xi, Coordinates tau);
}

package org.atlasgraph.api;

import java.util.Optional;

/**
 * A retraction logarithm {@code Log^Ret_p(q)} (§2.2): the tangent vector at p that a retraction maps to q, defined for
 * q near p. TCK rules INV-1 (Log∘Ret ≈ id) and INV-2 (Ret∘Log ≈ id) check it against the default retraction.
 */
@FunctionalInterface
public interface InverseRetraction {
    /**
     * @param p the base point
     * @param q a point near p
     * @return the tangent vector at p, in p's chart; empty when q is too far from p to be expressed there (outside
     *     the reach of p's chart), which is a value, not a failure
     */
    Optional<TangentVector> inverseRetract(ChartPoint p, ChartPoint q);
}

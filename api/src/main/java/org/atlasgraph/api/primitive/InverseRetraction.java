package org.atlasgraph.api.primitive;

import org.atlasgraph.api.ChartPoint;
import org.atlasgraph.api.TangentVector;

/**
 * A retraction logarithm {@code Log^Ret_p(q)} (§2.2): the tangent vector at p that a retraction maps to q, defined for q
 * near p. TCK rules INV-1 (Log∘Ret ≈ id) and INV-2 (Ret∘Log ≈ id) check it against the default retraction.
 */
@FunctionalInterface
public interface InverseRetraction {
    /**
     * @param p the base point
     * @param q a point near p
     * @return the tangent vector at p, in p's chart
     * @throws org.atlasgraph.api.check.InvalidInputException if q cannot be expressed near p
     */
    TangentVector inverseRetract(ChartPoint p, ChartPoint q);
}

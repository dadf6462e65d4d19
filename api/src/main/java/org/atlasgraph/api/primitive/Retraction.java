package org.atlasgraph.api.primitive;

import org.atlasgraph.api.ChartPoint;
import org.atlasgraph.api.TangentVector;

/**
 * A retraction Ret_p: T_pM → M (§2.2): {@code Ret_p(0) = p} and {@code D Ret_p(0) = id}, so that it agrees with the
 * exponential map to first order. TCK rules RET-1 (zero step), RET-2 (first-order agreement with Exp) and RET-3
 * (finite, valid result) check the contract.
 */
@FunctionalInterface
public interface Retraction {
    /**
     * @param p   the base point
     * @param tau a tangent vector at p, in p's chart
     * @return {@code Ret_p(τ)}, possibly in another chart
     * @throws org.atlasgraph.api.check.InvalidInputException if τ is not in p's chart
     */
    ChartPoint retract(ChartPoint p, TangentVector tau);
}

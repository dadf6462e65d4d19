package org.atlasgraph.api;

import java.util.Optional;

/**
 * A retraction Ret_p: T_pM → M (§2.2): {@code Ret_p(0) = p} and {@code D Ret_p(0) = id}, so that it agrees with the
 * exponential map to first order. TCK rules RET-1 (zero step), RET-2 (first-order agreement with Exp), RET-3 (finite,
 * valid result) and RET-4 (no drift over many steps) check the contract.
 */
@FunctionalInterface
public interface Retraction {
    /**
     * @param p   the base point
     * @param tau a tangent vector at p, in p's chart
     * @return {@code Ret_p(τ)}, possibly in another chart; empty only where the manifold has an edge the step would
     *     cross (a learned atlas ends where its data end), never on a complete manifold
     * @throws org.atlasgraph.api.check.InvalidInputException if τ is not in p's chart
     */
    Optional<ChartPoint> retract(ChartPoint p, TangentVector tau);
}

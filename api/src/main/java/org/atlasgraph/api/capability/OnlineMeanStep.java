package org.atlasgraph.api.capability;

import java.util.Optional;
import org.atlasgraph.api.Capability;
import org.atlasgraph.api.ChartPoint;

/**
 * A fused kernel for one step of an online mean toward an ambient sample (Alg. 1's {@code A ← A + (Ã − A)·t}): the
 * same point as ingesting the sample into p's chart, taking the quasi-Euclidean difference τ = ξ_x − ξ_p and
 * retracting {@code t·τ} with the manifold's retraction, without the intermediate values. A speed path, not a verb:
 * online-mean drivers use it when present and compose the primitives otherwise; a provider that offers it pins it to
 * that composition with a test.
 */
@FunctionalInterface
public interface OnlineMeanStep extends Capability {
    /**
     * @param p       the current point
     * @param ambient the sample, a point of length D (not modified)
     * @param t       the fraction of the way to go, finite (1/(i+1) for the (i+1)-th sample of an online mean)
     * @return the new point, or empty when p's chart cannot represent the sample (change chart and try again)
     * @throws org.atlasgraph.api.check.InvalidInputException if the length of {@code ambient} is wrong, an entry or t
     *     is not finite
     */
    Optional<ChartPoint> stepToward(ChartPoint p, double[] ambient, double t);
}

package org.atlasgraph.optim.mean;

import java.util.Optional;
import org.atlasgraph.api.ChartPoint;

/**
 * The running state of one online mean: the current estimate M_i and the update {@code M ← step(M, X, t)} of a
 * {@link FrechetScheme} (Alg. 1). It is mutable and single-threaded; {@link OnlineFrechetMean} drives it and validates
 * the samples, so implementations trust their inputs and do no work beyond the update.
 */
public interface MeanEstimator {
    /**
     * Sets the estimate to the first sample, {@code M₁ = X₁}.
     *
     * @param first an ambient point of length D, already validated (not modified, not retained)
     */
    void initialize(double[] first);

    /**
     * Moves the estimate a fraction t of the way toward a sample: {@code M ← step(M, X, t)}.
     *
     * @param sample an ambient point of length D, already validated (not modified, not retained: the caller may
     *               reuse the array)
     * @param t      the fraction, {@code 1/(i+1)} for the (i+1)-th sample
     * @return {@code true} when the estimate moved; {@code false} when the scheme cannot reach the sample from it
     *     (beyond the reach of the estimate's chart, with no Riemannian logarithm to take instead), in which case the
     *     estimate is the same point as before, possibly re-expressed in a chart centred at it
     */
    boolean update(double[] sample, double t);

    /**
     * @return {@code true} when {@link #update} itself throws an
     *     {@link org.atlasgraph.api.check.InvalidInputException} for a sample with a non-finite entry, before
     *     changing the estimate; {@link OnlineFrechetMean} then skips its own pass over the entries (a tenth of the
     *     update at Gr(300,10)). The default: {@code false}
     */
    default boolean rejectsNonFinite() {
        return false;
    }

    /** @return the ambient representation of the current estimate, a new array of length D */
    double[] ambient();

    /** @return how many times the estimate has moved to another chart; 0 for schemes without charts */
    long chartChanges();

    /** @return the current estimate as a chart point, for chart-based schemes; empty for ambient ones */
    default Optional<ChartPoint> chartPoint() {
        return Optional.empty();
    }
}

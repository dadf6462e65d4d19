package org.atlasgraph.optim.mean;

import java.util.Objects;
import org.atlasgraph.api.Coordinates;

/**
 * The outcome of an online Fréchet mean run (§3.2, Fig. 1): the final estimate and what it cost.
 *
 * @param scheme       the update scheme's name, e.g. {@code "atlas"}
 * @param samples      the number of samples N
 * @param updateNanos  the wall-clock time spent in the updates (initialisation included; sampling, file reading and
 *                     listeners excluded)
 * @param chartChanges how often the estimate moved to another chart (0 for ambient schemes)
 * @param mean         the ambient representation of the final estimate M_N, of length D
 */
public record FrechetMeanResult(String scheme, long samples, long updateNanos, long chartChanges, Coordinates mean) {
    /** Validates that the parts are present and the counts non-negative. */
    public FrechetMeanResult {
        Objects.requireNonNull(scheme, "scheme");
        Objects.requireNonNull(mean, "mean");
        if (samples < 1 || updateNanos < 0 || chartChanges < 0) {
            throw new IllegalArgumentException("result of scheme '" + scheme + "': expected samples ≥ 1 and "
                    + "non-negative time and chart changes, found " + samples + ", " + updateNanos + ", "
                    + chartChanges);
        }
    }

    /** @return the total update time in seconds */
    public double seconds() {
        return updateNanos * 1e-9;
    }

    /** @return the mean update time per sample in microseconds */
    public double microsPerSample() {
        return updateNanos * 1e-3 / samples;
    }
}

package org.atlasgraph.optim.mean;

import java.util.Objects;
import org.atlasgraph.api.Coordinates;

/**
 * The outcome of an online Fréchet mean run (§3.2, Fig. 1): the final estimate and how it got there. Its cost is
 * measured by an {@link UpdateTimer} attached to the mean.
 *
 * @param scheme       the update scheme's name, e.g. {@code "atlas"}
 * @param samples      the number of samples N
 * @param chartChanges how often the estimate moved to another chart (0 for ambient schemes)
 * @param mean         the ambient representation of the final estimate M_N, of length D
 */
public record FrechetMeanResult(String scheme, long samples, long chartChanges, Coordinates mean) {
    /** Validates that the parts are present and the counts in range. */
    public FrechetMeanResult {
        Objects.requireNonNull(scheme, "scheme");
        Objects.requireNonNull(mean, "mean");
        if (samples < 1 || chartChanges < 0) {
            throw new IllegalArgumentException("result of scheme '" + scheme + "': expected samples ≥ 1 and "
                    + "non-negative chart changes, found " + samples + ", " + chartChanges);
        }
    }
}

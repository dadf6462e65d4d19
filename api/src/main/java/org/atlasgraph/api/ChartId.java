package org.atlasgraph.api;

import org.atlasgraph.api.check.Checks;
import org.atlasgraph.api.check.InvalidInputException;

/**
 * The stable identity of a chart, a vertex of the atlas graph (§2.1.2): two charts are the same chart exactly when
 * their ids are equal. Examples: {@code "E{0,2}"} for the Ehresmann chart with index set {0,2}, {@code "adhoc-17"}
 * for an ad hoc Grassmann chart, {@code "chart-3"} for a learned point-cloud chart.
 *
 * @param value a non-empty, human-readable identifier
 */
public record ChartId(String value) {
    /** Validates that the identifier is non-empty. */
    public ChartId {
        Checks.requireNonNull("chart id", value, "a non-empty string");
        if (value.isEmpty()) {
            throw new InvalidInputException("chart id", "a non-empty string", "\"\"");
        }
    }

    @Override
    public String toString() {
        return value;
    }
}

package org.atlasgraph.api;

import java.util.Objects;

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
        Objects.requireNonNull(value, "value");
        if (value.isEmpty()) {
            throw new IllegalArgumentException("chart id: expected a non-empty string, found \"\"");
        }
    }

    @Override
    public String toString() {
        return value;
    }
}

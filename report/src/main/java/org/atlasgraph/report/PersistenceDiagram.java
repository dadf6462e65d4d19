package org.atlasgraph.report;

import java.util.List;
import java.util.Objects;
import org.atlasgraph.api.check.InvalidInputException;

/**
 * The persistence diagram of one homology dimension: the multiset of its intervals.
 *
 * @param dimension the homology dimension k ≥ 0 (H_k)
 * @param intervals its intervals (copied; order kept)
 */
public record PersistenceDiagram(int dimension, List<PersistenceInterval> intervals) {
    /**
     * Validates and copies.
     *
     * @throws InvalidInputException if the dimension is negative or the list is null or holds null
     */
    public PersistenceDiagram {
        if (dimension < 0) {
            throw new InvalidInputException("dimension", "≥ 0", String.valueOf(dimension));
        }
        if (intervals == null || intervals.stream().anyMatch(Objects::isNull)) {
            throw new InvalidInputException("intervals", "a list of intervals", "null or a null entry");
        }
        intervals = List.copyOf(intervals);
    }

    /** @return the number of intervals */
    public int size() {
        return intervals.size();
    }

    /** @return the number of essential (never dying) intervals */
    public long essential() {
        return intervals.stream().filter(PersistenceInterval::isEssential).count();
    }
}

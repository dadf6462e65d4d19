package org.atlasgraph.tck;

import java.util.List;

/**
 * The outcomes of a run of the kit on one manifold.
 *
 * @param manifold the manifold's name
 * @param results  one result per rule, in rule order
 */
public record Report(String manifold, List<RuleResult> results) {
    /** Copies the list. */
    public Report {
        results = List.copyOf(results);
    }

    /** @return whether no rule failed */
    public boolean passed() {
        return results.stream().noneMatch(r -> r.status() == Status.FAILED);
    }
}

package org.atlasgraph.tck;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.atlasgraph.api.Manifold;

/**
 * The JUnit-free engine of the kit: checks one rule or all of them on a manifold.
 */
public final class ConformanceKit {
    private final Manifold manifold;
    private final TckSettings settings;

    /**
     * @param manifold the manifold under test
     * @param settings seed, sample counts and tolerances
     */
    public ConformanceKit(Manifold manifold, TckSettings settings) {
        this.manifold = Objects.requireNonNull(manifold, "manifold");
        this.settings = Objects.requireNonNull(settings, "settings");
    }

    /**
     * @param id a rule
     * @return its outcome on this manifold
     */
    public RuleResult check(RuleId id) {
        return new RuleResult(id, Status.SKIPPED, "", "[" + id.id() + "] not implemented yet (" + settings + ")");
    }

    /** @return the outcome of every rule, in rule order */
    public Report runAll() {
        List<RuleResult> results = new ArrayList<>();
        for (RuleId id : RuleId.values()) {
            results.add(check(id));
        }
        return new Report(manifold.name(), results);
    }
}

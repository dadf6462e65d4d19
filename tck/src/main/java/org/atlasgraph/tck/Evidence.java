package org.atlasgraph.tck;

import org.atlasgraph.api.check.Checks;

/**
 * The checks of one rule on one manifold: counts them, keeps the worst failure (or, when all pass, the worst pass)
 * and turns them into a {@link RuleResult} whose message has the four parts
 * {@code [ID] statement · measured vs bound · where · hint}. Cases that an approximate atlas could not answer because
 * its data end there ({@link #edge}) are counted and reported, not checked.
 */
final class Evidence {
    private final RuleId id;
    private final Probe probe;
    private int checks;
    private int failures;
    private int edges;
    private String firstEdge;
    private Finding worstFailure;
    private Finding worstPass;

    private record Finding(double score, String measured, String where) {
    }

    Evidence(RuleId id, Probe probe) {
        this.id = id;
        this.probe = probe;
    }

    /** Records {@code value ≤ bound}; NaN fails. */
    void atMost(String quantity, double value, double bound, String where) {
        boolean ok = value <= bound;
        double score = Double.isNaN(value) ? Double.POSITIVE_INFINITY : value / bound;
        record(ok, score, quantity + " = " + Checks.number(value) + (ok ? " ≤ " : ", expected ≤ ")
                + Checks.number(bound), where);
    }

    /** Records {@code value ≥ bound}; NaN fails. */
    void atLeast(String quantity, double value, double bound, String where) {
        boolean ok = value >= bound;
        double score = Double.isNaN(value) ? Double.POSITIVE_INFINITY : bound - value;
        record(ok, score, quantity + " = " + Checks.number(value) + (ok ? " ≥ " : ", expected ≥ ")
                + Checks.number(bound), where);
    }

    /** Records that a defect shrinks at least like t^(expected − shortfall), or stays at rounding. */
    void slope(SlopeFit fit, double expected, double shortfall, String where) {
        boolean ok = fit.meets(expected, shortfall);
        double score = fit.kind() == SlopeFit.Kind.AT_ROUNDING ? Double.NEGATIVE_INFINITY
                : fit.kind() == SlopeFit.Kind.NON_FINITE ? Double.POSITIVE_INFINITY
                : (expected - fit.bestSlope()) / shortfall;
        record(ok, score, fit.describe() + (ok ? ", ≥ " : ", expected ≥ ")
                + Checks.number(expected - shortfall), where);
    }

    /** Records a check that held; {@code measured} says what held. */
    void held(String measured, String where) {
        record(true, Double.NEGATIVE_INFINITY, measured, where);
    }

    /** Records a check that failed; {@code measured} says what was observed instead. */
    void violation(String measured, String where) {
        record(false, Double.POSITIVE_INFINITY, measured, where);
    }

    /**
     * Runs one case, turning an unexpected exception into a violation at that case, so that one broken call names
     * where it broke and does not hide the other cases.
     */
    void guard(String where, Runnable body) {
        try {
            body.run();
        } catch (RuntimeException e) {
            violation("threw " + Probe.describe(e), where);
        }
    }

    /**
     * Records a case that could not be checked because a primitive answered empty at the edge of an approximate
     * atlas (its data end there); it is counted in the result, not failed.
     *
     * @param what  which answer was empty, e.g. {@code "Ret_p(τ)"}
     * @param where the case
     */
    void edge(String what, String where) {
        if (edges++ == 0) {
            firstEdge = what + " at " + where;
        }
    }

    /** @return the number of checks recorded so far */
    int checks() {
        return checks;
    }

    /** @return the rule's result: failed if any check failed, skipped if nothing was checked */
    RuleResult result() {
        String atEdge = edges == 0 ? "" : "; " + edges + " case(s) not checked: the atlas answered empty at its edge "
                + "(first: " + firstEdge + ")";
        if (checks == 0) {
            return skipped(id, (edges == 0 ? "nothing to check on " + probe.manifold().name() : "every case ended at "
                    + "the edge of the approximate atlas " + probe.manifold().name()) + atEdge);
        }
        if (failures > 0) {
            String measured = worstFailure.measured()
                    + (checks > 1 ? " (" + failures + " of " + checks + " checks failed)" : "") + atEdge;
            return new RuleResult(id, Status.FAILED, measured, message(measured, worstFailure.where()));
        }
        String measured = (checks == 1 ? worstPass.measured()
                : worstPass.score() == Double.NEGATIVE_INFINITY ? checks + " checks held, e.g. " + worstPass.measured()
                : "worst of " + checks + ": " + worstPass.measured()) + atEdge;
        return new RuleResult(id, Status.PASSED, measured, message(measured, worstPass.where()));
    }

    /**
     * @param id     the rule
     * @param reason what is missing, naming what to provide
     * @return a skipped result
     */
    static RuleResult skipped(RuleId id, String reason) {
        return new RuleResult(id, Status.SKIPPED, "", "[" + id.id() + "] skipped: " + reason);
    }

    /** @return a failed result for a rule that could not run at all (e.g. no points to test) */
    RuleResult couldNotRun(RuntimeException e) {
        String measured = "could not run: " + Probe.describe(e);
        return new RuleResult(id, Status.FAILED, measured, message(measured, "setting up the rule"));
    }

    private void record(boolean ok, double score, String measured, String where) {
        checks++;
        Finding f = new Finding(score, measured, where);
        if (ok) {
            if (worstPass == null || score > worstPass.score()) {
                worstPass = f;
            }
        } else {
            failures++;
            if (worstFailure == null || score > worstFailure.score()) {
                worstFailure = f;
            }
        }
    }

    private String message(String measured, String where) {
        TckSettings s = probe.settings();
        String tolerances = s.accuracy().isExact() ? "" : ", approximate tolerances: " + s.accuracy();
        return "[" + id.id() + "] " + id.statement() + " · " + measured + " · " + probe.manifold().name()
                + ", seed=" + s.seed() + ", " + where + tolerances + " · check: " + id.hint();
    }
}

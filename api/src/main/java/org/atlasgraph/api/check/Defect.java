package org.atlasgraph.api.check;

/**
 * How far an input is from satisfying a manifold constraint, in the style of ManifoldsBase's {@code check_point}.
 * Either the violation of the constraint itself ({@code |‖x‖ − 1|} for {@code ‖x‖ = 1}) or a named measure of it
 * (the condition number of a basis for "full column rank"), so that messages read right in both cases:
 * {@code ‖x‖ = 1 off by 3e-4}, {@code condition number σ_max/σ_min = Infinity}.
 *
 * @param what      the constraint, e.g. {@code "‖x‖ = 1"} or {@code "full column rank"}
 * @param measure   the quantity measured, e.g. {@code "condition number σ_max/σ_min"}, or empty when
 *                  {@code measured} is the violation of {@code what} itself
 * @param measured  the measured violation or measure (≥ 0)
 * @param tolerance the largest value of it the manifold accepts
 */
public record Defect(String what, String measure, double measured, double tolerance) {
    /** Validates that the descriptions are present. */
    public Defect {
        Checks.requireNonNull("what", what, "a description of the defect");
        Checks.requireNonNull("measure", measure, "the name of the measured quantity, or empty");
    }

    /**
     * A defect whose measured value is the violation of the constraint itself.
     *
     * @param what      the constraint
     * @param measured  its violation (≥ 0)
     * @param tolerance the largest violation the manifold accepts
     */
    public Defect(String what, double measured, double tolerance) {
        this(what, "", measured, tolerance);
    }

    /** @return what a valid input satisfies, e.g. {@code ‖x‖ = 1 within 1e-10} */
    public String expected() {
        return measure.isEmpty() ? what + " within " + Checks.number(tolerance)
                : what + " (" + measure + " at most " + Checks.number(tolerance) + ")";
    }

    /** @return what was found, e.g. {@code ‖x‖ = 1 off by 3e-4} or {@code condition number σ_max/σ_min = 2e13} */
    public String found() {
        return measure.isEmpty() ? what + " off by " + Checks.number(measured)
                : measure + " = " + Checks.number(measured);
    }
}

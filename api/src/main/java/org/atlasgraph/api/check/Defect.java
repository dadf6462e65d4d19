package org.atlasgraph.api.check;

/**
 * How far an input is from satisfying a manifold constraint, in the style of ManifoldsBase's {@code check_point}.
 *
 * @param what      the constraint, e.g. {@code "‖x‖ = 1"} or {@code "rank X = k"}
 * @param measured  the measured violation (≥ 0), e.g. {@code |‖x‖ − 1|}
 * @param tolerance the largest violation the manifold accepts
 */
public record Defect(String what, double measured, double tolerance) {
    /** Validates that the description is present. */
    public Defect {
        Checks.requireNonNull("what", what, "a description of the defect");
    }
}

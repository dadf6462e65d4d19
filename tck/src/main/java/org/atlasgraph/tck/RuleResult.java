package org.atlasgraph.tck;

/**
 * The outcome of checking one rule.
 *
 * @param id       the rule
 * @param status   passed, failed or skipped
 * @param measured the worst measured value against its bound, e.g. {@code "slope 1.98 ≥ 1.9"}
 * @param message  the full message {@code [ID] statement · measured · where · hint}
 */
public record RuleResult(RuleId id, Status status, String measured, String message) {
}

package org.atlasgraph.tck;

/** The outcome of one rule. */
public enum Status {
    /** the rule held */
    PASSED,
    /** the rule was violated */
    FAILED,
    /** the rule did not apply; the message says why */
    SKIPPED
}

package org.atlasgraph.cli;

/**
 * The exit codes of {@code atlas}, the same for every subcommand so that scripts can tell a failed check from a typo.
 */
public final class ExitCodes {
    /** Everything worked and every check passed. */
    public static final int OK = 0;
    /** The command ran but found a violation, e.g. a conformance rule failed. */
    public static final int CHECK_FAILED = 1;
    /** Bad input: an unknown option or provider, a bad parameter value, an unreadable or unwritable file. */
    public static final int BAD_INPUT = 2;
    /** A defect in atlas or a provider (an unexpected exception, a broken installation); rerun with --verbose. */
    public static final int INTERNAL_ERROR = 3;

    private ExitCodes() {
    }
}

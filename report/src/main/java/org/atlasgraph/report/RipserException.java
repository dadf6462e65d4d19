package org.atlasgraph.report;

/**
 * The Ripser binary is missing, failed, ran out of time or wrote what this module cannot read. The message says which,
 * with the command and the end of its error output, and how to get Ripser where it is missing.
 */
public class RipserException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /**
     * Creates the exception.
     *
     * @param message what went wrong and what to do
     */
    public RipserException(String message) {
        super(message);
    }

    /**
     * Creates the exception with a cause.
     *
     * @param message what went wrong and what to do
     * @param cause   the underlying failure
     */
    public RipserException(String message, Throwable cause) {
        super(message, cause);
    }
}

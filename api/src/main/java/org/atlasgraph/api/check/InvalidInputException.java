package org.atlasgraph.api.check;

import java.util.Objects;

/**
 * An argument, parameter or file that a public method cannot accept.
 *
 * <p>The message always reads {@code "<input>: expected <expected>, found <found>"} with an optional
 * {@code " (<context>)"}; the three parts are also available separately so that callers (the CLI, the TCK) can
 * render them. Example: {@code tau: expected length 6 (dimension of Gr(5,2)), found 5}.
 *
 * <p>Immutable, like every exception here once thrown; safe to pass between threads.
 */
public class InvalidInputException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    private final String input;
    private final String expected;
    private final String found;
    private final String context;

    /**
     * Creates the exception.
     *
     * @param input    name of the offending input, e.g. {@code "tau"}, {@code "xi[3]"}, {@code "parameter 'k'"}
     * @param expected what was allowed
     * @param found    what arrived
     * @param context  extra context appended in parentheses, or {@code ""} for none
     */
    public InvalidInputException(String input, String expected, String found, String context) {
        super(format(input, expected, found, context));
        this.input = Objects.requireNonNull(input, "input");
        this.expected = Objects.requireNonNull(expected, "expected");
        this.found = Objects.requireNonNull(found, "found");
        this.context = context == null ? "" : context;
    }

    /** Creates the exception without context. */
    public InvalidInputException(String input, String expected, String found) {
        this(input, expected, found, "");
    }

    /** @return the name of the offending input */
    public String input() {
        return input;
    }

    /** @return what the input was allowed to be */
    public String expected() {
        return expected;
    }

    /** @return what the input was */
    public String found() {
        return found;
    }

    /** @return the context in parentheses, or {@code ""} */
    public String context() {
        return context;
    }

    /**
     * The same failure seen from further out, where the input has a fuller name: {@code points[3]: …} inside a
     * learner becomes {@code --input 'p.npy': points[3]: …} in the command that read the file.
     *
     * @param outer the outer name, e.g. {@code "--input 'p.npy'"}
     * @return a new exception with input {@code outer + ": " + input()}, the same expected, found and context, and
     *     this one as its cause
     */
    public InvalidInputException within(String outer) {
        InvalidInputException e = new InvalidInputException(outer + ": " + input, expected, found, context);
        e.initCause(this);
        return e;
    }

    private static String format(String input, String expected, String found, String context) {
        String base = input + ": expected " + expected + ", found " + found;
        return context == null || context.isEmpty() ? base : base + " (" + context + ")";
    }
}

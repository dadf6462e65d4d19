package org.atlasgraph.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.UndeclaredThrowableException;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import org.atlasgraph.api.check.InvalidInputException;
import org.atlasgraph.cli.io.IoErrors;
import picocli.CommandLine;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParseResult;
import picocli.CommandLine.UnmatchedArgumentException;

/**
 * The one error path of {@code atlas}: every failure becomes one line on standard error that names the command and the
 * offending input, and an {@link ExitCodes exit code}; the stack trace follows only with {@code --verbose}.
 *
 * <ul>
 *   <li>bad options (unknown option, missing value, unparsable number) and {@link InvalidInputException}s (unknown
 *       provider, bad parameter, unreadable input) and I/O failures → {@link ExitCodes#BAD_INPUT};</li>
 *   <li>anything else is a defect → {@link ExitCodes#INTERNAL_ERROR}, with a hint to rerun with {@code --verbose};
 *       so is an exhausted heap or stack ({@link OutOfMemoryError}, {@link StackOverflowError}), which
 *       {@link #guarded} turns into an exception this handler sees, with a line that says how much heap there was.</li>
 * </ul>
 * Failures rethrown by a parallel task arrive wrapped: a fork-join pool rethrows a copy without a message whose cause
 * is the original, an executor an {@link ExecutionException}. The handler reports the original, so the line is never
 * empty and an {@link InvalidInputException} raised inside a parallel stream is still bad input.
 *
 * <p>Check failures are not exceptions: a subcommand returns {@link ExitCodes#CHECK_FAILED} itself. Instances are
 * stateless and thread-safe.
 */
final class CliErrors implements CommandLine.IExecutionExceptionHandler, CommandLine.IParameterExceptionHandler {
    static final String VERBOSE = "--verbose";

    @Override
    public int handleParseException(ParameterException ex, String[] args) {
        CommandLine cmd = ex.getCommandLine();
        String name = cmd.getCommandSpec().qualifiedName();
        StringBuilder line = new StringBuilder(name).append(": ").append(oneLine(ex.getMessage()));
        if (ex instanceof UnmatchedArgumentException u && !u.getSuggestions().isEmpty()) {
            line.append("; did you mean ").append(String.join(" or ", u.getSuggestions())).append('?');
        }
        line.append(" (see '").append(name).append(" --help')");
        PrintWriter err = cmd.getErr();
        err.println(line);
        if (List.of(args).contains(VERBOSE)) {
            ex.printStackTrace(err);
        }
        err.flush();
        return ExitCodes.BAD_INPUT;
    }

    @Override
    public int handleExecutionException(Exception ex, CommandLine cmd, ParseResult parsed) {
        Throwable failure = original(ex);
        int code;
        String message;
        if (failure instanceof InvalidInputException) {
            code = ExitCodes.BAD_INPUT;
            message = failure.getMessage();
        } else if (failure instanceof IOException io) {
            code = ExitCodes.BAD_INPUT;
            message = IoErrors.describe(io);
        } else if (failure instanceof UncheckedIOException io) {
            code = ExitCodes.BAD_INPUT;
            message = IoErrors.describe(io.getCause());
        } else {
            code = ExitCodes.INTERNAL_ERROR;
            String what = failure instanceof VirtualMachineError vm ? exhausted(vm) : "internal error: " + failure;
            message = what + (verbose(parsed) ? "" : " (rerun with --verbose for the stack trace)");
        }
        PrintWriter err = cmd.getErr();
        err.println(cmd.getCommandSpec().qualifiedName() + ": " + oneLine(message));
        if (verbose(parsed)) {
            failure.printStackTrace(err);
        }
        err.flush();
        return code;
    }

    /**
     * Runs a parsed command line as picocli's default strategy does, turning an exhausted heap or stack into an
     * exception for {@link #handleExecutionException} (picocli lets {@link Error}s escape {@code execute}). By the time
     * the error arrives here the frames that held the memory are gone, so the one line can still be printed.
     *
     * @param parsed the parse result
     * @return the subcommand's exit code
     */
    static int guarded(ParseResult parsed) {
        try {
            return new CommandLine.RunLast().execute(parsed);
        } catch (VirtualMachineError e) {
            List<CommandLine> chain = parsed.asCommandLineList();
            throw new CommandLine.ExecutionException(chain.get(chain.size() - 1), exhausted(e), e);
        }
    }

    /**
     * The failure behind the wrappers of parallel and reflective execution: picocli's own
     * {@link CommandLine.ExecutionException} (around an {@link Error}), an executor's {@link ExecutionException} or
     * {@link CompletionException}, a reflective call's wrappers, and the message-less copy a fork-join pool makes of
     * an exception thrown in one of its tasks.
     *
     * @param ex what the command threw
     * @return the first failure in its cause chain that is not such a wrapper
     */
    static Throwable original(Throwable ex) {
        Throwable t = ex;
        for (int depth = 0; depth < 32 && t.getCause() != null && t.getCause() != t && wrapper(t); depth++) {
            t = t.getCause();
        }
        return t;
    }

    private static boolean wrapper(Throwable t) {
        return t instanceof CommandLine.ExecutionException || t instanceof ExecutionException
                || t instanceof CompletionException || t instanceof InvocationTargetException
                || t instanceof UndeclaredThrowableException
                || t.getMessage() == null && t.getCause().getClass() == t.getClass();
    }

    /** @return e.g. {@code "out of memory (Java heap space) in a heap of at most 2.0 GB: …"} */
    private static String exhausted(VirtualMachineError e) {
        if (e instanceof OutOfMemoryError) {
            return String.format(Locale.ROOT, "out of memory (%s) in a heap of at most %s: ask for less (a smaller "
                    + "--count, --samples or size) or give Java more with ATLAS_JAVA_OPTS=-Xmx…", e.getMessage() == null
                    ? "no detail" : e.getMessage(), HeapBudget.bytes(Runtime.getRuntime().maxMemory()));
        }
        if (e instanceof StackOverflowError) {
            return "internal error: stack overflow (java.lang.StackOverflowError)";
        }
        return "internal error: " + e;
    }

    /** Whether {@code --verbose} was given at any level: it is inherited, so it may follow the subcommand. */
    static boolean verbose(ParseResult parsed) {
        for (ParseResult r = parsed; r != null; r = r.subcommand()) {
            if (r.hasMatchedOption(VERBOSE)) {
                return true;
            }
        }
        return false;
    }

    private static String oneLine(String s) {
        return String.valueOf(s).replaceAll("\\R", " ");
    }
}

package org.atlasgraph.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.util.List;
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
 *   <li>anything else is a defect → {@link ExitCodes#INTERNAL_ERROR}, with a hint to rerun with {@code --verbose}.</li>
 * </ul>
 * Check failures are not exceptions: a subcommand returns {@link ExitCodes#CHECK_FAILED} itself.
 */
final class CliErrors implements CommandLine.IExecutionExceptionHandler, CommandLine.IParameterExceptionHandler {
    static final String VERBOSE = "--verbose";

    @Override
    public int handleParseException(ParameterException ex, String[] args) {
        CommandLine cmd = ex.getCommandLine();
        String name = cmd.getCommandSpec().qualifiedName();
        StringBuilder line = new StringBuilder(name).append(": ").append(ex.getMessage());
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
        int code;
        String message;
        if (ex instanceof InvalidInputException) {
            code = ExitCodes.BAD_INPUT;
            message = ex.getMessage();
        } else if (ex instanceof IOException io) {
            code = ExitCodes.BAD_INPUT;
            message = IoErrors.describe(io);
        } else if (ex instanceof UncheckedIOException io) {
            code = ExitCodes.BAD_INPUT;
            message = IoErrors.describe(io.getCause());
        } else {
            code = ExitCodes.INTERNAL_ERROR;
            message = "internal error: " + ex + (verbose(parsed) ? "" : " (rerun with --verbose for the stack trace)");
        }
        PrintWriter err = cmd.getErr();
        err.println(cmd.getCommandSpec().qualifiedName() + ": " + oneLine(message));
        if (verbose(parsed)) {
            ex.printStackTrace(err);
        }
        err.flush();
        return code;
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

package org.atlasgraph.io;

import java.util.regex.Pattern;
import org.atlasgraph.api.check.InvalidInputException;

/**
 * The strict decimal grammar of numbers in text inputs: {@code [+-]? (digits [. digits?] | . digits) ([eE] [+-]?
 * digits)?}, e.g. {@code 1}, {@code -0.5}, {@code .25}, {@code 3.}, {@code 6.02e23}, and nothing else. Java's
 * {@link Double#parseDouble} also accepts hexadecimal literals ({@code 0x1p-1}), type suffixes ({@code 2f},
 * {@code 1d}), {@code NaN} and {@code Infinity}; a CSV cell or an option is not Java source, so those are refused here,
 * and {@code 1_000} too. A value beyond the range of a double ({@code 1e400}) is refused as not finite.
 *
 * <p>Thread safety: stateless; safe to call from any thread.
 */
public final class Decimals {
    private static final Pattern DECIMAL =
            Pattern.compile("[+-]?(?:[0-9]+(?:\\.[0-9]*)?|\\.[0-9]+)(?:[eE][+-]?[0-9]+)?");
    private static final Pattern NON_FINITE = Pattern.compile("(?i)[+-]?(?:nan|inf|infinity)");
    private static final Pattern UNDERSCORED =
            Pattern.compile("[+-]?[0-9][0-9_]*(?:\\.[0-9_]*)?(?:[eE][+-]?[0-9_]+)?");

    private Decimals() {
    }

    /**
     * @param text a cell or an option value, already stripped of surrounding spaces
     * @return whether it is a number of the strict grammar (its value may still overflow to infinity)
     */
    public static boolean isDecimal(String text) {
        return DECIMAL.matcher(text).matches();
    }

    /**
     * Parses a finite number of the strict grammar.
     *
     * @param input the name of the text for the message, e.g. {@code "'a.csv' line 3, column 2 ('y')"}
     * @param text  the text, stripped of surrounding spaces
     * @return the value, correctly rounded
     * @throws InvalidInputException naming {@code input} if the text is not of the grammar or its value is not finite
     */
    public static double parse(String input, String text) {
        if (isDecimal(text)) {
            double v = Double.parseDouble(text);
            if (Double.isFinite(v)) {
                return v;
            }
            throw new InvalidInputException(input, "a finite number", "'" + text + "'",
                    "beyond the range of a double");
        }
        if (NON_FINITE.matcher(text).matches()) {
            throw new InvalidInputException(input, "a finite number", "'" + text + "'");
        }
        throw new InvalidInputException(input, "a decimal number such as 0.5 or -1e-3",
                text.isEmpty() ? "an empty value" : "'" + text + "'",
                isJavaLiteral(text) ? "Java literal syntax is not accepted" : "");
    }

    /** @return whether the text reads as a number, finite or not: a decimal, or a spelling of NaN or infinity */
    static boolean looksNumeric(String text) {
        return isDecimal(text) || NON_FINITE.matcher(text).matches();
    }

    /** @return whether Java would read the text as a number the strict grammar refuses: {@code 0x1p-1}, {@code 2f} */
    static boolean isJavaLiteral(String text) {
        if (looksNumeric(text)) {
            return false;
        }
        if (UNDERSCORED.matcher(text).matches()) {
            return true;
        }
        try {
            Double.parseDouble(text);
            return true;
        } catch (NumberFormatException e) {
            return false;
        }
    }
}

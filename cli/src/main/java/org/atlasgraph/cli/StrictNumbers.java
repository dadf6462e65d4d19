package org.atlasgraph.cli;

import java.math.BigInteger;
import java.util.regex.Pattern;
import org.atlasgraph.io.Decimals;
import picocli.CommandLine;
import picocli.CommandLine.TypeConversionException;

/**
 * The numbers of options, read by the same strict grammar as the numbers of files ({@link Decimals}): picocli's
 * defaults ({@link Double#valueOf}, {@link Integer#valueOf}) would take {@code --h 2f}, {@code --alpha 0x1p-1},
 * {@code --step NaN} or {@code --count ٣} (an Arabic-Indic digit), none of which a user means as a number. A refused
 * value is picocli's one-line parameter error: {@code Invalid value for option '--h': expected a decimal number such as
 * 0.5 or -1e-3, found '2f'}.
 *
 * <p>Stateless and thread-safe.
 */
final class StrictNumbers {
    private static final Pattern INTEGER = Pattern.compile("[+-]?[0-9]+");

    private StrictNumbers() {
    }

    /**
     * Registers the strict converters for {@code double}, {@code int} and {@code long} options (boxed or not, and so
     * inside {@code Optional}s and lists) on a command line and its subcommands.
     *
     * @param cmd the command line
     * @return {@code cmd}
     */
    static CommandLine register(CommandLine cmd) {
        return cmd.registerConverter(Double.class, StrictNumbers::decimal)
                .registerConverter(Double.TYPE, StrictNumbers::decimal)
                .registerConverter(Integer.class, StrictNumbers::integer)
                .registerConverter(Integer.TYPE, StrictNumbers::integer)
                .registerConverter(Long.class, StrictNumbers::longInteger)
                .registerConverter(Long.TYPE, StrictNumbers::longInteger);
    }

    /**
     * @param text an option's value
     * @return the finite number it spells in the strict decimal grammar
     * @throws TypeConversionException otherwise
     */
    static Double decimal(String text) {
        String t = text.strip();
        if (!Decimals.isDecimal(t)) {
            throw new TypeConversionException("expected a decimal number such as 0.5 or -1e-3, found '" + text + "'");
        }
        double v = Double.parseDouble(t);
        if (!Double.isFinite(v)) {
            throw new TypeConversionException("expected a finite number, found '" + text + "' (beyond the range of a "
                    + "double)");
        }
        return v;
    }

    /**
     * @param text an option's value
     * @return the int it spells in ASCII digits
     * @throws TypeConversionException for anything else, or a value beyond the range of an int
     */
    static Integer integer(String text) {
        return (int) whole(text, Integer.MIN_VALUE, Integer.MAX_VALUE);
    }

    /**
     * @param text an option's value
     * @return the long it spells in ASCII digits
     * @throws TypeConversionException for anything else, or a value beyond the range of a long
     */
    static Long longInteger(String text) {
        return whole(text, Long.MIN_VALUE, Long.MAX_VALUE);
    }

    private static long whole(String text, long min, long max) {
        String t = text.strip();
        if (!INTEGER.matcher(t).matches()) {
            throw new TypeConversionException("expected an integer such as 42, found '" + text + "'");
        }
        BigInteger v = new BigInteger(t);
        if (v.compareTo(BigInteger.valueOf(min)) >= 0 && v.compareTo(BigInteger.valueOf(max)) <= 0) {
            return v.longValue();
        }
        throw new TypeConversionException("expected an integer from " + min + " to " + max + ", found '" + text + "'");
    }
}

package org.atlasgraph.io;

import java.util.List;
import org.atlasgraph.api.check.InvalidInputException;

/**
 * Formats CSV lines that {@link CsvReader} reads back exactly: numbers in Java's shortest round-trip form (which is
 * within the strict decimal grammar, e.g. {@code 1.0E-5}), text cells double-quoted when they hold a comma, a quote
 * or surrounding spaces. Non-finite numbers are refused, so an output never holds a NaN. Write the lines
 * to a file through {@link AtomicWriter}.
 *
 * <p>Thread safety: stateless; safe to call from any thread.
 */
public final class CsvFormat {
    private CsvFormat() {
    }

    /**
     * @param values the values of a row, finite; not modified
     * @return the values separated by commas, ending with a line break
     * @throws InvalidInputException naming {@code values[i]} if a value is not finite
     */
    public static String row(double... values) {
        StringBuilder b = new StringBuilder();
        for (int j = 0; j < values.length; j++) {
            b.append(j == 0 ? "" : ",").append(number("values[" + j + "]", values[j]));
        }
        return b.append('\n').toString();
    }

    /**
     * @param cells the text cells of a row, e.g. a header
     * @return the cells, quoted where needed, separated by commas, ending with a line break
     * @throws InvalidInputException if a cell holds a line break
     */
    public static String row(List<String> cells) {
        StringBuilder b = new StringBuilder();
        for (int j = 0; j < cells.size(); j++) {
            b.append(j == 0 ? "" : ",").append(cell(cells.get(j)));
        }
        return b.append('\n').toString();
    }

    /**
     * @param text a text cell, without line breaks (a record is one line)
     * @return the text, or the text in double quotes with inner quotes doubled when it holds a comma, a quote or
     *     surrounding spaces (which the reader would otherwise strip)
     * @throws InvalidInputException if the text holds a line break
     */
    public static String cell(String text) {
        if (text.indexOf('\n') >= 0 || text.indexOf('\r') >= 0) {
            throw new InvalidInputException("CSV cell", "text without line breaks", "'" + text.strip() + "'");
        }
        boolean quote = text.indexOf(',') >= 0 || text.indexOf('"') >= 0 || !text.strip().equals(text);
        return quote ? '"' + text.replace("\"", "\"\"") + '"' : text;
    }

    /**
     * @param name  the value's name for the message
     * @param value a finite value
     * @return its shortest round-trip decimal form
     * @throws InvalidInputException naming {@code name} if the value is not finite
     */
    public static String number(String name, double value) {
        if (!Double.isFinite(value)) {
            throw new InvalidInputException(name, "a finite value", String.valueOf(value));
        }
        return Double.toString(value);
    }
}

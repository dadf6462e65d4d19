package org.atlasgraph.cli;

/** CSV lines for the point-cloud subcommands: a header of numbered columns and rows of shortest round-trip numbers. */
final class CsvRows {
    private CsvRows() {
    }

    /** @return {@code prefix0,prefix1,…} with a line break */
    static String header(String prefix, int columns) {
        StringBuilder b = new StringBuilder();
        for (int j = 0; j < columns; j++) {
            b.append(j == 0 ? "" : ",").append(prefix).append(j);
        }
        return b.append('\n').toString();
    }

    /** @return the values separated by commas, in Java's shortest round-trip form, with a line break */
    static String row(double... values) {
        StringBuilder b = new StringBuilder();
        for (int j = 0; j < values.length; j++) {
            b.append(j == 0 ? "" : ",").append(values[j]);
        }
        return b.append('\n').toString();
    }
}

package org.atlasgraph.cli;

import java.util.ArrayList;
import java.util.List;
import org.atlasgraph.io.CsvFormat;

/** CSV lines for the point-cloud subcommands: a header of numbered columns and rows of shortest round-trip numbers. */
final class CsvRows {
    private CsvRows() {
    }

    /** @return {@code prefix0,prefix1,…} with a line break */
    static String header(String prefix, int columns) {
        List<String> names = new ArrayList<>();
        for (int j = 0; j < columns; j++) {
            names.add(prefix + j);
        }
        return CsvFormat.row(names);
    }

    /** @return the values separated by commas, in Java's shortest round-trip form, with a line break */
    static String row(double... values) {
        return CsvFormat.row(values);
    }
}

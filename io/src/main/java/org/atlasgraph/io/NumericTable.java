package org.atlasgraph.io;

import java.util.List;
import java.util.Optional;

/**
 * A CSV table of finite numbers read by {@link CsvReader#readNumbers}: the column names when the file has a header
 * row, the data rows, and the line of the file each row came from (for messages about a row found later, such as a
 * duplicate point).
 *
 * <p>Thread safety: immutable; accessors return copies.
 */
public final class NumericTable {
    private final Optional<List<String>> header;
    private final double[][] rows;
    private final int[] lines;

    /** Takes ownership of the arrays. */
    NumericTable(Optional<List<String>> header, double[][] rows, int[] lines) {
        this.header = header.map(List::copyOf);
        this.rows = rows;
        this.lines = lines;
    }

    /** @return the column names of the header row, or empty when the file starts with data */
    public Optional<List<String>> header() {
        return header;
    }

    /** @return the number of data rows, at least 1 */
    public int rowCount() {
        return rows.length;
    }

    /** @return the number of columns, at least 1 */
    public int columnCount() {
        return rows[0].length;
    }

    /**
     * @param row a data row, {@code 0 ≤ row < rowCount()}
     * @return its values, a copy
     */
    public double[] row(int row) {
        return rows[row].clone();
    }

    /** @return every row, a deep copy */
    public double[][] rows() {
        double[][] out = new double[rows.length][];
        for (int i = 0; i < out.length; i++) {
            out[i] = rows[i].clone();
        }
        return out;
    }

    /**
     * @param row a data row, {@code 0 ≤ row < rowCount()}
     * @return its line in the file, counted from 1 with the header and blank lines
     */
    public int line(int row) {
        return lines[row];
    }
}

package org.atlasgraph.io;

import java.util.List;
import java.util.Optional;

/**
 * A CSV table with a header row and cells of any text, read by {@link CsvReader#readTable}: for files that mix
 * coordinates with, e.g., class labels. {@link #number} reads a cell with the strict grammar of {@link Decimals} and
 * names the file, line and column when it is not a finite number.
 *
 * <p>Thread safety: immutable.
 */
public final class CsvTable {
    private final String label;
    private final List<String> header;
    private final String[][] cells;
    private final int[] lines;

    /** Takes ownership of the arrays. */
    CsvTable(String label, List<String> header, String[][] cells, int[] lines) {
        this.label = label;
        this.header = List.copyOf(header);
        this.cells = cells;
        this.lines = lines;
    }

    /** @return the column names, in file order */
    public List<String> header() {
        return header;
    }

    /** @return the number of data rows, at least 1 */
    public int rowCount() {
        return cells.length;
    }

    /** @return the number of columns, the header's length */
    public int columnCount() {
        return header.size();
    }

    /**
     * @param row    a data row, {@code 0 ≤ row < rowCount()}
     * @param column a column, {@code 0 ≤ column < columnCount()}
     * @return the cell's text: stripped of surrounding spaces, or verbatim inside double quotes
     */
    public String text(int row, int column) {
        return cells[row][column];
    }

    /**
     * Reads a cell as a number.
     *
     * @param row    a data row, {@code 0 ≤ row < rowCount()}
     * @param column a column, {@code 0 ≤ column < columnCount()}
     * @return the value
     * @throws org.atlasgraph.api.check.InvalidInputException naming {@link #where} if the cell is not a finite number
     *     of the strict decimal grammar
     */
    public double number(int row, int column) {
        return Decimals.parse(where(row, column), cells[row][column]);
    }

    /**
     * @param row a data row, {@code 0 ≤ row < rowCount()}
     * @return its line in the file, counted from 1 with the header and blank lines
     */
    public int line(int row) {
        return lines[row];
    }

    /**
     * Names a cell for a message about it.
     *
     * @param row    a data row
     * @param column a column
     * @return e.g. {@code --train 't.csv' line 4, column 3 ('label')}
     */
    public String where(int row, int column) {
        return CsvReader.where(label, lines[row], column, Optional.of(header));
    }
}

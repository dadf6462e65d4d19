package org.atlasgraph.cli.console;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;

/**
 * A plain-text table with aligned columns, a header and a rule under it:
 * <pre>
 * ID    | level    | status | measured
 * ------+----------+--------+-----------------
 * RET-1 | REQUIRED | PASSED | ‖Ret_p(0) − p‖ 0
 * </pre>
 * Columns are left-aligned unless marked {@linkplain #alignRight right-aligned} (numbers). Widths count code points,
 * which is right for the Latin, Greek and mathematical symbols used here; line breaks in a cell become spaces so that
 * one row stays one line, which keeps the output greppable.
 */
public final class TextTable {
    private static final String SEPARATOR = " | ";

    private final List<String> header;
    private final List<List<String>> rows = new ArrayList<>();
    private final BitSet rightAligned = new BitSet();

    private TextTable(List<String> header) {
        this.header = header;
    }

    /**
     * Starts a table.
     *
     * @param columns the column titles; at least one
     * @return an empty table
     * @throws IllegalArgumentException if there are no columns
     */
    public static TextTable withColumns(String... columns) {
        if (columns.length == 0) {
            throw new IllegalArgumentException("a table needs at least one column");
        }
        return new TextTable(cells(columns));
    }

    /**
     * Right-aligns columns, e.g. those holding numbers.
     *
     * @param columns zero-based column indices
     * @return this table
     * @throws IndexOutOfBoundsException if an index is not a column
     */
    public TextTable alignRight(int... columns) {
        for (int c : columns) {
            if (c < 0 || c >= header.size()) {
                throw new IndexOutOfBoundsException("column " + c + " of a table with " + header.size() + " columns");
            }
            rightAligned.set(c);
        }
        return this;
    }

    /**
     * Appends a row.
     *
     * @param cells one value per column, rendered with {@link String#valueOf(Object)}
     * @return this table
     * @throws IllegalArgumentException if the number of cells is not the number of columns
     */
    public TextTable row(Object... cells) {
        if (cells.length != header.size()) {
            throw new IllegalArgumentException("row has " + cells.length + " cells, table has " + header.size()
                    + " columns " + header);
        }
        rows.add(cells(cells));
        return this;
    }

    /** @return the number of rows, header excluded */
    public int size() {
        return rows.size();
    }

    /**
     * Prints the table.
     *
     * @param out    where to print
     * @param indent a prefix for every line, e.g. two spaces
     */
    public void print(PrintWriter out, String indent) {
        out.print(render(indent));
    }

    /**
     * Renders the table.
     *
     * @param indent a prefix for every line
     * @return the lines, each ending with a newline, without trailing spaces
     */
    public String render(String indent) {
        int[] widths = new int[header.size()];
        for (List<String> r : allRows()) {
            for (int c = 0; c < widths.length; c++) {
                widths[c] = Math.max(widths[c], width(r.get(c)));
            }
        }
        StringBuilder sb = new StringBuilder();
        appendRow(sb, indent, header, widths);
        sb.append(indent);
        for (int c = 0; c < widths.length; c++) {
            if (c > 0) {
                sb.append("-+-");
            }
            sb.append("-".repeat(widths[c]));
        }
        sb.append('\n');
        for (List<String> r : rows) {
            appendRow(sb, indent, r, widths);
        }
        return sb.toString();
    }

    @Override
    public String toString() {
        return render("");
    }

    private List<List<String>> allRows() {
        List<List<String>> all = new ArrayList<>(rows);
        all.add(header);
        return all;
    }

    private void appendRow(StringBuilder sb, String indent, List<String> cells, int[] widths) {
        StringBuilder line = new StringBuilder(indent);
        for (int c = 0; c < widths.length; c++) {
            if (c > 0) {
                line.append(SEPARATOR);
            }
            String cell = cells.get(c);
            String pad = " ".repeat(widths[c] - width(cell));
            if (rightAligned.get(c)) {
                line.append(pad).append(cell);
            } else {
                line.append(cell).append(pad);
            }
        }
        sb.append(line.toString().stripTrailing()).append('\n');
    }

    private static List<String> cells(Object[] values) {
        return Arrays.stream(values).map(v -> String.valueOf(v).replaceAll("\\R", " "))
                .collect(java.util.stream.Collectors.toUnmodifiableList());
    }

    private static int width(String s) {
        return s.codePointCount(0, s.length());
    }
}

package org.atlasgraph.report;

import java.util.ArrayList;
import java.util.List;
import org.atlasgraph.api.check.InvalidInputException;

/**
 * A table of the report: a caption, a header row and at least one body row of the header's width, all plain text
 * (escaped when written).
 *
 * @param caption the caption, shown above the table
 * @param header  the column names (copied)
 * @param rows    the body rows, each as wide as the header (copied)
 */
public record Table(String caption, List<String> header, List<List<String>> rows) {
    /**
     * Validates and copies.
     *
     * @throws InvalidInputException if the header is empty, there is no row, a row's width differs, or a cell is null
     */
    public Table {
        if (caption == null) {
            throw new InvalidInputException("caption", "a text", "null");
        }
        if (header == null || header.isEmpty() || header.stream().anyMatch(h -> h == null)) {
            throw new InvalidInputException("header", "at least one column name", String.valueOf(header));
        }
        if (rows == null || rows.isEmpty()) {
            throw new InvalidInputException("rows", "at least one row", "none");
        }
        List<List<String>> copy = new ArrayList<>();
        for (int r = 0; r < rows.size(); r++) {
            List<String> row = rows.get(r);
            if (row == null || row.size() != header.size() || row.stream().anyMatch(c -> c == null)) {
                throw new InvalidInputException("rows[" + r + "]", header.size() + " non-null cells",
                        row == null ? "null" : row.size() + " cells");
            }
            copy.add(List.copyOf(row));
        }
        header = List.copyOf(header);
        rows = List.copyOf(copy);
    }
}

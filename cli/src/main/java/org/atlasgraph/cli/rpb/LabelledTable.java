package org.atlasgraph.cli.rpb;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.atlasgraph.api.check.InvalidInputException;
import org.atlasgraph.cli.io.AtomicFiles;
import org.atlasgraph.io.CsvFormat;
import org.atlasgraph.io.CsvReader;
import org.atlasgraph.io.CsvTable;

/**
 * A table of points read from CSV: a header row, numeric coordinate columns and, optionally, one text column of class
 * labels. Every malformed input is an {@link InvalidInputException} naming the option, the file, the line and the
 * column (lines counted from 1 with the header, as in an editor).
 *
 * @param columns the names of the coordinate columns, in file order
 * @param points  one row of coordinates per data line
 * @param labels  the label of each row, or empty when the file has no label column
 */
public record LabelledTable(List<String> columns, List<double[]> points, Optional<List<String>> labels) {
    /** Copies the lists. */
    public LabelledTable {
        columns = List.copyOf(columns);
        points = List.copyOf(points);
        labels = labels.map(List::copyOf);
    }

    /**
     * Reads a CSV file with a header row, as {@link CsvReader#readTable} reads it: fields separated by commas,
     * surrounding spaces removed, double-quoted fields allowed, blank lines skipped, numbers of the strict decimal
     * grammar of {@link org.atlasgraph.io.Decimals}.
     *
     * @param option      the option that named the file, for messages, e.g. {@code "--train"}
     * @param file        the file
     * @param labelColumn the name of the label column
     * @param required    whether the label column must be present
     * @return the table
     * @throws InvalidInputException if the file is unreadable, has no header or no data rows, a row of the wrong
     *     length, a coordinate that is not a finite number, an empty label, or lacks a required label column; the
     *     message names the option, the file, the line and the column
     */
    public static LabelledTable read(String option, Path file, String labelColumn, boolean required) {
        CsvTable table = CsvReader.readTable(option, file);
        List<String> header = table.header();
        int labelIndex = header.indexOf(labelColumn);
        String name = option + " '" + file + "'";
        if (labelIndex < 0 && required) {
            throw new InvalidInputException(name, "a column '" + labelColumn + "' of class labels",
                    "columns " + header);
        }
        List<String> columns = new ArrayList<>(header);
        if (labelIndex >= 0) {
            columns.remove(labelIndex);
        }
        if (columns.isEmpty()) {
            throw new InvalidInputException(name, "at least one coordinate column", "columns " + header);
        }
        List<double[]> points = new ArrayList<>();
        List<String> labels = new ArrayList<>();
        for (int r = 0; r < table.rowCount(); r++) {
            double[] x = new double[columns.size()];
            int c = 0;
            for (int i = 0; i < header.size(); i++) {
                if (i != labelIndex) {
                    x[c++] = table.number(r, i);
                } else if (table.text(r, i).isEmpty()) {
                    throw new InvalidInputException(table.where(r, i), "a class label", "an empty field");
                } else {
                    labels.add(table.text(r, i));
                }
            }
            points.add(x);
        }
        return new LabelledTable(columns, points, labelIndex >= 0 ? Optional.of(labels) : Optional.empty());
    }

    /** @return the distinct labels in sorted order, or an empty list when the table has no labels */
    public List<String> distinctLabels() {
        List<String> distinct = new ArrayList<>(new java.util.TreeSet<>(labels.orElse(List.of())));
        return Collections.unmodifiableList(distinct);
    }

    /**
     * @param label a class label
     * @return the points with that label, in file order
     */
    public List<double[]> pointsLabelled(String label) {
        List<double[]> out = new ArrayList<>();
        List<String> l = labels.orElse(List.of());
        for (int i = 0; i < l.size(); i++) {
            if (l.get(i).equals(label)) {
                out.add(points.get(i));
            }
        }
        return out;
    }

    /**
     * Writes the table with two more columns, {@code predicted} and {@code score}, atomically.
     *
     * @param file      the output file
     * @param predicted one label per row
     * @param scores    one score per row
     * @throws IOException if the file cannot be written; an existing file is then left unchanged
     */
    public void writeWithPredictions(Path file, List<String> predicted, double[] scores) throws IOException {
        StringBuilder b = new StringBuilder();
        List<String> header = new ArrayList<>(columns);
        if (labels.isPresent()) {
            header.add("label");
        }
        header.add("predicted");
        header.add("score");
        b.append(CsvFormat.row(header));
        for (int i = 0; i < points.size(); i++) {
            for (double v : points.get(i)) {
                b.append(CsvFormat.number("row " + i, v)).append(',');
            }
            if (labels.isPresent()) {
                b.append(CsvFormat.cell(labels.get().get(i))).append(',');
            }
            b.append(CsvFormat.cell(predicted.get(i))).append(',')
                    .append(String.format(Locale.ROOT, "%.6g", scores[i])).append('\n');
        }
        AtomicFiles.writeString(file, b.toString());
    }
}

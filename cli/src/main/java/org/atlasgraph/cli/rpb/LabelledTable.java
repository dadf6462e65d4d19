package org.atlasgraph.cli.rpb;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.atlasgraph.api.check.InvalidInputException;
import org.atlasgraph.cli.io.AtomicFiles;
import org.atlasgraph.cli.io.InputFiles;

/**
 * A table of points read from CSV: a header row, numeric coordinate columns and, optionally, one text column of class
 * labels. Every malformed input is an {@link InvalidInputException} naming the option, the file, the line and the
 * column.
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
     * Reads a CSV file with a header row. Fields are separated by commas; surrounding spaces and double quotes are
     * removed; blank lines are skipped.
     *
     * @param option      the option that named the file, for messages, e.g. {@code "--train"}
     * @param file        the file
     * @param labelColumn the name of the label column
     * @param required    whether the label column must be present
     * @return the table
     * @throws InvalidInputException if the file is unreadable, has no data rows, a row of the wrong length, a
     *     coordinate that is not a finite number, an empty label, or lacks a required label column
     */
    public static LabelledTable read(String option, Path file, String labelColumn, boolean required) {
        InputFiles.requireReadable(option, file);
        List<String> lines;
        try (BufferedReader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            lines = reader.lines().toList();
        } catch (IOException | java.io.UncheckedIOException e) {
            throw new InvalidInputException(option, "a readable UTF-8 CSV file", "'" + file + "'",
                    String.valueOf(e.getMessage()));
        }
        int first = 0;
        while (first < lines.size() && lines.get(first).isBlank()) {
            first++;
        }
        if (first == lines.size()) {
            throw new InvalidInputException(option, "a CSV file with a header row", "an empty file", file.toString());
        }
        List<String> header = fields(lines.get(first));
        int labelIndex = header.indexOf(labelColumn);
        if (labelIndex < 0 && required) {
            throw new InvalidInputException(option, "a column '" + labelColumn + "' of class labels",
                    "columns " + header, file.toString());
        }
        List<String> columns = new ArrayList<>(header);
        if (labelIndex >= 0) {
            columns.remove(labelIndex);
        }
        if (columns.isEmpty()) {
            throw new InvalidInputException(option, "at least one coordinate column", "columns " + header,
                    file.toString());
        }
        List<double[]> points = new ArrayList<>();
        List<String> labels = new ArrayList<>();
        for (int l = first + 1; l < lines.size(); l++) {
            if (lines.get(l).isBlank()) {
                continue;
            }
            String where = file + " line " + (l + 1);
            List<String> f = fields(lines.get(l));
            if (f.size() != header.size()) {
                throw new InvalidInputException(option, header.size() + " fields on every line, as in the header",
                        f.size() + " fields", where);
            }
            double[] x = new double[columns.size()];
            int c = 0;
            for (int i = 0; i < f.size(); i++) {
                if (i == labelIndex) {
                    if (f.get(i).isEmpty()) {
                        throw new InvalidInputException(option, "a label in column '" + labelColumn + "'",
                                "an empty field", where);
                    }
                    labels.add(f.get(i));
                } else {
                    x[c++] = number(option, f.get(i), header.get(i), where);
                }
            }
            points.add(x);
        }
        if (points.isEmpty()) {
            throw new InvalidInputException(option, "at least one data row after the header", "none",
                    file.toString());
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
        b.append(String.join(",", header)).append('\n');
        for (int i = 0; i < points.size(); i++) {
            for (double v : points.get(i)) {
                b.append(v).append(',');
            }
            if (labels.isPresent()) {
                b.append(labels.get().get(i)).append(',');
            }
            b.append(predicted.get(i)).append(',').append(String.format(Locale.ROOT, "%.6g", scores[i])).append('\n');
        }
        AtomicFiles.writeString(file, b.toString());
    }

    private static List<String> fields(String line) {
        List<String> out = new ArrayList<>();
        for (String f : line.split(",", -1)) {
            String t = f.strip();
            if (t.length() >= 2 && t.startsWith("\"") && t.endsWith("\"")) {
                t = t.substring(1, t.length() - 1).strip();
            }
            out.add(t);
        }
        return out;
    }

    private static double number(String option, String text, String column, String where) {
        double v;
        try {
            v = Double.parseDouble(text);
        } catch (NumberFormatException e) {
            throw new InvalidInputException(option, "a number in column '" + column + "'", "'" + text + "'", where);
        }
        if (!Double.isFinite(v)) {
            throw new InvalidInputException(option, "a finite number in column '" + column + "'", text, where);
        }
        return v;
    }
}

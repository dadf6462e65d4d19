package org.atlasgraph.pointcloud.io;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.atlasgraph.api.check.InvalidInputException;
import org.jetbrains.bio.npy.NpyArray;
import org.jetbrains.bio.npy.NpyFile;

/**
 * Reads point clouds: NumPy {@code .npy} files holding an N×D float64 array, and CSV files with a header row and
 * numeric columns. Every failure is an {@link InvalidInputException} that names the file and, for CSV, the line.
 */
public final class PointCloudFiles {
    private PointCloudFiles() {
    }

    /**
     * A CSV table: column names and numeric rows.
     *
     * @param header the column names of the header row
     * @param rows   one array per data row, each of the header's length
     */
    public record Table(List<String> header, double[][] rows) {
        /** Copies the header. */
        public Table {
            header = List.copyOf(header);
        }
    }

    /**
     * Reads an N×D point cloud from {@code .npy} (float64, two dimensions) or {@code .csv} (header row, numeric
     * columns).
     *
     * @param file the file
     * @return N rows of length D
     * @throws InvalidInputException if the file is missing, unreadable, of another type or malformed
     */
    public static double[][] read(Path file) {
        String name = file.getFileName() == null ? file.toString() : file.getFileName().toString()
                .toLowerCase(Locale.ROOT);
        requireReadable(file);
        if (name.endsWith(".npy")) {
            return readNpy(file);
        }
        if (name.endsWith(".csv")) {
            return readCsv(file).rows();
        }
        throw new InvalidInputException(file.toString(), "a .npy or .csv file of points", "'" + name + "'");
    }

    /**
     * Reads an N×D float64 array from a NumPy {@code .npy} file.
     *
     * @param file the file
     * @return N rows of length D
     * @throws InvalidInputException if the file is not a two-dimensional float64 array
     */
    public static double[][] readNpy(Path file) {
        requireReadable(file);
        NpyArray array;
        try {
            array = NpyFile.read(file, Integer.MAX_VALUE);
        } catch (RuntimeException e) {
            throw new InvalidInputException(file.toString(), "a NumPy .npy file", "unreadable content",
                    String.valueOf(e.getMessage()));
        }
        int[] shape = array.getShape();
        if (shape.length != 2) {
            throw new InvalidInputException(file.toString(), "a two-dimensional N×D array",
                    "shape " + Arrays.toString(shape));
        }
        if (!(array.getData() instanceof double[] data)) {
            throw new InvalidInputException(file.toString(), "dtype float64",
                    array.getData().getClass().getSimpleName());
        }
        double[][] rows = new double[shape[0]][shape[1]];
        for (int i = 0; i < shape[0]; i++) {
            System.arraycopy(data, i * shape[1], rows[i], 0, shape[1]);
        }
        return rows;
    }

    /**
     * Reads a CSV file with a header row and numeric columns; blank lines are skipped.
     *
     * @param file the file
     * @return the table
     * @throws InvalidInputException naming the line and column of the first malformed value, or a ragged row
     */
    public static Table readCsv(Path file) {
        requireReadable(file);
        List<String> header = null;
        List<double[]> rows = new ArrayList<>();
        try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            String line;
            int number = 0;
            while ((line = in.readLine()) != null) {
                number++;
                if (line.isBlank()) {
                    continue;
                }
                String[] cells = line.split(",", -1);
                if (header == null) {
                    header = new ArrayList<>();
                    for (String c : cells) {
                        header.add(c.trim());
                    }
                    continue;
                }
                if (cells.length != header.size()) {
                    throw new InvalidInputException(file + " line " + number, header.size()
                            + " comma-separated values like the header", cells.length + " values");
                }
                double[] row = new double[cells.length];
                for (int j = 0; j < cells.length; j++) {
                    row[j] = number(file, number, header.get(j), cells[j]);
                }
                rows.add(row);
            }
        } catch (IOException e) {
            throw new InvalidInputException(file.toString(), "a readable CSV file", "an I/O error",
                    String.valueOf(e.getMessage()));
        }
        if (header == null) {
            throw new InvalidInputException(file.toString(), "a header row and numeric rows", "an empty file");
        }
        return new Table(header, rows.toArray(new double[0][]));
    }

    private static double number(Path file, int line, String column, String cell) {
        String text = cell.trim();
        try {
            double v = Double.parseDouble(text);
            if (Double.isFinite(v)) {
                return v;
            }
        } catch (NumberFormatException e) {
            // reported below with the position
        }
        throw new InvalidInputException(file + " line " + line + " column '" + column + "'", "a finite number",
                "'" + text + "'");
    }

    private static void requireReadable(Path file) {
        if (!Files.isRegularFile(file) || !Files.isReadable(file)) {
            throw new InvalidInputException(file.toString(), "a readable file",
                    Files.exists(file) ? "a file that cannot be read" : "no such file");
        }
    }
}

package org.atlasgraph.pointcloud.io;

import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.atlasgraph.api.check.InvalidInputException;
import org.atlasgraph.io.CsvReader;
import org.atlasgraph.io.InputFile;
import org.atlasgraph.io.NpyReader;
import org.atlasgraph.io.NumericTable;

/**
 * Reads point clouds: NumPy {@code .npy} files holding an N×D float64 or float32 array, and CSV files of numeric
 * columns with or without a header row. The reading is the {@code atlasgraph-io} module's ({@link NpyReader},
 * {@link CsvReader}): a truncated or padded {@code .npy} file is rejected before its data are read, a CSV file without
 * a header keeps its first row, numbers follow a strict decimal grammar, and every failure is an
 * {@link InvalidInputException} that names the file and, for CSV, the line and column.
 */
public final class PointCloudFiles {
    private PointCloudFiles() {
    }

    /**
     * A CSV table: column names and numeric rows.
     *
     * @param header the column names of the header row, or an empty list when the file has none
     * @param rows   one array per data row, all of one length
     */
    public record Table(List<String> header, double[][] rows) {
        /** Copies the header. */
        public Table {
            header = List.copyOf(header);
        }

        /** @return the number of columns of every row */
        public int columns() {
            return rows[0].length;
        }
    }

    /**
     * Reads an N×D point cloud from {@code .npy} or {@code .csv}, chosen by the file's extension.
     *
     * @param file the file
     * @return N rows of length D
     * @throws InvalidInputException if the file is missing, unreadable, of another type or malformed
     */
    public static double[][] read(Path file) {
        return read("", file);
    }

    /**
     * Reads an N×D point cloud from {@code .npy} or {@code .csv}, chosen by the file's extension.
     *
     * @param input what named the file, e.g. {@code "--input"}, or {@code ""}; starts every message
     * @param file  the file
     * @return N rows of length D
     * @throws InvalidInputException if the file is missing, unreadable, of another type or malformed
     */
    public static double[][] read(String input, Path file) {
        String name = file.getFileName() == null ? file.toString() : file.getFileName().toString()
                .toLowerCase(Locale.ROOT);
        InputFile.requireReadable(input, file);
        if (name.endsWith(".npy")) {
            return NpyReader.readMatrix(input, file);
        }
        if (name.endsWith(".csv")) {
            return CsvReader.readNumbers(input, file).rows();
        }
        throw new InvalidInputException(input.isEmpty() ? "'" + file + "'" : input + " '" + file + "'",
                "a .npy or .csv file of points", "'" + name + "'");
    }

    /**
     * Reads an N×D array from a NumPy {@code .npy} file.
     *
     * @param file the file
     * @return N rows of length D
     * @throws InvalidInputException if the file is not a two-dimensional float64 or float32 array of finite values
     */
    public static double[][] readNpy(Path file) {
        return NpyReader.readMatrix("", file);
    }

    /**
     * Reads a CSV file of numeric columns, with a header row or without; blank lines are skipped.
     *
     * @param file the file
     * @return the table
     * @throws InvalidInputException naming the line and column of the first malformed value, or a ragged row
     */
    public static Table readCsv(Path file) {
        NumericTable t = CsvReader.readNumbers("", file);
        return new Table(t.header().orElse(List.of()), t.rows());
    }
}

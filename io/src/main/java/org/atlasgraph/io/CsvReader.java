package org.atlasgraph.io;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.atlasgraph.api.check.InvalidInputException;

/**
 * Reads CSV files: UTF-8 text (a leading byte-order mark is skipped), one record per line, fields separated by commas,
 * surrounding spaces removed, a field may be double-quoted ({@code "a, b"}, with {@code ""} for a quote inside), and
 * blank lines skipped. Every record must have as many fields as the first. Numbers follow the strict grammar of
 * {@link Decimals} and must be finite.
 *
 * <p>Messages name the position as a user finds it in an editor: {@code --pairs 'p.csv' line 7, column 2 ('y'):
 * expected a finite number, found 'NaN'}. <b>Lines</b> are counted from 1 over the whole file, the header and blank
 * lines included; <b>columns</b> are counted from 1; the column's name follows when the file has a header.
 *
 * <p>Thread safety: stateless; safe to call from any thread.
 */
public final class CsvReader {
    private static final char BOM = '\uFEFF';

    private CsvReader() {
    }

    /**
     * Reads a table of numbers with an optional header row. The first record is a header when one of its cells is
     * neither empty nor a number (a spelling of NaN or infinity counts as a number, and is then refused as not
     * finite); otherwise it is the first data row, never skipped. A first record with a cell Java would read as a
     * number but the grammar refuses ({@code 0x1p-1}, {@code 2f}, {@code 1_000}) is refused rather than guessed to be
     * a header.
     *
     * @param input what named the file, e.g. {@code "--input"}, or {@code ""}; starts every message
     * @param file  the file
     * @return the table, with at least one row and one column
     * @throws InvalidInputException naming the file (and line and column) if it is unreadable, not UTF-8, empty,
     *     ragged, has no data row, an empty column name, or a cell that is not a finite decimal number
     */
    public static NumericTable readNumbers(String input, Path file) {
        String label = FileNames.label(input, file);
        List<Row> records = records(input, file, label);
        Row first = records.get(0);
        boolean header = false;
        for (int j = 0; j < first.cells().length; j++) {
            String c = first.cells()[j];
            if (Decimals.isJavaLiteral(c)) {
                // refused as a number (it always throws here) rather than guessed to be a column name
                Decimals.parse(where(label, first.line(), j, Optional.empty()), c);
            }
            header |= !c.isEmpty() && !Decimals.looksNumeric(c);
        }
        Optional<List<String>> names = header ? Optional.of(names(label, first)) : Optional.empty();
        List<Row> data = header ? records.subList(1, records.size()) : records;
        requireData(label, first, data, header);
        double[][] rows = new double[data.size()][];
        int[] lines = new int[data.size()];
        for (int i = 0; i < rows.length; i++) {
            Row r = data.get(i);
            lines[i] = r.line();
            rows[i] = new double[r.cells().length];
            for (int j = 0; j < r.cells().length; j++) {
                rows[i][j] = Decimals.parse(where(label, r.line(), j, names), r.cells()[j]);
            }
        }
        return new NumericTable(names, rows, lines);
    }

    /**
     * Reads a table whose first record is a header of column names, with cells of any text (e.g. class labels beside
     * coordinates); {@link CsvTable#number} reads a cell as a number. A first record of numbers only is refused, so a
     * file without a header never loses its first row.
     *
     * @param input what named the file, or {@code ""}
     * @param file  the file
     * @return the table, with at least one data row
     * @throws InvalidInputException naming the file (and line and column) if it is unreadable, not UTF-8, empty,
     *     ragged, has no header, an empty column name, or no data row
     */
    public static CsvTable readTable(String input, Path file) {
        String label = FileNames.label(input, file);
        List<Row> records = records(input, file, label);
        Row first = records.get(0);
        boolean header = false;
        for (String c : first.cells()) {
            header |= !c.isEmpty() && !Decimals.looksNumeric(c);
        }
        if (!header) {
            throw new InvalidInputException(label + " line " + first.line(), "a header row of column names",
                    "a row of numbers", "add a first line naming the columns");
        }
        List<String> names = names(label, first);
        List<Row> data = records.subList(1, records.size());
        requireData(label, first, data, true);
        String[][] cells = new String[data.size()][];
        int[] lines = new int[data.size()];
        for (int i = 0; i < cells.length; i++) {
            cells[i] = data.get(i).cells();
            lines[i] = data.get(i).line();
        }
        return new CsvTable(label, names, cells, lines);
    }

    /** @return {@code 'f.csv' line 3, column 2 ('y')}: 1-based line of the file and 1-based column */
    static String where(String label, int line, int column, Optional<List<String>> names) {
        return label + " line " + line + ", column " + (column + 1)
                + names.map(n -> " ('" + n.get(column) + "')").orElse("");
    }

    private static List<String> names(String label, Row header) {
        for (int j = 0; j < header.cells().length; j++) {
            if (header.cells()[j].isEmpty()) {
                throw new InvalidInputException(where(label, header.line(), j, Optional.empty()), "a column name",
                        "an empty cell", "the header row");
            }
        }
        return List.of(header.cells());
    }

    private static void requireData(String label, Row first, List<Row> data, boolean header) {
        if (data.isEmpty()) {
            throw new InvalidInputException(label, "at least one data row after the header on line " + first.line(),
                    "none");
        }
        for (Row r : data) {
            if (r.cells().length != first.cells().length) {
                throw new InvalidInputException(label + " line " + r.line(),
                        first.cells().length + " fields as on line " + first.line() + (header ? " (the header)" : ""),
                        r.cells().length + " fields");
            }
        }
    }

    /** @return the non-blank records of the file, at least one */
    private static List<Row> records(String input, Path file, String label) {
        InputFile.requireReadable(input, file);
        List<Row> records = new ArrayList<>();
        int number = 0;
        try (Lines in = new Lines(Files.newInputStream(file))) {
            String line;
            while ((line = in.next()) != null) {
                number++;
                if (number == 1 && !line.isEmpty() && line.charAt(0) == BOM) {
                    line = line.substring(1);
                }
                if (!line.isBlank()) {
                    records.add(new Row(number, fields(label, number, line)));
                }
            }
        } catch (CharacterCodingException e) {
            throw new InvalidInputException(label + " line " + (number + 1), "UTF-8 text", "malformed bytes");
        } catch (IOException e) {
            throw new InvalidInputException(label, "a readable CSV file", "an I/O error: " + IoMessages.reason(e));
        }
        if (records.isEmpty()) {
            throw new InvalidInputException(label, "a CSV file with at least one row",
                    number == 0 ? "an empty file" : "only blank lines");
        }
        return records;
    }

    /** Splits a line into fields: unquoted fields are stripped, quoted ones kept verbatim without their quotes. */
    static String[] fields(String label, int line, String text) {
        List<String> out = new ArrayList<>();
        int n = text.length();
        int i = 0;
        while (true) {
            while (i < n && isSpace(text.charAt(i))) {
                i++;
            }
            if (i < n && text.charAt(i) == '"') {
                StringBuilder b = new StringBuilder();
                i++;
                while (true) {
                    if (i >= n) {
                        throw new InvalidInputException(where(label, line, out.size(), Optional.empty()),
                                "a closing double quote", "the end of the line");
                    }
                    char c = text.charAt(i++);
                    if (c != '"') {
                        b.append(c);
                    } else if (i < n && text.charAt(i) == '"') {
                        b.append('"');
                        i++;
                    } else {
                        break;
                    }
                }
                while (i < n && isSpace(text.charAt(i))) {
                    i++;
                }
                if (i < n && text.charAt(i) != ',') {
                    throw new InvalidInputException(where(label, line, out.size(), Optional.empty()),
                            "',' after a closing double quote", "'" + text.charAt(i) + "'");
                }
                out.add(b.toString());
            } else {
                int end = text.indexOf(',', i);
                if (end < 0) {
                    end = n;
                }
                String cell = text.substring(i, end).strip();
                if (cell.indexOf('"') >= 0) {
                    throw new InvalidInputException(where(label, line, out.size(), Optional.empty()),
                            "a field without double quotes, or one wholly in double quotes", "'" + cell + "'");
                }
                out.add(cell);
                i = end;
            }
            if (i >= n) {
                return out.toArray(new String[0]);
            }
            i++;
        }
    }

    private static boolean isSpace(char c) {
        return c == ' ' || c == '\t';
    }

    /**
     * Splits bytes into lines at {@code \n}, {@code \r\n} or {@code \r} and decodes each line as strict UTF-8, so a
     * malformed byte is reported on its own line (a {@link java.io.BufferedReader} decodes ahead and cannot say where).
     * UTF-8 never uses the bytes of {@code \n} and {@code \r} inside a character, so splitting bytes first is exact.
     */
    private static final class Lines implements AutoCloseable {
        private final InputStream in;
        private final CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder();
        private byte[] line = new byte[256];
        private boolean afterCarriageReturn;

        Lines(InputStream in) {
            this.in = new BufferedInputStream(in);
        }

        /** @return the next line without its terminator, or {@code null} at the end of the file */
        String next() throws IOException {
            int length = 0;
            int b = in.read();
            if (afterCarriageReturn && b == '\n') {
                b = in.read();
            }
            afterCarriageReturn = false;
            if (b < 0) {
                return null;
            }
            while (b >= 0 && b != '\n' && b != '\r') {
                if (length == line.length) {
                    line = Arrays.copyOf(line, 2 * length);
                }
                line[length++] = (byte) b;
                b = in.read();
            }
            afterCarriageReturn = b == '\r';
            return decoder.decode(ByteBuffer.wrap(line, 0, length)).toString();
        }

        @Override
        public void close() throws IOException {
            in.close();
        }
    }

    /** One non-blank line: its 1-based number in the file and its fields. */
    private record Row(int line, String[] cells) {
    }
}

package org.atlasgraph.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import org.atlasgraph.api.check.InvalidInputException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class CsvReaderTest {
    private static final long SEED = 11L;

    @TempDir
    Path dir;

    private Path csv(String text) throws IOException {
        return Files.writeString(dir.resolve("t.csv"), text);
    }

    @Test
    void readsAHeaderAndRowsRememberingEachRowsLine() throws IOException {
        Path file = csv("x,y,z\n1,2,3\n\n4.5, -1e-3 ,6\n");

        NumericTable t = CsvReader.readNumbers("--input", file);

        assertThat(t.header()).as("header").contains(List.of("x", "y", "z"));
        assertThat(t.rows()).as("rows").isDeepEqualTo(new double[][] {{1, 2, 3}, {4.5, -1e-3, 6}});
        assertThat(new int[] {t.line(0), t.line(1)}).as("lines of the rows, blank line counted").containsExactly(2, 4);
        assertThat(new int[] {t.rowCount(), t.columnCount()}).as("rows, columns").containsExactly(2, 3);
    }

    @Test
    void fileWithoutAHeaderKeepsItsFirstRow() throws IOException {
        Random rng = new Random(SEED);
        double[][] expected = new double[5][2];
        StringBuilder text = new StringBuilder();
        for (double[] row : expected) {
            row[0] = rng.nextGaussian();
            row[1] = rng.nextGaussian();
            text.append(CsvFormat.row(row));
        }
        Path file = csv(text.toString());

        NumericTable t = CsvReader.readNumbers("", file);

        assertThat(t.header()).as("header of a file of numbers").isEmpty();
        assertThat(t.rows()).as("every row, the first included").isDeepEqualTo(expected);
        assertThat(t.line(0)).as("line of the first row").isEqualTo(1);
    }

    @Test
    void firstRowWithNaNIsDataAndRefusedNotTakenForAHeader() throws IOException {
        Path file = csv("NaN,1\n2,3\n");

        assertThatThrownBy(() -> CsvReader.readNumbers("--input", file)).isInstanceOf(InvalidInputException.class)
                .hasMessage("--input '" + file + "' line 1, column 1: expected a finite number, found 'NaN'");
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"0x1p-1", "2f", "1_000", "3d"})
    void javaLiteralsAreRefusedInDataRows(String literal) throws IOException {
        Path file = csv("x,y\n1,2\n3," + literal + "\n");

        assertThatThrownBy(() -> CsvReader.readNumbers("--input", file)).isInstanceOf(InvalidInputException.class)
                .hasMessage("--input '" + file + "' line 3, column 2 ('y'): expected a decimal number such as 0.5 or "
                        + "-1e-3, found '" + literal + "' (Java literal syntax is not accepted)");
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"0x1p-1", "2f", "1_000"})
    void javaLiteralsInTheFirstRowAreRefusedNotTakenForAHeader(String literal) throws IOException {
        Path file = csv("1," + literal + "\n2,3\n");

        assertThatThrownBy(() -> CsvReader.readNumbers("", file)).isInstanceOf(InvalidInputException.class)
                .hasMessage("'" + file + "' line 1, column 2: expected a decimal number such as 0.5 or -1e-3, found '"
                        + literal + "' (Java literal syntax is not accepted)");
    }

    @Test
    void nonFiniteAndMalformedCellsAreNamedByLineColumnAndName() throws IOException {
        Path file = csv("x,y\n1,2\n\n3,abc\n");
        Path inf = Files.writeString(dir.resolve("inf.csv"), "x,y\n1,-Infinity\n");
        Path big = Files.writeString(dir.resolve("big.csv"), "1,1e400\n");
        Path empty = Files.writeString(dir.resolve("empty.csv"), "x,y\n1,\n");

        assertThatThrownBy(() -> CsvReader.readNumbers("--input", file)).isInstanceOf(InvalidInputException.class)
                .hasMessage("--input '" + file + "' line 4, column 2 ('y'): expected a decimal number such as 0.5 or "
                        + "-1e-3, found 'abc'");
        assertThatThrownBy(() -> CsvReader.readNumbers("--input", inf)).isInstanceOf(InvalidInputException.class)
                .hasMessage("--input '" + inf + "' line 2, column 2 ('y'): expected a finite number, found "
                        + "'-Infinity'");
        assertThatThrownBy(() -> CsvReader.readNumbers("", big)).isInstanceOf(InvalidInputException.class)
                .hasMessage("'" + big + "' line 1, column 2: expected a finite number, found '1e400' (beyond the "
                        + "range of a double)");
        assertThatThrownBy(() -> CsvReader.readNumbers("", empty)).isInstanceOf(InvalidInputException.class)
                .hasMessage("'" + empty + "' line 2, column 2 ('y'): expected a decimal number such as 0.5 or -1e-3, "
                        + "found an empty value");
    }

    @Test
    void raggedRowsAreRefusedNamingBothLines() throws IOException {
        Path withHeader = csv("x,y\n1,2\n1,2,3\n");
        Path without = Files.writeString(dir.resolve("n.csv"), "\n1,2,3\n4,5\n");

        assertThatThrownBy(() -> CsvReader.readNumbers("--input", withHeader))
                .isInstanceOf(InvalidInputException.class)
                .hasMessage("--input '" + withHeader + "' line 3: expected 2 fields as on line 1 (the header), found "
                        + "3 fields");
        assertThatThrownBy(() -> CsvReader.readNumbers("--input", without)).isInstanceOf(InvalidInputException.class)
                .hasMessage("--input '" + without + "' line 3: expected 3 fields as on line 2, found 2 fields");
    }

    @Test
    void emptyFilesBlankFilesAndHeaderOnlyFilesAreRefused() throws IOException {
        Path empty = csv("");
        Path blank = Files.writeString(dir.resolve("b.csv"), "\n  \n");
        Path header = Files.writeString(dir.resolve("h.csv"), "x,y\n\n");

        assertThatThrownBy(() -> CsvReader.readNumbers("--input", empty)).isInstanceOf(InvalidInputException.class)
                .hasMessage("--input '" + empty + "': expected a CSV file with at least one row, found an empty file");
        assertThatThrownBy(() -> CsvReader.readNumbers("--input", blank)).isInstanceOf(InvalidInputException.class)
                .hasMessage("--input '" + blank + "': expected a CSV file with at least one row, found only blank "
                        + "lines");
        assertThatThrownBy(() -> CsvReader.readNumbers("--input", header)).isInstanceOf(InvalidInputException.class)
                .hasMessage("--input '" + header + "': expected at least one data row after the header on line 1, "
                        + "found none");
    }

    @Test
    void quotedFieldsByteOrderMarkAndCrlfAreRead() throws IOException {
        Path file = Files.write(dir.resolve("q.csv"), ("\uFEFF\"x, first\",\"y \"\"2\"\"\"\r\n\"1.5\", 2\r\n")
                .getBytes(StandardCharsets.UTF_8));

        NumericTable t = CsvReader.readNumbers("", file);

        assertThat(t.header()).as("quoted header").contains(List.of("x, first", "y \"2\""));
        assertThat(t.row(0)).as("row").containsExactly(1.5, 2);
    }

    @Test
    void malformedQuotesAndMalformedUtf8AreRefusedWithTheirLine() throws IOException {
        Path open = csv("x,y\n\"1,2\n");
        Path stray = Files.writeString(dir.resolve("s.csv"), "x,y\n1,2\"\n");
        Path binary = Files.write(dir.resolve("bin.csv"), new byte[] {'x', '\n', '1', '\n', (byte) 0xff, '\n'});

        assertThatThrownBy(() -> CsvReader.readNumbers("", open)).isInstanceOf(InvalidInputException.class)
                .hasMessage("'" + open + "' line 2, column 1: expected a closing double quote, found the end of the "
                        + "line");
        assertThatThrownBy(() -> CsvReader.readNumbers("", stray)).isInstanceOf(InvalidInputException.class)
                .hasMessage("'" + stray + "' line 2, column 2: expected a field without double quotes, or one wholly "
                        + "in double quotes, found '2\"'");
        assertThatThrownBy(() -> CsvReader.readNumbers("", binary)).isInstanceOf(InvalidInputException.class)
                .hasMessage("'" + binary + "' line 3: expected UTF-8 text, found malformed bytes");
    }

    @Test
    void emptyColumnNameIsRefused() throws IOException {
        Path file = csv("x,,z\n1,2,3\n");

        assertThatThrownBy(() -> CsvReader.readNumbers("", file)).isInstanceOf(InvalidInputException.class)
                .hasMessage("'" + file + "' line 1, column 2: expected a column name, found an empty cell (the header "
                        + "row)");
    }

    @Test
    void missingFilesAndFifosAreRefusedBeforeReading() throws IOException, InterruptedException {
        Path fifo = dir.resolve("fifo.csv");
        assertThat(new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor()).as("mkfifo exit code").isZero();

        assertThatThrownBy(() -> CsvReader.readNumbers("--pairs", dir.resolve("none.csv")))
                .isInstanceOf(InvalidInputException.class)
                .hasMessage("--pairs '" + dir.resolve("none.csv") + "': expected a readable regular file, found no "
                        + "such file");
        assertThatThrownBy(() -> CsvReader.readTable("--train", fifo)).isInstanceOf(InvalidInputException.class)
                .hasMessage("--train '" + fifo + "': expected a readable regular file, found a FIFO");
    }

    @Test
    void readTableKeepsTextCellsAndReadsNumbersOnDemand() throws IOException {
        Path file = csv("x,label,y\n1,a,2\n\n\"3\",\"b, c\",x4\n");

        CsvTable t = CsvReader.readTable("--train", file);

        assertThat(t.header()).as("header").containsExactly("x", "label", "y");
        assertThat(t.text(1, 1)).as("quoted label").isEqualTo("b, c");
        assertThat(t.number(1, 0)).as("quoted number").isEqualTo(3);
        assertThat(t.line(1)).as("line of the second row").isEqualTo(4);
        assertThatThrownBy(() -> t.number(1, 2)).isInstanceOf(InvalidInputException.class)
                .hasMessage("--train '" + file + "' line 4, column 3 ('y'): expected a decimal number such as 0.5 or "
                        + "-1e-3, found 'x4'");
    }

    @Test
    void readTableRefusesAFileWithoutAHeaderInsteadOfDroppingItsFirstRow() throws IOException {
        Path file = csv("1,2,3\n4,5,6\n");

        assertThatThrownBy(() -> CsvReader.readTable("--train", file)).isInstanceOf(InvalidInputException.class)
                .hasMessage("--train '" + file + "' line 1: expected a header row of column names, found a row of "
                        + "numbers (add a first line naming the columns)");
    }
}

package org.atlasgraph.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import org.atlasgraph.api.check.InvalidInputException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CsvFormatTest {
    private static final long SEED = 3L;

    @TempDir
    Path dir;

    @Test
    void numbersRoundTripThroughTheReaderBitForBit() throws IOException {
        Random rng = new Random(SEED);
        double[][] rows = new double[200][3];
        StringBuilder text = new StringBuilder(CsvFormat.row(List.of("a", "b", "c")));
        for (double[] row : rows) {
            for (int j = 0; j < row.length; j++) {
                double v = Double.longBitsToDouble(rng.nextLong());
                row[j] = Double.isFinite(v) ? v : rng.nextGaussian();
            }
            text.append(CsvFormat.row(row));
        }
        Path file = dir.resolve("r.csv");
        AtomicWriter.create().writeString(file, text.toString());

        double[][] read = CsvReader.readNumbers("", file).rows();

        for (int i = 0; i < rows.length; i++) {
            for (int j = 0; j < 3; j++) {
                assertThat(Double.doubleToRawLongBits(read[i][j])).as("bits of row %d column %d", i, j)
                        .isEqualTo(Double.doubleToRawLongBits(rows[i][j]));
            }
        }
    }

    @Test
    void textCellsAreQuotedWhenTheReaderWouldSplitOrStripThem() throws IOException {
        List<String> cells = List.of("plain", "a, b", "say \"hi\"", " padded ", "");
        String line = CsvFormat.row(cells);
        Path file = dir.resolve("t.csv");
        AtomicWriter.create().writeString(file, CsvFormat.row(List.of("v", "w", "x", "y", "z")) + line);

        assertThat(line).as("line").isEqualTo("plain,\"a, b\",\"say \"\"hi\"\"\",\" padded \",\n");
        CsvTable t = CsvReader.readTable("", file);
        for (int j = 0; j < cells.size(); j++) {
            assertThat(t.text(0, j)).as("cell %d read back", j).isEqualTo(cells.get(j));
        }
    }

    @Test
    void refusesNonFiniteNumbersAndLineBreaks() {
        assertThatThrownBy(() -> CsvFormat.row(1, Double.POSITIVE_INFINITY)).isInstanceOf(InvalidInputException.class)
                .hasMessage("values[1]: expected a finite value, found Infinity");
        assertThatThrownBy(() -> CsvFormat.cell("a\nb")).isInstanceOf(InvalidInputException.class)
                .hasMessageStartingWith("CSV cell: expected text without line breaks");
    }
}

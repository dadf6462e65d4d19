package org.atlasgraph.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import org.atlasgraph.api.check.InvalidInputException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class NpyWriterTest {
    private static final long SEED = 5L;

    @TempDir
    Path dir;

    @ParameterizedTest(name = "shape {0}")
    @CsvSource(delimiter = '|', value = {"(2, 3)|2,3", "(6,)|6", "()|", "(1, 2, 3)|1,2,3"})
    void writesTheBytesNumPyWrites(String shapeText, String dims) throws IOException {
        long[] shape = dims == null ? new long[0] : java.util.Arrays.stream(dims.split(","))
                .mapToLong(Long::parseLong).toArray();
        int size = (int) java.util.Arrays.stream(shape).reduce(1, (a, b) -> a * b);
        double[] values = new double[size];
        for (int i = 0; i < size; i++) {
            values[i] = i - 1.5;
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();

        NpyWriter.write(out, shape, values);

        byte[] expected = NpyFixtures.bytes(1, NpyFixtures.dict("<f8", shapeText),
                NpyFixtures.doubles(ByteOrder.LITTLE_ENDIAN, values));
        assertThat(out.toByteArray()).as("file of shape %s, built independently", shapeText).isEqualTo(expected);
    }

    @Test
    void roundTripsThroughTheReaderBitForBit() throws IOException {
        Random rng = new Random(SEED);
        double[] values = new double[50 * 4];
        for (int i = 0; i < values.length; i++) {
            values[i] = Double.longBitsToDouble(rng.nextLong());
            if (!Double.isFinite(values[i])) {
                values[i] = Double.MIN_VALUE * i;
            }
        }
        values[0] = -0.0;
        values[1] = Double.MAX_VALUE;
        Path file = dir.resolve("r.npy");
        AtomicWriter.create().write(file, out -> NpyWriter.write(out, new long[] {50, 4}, values));

        double[][] rows = NpyReader.readMatrix("", file);

        for (int i = 0; i < values.length; i++) {
            assertThat(Double.doubleToRawLongBits(rows[i / 4][i % 4])).as("bits of value %d", i)
                    .isEqualTo(Double.doubleToRawLongBits(values[i]));
        }
    }

    @Test
    void writesInChunksAndChecksTheCount() throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        NpyWriter w = NpyWriter.start(out, 3, 2);
        w.append(1, 2);
        w.append(3, 4);

        assertThatThrownBy(w::finish).isInstanceOf(InvalidInputException.class)
                .hasMessage("values: expected 6 values for shape (3, 2), found 4 values");
        assertThatThrownBy(() -> w.append(5, 6, 7)).isInstanceOf(InvalidInputException.class)
                .hasMessage("values: expected at most 6 values for shape (3, 2), found 7 values");
        w.append(5, 6);
        w.finish();
        Path file = Files.write(dir.resolve("c.npy"), out.toByteArray());
        assertThat(NpyReader.readMatrix("", file)).as("read back")
                .isDeepEqualTo(new double[][] {{1, 2}, {3, 4}, {5, 6}});
    }

    @Test
    void refusesNonFiniteValuesBadShapesAndMismatches() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();

        assertThatThrownBy(() -> NpyWriter.write(out, new long[] {3}, new double[] {1, Double.NaN, 3}))
                .isInstanceOf(InvalidInputException.class).hasMessage("values[1]: expected a finite value, found NaN");
        assertThatThrownBy(() -> NpyWriter.write(out, new long[] {2, 2}, new double[3]))
                .isInstanceOf(InvalidInputException.class)
                .hasMessage("values: expected 4 values for shape (2, 2), found 3 values");
        assertThatThrownBy(() -> NpyWriter.start(out, 2, -1)).isInstanceOf(InvalidInputException.class)
                .hasMessage("shape[1]: expected a non-negative dimension, found -1");
        assertThatThrownBy(() -> NpyWriter.start(out, 1L << 40, 1L << 40)).isInstanceOf(InvalidInputException.class)
                .hasMessage("shape: expected a size that fits in 2^63 bytes, found (1099511627776, 1099511627776)");
    }
}

package org.atlasgraph.cli.frechet;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.NoSuchElementException;
import org.atlasgraph.api.check.InvalidInputException;
import org.atlasgraph.io.AtomicWriter;
import org.atlasgraph.io.NpyWriter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The facade over {@link org.atlasgraph.io.NpySliceStream}; hostile files are tested in the io module. */
class NpyMatrixStreamTest {
    @TempDir
    Path dir;

    @Test
    void streamsEachSliceOfAFileWrittenByNpyWriter() throws IOException {
        double[] data = new double[4 * 3 * 2];
        for (int i = 0; i < data.length; i++) {
            data[i] = i * 0.5 - 3;
        }
        Path file = dir.resolve("samples.npy");
        npy(file, data, 4, 3, 2);

        List<double[]> slices = new ArrayList<>();
        try (NpyMatrixStream s = NpyMatrixStream.open("--input", file)) {
            assertThat(new long[] {s.count(), s.rows(), s.columns()}).as("N, n, k").containsExactly(4, 3, 2);
            while (s.hasNext()) {
                slices.add(s.next().clone());
            }
            assertThatThrownBy(s::next).isInstanceOf(NoSuchElementException.class);
        }
        assertThat(slices).as("slices").hasSize(4);
        for (int i = 0; i < 4; i++) {
            double[] expected = Arrays.copyOfRange(data, i * 6, i * 6 + 6);
            assertThat(slices.get(i)).as("slice %d, row-major", i).containsExactly(expected);
        }
    }

    @Test
    void rejectsAWrongRank() throws IOException {
        Path file = dir.resolve("flat.npy");
        npy(file, new double[6], 6);
        assertThatThrownBy(() -> NpyMatrixStream.open("--input", file)).isInstanceOf(InvalidInputException.class)
                .hasMessage("--input '" + file + "': expected an array of shape (N, n, k) or (N, n), found shape "
                        + "(6,) of '<f8'");
    }

    @Test
    void rejectsATruncatedFile() throws IOException {
        Path file = dir.resolve("short.npy");
        npy(file, new double[12], 2, 3, 2);
        byte[] all = Files.readAllBytes(file);
        Files.write(file, Arrays.copyOf(all, all.length - 8));
        assertThatThrownBy(() -> NpyMatrixStream.open("--input", file)).isInstanceOf(InvalidInputException.class)
                .hasMessageEndingWith("expected 96 bytes of data for shape (2, 3, 2) of '<f8', found 88 bytes "
                        + "(the file is truncated by 8 bytes)");
    }

    private static void npy(Path file, double[] data, long... shape) throws IOException {
        AtomicWriter.create().write(file, out -> NpyWriter.write(out, shape, data));
    }
}

package org.atlasgraph.cli.frechet;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.NoSuchElementException;
import org.atlasgraph.api.check.InvalidInputException;
import org.atlasgraph.io.AtomicWriter;
import org.atlasgraph.io.NpyWriter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

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
    void readsRankTwoFilesAsSingleColumnSlicesAndBigEndianData() throws IOException {
        Path file = dir.resolve("big.npy");
        ByteBuffer data = ByteBuffer.allocate(2 * 3 * 8).order(ByteOrder.BIG_ENDIAN);
        for (int i = 0; i < 6; i++) {
            data.putDouble(i + 0.25);
        }
        write(file, 1, "{'descr': '>f8', 'fortran_order': False, 'shape': (2, 3), }", data.array());
        try (NpyMatrixStream s = NpyMatrixStream.open("--input", file)) {
            assertThat(s.columns()).as("k of a rank-2 file").isEqualTo(1);
            assertThat(s.next()).as("first slice").containsExactly(0.25, 1.25, 2.25);
            assertThat(s.next()).as("second slice").containsExactly(3.25, 4.25, 5.25);
        }
    }

    @Test
    void readsVersionTwoHeaders() throws IOException {
        Path file = dir.resolve("v2.npy");
        ByteBuffer data = ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN).putDouble(7);
        write(file, 2, "{'descr': '<f8', 'fortran_order': False, 'shape': (1, 1, 1), }", data.array());
        try (NpyMatrixStream s = NpyMatrixStream.open("--input", file)) {
            assertThat(s.next()).as("the only value").containsExactly(7.0);
        }
    }

    @Test
    void rejectsAnotherDtypeNamingWhatItFound() throws IOException {
        Path file = dir.resolve("i8.npy");
        write(file, 1, "{'descr': '<i8', 'fortran_order': False, 'shape': (1, 3, 2), }", new byte[48]);
        assertThatThrownBy(() -> NpyMatrixStream.open("--input", file)).isInstanceOf(InvalidInputException.class)
                .hasMessage("--input '" + file + "': expected dtype '<f8', '>f8', '<f4' or '>f4' (float64 or "
                        + "float32), found dtype '<i8'");
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
    void rejectsFortranOrder() throws IOException {
        Path file = dir.resolve("fortran.npy");
        write(file, 1, "{'descr': '<f8', 'fortran_order': True, 'shape': (1, 2, 1), }", new byte[16]);
        assertThatThrownBy(() -> NpyMatrixStream.open("--input", file)).isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("expected C (row-major) order, found fortran_order True");
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

    @Test
    void rejectsAFileThatIsNotNpy() throws IOException {
        Path file = dir.resolve("text.npy");
        Files.writeString(file, "x,y\n1,2\n3,4\n");
        assertThatThrownBy(() -> NpyMatrixStream.open("--input", file)).isInstanceOf(InvalidInputException.class)
                .hasMessage("--input '" + file + "': expected a NumPy .npy file (magic \\x93NUMPY), found other "
                        + "content");
    }

    private static void npy(Path file, double[] data, long... shape) throws IOException {
        AtomicWriter.create().write(file, out -> NpyWriter.write(out, shape, data));
    }

    /** Writes a .npy file by hand: magic, version, header length (2 or 4 bytes), padded header, data. */
    private static void write(Path file, int version, String dict, byte[] data) throws IOException {
        int prefix = version == 1 ? 10 : 12;
        StringBuilder header = new StringBuilder(dict);
        while ((prefix + header.length() + 1) % 64 != 0) {
            header.append(' ');
        }
        header.append('\n');
        byte[] h = header.toString().getBytes(StandardCharsets.ISO_8859_1);
        ByteBuffer b = ByteBuffer.allocate(prefix + h.length + data.length).order(ByteOrder.LITTLE_ENDIAN);
        b.put(new byte[] {(byte) 0x93, 'N', 'U', 'M', 'P', 'Y', (byte) version, 0});
        if (version == 1) {
            b.putShort((short) h.length);
        } else {
            b.putInt(h.length);
        }
        b.put(h).put(data);
        Files.write(file, b.array(), StandardOpenOption.CREATE_NEW);
    }
}

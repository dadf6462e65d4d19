package org.atlasgraph.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import java.util.function.Function;
import org.atlasgraph.api.check.InvalidInputException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class NpyReaderTest {
    private static final long SEED = 20240917L;

    @TempDir
    Path dir;

    /** Every entry point, for rules that hold for all of them. */
    private static List<Function<Path, Object>> readers() {
        return List.of(f -> NpyReader.header("--input", f), f -> NpyReader.read("--input", f),
                f -> NpyReader.readMatrix("--input", f), f -> NpyReader.stream("--input", f));
    }

    private Path matrix(String name, int n, int d) throws IOException {
        Random rng = new Random(SEED);
        double[] values = new double[n * d];
        for (int i = 0; i < values.length; i++) {
            values[i] = rng.nextGaussian();
        }
        return NpyFixtures.write(dir.resolve(name), "(" + n + ", " + d + ")", values);
    }

    @Test
    void readsAMatrixBitForBit() throws IOException {
        Random rng = new Random(SEED);
        double[] values = new double[7 * 3];
        for (int i = 0; i < values.length; i++) {
            values[i] = rng.nextGaussian() * Math.pow(10, rng.nextInt(40) - 20);
        }
        Path file = NpyFixtures.write(dir.resolve("m.npy"), "(7, 3)", values);

        double[][] rows = NpyReader.readMatrix("--input", file);

        assertThat(rows).as("rows").hasNumberOfRows(7);
        for (int i = 0; i < 7; i++) {
            for (int j = 0; j < 3; j++) {
                assertThat(rows[i][j]).as("m[%d][%d] vs the bytes written", i, j).isEqualTo(values[i * 3 + j]);
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({"<f8, LITTLE", ">f8, BIG", "<f4, LITTLE", ">f4, BIG"})
    void readsFloat64AndFloat32InBothByteOrders(String descr, String order) throws IOException {
        ByteOrder bo = order.equals("LITTLE") ? ByteOrder.LITTLE_ENDIAN : ByteOrder.BIG_ENDIAN;
        byte[] data = descr.endsWith("8") ? NpyFixtures.doubles(bo, 0.25, -1.5, 3e-7, 1e300)
                : NpyFixtures.floats(bo, 0.25f, -1.5f, 3e-7f, 1e30f);
        Path file = Files.write(dir.resolve("t.npy"), NpyFixtures.bytes(1, NpyFixtures.dict(descr, "(2, 2)"), data));

        NpyArray a = NpyReader.read("", file);

        double[] expected = descr.endsWith("8") ? new double[] {0.25, -1.5, 3e-7, 1e300}
                : new double[] {0.25f, -1.5f, 3e-7f, 1e30f};
        assertThat(a.shape()).as("shape").containsExactly(2, 2);
        assertThat(a.values()).as("values of %s, widened exactly", descr).containsExactly(expected);
        assertThat(NpyReader.header("", file).dtype().descr()).as("dtype").isEqualTo(descr);
    }

    @ParameterizedTest(name = "version {0}")
    @ValueSource(ints = {1, 2, 3})
    void readsFormatVersionsOneTwoAndThree(int version) throws IOException {
        Path file = Files.write(dir.resolve("v.npy"), NpyFixtures.bytes(version, NpyFixtures.dict("<f8", "(1, 2)"),
                NpyFixtures.doubles(ByteOrder.LITTLE_ENDIAN, 7, 8)));

        assertThat(NpyReader.readMatrix("", file)).as("matrix of a version %d file", version)
                .isDeepEqualTo(new double[][] {{7, 8}});
        assertThat(NpyReader.header("", file).version()).as("version").isEqualTo(version);
    }

    @Test
    void fileTruncatedByFourBytesIsRejectedByEveryReader() throws IOException {
        Path file = NpyFixtures.truncate(matrix("t.npy", 2, 3), 4);

        for (Function<Path, Object> reader : readers()) {
            assertThatThrownBy(() -> reader.apply(file)).isInstanceOf(InvalidInputException.class)
                    .hasMessage("--input '" + file + "': expected 48 bytes of data for shape (2, 3) of '<f8', "
                            + "found 44 bytes (the file is truncated by 4 bytes)");
        }
    }

    @ParameterizedTest(name = "by {0} doubles")
    @ValueSource(ints = {1, 2, 6})
    void fileTruncatedByWholeDoublesIsRejectedNotPadded(int doubles) throws IOException {
        Path file = NpyFixtures.truncate(matrix("t.npy", 2, 3), 8 * doubles);

        for (Function<Path, Object> reader : readers()) {
            assertThatThrownBy(() -> reader.apply(file)).isInstanceOf(InvalidInputException.class)
                    .hasMessageStartingWith("--input '" + file + "': expected 48 bytes of data")
                    .hasMessageEndingWith("found " + (48 - 8 * doubles) + " bytes (the file is truncated by "
                            + 8 * doubles + " bytes)");
        }
    }

    @Test
    void bytesAfterTheDataAreRejected() throws IOException {
        Path file = matrix("t.npy", 2, 3);
        Files.write(file, new byte[8], java.nio.file.StandardOpenOption.APPEND);

        assertThatThrownBy(() -> NpyReader.read("", file)).isInstanceOf(InvalidInputException.class)
                .hasMessage("'" + file + "': expected 48 bytes of data for shape (2, 3) of '<f8', found 56 bytes "
                        + "(8 bytes follow the data)");
    }

    @Test
    void headerLongerThanTheFileIsRejected() throws IOException {
        byte[] whole = Files.readAllBytes(matrix("t.npy", 2, 3));
        Path file = Files.write(dir.resolve("h.npy"), java.util.Arrays.copyOf(whole, 40));

        assertThatThrownBy(() -> NpyReader.header("--input", file)).isInstanceOf(InvalidInputException.class)
                .hasMessage("--input '" + file + "': expected a complete .npy header of 118 bytes, found a file of "
                        + "40 bytes (the file is truncated)");
    }

    @Test
    void absurdHeaderLengthIsRejected() throws IOException {
        byte[] b = NpyFixtures.bytes(2, NpyFixtures.dict("<f8", "(1,)"), new byte[8]);
        b[8] = (byte) 0xf0;
        b[9] = (byte) 0xff;
        b[10] = (byte) 0xff;
        b[11] = (byte) 0x7f;
        Path file = Files.write(dir.resolve("h.npy"), b);

        assertThatThrownBy(() -> NpyReader.header("", file)).isInstanceOf(InvalidInputException.class)
                .hasMessage("'" + file + "': expected a .npy header of at most 1048576 bytes, found a header of "
                        + "2147483632 bytes");
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"csv", "empty", "short", "magic"})
    void contentThatIsNotNpyIsRejected(String kind) throws IOException {
        Path file = dir.resolve(kind + ".npy");
        byte[] npy = Files.readAllBytes(matrix("ok.npy", 1, 1));
        npy[1] = 'n';
        switch (kind) {
            case "csv":
                Files.writeString(file, "x,y\n1,2\n3,4\n");
                break;
            case "empty":
                Files.write(file, new byte[0]);
                break;
            case "short":
                Files.write(file, new byte[] {(byte) 0x93, 'N', 'U'});
                break;
            default:
                Files.write(file, npy);
                break;
        }
        String found = kind.equals("empty") ? "a NumPy .npy file, found an empty file"
                : kind.equals("short") ? "a NumPy .npy file, found a file of 3 bytes"
                : "a NumPy .npy file (magic \\x93NUMPY), found other content";

        assertThatThrownBy(() -> NpyReader.read("--input", file)).isInstanceOf(InvalidInputException.class)
                .hasMessage("--input '" + file + "': expected " + found);
    }

    @ParameterizedTest(name = "version {0}.{1}")
    @CsvSource({"4, 0", "1, 1", "0, 0"})
    void unknownFormatVersionsAreRejected(int major, int minor) throws IOException {
        byte[] b = NpyFixtures.bytes(1, NpyFixtures.dict("<f8", "(1,)"), new byte[8]);
        b[6] = (byte) major;
        b[7] = (byte) minor;
        Path file = Files.write(dir.resolve("v.npy"), b);

        assertThatThrownBy(() -> NpyReader.header("", file)).isInstanceOf(InvalidInputException.class)
                .hasMessage("'" + file + "': expected .npy format version 1.0, 2.0 or 3.0, found version " + major
                        + "." + minor);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', quoteCharacter = '"', value = {
        "{'descr': '<f8', 'shape': (1,), }|the key 'fortran_order'",
        "{'descr': '<f8', 'fortran_order': False, 'shape': (1,), 'extra': 1, }|key 'extra'",
        "{'descr': '<f8', 'descr': '<f8', 'fortran_order': False, 'shape': (1,), }|key 'descr' twice",
        "{'descr': [('x', '<f8')], 'fortran_order': False, 'shape': (1,), }|structured dtypes are not read",
        "{'descr': '<f8', 'fortran_order': False, 'shape': (1), }|a tuple for the shape, such as (3,)",
        "{'descr': '<f8', 'fortran_order': False, 'shape': (-1,), }|a negative dimension",
        "{'descr': '<f8', 'fortran_order': False, 'shape': (01,), }|'01'",
        "{'descr': '<f8', 'fortran_order': false, 'shape': (1,), }|True or False",
        "{'descr': '<f8', 'fortran_order': False, 'shape': (1,), } x|only spaces after the dict",
        "'descr': '<f8', 'fortran_order': False, 'shape': (1,)|'{'",
        "{'descr': '<f8', 'fortran_order': False, 'shape': (1,|an integer dimension",
        "{'descr': '<f8 , 'fortran_order': False, 'shape': (1,)}|',' or '}'",
        "{'descr': '<f8', 'fortran_order': False, 'shape': (99999999999999999999,), }|a dimension below 2^63"})
    void malformedHeaderDictsAreRejected(String dict, String found) throws IOException {
        Path file = Files.write(dir.resolve("d.npy"), NpyFixtures.bytes(1, dict, new byte[8]));

        assertThatThrownBy(() -> NpyReader.header("--input", file)).isInstanceOf(InvalidInputException.class)
                .hasMessageStartingWith("--input '" + file + "': expected ").hasMessageContaining(found);
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"<i8", "<f2", "|u1", "<c16", "f8", "=f8", "|b1"})
    void otherDtypesAreRejectedNamingTheDescr(String descr) throws IOException {
        Path file = Files.write(dir.resolve("d.npy"), NpyFixtures.bytes(1, NpyFixtures.dict(descr, "(1,)"),
                new byte[8]));

        assertThatThrownBy(() -> NpyReader.read("--input", file)).isInstanceOf(InvalidInputException.class)
                .hasMessage("--input '" + file + "': expected dtype '<f8', '>f8', '<f4' or '>f4' (float64 or "
                        + "float32), found dtype '" + descr + "'");
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"(4294967296, 4294967296)", "(9223372036854775807,)", "(2, 4611686018427387904)"})
    void shapesWhoseSizeOverflowsAreRejected(String shape) throws IOException {
        Path file = Files.write(dir.resolve("s.npy"), NpyFixtures.bytes(1, NpyFixtures.dict("<f8", shape),
                new byte[8]));

        assertThatThrownBy(() -> NpyReader.stream("--input", file)).isInstanceOf(InvalidInputException.class)
                .hasMessage("--input '" + file + "': expected a shape whose data fit in 2^63 bytes, found shape "
                        + shape);
    }

    @Test
    void hugeShapeInASmallFileIsRejectedBeforeAnyAllocation() throws IOException {
        Path file = Files.write(dir.resolve("s.npy"), NpyFixtures.bytes(1,
                NpyFixtures.dict("<f8", "(1000000000, 1000000000)"), new byte[16]));

        assertThatThrownBy(() -> NpyReader.readMatrix("--input", file)).isInstanceOf(InvalidInputException.class)
                .hasMessage("--input '" + file + "': expected 8000000000000000000 bytes of data for shape "
                        + "(1000000000, 1000000000) of '<f8', found 16 bytes (the file is truncated by "
                        + "7999999999999999984 bytes)");
    }

    @Test
    void arrayLargerThanTheHeapIsRejectedWithAMessage() throws IOException {
        long n = Runtime.getRuntime().maxMemory() / 8 + 1;
        byte[] head = NpyFixtures.bytes(1, NpyFixtures.dict("<f8", "(" + n + ", 1)"), new byte[0]);
        Path file = Files.write(dir.resolve("big.npy"), head);
        try (RandomAccessFile sparse = new RandomAccessFile(file.toFile(), "rw")) {
            sparse.setLength(head.length + n * 8);
        }

        for (Function<Path, Object> reader : List.<Function<Path, Object>>of(f -> NpyReader.read("--input", f),
                f -> NpyReader.readMatrix("--input", f))) {
            assertThatThrownBy(() -> reader.apply(file)).isInstanceOf(InvalidInputException.class)
                    .hasMessageStartingWith("--input '" + file + "': expected ")
                    .message().containsAnyOf("fit in the Java heap", "(a Java array)");
        }
    }

    @Test
    void nonFiniteValuesAreReportedWithTheirIndex() throws IOException {
        Path matrix = NpyFixtures.write(dir.resolve("m.npy"), "(3, 2)", 1, 2, 3, 4, 5, Double.NaN);
        Path cube = NpyFixtures.write(dir.resolve("c.npy"), "(2, 2, 3)", 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
                Double.NEGATIVE_INFINITY);

        assertThatThrownBy(() -> NpyReader.readMatrix("--input", matrix)).isInstanceOf(InvalidInputException.class)
                .hasMessage("--input '" + matrix + "': expected finite values, found NaN at index (2, 1) "
                        + "(0-based, as in NumPy)");
        assertThatThrownBy(() -> NpyReader.read("", cube)).isInstanceOf(InvalidInputException.class)
                .hasMessage("'" + cube + "': expected finite values, found -Infinity at index (1, 1, 2) "
                        + "(0-based, as in NumPy)");
    }

    @Test
    void fortranOrderIsReturnedInCOrder() throws IOException {
        String dict = "{'descr': '<f8', 'fortran_order': True, 'shape': (2, 3), }";
        Path file = Files.write(dir.resolve("f.npy"), NpyFixtures.bytes(1, dict,
                NpyFixtures.doubles(ByteOrder.LITTLE_ENDIAN, 11, 21, 12, 22, 13, 23)));

        assertThat(NpyReader.readMatrix("", file)).as("matrix of a column-major file")
                .isDeepEqualTo(new double[][] {{11, 12, 13}, {21, 22, 23}});
        assertThat(NpyReader.read("", file).values()).as("C-order values")
                .containsExactly(11, 12, 13, 21, 22, 23);
    }

    @Test
    void readsScalarsAndEmptyArraysWhole() throws IOException {
        Path scalar = NpyFixtures.write(dir.resolve("s.npy"), "()", 4.5);
        Path empty = NpyFixtures.write(dir.resolve("e.npy"), "(0, 3)");

        assertThat(NpyReader.read("", scalar).values()).as("scalar").containsExactly(4.5);
        assertThat(NpyReader.read("", scalar).rank()).as("rank of a scalar").isZero();
        assertThat(NpyReader.read("", empty).size()).as("size of a (0, 3) array").isZero();
    }

    @Test
    void readMatrixRequiresANonEmptyTwoDimensionalArray() throws IOException {
        Path flat = NpyFixtures.write(dir.resolve("flat.npy"), "(3,)", 1, 2, 3);
        Path empty = NpyFixtures.write(dir.resolve("empty.npy"), "(0, 3)");

        assertThatThrownBy(() -> NpyReader.readMatrix("--input", flat)).isInstanceOf(InvalidInputException.class)
                .hasMessage("--input '" + flat + "': expected a two-dimensional N×D array, found shape (3,) of "
                        + "'<f8'");
        assertThatThrownBy(() -> NpyReader.readMatrix("--input", empty)).isInstanceOf(InvalidInputException.class)
                .hasMessage("--input '" + empty + "': expected an N×D array with N ≥ 1 and D ≥ 1, found shape "
                        + "(0, 3) of '<f8'");
    }

    @Test
    void missingFilesDirectoriesAndFifosAreRejectedBeforeReading() throws IOException, InterruptedException {
        Path missing = dir.resolve("none.npy");
        Path fifo = dir.resolve("fifo.npy");
        Process mkfifo = new ProcessBuilder("mkfifo", fifo.toString()).start();
        assertThat(mkfifo.waitFor()).as("mkfifo exit code").isZero();

        assertThatThrownBy(() -> NpyReader.read("--input", missing)).isInstanceOf(InvalidInputException.class)
                .hasMessage("--input '" + missing + "': expected a readable regular file, found no such file");
        assertThatThrownBy(() -> NpyReader.read("--input", dir)).isInstanceOf(InvalidInputException.class)
                .hasMessage("--input '" + dir + "': expected a readable regular file, found a directory");
        assertThatThrownBy(() -> NpyReader.stream("--input", fifo)).isInstanceOf(InvalidInputException.class)
                .hasMessage("--input '" + fifo + "': expected a readable regular file, found a FIFO");
    }

    @Test
    void headerDescribesTheFile() throws IOException {
        NpyHeader h = NpyReader.header("", matrix("m.npy", 4, 5));

        assertThat(h.shape()).as("shape").containsExactly(4, 5);
        assertThat(h.size()).as("size").isEqualTo(20);
        assertThat(h.dataOffset()).as("data offset of a padded version 1 header").isEqualTo(128);
        assertThat(h.fortranOrder()).as("fortran order").isFalse();
        assertThat(h).as("description").hasToString("shape (4, 5) of '<f8'");
    }
}

package org.atlasgraph.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.atlasgraph.api.check.InvalidInputException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class NpySliceStreamTest {
    private static final long SEED = 77L;
    /** Generous bound on a child JVM that streams 64 MB; it only keeps a hung child from hanging the build. */
    private static final long CHILD_TIMEOUT_SECONDS = 120;

    @TempDir
    Path dir;

    @Test
    void streamsEverySliceAcrossReadAheadBlocks() throws IOException {
        // 40 slices of 3×5000 doubles = 117 KiB each: blocks of 1 MiB end in the middle of slices.
        Random rng = new Random(SEED);
        double[] all = new double[40 * 3 * 5000];
        for (int i = 0; i < all.length; i++) {
            all[i] = rng.nextGaussian();
        }
        Path file = NpyFixtures.write(dir.resolve("s.npy"), "(40, 3, 5000)", all);

        try (NpySliceStream s = NpyReader.stream("--input", file)) {
            assertThat(new long[] {s.count(), s.rows(), s.columns()}).as("N, n, k").containsExactly(40, 3, 5000);
            for (int i = 0; i < 40; i++) {
                assertThat(s.hasNext()).as("slice %d remains", i).isTrue();
                assertThat(s.next()).as("slice %d", i).containsExactly(Arrays.copyOfRange(all, i * 15000,
                        (i + 1) * 15000));
            }
            assertThat(s.hasNext()).as("after the last slice").isFalse();
            assertThatThrownBy(s::next).isInstanceOf(NoSuchElementException.class)
                    .hasMessageContaining(file.toString());
        }
    }

    @Test
    void rankTwoFilesGiveSingleColumnSlicesInAnyDtype() throws IOException {
        Path big = Files.write(dir.resolve("b.npy"), NpyFixtures.bytes(1, NpyFixtures.dict(">f8", "(2, 3)"),
                NpyFixtures.doubles(ByteOrder.BIG_ENDIAN, 0.25, 1.25, 2.25, 3.25, 4.25, 5.25)));
        Path floats = Files.write(dir.resolve("f.npy"), NpyFixtures.bytes(2, NpyFixtures.dict("<f4", "(2, 1, 2)"),
                NpyFixtures.floats(ByteOrder.LITTLE_ENDIAN, 0.5f, 1.5f, 2.5f, 3.5f)));

        try (NpySliceStream s = NpyReader.stream("", big)) {
            assertThat(s.columns()).as("k of a rank-2 file").isEqualTo(1);
            assertThat(s.next()).as("first slice").containsExactly(0.25, 1.25, 2.25);
            assertThat(s.next()).as("second slice").containsExactly(3.25, 4.25, 5.25);
        }
        try (NpySliceStream s = NpyReader.stream("", floats)) {
            assertThat(s.next()).as("first float32 slice").containsExactly(0.5, 1.5);
            assertThat(s.next()).as("second float32 slice").containsExactly(2.5, 3.5);
        }
    }

    @Test
    void nonFiniteValueIsReportedWithSampleRowAndColumn() throws IOException {
        double[] all = new double[5 * 2 * 3];
        all[3 * 6 + 1 * 3 + 0] = Double.NaN;
        Path file = NpyFixtures.write(dir.resolve("nan.npy"), "(5, 2, 3)", all);

        try (NpySliceStream s = NpyReader.stream("--input", file)) {
            for (int i = 0; i < 3; i++) {
                assertThat(s.next()).as("finite slice %d", i).containsOnly(0.0);
            }
            assertThatThrownBy(s::next).isInstanceOf(InvalidInputException.class)
                    .hasMessage("--input '" + file + "': expected finite values, found NaN at index (3, 1, 0) "
                            + "(0-based, as in NumPy)");
        }
    }

    @Test
    void fileThatShrinksWhileStreamingIsAnErrorNotAnEndlessLoop() throws IOException {
        // 4 slices of 1 MiB each: the stream reads one block ahead, so cutting the file after the first slice
        // is noticed on the second.
        Path file = NpyFixtures.write(dir.resolve("s.npy"), "(4, 128, 1024)", new double[4 * 128 * 1024]);
        try (NpySliceStream s = NpyReader.stream("--input", file)) {
            s.next();
            try (FileChannel c = FileChannel.open(file, StandardOpenOption.WRITE)) {
                c.truncate(NpyReader.header("", file).dataOffset() + 1_500_000);
            }
            assertThatThrownBy(s::next).isInstanceOf(InvalidInputException.class)
                    .hasMessageStartingWith("--input '" + file + "': expected a file that keeps its length while "
                            + "it is read, found a file that ended at byte");
        }
    }

    @Test
    void wrongRankFortranOrderAndEmptyArraysAreRejected() throws IOException {
        Path flat = NpyFixtures.write(dir.resolve("flat.npy"), "(6,)", new double[6]);
        Path fortran = Files.write(dir.resolve("fortran.npy"), NpyFixtures.bytes(1,
                "{'descr': '<f8', 'fortran_order': True, 'shape': (1, 2, 1), }", new byte[16]));
        Path empty = NpyFixtures.write(dir.resolve("empty.npy"), "(0, 3, 2)");

        assertThatThrownBy(() -> NpyReader.stream("--input", flat)).isInstanceOf(InvalidInputException.class)
                .hasMessage("--input '" + flat + "': expected an array of shape (N, n, k) or (N, n), found shape "
                        + "(6,) of '<f8'");
        assertThatThrownBy(() -> NpyReader.stream("--input", fortran)).isInstanceOf(InvalidInputException.class)
                .hasMessage("--input '" + fortran + "': expected C (row-major) order, found fortran_order True "
                        + "(save with numpy.ascontiguousarray)");
        assertThatThrownBy(() -> NpyReader.stream("--input", empty)).isInstanceOf(InvalidInputException.class)
                .hasMessageStartingWith("--input '" + empty + "': expected N ≥ 1 non-empty slices");
    }

    @Test
    void streamsAFileLargerThanTheHeapOfAChildJvm() throws IOException, InterruptedException {
        // 64 slices of 128×1024 doubles = 64 MiB, streamed by a JVM with a 16 MiB heap.
        Random rng = new Random(SEED);
        Path file = dir.resolve("large.npy");
        double expected = 0;
        try (OutputStream out = Files.newOutputStream(file)) {
            NpyWriter w = NpyWriter.start(out, 64, 128, 1024);
            double[] slice = new double[128 * 1024];
            for (int i = 0; i < 64; i++) {
                for (int j = 0; j < slice.length; j++) {
                    slice[j] = rng.nextDouble();
                    expected += slice[j];
                }
                w.append(slice);
            }
            w.finish();
        }

        Process child = ChildJvm.start(StreamSumMain.class, List.of("-Xmx16m"), file.toString());
        boolean exited = child.waitFor(CHILD_TIMEOUT_SECONDS, TimeUnit.SECONDS);
        if (!exited) {
            child.destroyForcibly();
        }
        String err = new String(child.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(exited).as("child exited").isTrue();
        assertThat(child.exitValue()).as("exit code of the child; stderr: %s", err).isZero();
        assertThat(new String(child.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip())
                .as("slices and bits of the sum").isEqualTo("64 " + Double.doubleToLongBits(expected));
    }
}

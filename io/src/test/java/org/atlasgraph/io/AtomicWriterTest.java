package org.atlasgraph.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assumptions.assumeThat;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Stream;
import org.atlasgraph.api.check.InvalidInputException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class AtomicWriterTest {
    private static final long SEED = 42L;
    private static final AtomicWriter WRITER = AtomicWriter.create();

    @TempDir
    Path dir;

    private List<String> names(Path directory) throws IOException {
        try (Stream<Path> files = Files.list(directory)) {
            return files.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    private static String randomText(int length) {
        Random rng = new Random(SEED);
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < length; i++) {
            b.append((char) ('a' + rng.nextInt(26)));
        }
        return b.toString();
    }

    private static Path mkfifo(Path fifo) throws IOException, InterruptedException {
        assertThat(new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor()).as("mkfifo exit code").isZero();
        return fifo;
    }

    @Test
    void writesTheContentAndLeavesNoTemporaryFile() throws IOException {
        Path target = dir.resolve("out.txt");
        String text = randomText(100_000);

        WRITER.writeString(target, text);

        assertThat(target).as("target").hasContent(text);
        assertThat(names(dir)).as("directory content").containsExactly("out.txt");
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"rw-r-----", "r--r--r--", "rwxr-x---"})
    void replacesAnExistingFileKeepingItsPermissionBits(String permissions) throws IOException {
        Path target = Files.writeString(dir.resolve("out.csv"), "old");
        Files.setPosixFilePermissions(target, PosixFilePermissions.fromString(permissions));

        WRITER.writeString(target, "new");

        assertThat(target).as("target").hasContent("new");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(target))).as("permissions kept")
                .isEqualTo(permissions);
    }

    @Test
    void newFileGetsTheDefaultPermissionsOfTheProcessNot0600() throws IOException {
        Path ordinary = Files.createFile(dir.resolve("ordinary"));
        Path target = dir.resolve("atomic");

        WRITER.writeString(target, "x");

        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(target))).as("permissions")
                .isEqualTo(PosixFilePermissions.toString(Files.getPosixFilePermissions(ordinary)));
    }

    @Test
    void failingBodyLeavesNoFileBehindAndPropagatesUnchanged() {
        Path target = dir.resolve("out.json");

        assertThatThrownBy(() -> WRITER.write(target, out -> {
            out.write("{\"half\":".getBytes(StandardCharsets.UTF_8));
            throw new IOException("simulated failure halfway");
        })).isInstanceOf(IOException.class).hasMessage("simulated failure halfway");

        assertThat(dir).as("directory after a failed write").isEmptyDirectory();
    }

    @Test
    void failingBodyLeavesTheOldContentIntact() throws IOException {
        Path target = Files.writeString(dir.resolve("out.json"), "complete");

        assertThatThrownBy(() -> WRITER.write(target, out -> {
            out.write(new byte[1 << 20]);
            throw new IllegalStateException("computation failed");
        })).isInstanceOf(IllegalStateException.class);

        assertThat(target).as("previous content").hasContent("complete");
        assertThat(names(dir)).as("directory").containsExactly("out.json");
    }

    @Test
    void interruptedWriteLeavesNoTemporaryFile() throws InterruptedException, IOException {
        Path target = Files.writeString(dir.resolve("out.csv"), "old");
        CountDownLatch started = new CountDownLatch(1);
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Thread writer = new Thread(() -> {
            try {
                WRITER.write(target, out -> {
                    out.write(new byte[1 << 16]);
                    out.flush();
                    started.countDown();
                    try {
                        new CountDownLatch(1).await();
                    } catch (InterruptedException e) {
                        throw new InterruptedIOException("interrupted while writing");
                    }
                });
            } catch (Throwable t) {
                failure.set(t);
            }
        });
        writer.start();
        started.await();
        assertThat(names(dir)).as("files while writing").hasSize(2).anyMatch(n -> n.matches("\\.out\\.csv\\..*\\.tmp"));

        writer.interrupt();
        writer.join();

        assertThat(failure.get()).as("failure of the interrupted write").isInstanceOf(InterruptedIOException.class);
        assertThat(names(dir)).as("files after the interruption").containsExactly("out.csv");
        assertThat(target).as("target").hasContent("old");
    }

    @Test
    void writesThroughASymbolicLinkWhichStaysALink() throws IOException {
        Path data = Files.createDirectory(dir.resolve("data"));
        Path real = Files.writeString(data.resolve("real.csv"), "old");
        Path link = Files.createSymbolicLink(dir.resolve("link.csv"), Path.of("data", "real.csv"));
        Path chain = Files.createSymbolicLink(dir.resolve("chain.csv"), link.getFileName());

        WRITER.writeString(link, "through the link");
        assertThat(real).as("file the link points to").hasContent("through the link");

        WRITER.writeString(chain, "through two links");
        assertThat(real).as("file at the end of the chain").hasContent("through two links");
        assertThat(Files.isSymbolicLink(link)).as("link is still a link").isTrue();
        assertThat(Files.readSymbolicLink(link)).as("link target").isEqualTo(Path.of("data", "real.csv"));
        assertThat(Files.isSymbolicLink(chain)).as("chain is still a link").isTrue();
        assertThat(names(dir)).as("files beside the links").containsExactly("chain.csv", "data", "link.csv");
        assertThat(names(data)).as("files beside the real file").containsExactly("real.csv");
    }

    @Test
    void danglingSymbolicLinkCreatesItsTarget() throws IOException {
        Path link = Files.createSymbolicLink(dir.resolve("link.json"), dir.resolve("new.json"));

        WRITER.writeString(link, "{}");

        assertThat(Files.isSymbolicLink(link)).as("link is still a link").isTrue();
        assertThat(dir.resolve("new.json")).as("created target").hasContent("{}");
    }

    @Test
    void symbolicLinkLoopIsRefused() throws IOException {
        Path a = dir.resolve("a");
        Files.createSymbolicLink(a, dir.resolve("b"));
        Files.createSymbolicLink(dir.resolve("b"), a);

        assertThatThrownBy(() -> WRITER.writeString(a, "x")).isInstanceOf(InvalidInputException.class)
                .hasMessage("'" + a + "': expected a file or a symbolic link to one, found more than 40 symbolic "
                        + "links in a row");
    }

    @Test
    void directoriesFifosAndDevicesAreRefusedAndLeftAlone() throws IOException, InterruptedException {
        Path directory = Files.createDirectory(dir.resolve("out"));
        Path fifo = mkfifo(dir.resolve("out.fifo"));
        Path linkToFifo = Files.createSymbolicLink(dir.resolve("link"), fifo);

        assertThatThrownBy(() -> WRITER.writeString(directory, "x")).isInstanceOf(InvalidInputException.class)
                .hasMessage("'" + directory + "': expected a regular file, found a directory");
        assertThatThrownBy(() -> WRITER.writeString(fifo, "x")).isInstanceOf(InvalidInputException.class)
                .hasMessage("'" + fifo + "': expected a regular file, found a FIFO");
        assertThatThrownBy(() -> WRITER.writeString(linkToFifo, "x")).isInstanceOf(InvalidInputException.class)
                .hasMessage("'" + linkToFifo + "': expected a regular file, found a FIFO");
        assertThatThrownBy(() -> WRITER.requireWritable("--out", Path.of("/dev/null")))
                .isInstanceOf(InvalidInputException.class)
                .hasMessage("--out '/dev/null': expected a regular file, found a character device");
        assertThat(Files.isSymbolicLink(linkToFifo)).as("link to the FIFO").isTrue();
        assertThat(FileNames.kind(fifo)).as("FIFO left alone").isEqualTo("a FIFO");
        assertThat(names(dir)).as("no temporary file").containsExactly("link", "out", "out.fifo");
    }

    @Test
    void deviceNodeIsRefusedByWrite() throws IOException, InterruptedException {
        // Only root may create a device node; a copy of /dev/null in the test directory keeps the real one out of
        // reach of a writer that would wrongly replace it.
        Path device = dir.resolve("null");
        Process mknod = new ProcessBuilder("mknod", device.toString(), "c", "1", "3").start();
        assumeThat(mknod.waitFor()).as("mknod exit code (root only)").isZero();

        assertThatThrownBy(() -> WRITER.writeString(device, "x")).isInstanceOf(InvalidInputException.class)
                .hasMessage("'" + device + "': expected a regular file, found a character device");
        assertThat(FileNames.kind(device)).as("device left alone").isEqualTo("a character device");
    }

    @Test
    void outputEqualToAnInputIsRefusedHoweverItIsSpelled() throws IOException {
        Path input = Files.writeString(dir.resolve("a.json"), "input");
        Path sub = Files.createDirectory(dir.resolve("sub"));
        Path symlink = Files.createSymbolicLink(dir.resolve("alias.json"), input.getFileName());
        Path hardLink = Files.createLink(sub.resolve("hard.json"), input);
        AtomicWriter guarded = WRITER.protecting("--atlas", input).protecting("--mean", java.util.Optional.empty());

        for (Path spelling : List.of(input, dir.resolve(".").resolve("a.json"), sub.resolve("..").resolve("a.json"),
                symlink, hardLink)) {
            assertThatThrownBy(() -> guarded.writeString(spelling, "output")).as("writing %s", spelling)
                    .isInstanceOf(InvalidInputException.class)
                    .hasMessage("'" + spelling + "': expected a file that is not an input of the command, found the "
                            + "same file as --atlas '" + input + "'");
            assertThatThrownBy(() -> guarded.requireWritable("--out", spelling)).as("checking %s", spelling)
                    .isInstanceOf(InvalidInputException.class)
                    .hasMessageStartingWith("--out '" + spelling + "': expected a file that is not an input");
        }
        assertThat(input).as("input").hasContent("input");
    }

    @Test
    void relativeSpellingOfAnInputIsCaught() throws IOException {
        Path cwd = Path.of("").toAbsolutePath();
        Path input = Files.writeString(dir.resolve("in.csv"), "input");
        Path relative = cwd.relativize(input);
        AtomicWriter guarded = WRITER.protecting("--input", relative);

        assertThatThrownBy(() -> guarded.requireWritable("--out", Path.of(".").resolve(relative)))
                .isInstanceOf(InvalidInputException.class)
                .hasMessageEndingWith("found the same file as --input '" + relative + "'");
        assertThat(guarded.requireWritable("--out", dir.resolve("other.csv"))).as("another file")
                .isEqualTo(dir.resolve("other.csv"));
    }

    @Test
    void fileWithSeveralHardLinksIsRefused() throws IOException {
        Path target = Files.writeString(dir.resolve("out.csv"), "old");
        Files.createLink(dir.resolve("other-name.csv"), target);

        assertThatThrownBy(() -> WRITER.writeString(target, "new")).isInstanceOf(InvalidInputException.class)
                .hasMessage("'" + target + "': expected a file with a single name, found a file with 2 hard links "
                        + "(replacing it would separate it from its other names)");
        assertThat(dir.resolve("other-name.csv")).as("other name").hasContent("old");
    }

    @Test
    void missingDirectoryIsRefusedNamingTheOption() {
        Path target = dir.resolve("missing").resolve("out.json");

        assertThatThrownBy(() -> WRITER.requireWritable("--json", target)).isInstanceOf(InvalidInputException.class)
                .hasMessage("--json '" + target + "': expected a file in an existing directory, found no such "
                        + "directory '" + dir.resolve("missing") + "'");
        assertThatThrownBy(() -> WRITER.writeString(target, "x")).isInstanceOf(InvalidInputException.class)
                .hasMessageStartingWith("'" + target + "': expected a file in an existing directory");
        assertThat(WRITER.requireWritable("--json", dir.resolve("ok.json"))).as("accepted path")
                .isEqualTo(dir.resolve("ok.json"));
    }

    @Test
    void unwritableDirectoryIsRefused() throws IOException {
        Path readOnly = Files.createDirectory(dir.resolve("ro"));
        Files.setPosixFilePermissions(readOnly, PosixFilePermissions.fromString("r-xr-xr-x"));
        assumeThat(Files.isWritable(readOnly)).as("directory permissions bind this user (not root)").isFalse();

        assertThatThrownBy(() -> WRITER.writeString(readOnly.resolve("x"), "x"))
                .isInstanceOf(InvalidInputException.class)
                .hasMessage("'" + readOnly.resolve("x") + "': expected a file in a writable directory, found '"
                        + readOnly + "', a directory this process cannot write");
        assertThat(readOnly).as("read-only directory").isEmptyDirectory();
    }
}

package org.atlasgraph.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.atlasgraph.api.check.InvalidInputException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class InputFileTest {
    @TempDir
    Path dir;

    @Test
    void acceptsAReadableFileAndALinkToOne() throws IOException {
        Path file = Files.writeString(dir.resolve("points.csv"), "1,2\n");
        Path link = Files.createSymbolicLink(dir.resolve("link.csv"), file);

        assertThat(InputFile.requireReadable("--data", file)).as("file").isEqualTo(file);
        assertThat(InputFile.requireReadable("--data", link)).as("link").isEqualTo(link);
    }

    @Test
    void refusesMissingFilesBrokenLinksDirectoriesAndSpecialFiles() throws IOException, InterruptedException {
        Path missing = dir.resolve("points.npy");
        Path broken = Files.createSymbolicLink(dir.resolve("broken.npy"), missing);
        Path fifo = dir.resolve("fifo");
        assertThat(new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor()).as("mkfifo exit code").isZero();

        assertThatThrownBy(() -> InputFile.requireReadable("--data", missing)).isInstanceOf(InvalidInputException.class)
                .hasMessage("--data '" + missing + "': expected a readable regular file, found no such file");
        assertThatThrownBy(() -> InputFile.requireReadable("--data", broken)).isInstanceOf(InvalidInputException.class)
                .hasMessage("--data '" + broken + "': expected a readable regular file, found a broken symbolic link");
        assertThatThrownBy(() -> InputFile.requireReadable("", dir)).isInstanceOf(InvalidInputException.class)
                .hasMessage("'" + dir + "': expected a readable regular file, found a directory");
        assertThatThrownBy(() -> InputFile.requireReadable("--data", fifo)).isInstanceOf(InvalidInputException.class)
                .hasMessage("--data '" + fifo + "': expected a readable regular file, found a FIFO");
        assertThatThrownBy(() -> InputFile.requireReadable("--data", Path.of("/dev/null")))
                .isInstanceOf(InvalidInputException.class)
                .hasMessage("--data '/dev/null': expected a readable regular file, found a character device");
    }
}

package org.atlasgraph.cli.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.atlasgraph.api.check.InvalidInputException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class InputFilesTest {
    @TempDir
    Path dir;

    @Test
    void acceptsAReadableFile() throws IOException {
        Path file = Files.writeString(dir.resolve("points.csv"), "1,2\n");

        assertThat(InputFiles.requireReadable("--data", file)).as("accepted").isEqualTo(file);
    }

    @Test
    void missingFileIsNamedWithTheOption() {
        Path file = dir.resolve("points.npy");

        assertThatThrownBy(() -> InputFiles.requireReadable("--data", file)).isInstanceOf(InvalidInputException.class)
                .hasMessage("--data '" + file + "': expected a readable regular file, found no such file");
    }

    @Test
    void directoryIsRefused() {
        assertThatThrownBy(() -> InputFiles.requireReadable("--data", dir)).isInstanceOf(InvalidInputException.class)
                .hasMessageEndingWith("found a directory");
    }
}

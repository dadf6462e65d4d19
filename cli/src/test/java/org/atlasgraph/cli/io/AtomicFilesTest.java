package org.atlasgraph.cli.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.atlasgraph.api.check.InvalidInputException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AtomicFilesTest {
    @TempDir
    Path dir;

    @Test
    void writesTheContentAndLeavesNoTemporaryFile() throws IOException {
        Path target = dir.resolve("out.txt");

        AtomicFiles.writeString(target, "‖x‖ = 1\n");

        assertThat(target).as("target").hasContent("‖x‖ = 1\n");
        try (var files = Files.list(dir)) {
            assertThat(files).as("directory content").containsExactly(target);
        }
    }

    @Test
    void missingDirectoryAndDirectoryTargetsAreRefusedNamingTheTarget() throws IOException {
        Path missing = dir.resolve("missing").resolve("out.txt");
        Path directory = Files.createDirectory(dir.resolve("out"));

        assertThatThrownBy(() -> AtomicFiles.writeString(missing, "x")).isInstanceOf(InvalidInputException.class)
                .hasMessageStartingWith("'" + missing + "': expected a file in an existing directory");
        assertThatThrownBy(() -> AtomicFiles.writeString(directory, "x")).isInstanceOf(InvalidInputException.class)
                .hasMessage("'" + directory + "': expected a regular file, found a directory");
        assertThat(directory).as("directory left alone").isEmptyDirectory();
    }

    @Test
    void requireWritableNamesTheOptionAndTheMissingDirectory() {
        Path target = dir.resolve("missing").resolve("out.json");

        assertThatThrownBy(() -> AtomicFiles.requireWritable("--json", target))
                .isInstanceOf(InvalidInputException.class)
                .hasMessage("--json '" + target + "': expected a file in an existing directory, found no such "
                        + "directory '" + target.getParent() + "'");
        assertThat(AtomicFiles.requireWritable("--json", dir.resolve("ok.json"))).as("accepted path")
                .isEqualTo(dir.resolve("ok.json"));
    }
}

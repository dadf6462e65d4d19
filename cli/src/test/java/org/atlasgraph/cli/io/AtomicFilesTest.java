package org.atlasgraph.cli.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
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
    void replacesAnExistingFile() throws IOException {
        Path target = dir.resolve("out.txt");
        Files.writeString(target, "old");

        AtomicFiles.writeString(target, "new");

        assertThat(target).as("target").hasContent("new");
    }

    @Test
    void failingBodyLeavesNoFileBehind() {
        Path target = dir.resolve("out.json");

        assertThatThrownBy(() -> AtomicFiles.write(target, out -> {
            out.write("{\"half\":".getBytes(StandardCharsets.UTF_8));
            throw new IOException("simulated failure halfway");
        })).isInstanceOf(IOException.class).hasMessage("simulated failure halfway");

        assertThat(dir).as("directory after a failed write").isEmptyDirectory();
    }

    @Test
    void failingBodyLeavesTheOldContentIntact() throws IOException {
        Path target = dir.resolve("out.json");
        Files.writeString(target, "complete");

        assertThatThrownBy(() -> AtomicFiles.write(target, out -> {
            out.write('x');
            throw new IllegalStateException("computation failed");
        })).isInstanceOf(IllegalStateException.class);

        assertThat(target).as("previous content").hasContent("complete");
        assertThat(dir).as("directory").isDirectoryNotContaining("glob:**/*.tmp");
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
    void outputHasTheSamePermissionsAsAnOrdinaryNewFile() throws IOException {
        Path ordinary = Files.createFile(dir.resolve("ordinary"));
        Path target = dir.resolve("atomic");

        AtomicFiles.writeString(target, "x");

        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(target))).as("permissions")
                .isEqualTo(PosixFilePermissions.toString(Files.getPosixFilePermissions(ordinary)));
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

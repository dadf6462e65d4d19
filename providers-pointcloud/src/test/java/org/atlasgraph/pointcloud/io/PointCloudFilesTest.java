package org.atlasgraph.pointcloud.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.atlasgraph.api.check.InvalidInputException;
import org.atlasgraph.io.AtomicWriter;
import org.atlasgraph.io.NpyWriter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PointCloudFilesTest {
    @Test
    void readsAnNpyArrayOfFloat64RowMajor(@TempDir Path dir) throws IOException {
        Path file = npy(dir.resolve("points.npy"), new double[] {1, 2, 3, 4, 5, 6}, 2, 3);
        assertThat(PointCloudFiles.read(file)).as("2×3 array").isDeepEqualTo(new double[][] {{1, 2, 3}, {4, 5, 6}});
    }

    @Test
    void rejectsNpyArraysOfTheWrongShapeOrATruncatedFile(@TempDir Path dir) throws IOException {
        Path flat = npy(dir.resolve("flat.npy"), new double[] {1, 2, 3}, 3);
        assertThatThrownBy(() -> PointCloudFiles.read("--input", flat)).isInstanceOf(InvalidInputException.class)
                .hasMessage("--input '" + flat + "': expected a two-dimensional N×D array, found shape (3,) of '<f8'");
        Path cut = npy(dir.resolve("cut.npy"), new double[] {1, 2, 3, 4}, 2, 2);
        byte[] all = Files.readAllBytes(cut);
        Files.write(cut, java.util.Arrays.copyOf(all, all.length - 4));
        assertThatThrownBy(() -> PointCloudFiles.read(cut)).isInstanceOf(InvalidInputException.class)
                .hasMessage("'" + cut + "': expected 32 bytes of data for shape (2, 2) of '<f8', found 28 bytes (the "
                        + "file is truncated by 4 bytes)");
    }

    @Test
    void readsACsvWithAHeaderRow(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("points.csv");
        Files.writeString(file, "x,y,z\n1,2,3\n\n4.5,-1e-3,6\n");
        PointCloudFiles.Table t = PointCloudFiles.readCsv(file);
        assertThat(t.header()).as("header").containsExactly("x", "y", "z");
        assertThat(t.rows()).as("rows").isDeepEqualTo(new double[][] {{1, 2, 3}, {4.5, -1e-3, 6}});
    }

    @Test
    void readsACsvWithoutAHeaderKeepingItsFirstRow(@TempDir Path dir) throws IOException {
        Path file = Files.writeString(dir.resolve("points.csv"), "1,2,3\n4.5,-1e-3,6\n");
        PointCloudFiles.Table t = PointCloudFiles.readCsv(file);
        assertThat(t.header()).as("header").isEmpty();
        assertThat(t.columns()).as("columns").isEqualTo(3);
        assertThat(PointCloudFiles.read(file)).as("rows").isDeepEqualTo(new double[][] {{1, 2, 3}, {4.5, -1e-3, 6}});
    }

    @Test
    void rejectsMalformedCsvNamingLineAndColumn(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("bad.csv");
        Files.writeString(file, "x,y\n1,2\n3,abc\n");
        assertThatThrownBy(() -> PointCloudFiles.read(file)).isInstanceOf(InvalidInputException.class)
                .hasMessage("'" + file + "' line 3, column 2 ('y'): expected a decimal number such as 0.5 or -1e-3, "
                        + "found 'abc'");
        Files.writeString(file, "x,y\n1,2,3\n");
        assertThatThrownBy(() -> PointCloudFiles.read(file)).isInstanceOf(InvalidInputException.class)
                .hasMessage("'" + file + "' line 2: expected 2 fields as on line 1 (the header), found 3 fields");
        Files.writeString(file, "x,y\n1,NaN\n");
        assertThatThrownBy(() -> PointCloudFiles.read(file)).isInstanceOf(InvalidInputException.class)
                .hasMessage("'" + file + "' line 2, column 2 ('y'): expected a finite number, found 'NaN'");
        Files.writeString(file, "x,y\n1,0x1p-1\n");
        assertThatThrownBy(() -> PointCloudFiles.read(file)).isInstanceOf(InvalidInputException.class)
                .hasMessageEndingWith("found '0x1p-1' (Java literal syntax is not accepted)");
    }

    @Test
    void rejectsMissingFilesAndOtherTypes(@TempDir Path dir) throws IOException {
        assertThatThrownBy(() -> PointCloudFiles.read(dir.resolve("none.csv")))
                .isInstanceOf(InvalidInputException.class)
                .hasMessageEndingWith("expected a readable regular file, found no such file");
        Path txt = dir.resolve("points.txt");
        Files.writeString(txt, "1 2 3");
        assertThatThrownBy(() -> PointCloudFiles.read(txt)).isInstanceOf(InvalidInputException.class)
                .hasMessage("'" + txt + "': expected a .npy or .csv file of points, found 'points.txt'");
    }

    private static Path npy(Path file, double[] data, long... shape) throws IOException {
        AtomicWriter.create().write(file, out -> NpyWriter.write(out, shape, data));
        return file;
    }
}

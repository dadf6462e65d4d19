package org.atlasgraph.pointcloud.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.atlasgraph.api.check.InvalidInputException;
import org.jetbrains.bio.npy.NpyFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PointCloudFilesTest {
    @Test
    void readsAnNpyArrayOfFloat64RowMajor(@TempDir Path dir) {
        Path file = dir.resolve("points.npy");
        NpyFile.write(file, new double[] {1, 2, 3, 4, 5, 6}, new int[] {2, 3});
        assertThat(PointCloudFiles.read(file)).as("2×3 array").isDeepEqualTo(new double[][] {{1, 2, 3}, {4, 5, 6}});
    }

    @Test
    void rejectsNpyArraysOfTheWrongShapeOrType(@TempDir Path dir) {
        Path flat = dir.resolve("flat.npy");
        NpyFile.write(flat, new double[] {1, 2, 3}, new int[] {3});
        assertThatThrownBy(() -> PointCloudFiles.read(flat)).isInstanceOf(InvalidInputException.class)
                .hasMessage(flat + ": expected a two-dimensional N×D array, found shape [3]");
        Path floats = dir.resolve("floats.npy");
        NpyFile.write(floats, new float[] {1, 2, 3, 4}, new int[] {2, 2});
        assertThatThrownBy(() -> PointCloudFiles.read(floats)).isInstanceOf(InvalidInputException.class)
                .hasMessage(floats + ": expected dtype float64, found float[]");
    }

    @Test
    void readsACsvWithAHeaderRow(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("points.csv");
        Files.writeString(file, "x,y,z\n1,2,3\n\n4.5,-1e-3,6\n");
        PointCloudFiles.Table t = PointCloudFiles.readCsv(file);
        assertThat(t.header()).containsExactly("x", "y", "z");
        assertThat(t.rows()).isDeepEqualTo(new double[][] {{1, 2, 3}, {4.5, -1e-3, 6}});
    }

    @Test
    void rejectsMalformedCsvNamingLineAndColumn(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("bad.csv");
        Files.writeString(file, "x,y\n1,2\n3,abc\n");
        assertThatThrownBy(() -> PointCloudFiles.read(file)).isInstanceOf(InvalidInputException.class)
                .hasMessage(file + " line 3 column 'y': expected a finite number, found 'abc'");
        Files.writeString(file, "x,y\n1,2,3\n");
        assertThatThrownBy(() -> PointCloudFiles.read(file)).isInstanceOf(InvalidInputException.class)
                .hasMessage(file + " line 2: expected 2 comma-separated values like the header, found 3 values");
        Files.writeString(file, "x,y\n1,NaN\n");
        assertThatThrownBy(() -> PointCloudFiles.read(file)).isInstanceOf(InvalidInputException.class)
                .hasMessage(file + " line 2 column 'y': expected a finite number, found 'NaN'");
    }

    @Test
    void rejectsMissingFilesAndOtherTypes(@TempDir Path dir) throws IOException {
        assertThatThrownBy(() -> PointCloudFiles.read(dir.resolve("none.csv")))
                .isInstanceOf(InvalidInputException.class)
                .hasMessageEndingWith("expected a readable file, found no such file");
        Path txt = dir.resolve("points.txt");
        Files.writeString(txt, "1 2 3");
        assertThatThrownBy(() -> PointCloudFiles.read(txt)).isInstanceOf(InvalidInputException.class)
                .hasMessage(txt + ": expected a .npy or .csv file of points, found 'points.txt'");
    }
}

package org.atlasgraph.spark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.types.DataTypes;
import org.atlasgraph.api.check.InvalidInputException;
import org.atlasgraph.io.NpyWriter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Reading points on Spark: the formats, and bad input as one line naming the file (issue 14, item 6). */
class PointSourcesTest {
    private static PointSet read(Path path) {
        return PointSources.read(TestSpark.session(), "--input", path.toString(), 0, 0).points().validated();
    }

    private static List<double[]> rows(PointSet points) {
        return points.rdd().collect();
    }

    @Test
    void missingPathIsOneLineNamingIt(@TempDir Path dir) {
        Path missing = dir.resolve("nowhere.csv");
        assertThatThrownBy(() -> read(missing)).isInstanceOf(InvalidInputException.class)
                .hasMessage("--input '" + missing + "': expected an existing file or directory, found no such path");
    }

    @Test
    void nonNumericCellIsNamedWithItsFileLineAndColumn(@TempDir Path dir) throws IOException {
        Path csv = dir.resolve("p.csv");
        Files.writeString(csv, "x,y,z\n1,2,3\n\n4,abc,6\n");
        assertThatThrownBy(() -> read(csv)).isInstanceOf(InvalidInputException.class)
                .hasMessageStartingWith("--input '" + csv + "' line 4, column 2: expected a decimal number")
                .hasMessageContaining("found 'abc'").hasMessageNotContaining("\n");
    }

    @Test
    void columnCountThatDoesNotMatchTheFirstFileIsNamed(@TempDir Path dir) throws IOException {
        Files.writeString(dir.resolve("a.csv"), "1,2,3\n4,5,6\n");
        Files.writeString(dir.resolve("b.csv"), "1,2,3\n4,5,6,7\n");
        assertThatThrownBy(() -> read(dir)).isInstanceOf(InvalidInputException.class)
                .hasMessage("--input '" + dir.resolve("b.csv") + "' line 2: expected 3 fields, found 4 fields");
    }

    @Test
    void emptyFileOfADirectoryIsNamed(@TempDir Path dir) throws IOException {
        Files.writeString(dir.resolve("a.csv"), "1,2,3\n4,5,6\n");
        Files.writeString(dir.resolve("b.csv"), "");
        assertThatThrownBy(() -> read(dir)).isInstanceOf(InvalidInputException.class)
                .hasMessage("--input '" + dir.resolve("b.csv") + "': expected at least one point, found none (an "
                        + "empty file)");
    }

    @Test
    void emptySparkPartitionsAreNoError() {
        JavaSparkContext sc = JavaSparkContext.fromSparkContext(TestSpark.session().sparkContext());
        PointSet points = PointSources.klein(sc, 3, 1, 5).validated();
        assertThat(points.count()).as("three points in five partitions").isEqualTo(3);
        assertThat(points.offsets()).as("first index of each partition, then N").containsExactly(0, 1, 2, 3, 3, 3);
    }

    @Test
    void parquetAndNpyFilesGiveTheirRowsInOrder(@TempDir Path dir) throws IOException {
        double[][] expected = {{1, 2.5, -3}, {4, 5, 6e-3}, {7, 8, 9}};
        List<Row> data = List.of(RowFactory.create(1.0, 2.5f, -3), RowFactory.create(4.0, 5f, 0),
                RowFactory.create(7.0, 8f, 9));
        Dataset<Row> df = TestSpark.session().createDataFrame(data, DataTypes.createStructType(List.of(
                DataTypes.createStructField("a", DataTypes.DoubleType, false),
                DataTypes.createStructField("b", DataTypes.FloatType, false),
                DataTypes.createStructField("c", DataTypes.IntegerType, false))));
        Path parquet = dir.resolve("points.parquet");
        df.coalesce(1).write().parquet(parquet.toString());
        List<double[]> fromParquet = rows(read(parquet));
        assertThat(fromParquet).as("rows of a Parquet directory").hasSize(3);
        assertThat(fromParquet.get(1)).as("second row, an int column widened").containsExactly(4, 5, 0);

        Path npy = dir.resolve("points.npy");
        double[] flat = {1, 2.5, -3, 4, 5, 6e-3, 7, 8, 9};
        try (OutputStream out = Files.newOutputStream(npy)) {
            NpyWriter.write(out, new long[] {3, 3}, flat);
        }
        List<double[]> fromNpy = rows(read(npy));
        for (int i = 0; i < 3; i++) {
            assertThat(fromNpy.get(i)).as(".npy row %d", i).containsExactly(expected[i]);
        }
    }

    @Test
    void nonNumericParquetColumnIsNamed(@TempDir Path dir) {
        Dataset<Row> df = TestSpark.session().createDataFrame(List.of(RowFactory.create(1.0, "one")),
                DataTypes.createStructType(List.of(DataTypes.createStructField("a", DataTypes.DoubleType, false),
                        DataTypes.createStructField("name", DataTypes.StringType, false))));
        Path parquet = dir.resolve("labelled.parquet");
        df.write().parquet(parquet.toString());
        assertThatThrownBy(() -> read(parquet)).isInstanceOf(InvalidInputException.class)
                .hasMessageEndingWith(": expected numeric columns, found column 'name' of type string");
    }
}

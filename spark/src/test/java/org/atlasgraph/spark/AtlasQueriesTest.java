package org.atlasgraph.spark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.atlasgraph.api.check.InvalidInputException;
import org.atlasgraph.io.CsvFormat;
import org.atlasgraph.pointcloud.PointCloudAtlas;
import org.atlasgraph.pointcloud.io.AtlasJson;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/** Distributed queries against the same queries on the driver (issue 14, "Distributed queries"). */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class AtlasQueriesTest {
    private static final long SEED = 3;
    private static final int EQUATOR_POINTS = 90;
    /** Heights within which the score is compared with the height (the first-order logarithm's range). */
    private static final double NEAR = 0.3;
    /** The score's first-order error there, and the height beyond which every side must be right. */
    private static final double SIDE_MARGIN = 0.05;
    private PointCloudAtlas atlas;

    @BeforeAll
    void learn() {
        atlas = PointCloudAtlas.builder(SparkAtlasLearnerTest.klein(1500, 1, SEED)).seed(SEED).build();
    }

    @Test
    void distancesOfATableOfPairsAreTheAtlasGeodesicDistances(@TempDir Path dir) throws IOException {
        double[][] points = atlas.sample(40, SEED);
        StringBuilder csv = new StringBuilder();
        for (int i = 0; i < points.length; i += 2) {
            StringBuilder row = new StringBuilder();
            for (double v : points[i]) {
                row.append(v).append(',');
            }
            for (double v : points[i + 1]) {
                row.append(v).append(',');
            }
            csv.append(row, 0, row.length() - 1).append('\n');
        }
        Path pairs = dir.resolve("pairs.csv");
        Files.writeString(pairs, csv);
        Path out = dir.resolve("distances");
        long n = AtlasQueries.distances(TestSpark.session(), atlas.model(), pairs.toString(), out.toString(), "csv");
        assertThat(n).as("rows").isEqualTo(20);
        Dataset<Row> result = TestSpark.session().read().option("header", "true").option("inferSchema", "true")
                .csv(out.toString());
        assertThat(result.columns()).as("input columns and the distance").hasSize(19).endsWith("distance");
        List<Row> rows = result.collectAsList();
        assertThat(rows).hasSize(20);
        for (Row r : rows) {
            double[] x = new double[9];
            double[] y = new double[9];
            for (int j = 0; j < 9; j++) {
                x[j] = r.getDouble(j);
                y[j] = r.getDouble(9 + j);
            }
            assertThat(r.getDouble(18)).as("distance written vs computed on the driver")
                    .isEqualTo(atlas.geodesicDistance(x, y));
        }
    }

    @Test
    void classificationByAnEquatorOfTheSphereIsTheSignOfTheHeight(@TempDir Path dir) throws IOException {
        SplittableRandom random = new SplittableRandom(SEED);
        PointCloudAtlas sphere = PointCloudAtlas.builder(onSphere(1000, random)).seed(SEED).build();
        double[][] equator = new double[EQUATOR_POINTS][];
        for (int i = 0; i < EQUATOR_POINTS; i++) {
            double t = 2 * Math.PI * i / EQUATOR_POINTS;
            equator[i] = new double[] {Math.cos(t), Math.sin(t), 0, 0, 0, 1};
        }
        double[][] queries = onSphere(100, random);
        StringBuilder csv = new StringBuilder("x,y,z\n");
        for (double[] q : queries) {
            csv.append(q[0]).append(',').append(q[1]).append(',').append(q[2]).append('\n');
        }
        Path points = dir.resolve("points.csv");
        Files.writeString(points, csv);
        Path out = dir.resolve("sides");
        Path atlasFile = dir.resolve("sphere.json");
        AtlasJson.save(sphere, atlasFile);
        StringBuilder boundary = new StringBuilder("b0,b1,b2,n0,n1,n2\n");
        for (double[] b : equator) {
            boundary.append(CsvFormat.row(b));
        }
        Path boundaryFile = dir.resolve("boundary.csv");
        Files.writeString(boundaryFile, boundary);
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        ByteArrayOutputStream errors = new ByteArrayOutputStream();

        int code = SparkAtlasMain.run(new String[] {"classify", "--atlas", atlasFile.toString(), "--boundary",
            boundaryFile.toString(), "--plus", "north", "--minus", "south", "--input", points.toString(), "--out",
            out.toString(), "--format", "csv"}, new PrintStream(printed, true, StandardCharsets.UTF_8),
                new PrintStream(errors, true, StandardCharsets.UTF_8), "");

        assertThat(code).as("exit code; stderr: %s", errors.toString(StandardCharsets.UTF_8)).isZero();
        assertThat(printed.toString(StandardCharsets.UTF_8)).as("the entry point's report")
                .isEqualTo(queries.length + " points classified into " + out + System.lineSeparator());
        Dataset<Row> result = TestSpark.session().read().option("header", "true").option("inferSchema", "true")
                .csv(out.toString());
        assertThat(result.columns()).as("columns").containsExactly("x", "y", "z", "score", "predicted");
        List<Row> rows = result.collectAsList();
        assertThat(rows).hasSize(queries.length);
        double worstNear = 0;
        List<String> wrongSides = new ArrayList<>();
        for (Row r : rows) {
            double z = r.getDouble(2);
            if (Math.abs(z) <= NEAR) {
                worstNear = Math.max(worstNear, Math.abs(r.getDouble(3) - z));
            }
            if (Math.abs(z) > SIDE_MARGIN && !r.getString(4).equals(z > 0 ? "north" : "south")) {
                wrongSides.add("z=" + z + " → " + r.getString(4));
            }
        }
        // Near the boundary the score ⟨Log_b x, e_z⟩ at the nearest equator point b is the height z to first order
        // (the first-order logarithm and the learned chart's tangent plane agree with the sphere's to O(|z|·r)).
        assertThat(worstNear).as("largest |score − z| of the points within %s of the equator", NEAR)
                .isLessThanOrEqualTo(SIDE_MARGIN);
        assertThat(wrongSides).as("points farther than %s from the equator on the wrong side", SIDE_MARGIN)
                .isEmpty();

        Path planar = dir.resolve("planar.csv");
        Files.writeString(planar, "x,y\n0.6,0.8\n");
        assertThatThrownBy(() -> AtlasQueries.classify(TestSpark.session(), sphere.model(), equator, "north", "south",
                planar.toString(), dir.resolve("sides2").toString(), "csv")).isInstanceOf(InvalidInputException.class)
                .hasMessage("--input '" + planar + "' line 1: expected 3 columns, found 2 columns in the header");
        assertThat(dir.resolve("sides2")).as("no output after bad input").doesNotExist();
        assertThatThrownBy(() -> new BoundarySides(new double[][] {{1, 0, 0, 0, 0}}, 3))
                .isInstanceOf(InvalidInputException.class)
                .hasMessage("--boundary row 1: expected 6 values (a point of the atlas and its normal), found 5");
    }

    /** @return n points uniform on the unit sphere S² in R³ (normalised Gaussian vectors) */
    private static double[][] onSphere(int n, SplittableRandom random) {
        double[][] points = new double[n][];
        for (int i = 0; i < n; i++) {
            double[] g = {gaussian(random), gaussian(random), gaussian(random)};
            double norm = Math.sqrt(g[0] * g[0] + g[1] * g[1] + g[2] * g[2]);
            points[i] = new double[] {g[0] / norm, g[1] / norm, g[2] / norm};
        }
        return points;
    }

    private static double gaussian(SplittableRandom random) {
        return Math.sqrt(-2 * Math.log(1 - random.nextDouble())) * Math.cos(2 * Math.PI * random.nextDouble());
    }

    @Test
    void samplesAreDrawnOnTheExecutorsWithPartitionSeeds(@TempDir Path dir) {
        Path out = dir.resolve("sample");
        AtlasQueries.sample(TestSpark.session(), atlas.model(), 30, SEED, 3, out.toString(), "parquet");
        List<Row> rows = TestSpark.session().read().parquet(out.toString()).collectAsList();
        assertThat(rows).as("points").hasSize(30);
        double[] first = atlas.sample(10, SEED)[0];
        assertThat(rows.stream().anyMatch(r -> r.getDouble(0) == first[0] && r.getDouble(8) == first[8]))
                .as("partition 0 draws atlas.sample(10, seed)").isTrue();
    }

    @Test
    void aFailedQueryLeavesNoOutputAndAnExistingOutputIsRefused(@TempDir Path dir) throws IOException {
        Path pairs = dir.resolve("pairs.csv");
        StringBuilder row = new StringBuilder();
        for (int j = 0; j < 18; j++) {
            row.append(j == 0 ? "" : ",").append(j < 9 ? 0.0 : 50.0);
        }
        Files.writeString(pairs, row + "\n");
        Path out = dir.resolve("distances");
        assertThatThrownBy(() -> AtlasQueries.distances(TestSpark.session(), atlas.model(), pairs.toString(),
                out.toString(), "parquet")).isInstanceOf(InvalidInputException.class)
                .hasMessageStartingWith("--pairs row 0 (0-based, in input order): expected points on the atlas")
                .hasMessageNotContaining("\n");
        try (Stream<Path> left = Files.list(dir)) {
            assertThat(left).as("no output, complete or partial").containsExactly(pairs);
        }

        Path wrong = dir.resolve("short.csv");
        Files.writeString(wrong, "1,2,3\n");
        assertThatThrownBy(() -> AtlasQueries.distances(TestSpark.session(), atlas.model(), wrong.toString(),
                dir.resolve("d2").toString(), "csv")).isInstanceOf(InvalidInputException.class)
                .hasMessage("--pairs '" + wrong + "' line 1: expected 18 fields, found 3 fields");

        Files.createDirectory(out);
        assertThatThrownBy(() -> AtlasQueries.sample(TestSpark.session(), atlas.model(), 5, SEED, 1, out.toString(),
                "csv")).isInstanceOf(InvalidInputException.class)
                .hasMessage("--out '" + out + "': expected a path that does not exist yet (outputs are not "
                        + "overwritten), found an existing directory");
    }
}

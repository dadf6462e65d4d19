package org.atlasgraph.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code atlas learn}, {@code atlas sample} and {@code atlas distance} end to end on a small Klein data set. */
class PointCloudCommandsTest {
    @Test
    void noiseRaisesTheFitResidualOfTheBuiltInPatches(@TempDir Path dir) {
        double[] rms = new double[2];
        String[] noise = {"0", "0.05"};
        for (int k = 0; k < 2; k++) {
            CliRun learn = CliRun.atlas("learn", "--count", "1500", "--noise", noise[k], "--out",
                    dir.resolve("a" + k + ".json").toString());
            assertThat(learn.exitCode()).as("learn --noise %s; stderr: %s", noise[k], learn.err())
                    .isEqualTo(ExitCodes.OK);
            String line = learn.out().lines().filter(l -> l.startsWith("fit residual RMS")).findFirst().orElseThrow();
            rms[k] = Double.parseDouble(line.substring(line.lastIndexOf(' ') + 1));
            if (k == 1) {
                assertThat(learn.out()).as("the data set named with its noise").contains("noise σ = 0.05");
            }
        }
        // σ = 0.05 in each of 9 coordinates puts the points about σ·√(D − d) ≈ 0.13 off the surface
        assertThat(rms[1]).as("fit residual RMS with noise σ = 0.05 vs without").isGreaterThan(0.05)
                .isGreaterThan(3 * rms[0]);
    }

    @Test
    void learnThenSampleThenDistance(@TempDir Path dir) throws IOException {
        Path atlas = dir.resolve("atlas.json");
        CliRun learn = CliRun.atlas("learn", "--dataset", "klein", "--count", "1500", "--out", atlas.toString(),
                "--plot", dir.resolve("plots").toString());
        assertThat(learn.exitCode()).as("learn exit code; stderr: %s", learn.err()).isEqualTo(ExitCodes.OK);
        assertThat(learn.out()).as("learn report").contains("dimension d").contains("2 (estimated)")
                .contains("charts").contains("coverage").contains("1.0000").contains("fit residual RMS")
                .contains("saved to " + atlas);
        assertThat(Files.size(dir.resolve("plots").resolve("charts.png"))).as("overview plot").isPositive();
        assertThat(Files.size(dir.resolve("plots").resolve("chart-boundaries.png"))).as("panels").isPositive();

        Path points = dir.resolve("points.csv");
        CliRun sample = CliRun.atlas("sample", "--atlas", atlas.toString(), "--count", "20", "--seed", "3", "--out",
                points.toString());
        assertThat(sample.exitCode()).as("sample exit code; stderr: %s", sample.err()).isEqualTo(ExitCodes.OK);
        List<String> lines = Files.readAllLines(points);
        assertThat(lines).as("header and 20 rows").hasSize(21);
        assertThat(lines.get(0)).isEqualTo("x0,x1,x2,x3,x4,x5,x6,x7,x8");
        Path checked = dir.resolve("checked.csv");
        CliRun validated = CliRun.atlas("--validate", "sample", "--atlas", atlas.toString(), "--count", "20", "--seed",
                "3", "--out", checked.toString());
        assertThat(validated.exitCode()).as("sample --validate exit code; stderr: %s", validated.err())
                .isEqualTo(ExitCodes.OK);
        assertThat(Files.readAllLines(checked)).as("points drawn through the validating manifold").isEqualTo(lines);

        Path pairs = dir.resolve("pairs.csv");
        StringBuilder csv = new StringBuilder("a0,a1,a2,a3,a4,a5,a6,a7,a8,b0,b1,b2,b3,b4,b5,b6,b7,b8\n");
        for (int i = 1; i < 21; i += 2) {
            csv.append(lines.get(i)).append(',').append(lines.get(i + 1)).append('\n');
        }
        csv.append(lines.get(1)).append(',').append(lines.get(1)).append('\n');
        Files.writeString(pairs, csv);
        Path out = dir.resolve("d.csv");
        CliRun distance = CliRun.atlas("--validate", "distance", "--atlas", atlas.toString(), "--pairs",
                pairs.toString(), "--out", out.toString());
        assertThat(distance.exitCode()).as("distance exit code; stderr: %s", distance.err()).isEqualTo(ExitCodes.OK);
        List<String> result = Files.readAllLines(out);
        assertThat(result).as("header and 11 rows").hasSize(12);
        assertThat(result.get(0)).endsWith(",b8,distance");
        for (String row : result.subList(1, 11)) {
            double d = Double.parseDouble(row.substring(row.lastIndexOf(',') + 1));
            assertThat(d).as("distance of a sampled pair").isPositive();
        }
        String self = result.get(11);
        assertThat(Double.parseDouble(self.substring(self.lastIndexOf(',') + 1))).as("d(x, x)").isZero();
    }

    @Test
    void badInputIsOneLineWithExitCodeTwoAndLeavesNoFile(@TempDir Path dir) throws IOException {
        Path broken = dir.resolve("broken.json");
        Files.writeString(broken, "{ \"format\": ");
        CliRun sample = CliRun.atlas("sample", "--atlas", broken.toString(), "--out", dir.resolve("p.csv").toString());
        assertThat(sample.exitCode()).isEqualTo(ExitCodes.BAD_INPUT);
        assertThat(sample.errLines()).as("one line").hasSize(1);
        assertThat(sample.err()).startsWith("atlas sample: " + broken + ": expected a JSON atlas");

        Path csv = dir.resolve("points.csv");
        Files.writeString(csv, "x,y,z\n1,2,3\n4,5,6\n");
        CliRun learn = CliRun.atlas("learn", "--input", csv.toString(), "--out", dir.resolve("a.json").toString());
        assertThat(learn.exitCode()).isEqualTo(ExitCodes.BAD_INPUT);
        assertThat(learn.err()).startsWith("atlas learn: --input '" + csv + "': points: expected at least");

        CliRun spark = CliRun.atlas("learn", "--spark", "--count", "200", "--out", dir.resolve("a.json").toString());
        assertThat(spark.exitCode()).as("--spark without the spark module").isEqualTo(ExitCodes.BAD_INPUT);
        assertThat(spark.errLines()).as("one line").hasSize(1);
        assertThat(spark.err()).startsWith("atlas learn: --spark: expected the spark module on the class path");
        assertThat(dir.resolve("a.json")).as("no output").doesNotExist();

        CliRun negative = CliRun.atlas("learn", "--count", "200", "--noise", "-1", "--out",
                dir.resolve("a.json").toString());
        assertThat(negative.exitCode()).isEqualTo(ExitCodes.BAD_INPUT);
        assertThat(negative.err()).startsWith("atlas learn: --noise: expected a finite σ ≥ 0, found -1.0");
        CliRun noisyFile = CliRun.atlas("learn", "--input", csv.toString(), "--noise", "0.02", "--out",
                dir.resolve("a.json").toString());
        assertThat(noisyFile.exitCode()).isEqualTo(ExitCodes.BAD_INPUT);
        assertThat(noisyFile.err()).startsWith("atlas learn: --noise: expected no --noise with --input");

        CliRun dim = CliRun.atlas("learn", "--count", "200", "--dim", "9", "--out", dir.resolve("a.json").toString());
        assertThat(dim.exitCode()).isEqualTo(ExitCodes.BAD_INPUT);
        assertThat(dim.err()).startsWith("atlas learn: --dim: expected 1 ≤ d < D = 9 (the data's dimension), found 9");
        try (Stream<Path> files = Files.list(dir)) {
            assertThat(files.map(p -> p.getFileName().toString())).as("files after the failures")
                    .containsExactlyInAnyOrder("broken.json", "points.csv");
        }
    }
}

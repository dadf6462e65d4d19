package org.atlasgraph.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.atlasgraph.pointcloud.data.KleinPatches;
import org.atlasgraph.pointcloud.data.PatchLabel;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code atlas rpb} end to end on small Klein-bottle samples: the built-in run, a user CSV with predictions, and the
 * one-line messages for bad input. Runs are shortened (fewer points and steps, longer steps) to keep the test quick.
 */
class RpbCommandTest {
    /** Below ~2500 patches some charts of the learned atlas are fitted to ~20 points, and the curves can snag. */
    private static final String PATCHES = "2500";
    /** The bound for the held-out accuracy on the Klein bottle. */
    private static final double MIN_ACCURACY = 95.0;
    private static final byte[] PNG_MAGIC = {(byte) 0x89, 'P', 'N', 'G'};

    @TempDir
    Path dir;

    @Test
    void builtInRunPrintsTheHeldOutAccuracyAndWritesTheFramesAndTheFinalPlot() throws IOException {
        Path plots = dir.resolve("plots");
        CliRun run = CliRun.atlas("rpb", "--points", PATCHES, "--test-points", "500", "--frame-every", "800",
                "--plot", plots.toString());

        assertThat(run.exitCode()).as("exit code; stderr: %s", run.err()).isEqualTo(ExitCodes.OK);
        assertThat(run.out()).contains("data: 2500 patches of the Klein bottle (seed 1)")
                .contains("h (kernel radius)").containsPattern("iterations +\\| +2000")
                .contains("stopped: the ");
        assertThat(accuracy(run.out(), "held-out accuracy: ")).as("held-out accuracy (%)")
                .isGreaterThanOrEqualTo(MIN_ACCURACY);
        for (String name : List.of("rpb-step-0800.png", "rpb-step-1600.png", "rpb.png")) {
            assertThat(Files.readAllBytes(plots.resolve(name))).as(name).startsWith(PNG_MAGIC);
        }
        assertThat(plots.resolve("rpb-step-2400.png")).as("no frame beyond the last step").doesNotExist();
    }

    @Test
    void userDataRunWritesPredictionsAndTheirAccuracy() throws IOException {
        Path train = writeKlein(dir.resolve("train.csv"), Integer.parseInt(PATCHES), 11, true, true);
        Path points = writeKlein(dir.resolve("points.csv"), 200, 12, true, true);
        Path out = dir.resolve("predictions.csv");
        Path boundary = dir.resolve("boundary.csv");

        CliRun run = CliRun.atlas("rpb", "--train", train.toString(), "--classes", "convex,concave", "--predict",
                points.toString(), "--out", out.toString(), "--save-boundary", boundary.toString());

        assertThat(run.exitCode()).as("exit code; stderr: %s", run.err()).isEqualTo(ExitCodes.OK);
        assertThat(run.out()).contains("'convex' (+)").contains("'concave' (−)").contains("other");
        assertThat(accuracy(run.out(), "accuracy on the labelled points of " + points + ": "))
                .as("accuracy on the convex and concave rows of the prediction file (%)")
                .isGreaterThanOrEqualTo(MIN_ACCURACY);
        List<String> lines = Files.readAllLines(out);
        assertThat(lines.get(0)).isEqualTo("x0,x1,x2,x3,x4,x5,x6,x7,x8,label,predicted,score");
        assertThat(lines).hasSize(201);
        assertThat(lines.get(1)).matches(".*,(convex|concave|neither),(convex|concave),-?[0-9.e+-]+");

        List<String> saved = Files.readAllLines(boundary);
        assertThat(saved.get(0)).as("boundary header")
                .isEqualTo("b0,b1,b2,b3,b4,b5,b6,b7,b8,n0,n1,n2,n3,n4,n5,n6,n7,n8");
        assertThat(saved).as("boundary rows").hasSizeGreaterThan(2);
        for (String row : saved.subList(1, saved.size())) {
            double[] v = Arrays.stream(row.split(",")).mapToDouble(Double::parseDouble).toArray();
            double norm = 0;
            for (int j = 9; j < 18; j++) {
                norm += v[j] * v[j];
            }
            // The fit's normals are unit in the induced metric, i.e. their push-forwards are ambient unit vectors.
            assertThat(Math.sqrt(norm)).as("ambient length of the normal in row %s", row).isCloseTo(1.0,
                    within(1e-9));
        }
    }

    @Test
    void classesThatFillRegionsAreFollowedAlongTheirMargins() throws IOException {
        Path train = writeSphere(dir.resolve("hemispheres.csv"), x -> x[2] > 0 ? "north" : "south");

        CliRun run = CliRun.atlas("rpb", "--train", train.toString(), "--iterations", "300");

        assertThat(run.exitCode()).as("exit code; stderr: %s%nstdout: %s", run.err(), run.out())
                .isEqualTo(ExitCodes.OK);
        assertThat(accuracy(run.out(), "training accuracy: ")).as("training accuracy (%)")
                .isGreaterThanOrEqualTo(RpbCommand.MIN_TRAINING_PERCENT);
        assertThat(run.out()).contains("stopped: the ");
    }

    @Test
    void classesThatInterleaveAreReportedAsNotSeparated() throws IOException {
        SplittableRandom labels = new SplittableRandom(8);
        Path train = writeSphere(dir.resolve("interleaved.csv"), x -> labels.nextBoolean() ? "north" : "south");

        CliRun run = CliRun.atlas("rpb", "--train", train.toString(), "--iterations", "300");

        assertThat(run.exitCode()).as("exit code; stderr: %s%nstdout: %s", run.err(), run.out())
                .isEqualTo(ExitCodes.CHECK_FAILED);
        assertThat(accuracy(run.out(), "training accuracy: ")).as("training accuracy (%)")
                .isLessThan(RpbCommand.MIN_TRAINING_PERCENT);
        assertThat(run.errLines()).as("one line saying why").hasSize(1);
        assertThat(run.err()).startsWith("atlas rpb: the principal boundary does not separate 'north' from 'south': ")
                .contains("classes that interleave");
    }

    @Test
    void threeLabelsWithoutClassesIsOneLineOfBadInput() throws IOException {
        Path train = writeKlein(dir.resolve("train.csv"), 100, 1, true, true);
        CliRun run = CliRun.atlas("rpb", "--train", train.toString());
        assertBadInput(run, "atlas rpb: --train: expected exactly two values in column 'label' (or --classes A,B to"
                + " choose two), found 3 [concave, convex, neither] (" + train + ")");
    }

    @Test
    void aClassWithoutTrainingPointsIsNamed() throws IOException {
        Path train = writeKlein(dir.resolve("train.csv"), 100, 1, true, true);
        CliRun run = CliRun.atlas("rpb", "--train", train.toString(), "--classes", "convex,curved");
        assertBadInput(run, "atlas rpb: --classes: expected labels of the training file [concave, convex, neither],"
                + " found 'curved' (no training point has this label)");
    }

    @Test
    void aRadiusTooSmallForNeighboursIsReportedWithASuggestion() throws IOException {
        Path train = writeKlein(dir.resolve("train.csv"), 1000, 1, false, true);
        CliRun run = CliRun.atlas("rpb", "--train", train.toString(), "--h", "0.001");
        assertThat(run.exitCode()).isEqualTo(ExitCodes.BAD_INPUT);
        assertThat(run.errLines()).hasSize(1);
        assertThat(run.err()).startsWith("atlas rpb: h: expected a radius with at least 3 points of class 'concave'"
                + " around the start of its principal flow").contains("(h is too small; try h = ");
    }

    @Test
    void predictWithoutOutAndUnreadableFilesAreRejectedBeforeAnyWork() {
        assertBadInput(CliRun.atlas("rpb", "--predict", dir.resolve("p.csv").toString()),
                "atlas rpb: --predict: expected --predict and --out to be given together, found no --out");
        assertBadInput(CliRun.atlas("rpb", "--train", dir.resolve("missing.csv").toString()),
                "atlas rpb: --train '" + dir.resolve("missing.csv") + "': expected a readable regular file, found "
                        + "no such file");
        assertBadInput(CliRun.atlas("rpb", "--classes", "a,a"),
                "atlas rpb: --classes: expected two different labels A,B, found a,a");
    }

    private static void assertBadInput(CliRun run, String line) {
        assertThat(run.exitCode()).as("exit code; stderr: %s", run.err()).isEqualTo(ExitCodes.BAD_INPUT);
        assertThat(run.errLines()).as("stderr lines").containsExactly(line);
    }

    /** Writes Klein patches as CSV with columns x0…x8 and, optionally, a label column. */
    private static Path writeKlein(Path file, int count, long seed, boolean withNeither, boolean labels)
            throws IOException {
        KleinPatches patches = KleinPatches.sample(withNeither ? count : 3 * count, seed);
        StringBuilder b = new StringBuilder("x0,x1,x2,x3,x4,x5,x6,x7,x8" + (labels ? ",label" : "") + "\n");
        int written = 0;
        for (int i = 0; i < patches.size() && written < count; i++) {
            PatchLabel label = patches.label(i);
            if (!withNeither && label == PatchLabel.NEITHER) {
                continue;
            }
            for (double v : patches.point(i)) {
                b.append(v).append(',');
            }
            b.setLength(b.length() - 1);
            if (labels) {
                b.append(',').append(label.name().toLowerCase(Locale.ROOT));
            }
            b.append('\n');
            written++;
        }
        Files.writeString(file, b.toString());
        return file;
    }

    /** Writes 500 uniform points of S² as CSV with columns x, y, z and the label the rule gives each. */
    private static Path writeSphere(Path file, Function<double[], String> label) throws IOException {
        SplittableRandom rng = new SplittableRandom(7);
        StringBuilder b = new StringBuilder("x,y,z,label\n");
        for (int i = 0; i < 500; i++) {
            double[] v = {rng.nextGaussian(), rng.nextGaussian(), rng.nextGaussian()};
            double norm = Math.sqrt(v[0] * v[0] + v[1] * v[1] + v[2] * v[2]);
            double[] x = {v[0] / norm, v[1] / norm, v[2] / norm};
            b.append(x[0]).append(',').append(x[1]).append(',').append(x[2]).append(',').append(label.apply(x))
                    .append('\n');
        }
        Files.writeString(file, b.toString());
        return file;
    }

    private static double accuracy(String out, String prefix) {
        Matcher m = Pattern.compile(Pattern.quote(prefix) + "([0-9.]+)%").matcher(out);
        assertThat(m.find()).as("'%s…%%' in the output:%n%s", prefix, out).isTrue();
        return Double.parseDouble(m.group(1));
    }
}

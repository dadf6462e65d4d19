package org.atlasgraph.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.inject.Guice;
import com.google.inject.Injector;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.function.Supplier;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.atlasgraph.api.check.InvalidInputException;
import org.atlasgraph.cli.wiring.AtlasModule;
import org.atlasgraph.io.NpyWriter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine.Command;

/**
 * The CLI's contract on the defects named by issue 10 (its "Why"): every failure is exit 2 with one line naming the
 * input and what was expected, or exit 3 with a non-empty line; sizes are checked against the heap before anything is
 * allocated; options are checked before any long work; nothing is written on failure.
 */
class ContractTest {
    private static final Injector INJECTOR = Guice.createInjector(new AtlasModule());

    @TempDir
    Path dir;

    /** A test-only subcommand that throws what it is given, from its own thread or from a parallel stream. */
    @Command(name = "boom")
    static final class Boom implements Callable<Integer> {
        private final Supplier<? extends Throwable> failure;
        private final boolean parallel;

        Boom(Supplier<? extends Throwable> failure, boolean parallel) {
            this.failure = failure;
            this.parallel = parallel;
        }

        @Override
        public Integer call() throws Exception {
            if (parallel) {
                IntStream.range(0, 64).parallel().forEach(i -> {
                    if (i == 37) {
                        throwUnchecked(failure.get());
                    }
                });
                return ExitCodes.OK;
            }
            throwUnchecked(failure.get());
            return ExitCodes.OK;
        }

        private static void throwUnchecked(Throwable t) {
            if (t instanceof RuntimeException r) {
                throw r;
            }
            if (t instanceof Error e) {
                throw e;
            }
            throw new IllegalStateException(t);
        }
    }

    private static CliRun boom(Supplier<? extends Throwable> failure, boolean parallel) {
        return CliRun.atlas(INJECTOR, cmd -> cmd.addSubcommand(new Boom(failure, parallel)), "boom");
    }

    private List<String> files() throws IOException {
        try (Stream<Path> list = Files.list(dir)) {
            return list.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    @Test
    void outOfMemoryIsOneLineWithExitThreeAndTheHeapSize() {
        CliRun run = boom(() -> new OutOfMemoryError("Java heap space"), false);

        assertThat(run.exitCode()).as("exit code").isEqualTo(ExitCodes.INTERNAL_ERROR);
        assertThat(run.errLines()).as("stderr lines").hasSize(1);
        assertThat(run.err()).as("stderr").startsWith("atlas boom: out of memory (Java heap space) in a heap of at "
                + "most ").contains("ATLAS_JAVA_OPTS=-Xmx").doesNotContain("\tat ");
    }

    @Test
    void stackOverflowIsOneLineWithExitThree() {
        CliRun run = boom(StackOverflowError::new, false);

        assertThat(run.exitCode()).as("exit code").isEqualTo(ExitCodes.INTERNAL_ERROR);
        assertThat(run.errLines()).as("stderr lines").containsExactly(
                "atlas boom: internal error: stack overflow (java.lang.StackOverflowError) (rerun with --verbose for "
                        + "the stack trace)");
    }

    /** Issue 10: learn/rpb on data with an outlier exited 3 with an empty message, a fork-join pool's copy. */
    @Test
    void failureInAParallelTaskKeepsItsMessage() {
        CliRun run = boom(() -> new ArithmeticException("the ball of chart 1 is rank-deficient"), true);

        assertThat(run.exitCode()).as("exit code").isEqualTo(ExitCodes.INTERNAL_ERROR);
        assertThat(run.errLines()).as("stderr lines").containsExactly("atlas boom: internal error: "
                + "java.lang.ArithmeticException: the ball of chart 1 is rank-deficient (rerun with --verbose for the "
                + "stack trace)");
    }

    @Test
    void badInputInAParallelTaskIsStillBadInput() {
        CliRun run = boom(() -> new InvalidInputException("--input 'p.npy' row 38", "a finite value", "NaN"), true);

        assertThat(run.exitCode()).as("exit code").isEqualTo(ExitCodes.BAD_INPUT);
        assertThat(run.errLines()).as("stderr lines").containsExactly(
                "atlas boom: --input 'p.npy' row 38: expected a finite value, found NaN");
    }

    @Test
    void outOfMemoryInAParallelTaskIsReportedAsSuch() {
        CliRun run = boom(() -> new OutOfMemoryError("Java heap space"), true);

        assertThat(run.exitCode()).as("exit code").isEqualTo(ExitCodes.INTERNAL_ERROR);
        assertThat(run.errLines()).as("stderr lines").hasSize(1);
        assertThat(run.err()).as("stderr").startsWith("atlas boom: out of memory (Java heap space)");
    }

    /** Issue 10: {@code sample --count 2147483647} ended in an OutOfMemoryError's stack trace and exit 1. */
    @Test
    void sampleCountBeyondTheHeapSaysWhatFitsAndWritesNothing() throws IOException {
        Path atlas = TestAtlases.small(dir);
        List<String> before = files();

        CliRun run = CliRun.atlas("sample", "--atlas", atlas.toString(), "--count", "2147483647", "--out",
                dir.resolve("p.csv").toString());

        assertThat(run.exitCode()).as("exit code; stderr: %s", run.err()).isEqualTo(ExitCodes.BAD_INPUT);
        assertThat(run.errLines()).as("stderr lines").hasSize(1);
        assertThat(run.err()).as("stderr").startsWith("atlas sample: --count: expected at most ")
                .contains("points of 9 coordinates").endsWith("found 2147483647" + System.lineSeparator());
        assertThat(files()).as("files").isEqualTo(before);
    }

    /** Issue 10: {@code tck --provider sphere --param n=100000000} ran out of memory with a stack trace. */
    @Test
    void tckOnAManifoldBeyondTheHeapSaysWhatFits() {
        CliRun run = CliRun.atlas("tck", "--provider", "sphere", "--param", "n=100000000");

        assertThat(run.exitCode()).as("exit code; stderr: %s", run.err()).isEqualTo(ExitCodes.BAD_INPUT);
        assertThat(run.errLines()).as("stderr lines").hasSize(1);
        assertThat(run.err()).as("stderr").startsWith("atlas tck: --provider sphere --param n=100000000: expected a "
                + "manifold of ambient dimension at most ").contains("found S^99999999 of ambient dimension 100000000");
    }

    @Test
    void frechetOnAManifoldBeyondTheHeapSaysWhatFits() {
        CliRun run = CliRun.atlas("frechet", "--param", "n=100000000", "--param", "k=5", "--count", "10");

        assertThat(run.exitCode()).as("exit code; stderr: %s", run.err()).isEqualTo(ExitCodes.BAD_INPUT);
        assertThat(run.err()).as("stderr").startsWith("atlas frechet: --provider grassmann --param n=100000000 "
                + "--param k=5: expected a manifold of ambient dimension at most ");
    }

    @Test
    void learnCountBeyondTheHeapSaysWhatFits() {
        CliRun run = CliRun.atlas("learn", "--count", "2000000000", "--out", dir.resolve("a.json").toString());

        assertThat(run.exitCode()).as("exit code; stderr: %s", run.err()).isEqualTo(ExitCodes.BAD_INPUT);
        assertThat(run.err()).as("stderr").startsWith("atlas learn: --count: expected at most ")
                .contains("patches to learn from");
    }

    /**
     * Issue 10: {@code learn --plot EXISTING_FILE} learned, saved the atlas, then failed. Now the option is checked
     * first: with a million patches to learn, a check after learning would take minutes and leave an atlas.
     */
    @Test
    void learnChecksPlotBeforeLearningAndWritesNothing() throws IOException {
        Path existing = Files.writeString(dir.resolve("existing.png"), "not a directory");
        List<String> before = files();

        CliRun run = CliRun.atlas("learn", "--count", "1000000", "--plot", existing.toString(), "--out",
                dir.resolve("atlas.json").toString());

        assertThat(run.exitCode()).as("exit code; stderr: %s", run.err()).isEqualTo(ExitCodes.BAD_INPUT);
        assertThat(run.errLines()).as("stderr lines").containsExactly("atlas learn: --plot: expected a directory "
                + "(created if absent), found '" + existing + "' (an existing file)");
        assertThat(files()).as("files").isEqualTo(before);
        assertThat(Files.readString(existing)).as("the file named by --plot").isEqualTo("not a directory");
    }

    /** Issue 10: {@code rpb} checked --h, --alpha and --step after learning the atlas. */
    @Test
    void rpbChecksItsParametersBeforeLearning() {
        for (String[] bad : List.of(new String[] {"--h", "-1", "--h: expected a finite value > 0, found -1.0"},
                new String[] {"--alpha", "-1", "--alpha: expected a finite value ≥ 0, found -1.0"},
                new String[] {"--step", "0", "--step: expected a finite value > 0, found 0.0"},
                new String[] {"--boundary-correction", "-0.5", "--boundary-correction: expected a finite value ≥ 0, "
                        + "found -0.5"})) {
            // 10⁶ built-in patches: learning them first would take minutes
            CliRun run = CliRun.atlas("rpb", "--points", "1000000", bad[0], bad[1]);

            assertThat(run.exitCode()).as("exit code for %s %s; stderr: %s", bad[0], bad[1], run.err())
                    .isEqualTo(ExitCodes.BAD_INPUT);
            assertThat(run.errLines()).as("stderr lines for %s %s", bad[0], bad[1])
                    .containsExactly("atlas rpb: " + bad[2]);
            assertThat(run.out()).as("nothing learned").isEmpty();
        }
    }

    @Test
    void rpbPlotDirectoryIsNotCreatedWhenTheRunFails() {
        Path plots = dir.resolve("plots").resolve("deeper");

        CliRun run = CliRun.atlas("rpb", "--plot", plots.toString(), "--points", "5");

        assertThat(run.exitCode()).as("exit code; stderr: %s", run.err()).isEqualTo(ExitCodes.BAD_INPUT);
        assertThat(run.err()).as("stderr").startsWith("atlas rpb: --points: expected 10 ≤ --points ≤ 1000000");
        assertThat(dir.resolve("plots")).as("no directory left behind").doesNotExist();
    }

    /**
     * Issue 10: {@code frechet --input} with frames scaled by 1e-300 exited 3, and a non-orthonormal frame was reported
     * as the next sample without the file's name. The first frame starts every scheme's estimate.
     */
    @Test
    void frechetNamesTheFileAndTheSampleOfAFrameThatCannotStartTheEstimate() throws IOException {
        double[] frames = new double[3 * 6 * 2];
        for (int s = 0; s < 3; s++) {
            frames[s * 12] = 1;
            frames[s * 12 + 3] = 1;
        }
        double[] tiny = frames.clone();
        for (int i = 0; i < tiny.length; i++) {
            tiny[i] *= 1e-300;
        }
        Path file = npy(dir.resolve("tiny.npy"), tiny, 3, 6, 2);

        CliRun run = CliRun.atlas("frechet", "--input", file.toString(), "--warmup", "0", "--json",
                dir.resolve("out.json").toString());

        assertThat(run.exitCode()).as("exit code; stderr: %s", run.err()).isEqualTo(ExitCodes.BAD_INPUT);
        assertThat(run.errLines()).as("stderr lines").hasSize(1);
        assertThat(run.err()).as("stderr").startsWith("atlas frechet: --input '" + file + "': sample 1: expected an "
                + "orthonormal n×k basis");
        assertThat(dir.resolve("out.json")).as("no JSON").doesNotExist();

        Path fine = npy(dir.resolve("fine.npy"), frames, 3, 6, 2);
        CliRun ok = CliRun.atlas("frechet", "--input", fine.toString(), "--warmup", "0");
        assertThat(ok.exitCode()).as("the same frames unscaled; stderr: %s", ok.err()).isEqualTo(ExitCodes.OK);
    }

    /** Issue 10: Java literals such as {@code 0x1p-1} and {@code 2f} were accepted as numbers. */
    @Test
    void javaLiteralsInACsvAreRejectedNamingFileLineAndColumn() throws IOException {
        for (String literal : List.of("0x1p-1", "2f", "1_000", "1d")) {
            Path csv = Files.writeString(dir.resolve("points.csv"), "x,y,z\n0.6,0.8,0\n0,0.6," + literal + "\n");

            CliRun run = CliRun.atlas("learn", "--input", csv.toString(), "--out", dir.resolve("a.json").toString());

            assertThat(run.exitCode()).as("exit code for %s; stderr: %s", literal, run.err())
                    .isEqualTo(ExitCodes.BAD_INPUT);
            assertThat(run.errLines()).as("stderr lines for %s", literal).hasSize(1);
            assertThat(run.err()).as("stderr for %s", literal).contains(csv.toString()).contains("line 3")
                    .contains("column 3").contains(literal);
            assertThat(dir.resolve("a.json")).as("no atlas").doesNotExist();
        }
    }

    /** Issue 10: a CSV without a header lost its first point. */
    @Test
    void aCsvWithoutAHeaderKeepsItsFirstPoint() throws IOException {
        StringBuilder text = new StringBuilder();
        int n = 1000;
        for (int i = 0; i < n; i++) {
            double t = 2 * Math.PI * i / n;
            double z = -1 + 2.0 * ((i * 37) % n) / n;
            double r = Math.sqrt(1 - z * z);
            text.append(r * Math.cos(t)).append(',').append(r * Math.sin(t)).append(',').append(z).append('\n');
        }
        Path csv = Files.writeString(dir.resolve("sphere.csv"), text);

        CliRun run = CliRun.atlas("learn", "--input", csv.toString(), "--out", dir.resolve("a.json").toString());

        assertThat(run.exitCode()).as("exit code; stderr: %s", run.err()).isEqualTo(ExitCodes.OK);
        assertThat(run.out()).as("summary").containsPattern("points N × D +\\| +" + n + " × 3");
    }

    @Test
    void quietIsAcceptedBeforeAndAfterTheSubcommand() {
        CliRun before = CliRun.atlas("--quiet", "providers");
        CliRun after = CliRun.atlas("providers", "--quiet");

        assertThat(before.exitCode()).as("--quiet providers").isEqualTo(ExitCodes.OK);
        assertThat(after.exitCode()).as("providers --quiet").isEqualTo(ExitCodes.OK);
        assertThat(after.out()).as("same output").isEqualTo(before.out());
    }

    private static Path npy(Path file, double[] values, long... shape) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        NpyWriter.write(out, shape, values);
        return Files.write(file, out.toByteArray());
    }
}

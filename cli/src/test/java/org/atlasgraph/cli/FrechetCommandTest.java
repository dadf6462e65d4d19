package org.atlasgraph.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import org.atlasgraph.api.Manifold;
import org.atlasgraph.api.capability.GeodesicPowerDistribution;
import org.atlasgraph.api.capability.Sampler;
import org.atlasgraph.api.spi.Providers;
import org.atlasgraph.cli.frechet.FrechetRuns;
import org.atlasgraph.cli.io.JsonFiles;
import org.atlasgraph.io.NpyWriter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class FrechetCommandTest {
    private static final long SEED = 3;
    /** Distance of the estimate to the mean of GPD(X, 2) on Gr(12,3) after 200 samples: well below this. */
    private static final double LOOSE_ACCURACY = 0.2;
    private static final byte[] PNG_MAGIC = {(byte) 0x89, 'P', 'N', 'G'};

    @TempDir
    Path dir;

    @Test
    void printsOneRowPerSchemeForTheDefaultSchemes() {
        CliRun run = CliRun.atlas("frechet", "--param", "n=20", "--param", "k=3", "--count", "40");

        assertThat(run.exitCode()).as("exit code; stderr: %s", run.err()).isEqualTo(ExitCodes.OK);
        assertThat(run.out()).as("table header").startsWith("scheme ").contains("µs/sample", "dist. to mean",
                "chart changes");
        for (String scheme : FrechetRuns.PAPER_SCHEMES) {
            assertThat(run.out()).as("row of %s", scheme).containsPattern("(?m)^" + scheme + " +\\| ");
        }
        assertThat(run.out()).as("summary").contains("Gr(20,3): 40 samples, GPD(X, p=2), seed 1");
        assertThat(run.err()).as("stderr").isEmpty();
    }

    @Test
    void writesJsonAndPlotsWithTheSameNumbers() throws IOException {
        Path json = dir.resolve("frechet.json");
        Path plots = dir.resolve("plots");
        CliRun run = CliRun.atlas("frechet", "--param", "n=12", "--param", "k=3", "--count", "200", "--seed", "5",
                "--json", json.toString(), "--plot", plots.toString());

        assertThat(run.exitCode()).as("exit code; stderr: %s", run.err()).isEqualTo(ExitCodes.OK);
        JsonNode root = JsonFiles.mapper().readTree(json.toFile());
        JsonNode r = root.get("runs").get(0);
        assertThat(r.get("manifold").asText()).as("manifold").isEqualTo("Gr(12,3)");
        assertThat(r.get("schemes")).as("schemes").hasSize(FrechetRuns.PAPER_SCHEMES.size());
        for (JsonNode s : r.get("schemes")) {
            String name = s.get("scheme").asText();
            assertThat(s.get("samples").asLong()).as("%s samples", name).isEqualTo(200);
            assertThat(s.get("seconds").asDouble()).as("%s seconds", name).isPositive();
            assertThat(s.get("finalDistance").asDouble()).as("%s final distance", name).isLessThan(LOOSE_ACCURACY);
            assertThat(s.get("curve").size()).as("%s curve points", name).isGreaterThan(10);
            JsonNode last = s.get("curve").get(s.get("curve").size() - 1);
            assertThat(last.get(0).asLong()).as("%s last curve point", name).isEqualTo(200);
            assertThat(last.get(1).asDouble()).as("%s curve ends at the final distance", name)
                    .isEqualTo(s.get("finalDistance").asDouble());
            assertThat(run.out()).as("table row of %s", name).contains(String.format(Locale.ROOT,
                    "%.2e", s.get("finalDistance").asDouble()));
        }
        assertThat(Files.readAllBytes(plots.resolve("frechet-error-Gr-12-3.png"))).as("error-curve PNG")
                .startsWith(PNG_MAGIC);
    }

    @Test
    void sweepOverKWritesTheRuntimePlotAndOneTable() {
        Path plots = dir.resolve("sweep");
        CliRun run = CliRun.atlas("frechet", "--param", "n=12", "--sweep-k", "2,3", "--count", "10",
                "--schemes", "atlas,retraction", "--plot", plots.toString());

        assertThat(run.exitCode()).as("exit code; stderr: %s", run.err()).isEqualTo(ExitCodes.OK);
        assertThat(run.out()).as("table").startsWith("manifold ").containsPattern("(?m)^Gr\\(12,2\\) +\\| atlas")
                .containsPattern("(?m)^Gr\\(12,3\\) +\\| retraction");
        assertThat(plots.resolve("frechet-runtime-vs-k.png")).as("runtime plot").exists();
    }

    @Test
    void runsOnTheSphereWithNamedSchemes() {
        CliRun run = CliRun.atlas("frechet", "--provider", "sphere", "--param", "n=4", "--count", "50",
                "--schemes", "atlas,exp");

        assertThat(run.exitCode()).as("exit code; stderr: %s", run.err()).isEqualTo(ExitCodes.OK);
        assertThat(run.out()).as("summary").contains("S^3: 50 samples").doesNotContain("skipped");
    }

    @Test
    void onTheSphereTheDefaultSchemesItLacksAreSkippedWithANote() {
        // δ_max = π: about one sample in twenty lies beyond the hemisphere of the estimate's gnomonic chart.
        CliRun run = CliRun.atlas("frechet", "--provider", "sphere", "--param", "n=4", "--count", "400",
                "--warmup", "0");

        assertThat(run.exitCode()).as("exit code; stderr: %s", run.err()).isEqualTo(ExitCodes.OK);
        assertThat(run.out()).as("rows").containsPattern("(?m)^atlas +\\| ").containsPattern("(?m)^exp +\\| ")
                .doesNotContainPattern("(?m)^(gifee|retraction|opca) +\\| ");
        assertThat(run.out()).as("note").contains("S^3: 400 samples, GPD(X, p=2), seed 1 (δ_max = 3.14159)",
                "S^3: skipped gifee, retraction, opca: not offered by S^3 (its schemes: atlas, exp, alg1)");
        assertThat(run.err()).as("stderr").isEmpty();
    }

    @Test
    void validateChecksTheManifoldOfEveryRun() {
        CliRun run = CliRun.atlas("frechet", "--provider", "sphere", "--count", "20", "--warmup", "0", "--validate");

        assertThat(run.exitCode()).as("exit code; stderr: %s", run.err()).isEqualTo(ExitCodes.OK);
        assertThat(run.out()).as("summary").contains("S^2: 20 samples");
    }

    @Test
    void readsSamplesAndTheMeanFromNpyFiles() {
        Manifold gr = Providers.onClassPath().create("grassmann", Map.of("n", "12", "k", "3"));
        SplittableRandom rng = new SplittableRandom(SEED);
        double[] mean = gr.embed(gr.capability(Sampler.class).orElseThrow().sample(rng));
        GeodesicPowerDistribution gpd = gr.capability(GeodesicPowerDistribution.class).orElseThrow();
        int count = 200;
        double[] all = new double[count * 36];
        for (int i = 0; i < count; i++) {
            System.arraycopy(gpd.sample(mean, 2, rng), 0, all, i * 36, 36);
        }
        Path samples = dir.resolve("samples.npy");
        Path meanFile = dir.resolve("mean.npy");
        npy(samples, all, count, 12, 3);
        npy(meanFile, mean, 12, 3);
        Path json = dir.resolve("file.json");

        CliRun run = CliRun.atlas("frechet", "--input", samples.toString(), "--mean", meanFile.toString(),
                "--json", json.toString());

        assertThat(run.exitCode()).as("exit code; stderr: %s", run.err()).isEqualTo(ExitCodes.OK);
        assertThat(run.out()).as("summary").contains("Gr(12,3): 200 samples, read from " + samples);
        assertThat(json).as("JSON").exists();
    }

    @Test
    void savedSamplesAreTheOnesTheRunDrawsAndTheOutputSaysWhatIsTimed() throws IOException {
        Path samples = dir.resolve("saved.npy");
        Path meanFile = dir.resolve("saved-mean.npy");
        Path drawnJson = dir.resolve("drawn.json");
        Path readJson = dir.resolve("read.json");
        String[] common = {"--schemes", "atlas,exp", "--count", "60", "--seed", "4", "--param", "n=8", "--param",
            "k=2"};

        CliRun save = CliRun.atlas(concat(new String[] {"frechet", "--save-samples", samples.toString(),
            "--save-mean", meanFile.toString()}, common));
        CliRun drawn = CliRun.atlas(concat(new String[] {"frechet", "--warmup", "0", "--json", drawnJson.toString()},
                common));
        CliRun read = CliRun.atlas("frechet", "--input", samples.toString(), "--mean", meanFile.toString(),
                "--schemes", "atlas,exp", "--warmup", "0.01", "--json", readJson.toString());

        assertThat(save.exitCode()).as("save exit code; stderr: %s", save.err()).isEqualTo(ExitCodes.OK);
        assertThat(save.out()).as("save line").contains("wrote 60 samples of Gr(8,2)", "shape [60, 8, 2]");
        assertThat(drawn.exitCode()).as("drawn exit code; stderr: %s", drawn.err()).isEqualTo(ExitCodes.OK);
        assertThat(read.exitCode()).as("read exit code; stderr: %s", read.err()).isEqualTo(ExitCodes.OK);
        JsonNode a = JsonFiles.mapper().readTree(drawnJson.toFile()).get("runs").get(0).get("schemes");
        JsonNode b = JsonFiles.mapper().readTree(readJson.toFile()).get("runs").get(0).get("schemes");
        for (int i = 0; i < 2; i++) {
            assertThat(b.get(i).get("finalDistance").asDouble()).as("%s: same samples, same final distance",
                    a.get(i).get("scheme").asText()).isEqualTo(a.get(i).get("finalDistance").asDouble());
        }
        assertThat(drawn.out()).as("drawn run: what is timed").contains("timed: each update alone",
                "outside the timed region", "no warm-up").contains("median µs");
        assertThat(read.out()).as("file run: the warm-up stated").contains(
                "untimed warm-up before timing (--warmup 0.01 s):", "updates per scheme",
                "over the file's first 60 samples", "ended after the fixed --warmup of 0.01 s");
    }

    @Test
    void theDefaultWarmUpEndsWhenTheJitIsQuietAndTheJsonSaysWhatItDid() throws IOException {
        Path json = dir.resolve("warm.json");
        int count = 25;
        CliRun run = CliRun.atlas("frechet", "--provider", "sphere", "--param", "n=3", "--count",
                String.valueOf(count), "--schemes", "atlas", "--json", json.toString());

        assertThat(run.exitCode()).as("exit code; stderr: %s", run.err()).isEqualTo(ExitCodes.OK);
        JsonNode warm = JsonFiles.mapper().readTree(json.toFile()).get("runs").get(0).get("warmUp");
        long updates = warm.get("updatesPerScheme").asLong();
        int rounds = warm.get("rounds").asInt();
        assertThat(warm.get("setting").asText()).as("setting").isEqualTo("auto");
        assertThat(warm.get("samples").asInt()).as("warm-up samples: the run's count, below 1000").isEqualTo(count);
        assertThat(updates).as("updates: one pass through the samples per round").isEqualTo((long) rounds * count);
        assertThat(rounds).as("rounds: at least the quiet ones").isGreaterThanOrEqualTo(2);
        String ended = warm.get("ended").asText();
        if (ended.startsWith("when the JIT")) {
            assertThat(updates).as("a quiet end comes after the minimum updates (or CPU time)")
                    .isGreaterThanOrEqualTo(10_000);
        } else {
            assertThat(ended).as("otherwise the cap").startsWith("at its cap");
        }
        assertThat(run.out()).as("the note says the same").contains("untimed warm-up before timing (--warmup auto): "
                + rounds + " rounds, " + updates + " updates per scheme", "ended " + ended);
    }

    @Test
    void refusesSaveMeanWithoutSaveSamples() {
        CliRun run = CliRun.atlas("frechet", "--count", "5", "--save-mean", dir.resolve("m.npy").toString());

        assertThat(run.exitCode()).as("exit code; stdout: %s", run.out()).isEqualTo(ExitCodes.BAD_INPUT);
        assertThat(run.err()).as("stderr").contains("--save-mean: expected to come with --save-samples");
        assertThat(dir.resolve("m.npy")).as("nothing written").doesNotExist();
    }

    private static String[] concat(String[] a, String[] b) {
        String[] all = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, all, a.length, b.length);
        return all;
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = ';', value = {
        "dtype;        expected dtype '<f8', '>f8', '<f4' or '>f4' (float64 or float32), found dtype '<i8'",
        "truncated;    expected 576 bytes of data for shape (2, 12, 3) of '<f8', found 572 bytes (the file is "
            + "truncated by 4 bytes)",
        "rank;         expected an array of shape (N, n, k) or (N, n), found shape (24,) of '<f8'",
        "shape;        expected slices of 36 values (ambient dimension of Gr(12,3)), found slices of shape (8, 3)",
        "nan;          expected finite values, found NaN at index (1, 1, 1) (0-based, as in NumPy)",
        "rankDeficient; sample 1: expected full column rank",
    })
    void rejectsABadInputFileNamingItAndWritesNothing(String defect, String message) {
        Path file = dir.resolve(defect + ".npy");
        switch (defect) {
            case "dtype":
                npy(file, frames(2, 12, 3), 2, 12, 3);
                rewrite(file, bytes -> new String(bytes, StandardCharsets.ISO_8859_1).replace("'<f8'", "'<i8'")
                        .getBytes(StandardCharsets.ISO_8859_1));
                break;
            case "truncated":
                npy(file, frames(2, 12, 3), 2, 12, 3);
                rewrite(file, bytes -> Arrays.copyOf(bytes, bytes.length - 4));
                break;
            case "rank":
                npy(file, new double[24], 24);
                break;
            case "shape":
                npy(file, new double[2 * 8 * 3], 2, 8, 3);
                break;
            default:
                double[] data = frames(2, 12, 3);
                if (defect.equals("nan")) {
                    data[36 + 4] = Double.NaN;
                } else {
                    for (int r = 0; r < 12; r++) {
                        data[r * 3 + 2] = 0;
                    }
                }
                npy(file, data, 2, 12, 3);
        }
        Path json = dir.resolve("out.json");
        String[] args = defect.equals("shape")
                ? new String[] {"frechet", "--input", file.toString(), "--param", "n=12", "--param", "k=3",
                    "--json", json.toString()}
                : new String[] {"frechet", "--input", file.toString(), "--json", json.toString()};

        CliRun run = CliRun.atlas(args);

        assertThat(run.exitCode()).as("exit code; stdout: %s", run.out()).isEqualTo(ExitCodes.BAD_INPUT);
        assertThat(run.errLines()).as("stderr lines").hasSize(1);
        assertThat(run.err()).as("stderr").startsWith("atlas frechet: --input '" + file + "'").contains(message);
        assertThat(json).as("no JSON written").doesNotExist();
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = ';', value = {
        "--schemes=atlas,newton;                 --schemes: expected names from [atlas, exp, gifee, retraction, opca,"
                + " alg1] (the schemes of Gr(12,5)), found 'newton'",
        "--param=k=12;                           parameter 'n' of provider 'grassmann': expected an integer n > k = 12",
        "--p=0.5;                                --p: expected a finite number > 1",
        "--count=0;                              --count: expected an integer ≥ 1, found 0",
        "--provider=sphere --schemes=gifee;      --schemes: expected names from [atlas, exp, alg1] (the schemes of"
                + " S^11), found 'gifee'",
    })
    void rejectsBadOptionsInOneLine(String options, String message) {
        List<String> args = new ArrayList<>(List.of("frechet", "--param", "n=12"));
        args.addAll(List.of(options.split(" ")));
        CliRun run = CliRun.atlas(args.toArray(String[]::new));

        assertThat(run.exitCode()).as("exit code; stdout: %s", run.out()).isEqualTo(ExitCodes.BAD_INPUT);
        assertThat(run.errLines()).as("stderr lines: %s", run.err()).hasSize(1);
        assertThat(run.err()).as("stderr").startsWith("atlas frechet: ").contains(message);
    }

    @Test
    void refusesJsonOutputThatIsTheInputFileAndLeavesItIntact() throws IOException {
        Path file = dir.resolve("samples.npy");
        npy(file, frames(2, 12, 3), 2, 12, 3);
        byte[] before = Files.readAllBytes(file);

        CliRun run = CliRun.atlas("frechet", "--input", file.toString(), "--json", dir.resolve(".").resolve(
                "samples.npy").toString());

        assertThat(run.exitCode()).as("exit code; stdout: %s", run.out()).isEqualTo(ExitCodes.BAD_INPUT);
        assertThat(run.err()).as("stderr").contains("expected a file that is not an input of the command, found the "
                + "same file as --input '" + file + "'");
        assertThat(Files.readAllBytes(file)).as("input unchanged").isEqualTo(before);
    }

    /** Writes a float64 .npy file with {@link NpyWriter} (non-finite values by hand: the writer refuses them). */
    private static void npy(Path file, double[] data, long... shape) {
        double[] finite = data.clone();
        List<Integer> nan = new ArrayList<>();
        for (int i = 0; i < finite.length; i++) {
            if (!Double.isFinite(finite[i])) {
                nan.add(i);
                finite[i] = 0;
            }
        }
        try {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            NpyWriter.write(out, shape, finite);
            byte[] bytes = out.toByteArray();
            int dataStart = bytes.length - finite.length * Double.BYTES;
            for (int i : nan) {
                long bits = Double.doubleToRawLongBits(data[i]);
                for (int b = 0; b < Double.BYTES; b++) {
                    bytes[dataStart + i * Double.BYTES + b] = (byte) (bits >>> (8 * b));
                }
            }
            Files.write(file, bytes);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void rewrite(Path file, java.util.function.UnaryOperator<byte[]> change) {
        try {
            Files.write(file, change.apply(Files.readAllBytes(file)));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** {@code count} samples of Gr(n,k): orthonormal bases near the first k coordinate axes. */
    private static double[] frames(int count, int n, int k) {
        double[] data = new double[count * n * k];
        SplittableRandom rng = new SplittableRandom(SEED);
        for (int s = 0; s < count; s++) {
            for (int r = 0; r < n; r++) {
                for (int c = 0; c < k; c++) {
                    data[s * n * k + r * k + c] = (r == c ? 1 : 0) + 0.01 * rng.nextGaussian();
                }
            }
            // Gram–Schmidt: orthonormal bases, the representatives the ambient schemes start from
            for (int c = 0; c < k; c++) {
                for (int j = 0; j < c; j++) {
                    double dot = 0;
                    for (int r = 0; r < n; r++) {
                        dot += data[s * n * k + r * k + c] * data[s * n * k + r * k + j];
                    }
                    for (int r = 0; r < n; r++) {
                        data[s * n * k + r * k + c] -= dot * data[s * n * k + r * k + j];
                    }
                }
                double norm = 0;
                for (int r = 0; r < n; r++) {
                    norm += data[s * n * k + r * k + c] * data[s * n * k + r * k + c];
                }
                for (int r = 0; r < n; r++) {
                    data[s * n * k + r * k + c] /= Math.sqrt(norm);
                }
            }
        }
        return data;
    }
}

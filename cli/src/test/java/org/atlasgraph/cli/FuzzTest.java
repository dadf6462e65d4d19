package org.atlasgraph.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.function.BiFunction;
import java.util.stream.Stream;
import org.atlasgraph.cli.FuzzFiles.Mutation;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * The fuzz suite of issue 10.8: seeded malformed {@code .npy}, CSV and atlas files for every command that reads them,
 * and bad option values, paths and parameters for every command, run in-process. Every case asserts the contract:
 * <ul>
 *   <li>the exit code is 0 (only for inputs that may still be valid), 2 (bad input) or 3 (a defect, with a message);
 *       never 1 and never a stack trace;</li>
 *   <li>a failure is exactly one line on standard error, {@code atlas <command>: …}, that names the input: the file
 *       (its path) or the option as typed;</li>
 *   <li>no hang: each case has {@value #CASE_SECONDS} seconds (a hung reader spun forever before);</li>
 *   <li>no output on failure: the case's directory holds exactly its inputs afterwards (no output, no temporary
 *       file), and every input is byte for byte what it was.</li>
 * </ul>
 * The inputs are small (tens of points), so most cases fail or finish in milliseconds; the whole suite runs in well
 * under a minute. Change {@link #SEED} to explore; a failing case's name says the mutation and its number.
 */
class FuzzTest {
    /** The seed of every mutation. */
    static final long SEED = 20241110L;
    /** Time for one case: generous for a loaded two-core machine, far below a hang. */
    static final int CASE_SECONDS = 30;

    @TempDir
    static Path root;

    private static byte[] atlasJson;
    private static byte[] pairsCsv;
    private static byte[] framesNpy;

    /** One run of {@code atlas}: its arguments, its inputs, and what the contract allows. */
    record Case(String name, List<String> args, boolean mustFail, List<String> names, Path dir) {
    }

    @BeforeAll
    static void baseFiles() throws IOException {
        atlasJson = Files.readAllBytes(TestAtlases.small(Files.createDirectories(root.resolve("base"))));
        List<String> sampled = Files.readAllLines(sample(root.resolve("base")));
        StringBuilder pairs = new StringBuilder(pairHeader());
        for (int i = 1; i + 1 < sampled.size(); i += 2) {
            pairs.append(sampled.get(i)).append(',').append(sampled.get(i + 1)).append('\n');
        }
        pairsCsv = pairs.toString().getBytes(StandardCharsets.UTF_8);
        framesNpy = FuzzFiles.npy(FuzzFiles.header(3, 6, 2), frames(3, 6, 2));
    }

    private static Path sample(Path dir) {
        Path out = dir.resolve("points.csv");
        CliRun run = CliRun.atlas("sample", "--atlas", dir.resolve("atlas.json").toString(), "--count", "8",
                "--out", out.toString());
        assertThat(run.exitCode()).as("base sample; stderr: %s", run.err()).isZero();
        return out;
    }

    private static String pairHeader() {
        StringBuilder h = new StringBuilder();
        for (String side : List.of("a", "b")) {
            for (int i = 0; i < 9; i++) {
                h.append(h.length() == 0 ? "" : ",").append(side).append(i);
            }
        }
        return h.append('\n').toString();
    }

    @TestFactory
    Stream<DynamicTest> malformedNpyFiles() {
        byte[] cloud = FuzzFiles.npy(FuzzFiles.header(40, 3), cloud(40, 3));
        byte[] mean = FuzzFiles.npy(FuzzFiles.header(6, 2), Arrays.copyOf(frames(1, 6, 2), 12));
        Map<String, Target> targets = new LinkedHashMap<>();
        targets.put("learn --input", new Target(cloud, "p.npy", true, (f, d) -> List.of("learn", "--input", f,
                "--out", d.resolve("atlas.json").toString())));
        targets.put("frechet --input", new Target(framesNpy, "samples.npy", true, (f, d) -> List.of("frechet",
                "--input", f, "--warmup", "0", "--json", d.resolve("out.json").toString())));
        targets.put("frechet --mean", new Target(mean, "mean.npy", true, (f, d) -> List.of("frechet", "--input",
                write(d.resolve("samples.npy"), framesNpy).toString(), "--mean", f, "--warmup", "0", "--json",
                d.resolve("out.json").toString())));
        targets.put("tck pointcloud input", new Target(cloud, "p.npy", false, (f, d) -> List.of("tck", "--provider",
                "pointcloud", "--param", "input=" + f, "--samples", "1", "--json", d.resolve("tck.json")
                        .toString())));
        return cases("npy", FuzzFiles.npyMutations(), targets);
    }

    @TestFactory
    Stream<DynamicTest> malformedCsvFiles() {
        byte[] cloud = csv(cloud(40, 3), 3, false);
        byte[] labelled = csv(cloud(20, 3), 3, true);
        Map<String, Target> targets = new LinkedHashMap<>();
        targets.put("learn --input", new Target(cloud, "p.csv", true, (f, d) -> List.of("learn", "--input", f,
                "--out", d.resolve("atlas.json").toString())));
        targets.put("distance --pairs", new Target(pairsCsv, "pairs.csv", true, (f, d) -> List.of("distance",
                "--atlas", write(d.resolve("atlas.json"), atlasJson).toString(), "--pairs", f, "--out",
                d.resolve("d.csv").toString())));
        targets.put("rpb --train", new Target(labelled, "train.csv", true, (f, d) -> List.of("rpb", "--train", f,
                "--iterations", "20", "--predict", write(d.resolve("predict.csv"), labelled).toString(), "--out",
                d.resolve("predicted.csv").toString())));
        targets.put("tck pointcloud input", new Target(cloud, "p.csv", false, (f, d) -> List.of("tck", "--provider",
                "pointcloud", "--param", "input=" + f, "--samples", "1")));
        return cases("csv", FuzzFiles.csvMutations(), targets);
    }

    /**
     * Values near the largest double, far out (1e160, whose square overflows) and scaled to subnormal size in the files
     * of points that are located or used as they are: frames and means of {@code frechet}, pairs of {@code distance}.
     * (Files that are learned from take such values in the learning branch's outlier and scale tests.)
     */
    @TestFactory
    Stream<DynamicTest> extremeValuesInPointFiles() {
        byte[] mean = FuzzFiles.npy(FuzzFiles.header(6, 2), Arrays.copyOf(frames(1, 6, 2), 12));
        Map<String, Target> frames = new LinkedHashMap<>();
        frames.put("frechet --input", new Target(framesNpy, "samples.npy", true, (f, d) -> List.of("frechet",
                "--input", f, "--warmup", "0", "--json", d.resolve("out.json").toString())));
        frames.put("frechet --mean", new Target(mean, "mean.npy", true, (f, d) -> List.of("frechet", "--input",
                write(d.resolve("samples.npy"), framesNpy).toString(), "--mean", f, "--warmup", "0", "--json",
                d.resolve("out.json").toString())));
        Map<String, Target> pairs = new LinkedHashMap<>();
        pairs.put("distance --pairs", new Target(pairsCsv, "pairs.csv", true, (f, d) -> List.of("distance",
                "--atlas", write(d.resolve("atlas.json"), atlasJson).toString(), "--pairs", f, "--out",
                d.resolve("d.csv").toString())));
        return Stream.concat(cases("extreme-npy", FuzzFiles.extremeNpyMutations(), frames),
                cases("extreme-csv", FuzzFiles.extremeCsvMutations(), pairs));
    }

    @TestFactory
    Stream<DynamicTest> malformedAtlasFiles() {
        Map<String, Target> targets = new LinkedHashMap<>();
        targets.put("sample --atlas", new Target(atlasJson, "atlas.json", true, (f, d) -> List.of("sample", "--atlas",
                f, "--count", "3", "--out", d.resolve("points.csv").toString())));
        targets.put("distance --atlas", new Target(atlasJson, "atlas.json", true, (f, d) -> List.of("distance",
                "--atlas", f, "--pairs", write(d.resolve("pairs.csv"), pairsCsv).toString(), "--out",
                d.resolve("d.csv").toString())));
        targets.put("rpb --atlas", new Target(atlasJson, "atlas.json", false, (f, d) -> List.of("rpb", "--atlas", f,
                "--train", write(d.resolve("train.csv"), csv(cloud(20, 3), 3, true)).toString())));
        targets.put("tck pointcloud input", new Target(atlasJson, "atlas.json", false, (f, d) -> List.of("tck",
                "--provider", "pointcloud", "--param", "input=" + f, "--samples", "1")));
        return cases("atlas", FuzzFiles.atlasMutations(), targets);
    }

    /**
     * Bad values of every option of every command, and bad paths: each must be refused with exit 2 and one line
     * naming the option (or the file) before any work.
     */
    @TestFactory
    Stream<DynamicTest> badOptionsOfEveryCommand() {
        SplittableRandom rng = new SplittableRandom(SEED);
        List<String> badCounts = List.of("0", "-1", "2147483648", "abc", "", "1.5", "1e3", "0x10", "\u0663", "+-1");
        List<String> badReals = List.of("NaN", "Infinity", "-1", "0", "1e309", "abc", "", "2f", "0x1p-1", "1_0");
        List<Case> cases = new ArrayList<>();
        Options o = new Options(cases, rng);
        o.each("learn", "--count", badCounts.subList(0, 5), "--count");
        o.each("learn", "--dim", List.of("0", "-2", "9", "x"), "--dim");
        o.each("learn", "--radius", badReals, "--radius");
        o.each("learn", "--dataset", List.of("spheres", "", "KLEIN2"), "--dataset");
        o.each("learn", "--seed", List.of("9223372036854775808", "x", "1.0"), "--seed");
        o.each("sample", "--count", badCounts, "--count", "--atlas", "ATLAS");
        o.each("sample", "--seed", List.of("abc", "1e2"), "--seed", "--atlas", "ATLAS");
        o.each("tck", "--samples", badCounts, "--samples", "--provider", "sphere");
        o.each("tck", "--length-scale", badReals, "--length-scale", "--provider", "sphere");
        o.each("tck", "--param", List.of("n=1", "n=-5", "n=abc", "n=2f", "n=0x10", "m=3", "n=", "n=1e3",
                "n=2147483648"), "'n'|'m'", "--provider", "sphere");
        o.each("tck", "--provider", List.of("nope", "", "Sphere", "grassmann --param k=9"), "provider");
        // 2147483648 is a valid frechet --count: samples are drawn and consumed one at a time (a long run, not a fault)
        o.each("frechet", "--count", List.of("0", "-1", "abc", "", "1.5", "1e3", "0x10"), "--count");
        o.each("frechet", "--p", List.of("1", "0.5", "NaN", "-2", "abc", "2f"), "--p");
        o.each("frechet", "--warmup", List.of("-1", "NaN", "x", "1e309", "Infinity", "-0.5", "autox"), "--warmup");
        o.each("frechet", "--schemes", List.of("newton", "atlas,,exp", "EXP"), "--schemes");
        o.each("frechet", "--sizes", List.of("100", "10x", "x5", "10x5x2", "-3x2", "5x9", "0x0"), "--sizes|'n'|'k'");
        // k = 100 at the default n = 100 is refused by Grassmann's parameter check, which names n and k
        o.each("frechet", "--sweep-k", List.of("0", "-1", "abc", "100"), "--sweep-k|'k'|'n'");
        o.each("rpb", "--points", List.of("9", "0", "1000001", "x"), "--points");
        o.each("rpb", "--test-points", List.of("0", "1000001", "x"), "--test-points");
        o.each("rpb", "--iterations", List.of("0", "-5", "2147483648", "x"), "--iterations");
        o.each("rpb", "--frame-every", List.of("0", "-1", "x"), "--frame-every", "--plot", "PLOTS");
        o.each("rpb", "--h", badReals, "--h");
        o.each("rpb", "--alpha", List.of("-1", "NaN", "x", "2f"), "--alpha");
        o.each("rpb", "--step", badReals, "--step");
        o.each("rpb", "--boundary-correction", List.of("-0.1", "Infinity", "x"), "--boundary-correction");
        o.each("rpb", "--classes", List.of("a", "a,a", "a,b,c"), "--classes");
        // with the required options given, so that the stray argument is the only fault
        for (List<String> command : List.of(List.of("learn"), List.of("sample", "--atlas", "ATLAS"),
                List.of("distance", "--atlas", "ATLAS", "--pairs", "PAIRS"), List.of("tck", "--provider", "sphere"),
                List.of("frechet"), List.of("rpb"), List.of("providers"))) {
            for (String stray : List.of("--no-such-option", "stray")) {
                List<String> args = new ArrayList<>(command);
                args.add(stray);
                o.add(command.get(0), args, stray);
            }
        }
        o.add("sample", List.of("sample"), "--atlas");
        o.add("distance", List.of("distance", "--atlas", "ATLAS"), "--pairs");
        o.add("tck", List.of("tck"), "--provider");
        o.add("learn", List.of("learn", "--count"), "--count");
        o.add("rpb", List.of("rpb", "--predict", "PAIRS"), "--predict|--out");
        o.add("frechet", List.of("frechet", "--mean", "MEAN"), "--mean");
        o.add("frechet", List.of("frechet", "--input", "FRAMES", "--sizes", "10x2"), "--input");
        o.add("frechet", List.of("frechet", "--sizes", "10x2", "--sweep-k", "2"), "--sweep-k");
        paths(o);
        return cases.stream().map(FuzzTest::dynamic);
    }

    /** Inputs that are not readable files, and outputs that must not be written. */
    private static void paths(Options o) {
        for (String input : List.of("MISSING", "DIR", "/dev/zero", "/dev/null")) {
            String names = input.equals("MISSING") ? "missing" : input.equals("DIR") ? "dir" : input;
            o.add("learn", List.of("learn", "--input", input), "--input|" + names);
            o.add("sample", List.of("sample", "--atlas", input), "--atlas|" + names);
            o.add("distance", List.of("distance", "--atlas", "ATLAS", "--pairs", input), "--pairs|" + names);
            o.add("frechet", List.of("frechet", "--input", input), "--input|" + names);
            o.add("rpb", List.of("rpb", "--train", input), "--train|" + names);
            o.add("tck", List.of("tck", "--provider", "pointcloud", "--param", "input=" + input), "input|" + names);
        }
        o.add("sample", List.of("sample", "--atlas", "ATLAS", "--out", "ATLAS"), "--out");
        o.add("distance", List.of("distance", "--atlas", "ATLAS", "--pairs", "PAIRS", "--out", "PAIRS"), "--out");
        o.add("learn", List.of("learn", "--input", "CLOUD", "--out", "CLOUD"), "--out");
        o.add("frechet", List.of("frechet", "--input", "FRAMES", "--json", "FRAMES"), "--json");
        o.add("rpb", List.of("rpb", "--train", "TRAIN", "--predict", "TRAIN", "--out", "TRAIN"), "--out");
        for (String out : List.of("DIR", "MISSING/deeper/out.csv", "/dev/null")) {
            o.add("sample", List.of("sample", "--atlas", "ATLAS", "--out", out), "--out");
            o.add("learn", List.of("learn", "--count", "100", "--out", out), "--out");
            o.add("tck", List.of("tck", "--provider", "sphere", "--json", out), "--json");
            o.add("frechet", List.of("frechet", "--count", "5", "--json", out), "--json");
        }
        o.add("learn", List.of("learn", "--count", "100", "--plot", "ATLAS"), "--plot");
        o.add("frechet", List.of("frechet", "--count", "5", "--plot", "ATLAS"), "--plot");
        o.add("rpb", List.of("rpb", "--plot", "ATLAS"), "--plot");
    }

    /** A file a command reads, and how to call the command on it. */
    private record Target(byte[] base, String fileName, boolean anyMutation,
                          BiFunction<String, Path, List<String>> args) {
    }

    /**
     * Every mutation once, on one target in turn (so that every target meets about an equal share, and the suite
     * stays within about half a minute); truncations, the mutation that hung the old reader, go to every target. A
     * target whose valid runs are slow (the whole kit) takes only the mutations that certainly fail; the next
     * target in turn takes the others.
     */
    private static Stream<DynamicTest> cases(String kind, List<Mutation> mutations, Map<String, Target> targets) {
        SplittableRandom rng = new SplittableRandom(SEED ^ kind.hashCode());
        List<Map.Entry<String, Target>> all = new ArrayList<>(targets.entrySet());
        List<Case> cases = new ArrayList<>();
        int turn = 0;
        for (Mutation m : mutations) {
            List<Map.Entry<String, Target>> chosen = new ArrayList<>();
            if (m.name().startsWith("truncated")) {
                chosen.addAll(all);
            } else {
                Map.Entry<String, Target> t = all.get(turn++ % all.size());
                while (!m.mustFail() && !t.getValue().anyMutation()) {
                    t = all.get(turn++ % all.size());
                }
                chosen.add(t);
            }
            for (Map.Entry<String, Target> t : chosen) {
                Path dir = root.resolve(kind + "-" + cases.size() + "-" + FuzzFiles.slug(m.name()));
                byte[] bytes = m.apply().apply(t.getValue().base(), rng.split());
                Path file = write(dir.resolve(t.getValue().fileName()), bytes);
                cases.add(new Case(t.getKey() + ": " + m.name(), t.getValue().args().apply(file.toString(), dir),
                        m.mustFail(), List.of(file.toString()), dir));
            }
        }
        return cases.stream().map(FuzzTest::dynamic);
    }

    private static DynamicTest dynamic(Case c) {
        return DynamicTest.dynamicTest(c.name(), () -> check(c));
    }

    /** Runs a case and checks the contract. */
    static void check(Case c) throws IOException {
        Map<Path, byte[]> before = snapshot(c.dir());
        CliRun run = assertTimeoutPreemptively(Duration.ofSeconds(CASE_SECONDS),
                () -> CliRun.atlas(c.args().toArray(String[]::new)), () -> "no answer within " + CASE_SECONDS
                        + " s: atlas " + String.join(" ", c.args()));
        String command = c.args().get(0);
        String described = "atlas " + String.join(" ", c.args()) + "\nstdout: " + run.out() + "\nstderr: "
                + run.err();

        if (c.mustFail()) {
            assertThat(run.exitCode()).as("exit code of an invalid input: %s", described)
                    .isEqualTo(ExitCodes.BAD_INPUT);
        } else {
            assertThat(run.exitCode()).as("exit code: %s", described).isIn(ExitCodes.OK, ExitCodes.BAD_INPUT,
                    ExitCodes.INTERNAL_ERROR);
        }
        if (run.exitCode() != ExitCodes.OK) {
            assertThat(run.errLines()).as("one line on stderr: %s", described).hasSize(1);
            String line = run.errLines()[0];
            assertThat(line).as("the line names the command: %s", described).startsWith("atlas " + command + ": ");
            assertThat(line.length()).as("a message after the command: %s", described)
                    .isGreaterThan(("atlas " + command + ": ").length() + 10);
            if (run.exitCode() == ExitCodes.BAD_INPUT) {
                assertThat(names(line, c.names())).as("the line names the input (one of %s): %s", c.names(),
                        described).isTrue();
            }
            assertThat(snapshot(c.dir()).keySet()).as("no output and no temporary file after a failure: %s",
                    described).containsExactlyInAnyOrderElementsOf(before.keySet());
        }
        Map<Path, byte[]> after = snapshot(c.dir());
        for (Map.Entry<Path, byte[]> input : before.entrySet()) {
            assertThat(after.get(input.getKey())).as("input %s unchanged: %s", input.getKey(), described)
                    .isEqualTo(input.getValue());
        }
    }

    /** Whether the line names one of the inputs: a path, a file name, an option, alternatives split by '|'. */
    private static boolean names(String line, List<String> names) {
        String lower = line.toLowerCase(Locale.ROOT);
        for (String n : names) {
            for (String alternative : n.split("\\|")) {
                String a = alternative.toLowerCase(Locale.ROOT);
                if (lower.contains(a) || lower.contains(Path.of(a).getFileName().toString())) {
                    return true;
                }
            }
        }
        return false;
    }

    private static Map<Path, byte[]> snapshot(Path dir) throws IOException {
        Map<Path, byte[]> files = new LinkedHashMap<>();
        if (!Files.isDirectory(dir)) {
            return files;
        }
        try (Stream<Path> all = Files.walk(dir)) {
            for (Path p : all.sorted().toList()) {
                files.put(p, Files.isRegularFile(p) ? Files.readAllBytes(p) : new byte[0]);
            }
        }
        return files;
    }

    /** Builds option cases, each in a directory of its own with the valid files it may name. */
    private static final class Options {
        private final List<Case> cases;
        private final SplittableRandom rng;

        Options(List<Case> cases, SplittableRandom rng) {
            this.cases = cases;
            this.rng = rng;
        }

        /** One case per bad value of an option; {@code rest} are further arguments. */
        void each(String command, String option, List<String> values, String names, String... rest) {
            for (String value : values) {
                List<String> args = new ArrayList<>(List.of(command));
                args.addAll(List.of(rest));
                if (option.equals("--provider")) {
                    args.addAll(List.of(option, value.split(" ")[0]));
                    args.addAll(Arrays.asList(value.split(" ")).subList(1, value.split(" ").length));
                } else {
                    args.addAll(List.of(option, value));
                }
                add(command, args, names);
            }
        }

        /** One case; the placeholders ATLAS, PAIRS, CLOUD, FRAMES, MEAN, TRAIN, DIR, MISSING, PLOTS become paths. */
        void add(String command, List<String> raw, String names) {
            Path dir = root.resolve("option-" + cases.size());
            List<String> args = new ArrayList<>();
            for (String a : raw) {
                args.add(placeholder(a, dir));
            }
            String resolved = Arrays.stream(names.split("\\|")).map(n -> placeholder(n, dir))
                    .reduce((x, y) -> x + "|" + y).orElse(names);
            cases.add(new Case(command + " " + String.join(" ", raw) + " #" + rng.nextInt(1000), args, true,
                    List.of(resolved), dir));
        }

        private static String placeholder(String a, Path dir) {
            String p = a;
            p = replace(p, "ATLAS", () -> write(dir.resolve("atlas.json"), atlasJson));
            p = replace(p, "PAIRS", () -> write(dir.resolve("pairs.csv"), pairsCsv));
            p = replace(p, "CLOUD", () -> write(dir.resolve("cloud.csv"), csv(cloud(40, 3), 3, false)));
            p = replace(p, "FRAMES", () -> write(dir.resolve("frames.npy"), framesNpy));
            p = replace(p, "MEAN", () -> write(dir.resolve("mean.npy"), FuzzFiles.npy(FuzzFiles.header(6, 2),
                    new double[12])));
            p = replace(p, "TRAIN", () -> write(dir.resolve("train.csv"), csv(cloud(20, 3), 3, true)));
            p = replace(p, "PLOTS", () -> dir.resolve("plots"));
            p = replace(p, "MISSING", () -> dir.resolve("missing"));
            p = replace(p, "DIR", () -> {
                try {
                    return Files.createDirectories(dir.resolve("dir"));
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
            return p;
        }

        private static String replace(String text, String placeholder, java.util.function.Supplier<Path> path) {
            return text.contains(placeholder) ? text.replace(placeholder, path.get().toString()) : text;
        }
    }

    static Path write(Path file, byte[] bytes) {
        try {
            Files.createDirectories(file.getParent());
            return Files.write(file, bytes);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** N points near the unit sphere of R^D, seeded. */
    static double[] cloud(int n, int d) {
        SplittableRandom rng = new SplittableRandom(SEED);
        double[] x = new double[n * d];
        for (int i = 0; i < n; i++) {
            double s = 0;
            for (int j = 0; j < d; j++) {
                x[i * d + j] = rng.nextGaussian();
                s += x[i * d + j] * x[i * d + j];
            }
            for (int j = 0; j < d; j++) {
                x[i * d + j] /= Math.sqrt(s);
            }
        }
        return x;
    }

    /** A CSV of the values, a header row {@code x0,…}, and a label column of two classes when asked. */
    static byte[] csv(double[] values, int d, boolean labelled) {
        StringBuilder s = new StringBuilder();
        for (int j = 0; j < d; j++) {
            s.append(j == 0 ? "" : ",").append('x').append(j);
        }
        s.append(labelled ? ",label\n" : "\n");
        for (int i = 0; i < values.length / d; i++) {
            for (int j = 0; j < d; j++) {
                s.append(j == 0 ? "" : ",").append(values[i * d + j]);
            }
            s.append(labelled ? (i % 2 == 0 ? ",up" : ",down") + "\n" : "\n");
        }
        return s.toString().getBytes(StandardCharsets.UTF_8);
    }

    /** Orthonormal n×k frames near the first k axes, row-major, seeded. */
    static double[] frames(int count, int n, int k) {
        SplittableRandom rng = new SplittableRandom(SEED);
        double[] data = new double[count * n * k];
        for (int s = 0; s < count; s++) {
            int o = s * n * k;
            for (int r = 0; r < n; r++) {
                for (int c = 0; c < k; c++) {
                    data[o + r * k + c] = (r == c ? 1 : 0) + 0.05 * rng.nextGaussian();
                }
            }
            for (int c = 0; c < k; c++) {
                for (int j = 0; j < c; j++) {
                    double dot = 0;
                    for (int r = 0; r < n; r++) {
                        dot += data[o + r * k + c] * data[o + r * k + j];
                    }
                    for (int r = 0; r < n; r++) {
                        data[o + r * k + c] -= dot * data[o + r * k + j];
                    }
                }
                double norm = 0;
                for (int r = 0; r < n; r++) {
                    norm += data[o + r * k + c] * data[o + r * k + c];
                }
                for (int r = 0; r < n; r++) {
                    data[o + r * k + c] /= Math.sqrt(norm);
                }
            }
        }
        return data;
    }
}

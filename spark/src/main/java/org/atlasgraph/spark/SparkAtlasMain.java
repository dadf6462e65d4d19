package org.atlasgraph.spark;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import org.apache.spark.sql.SparkSession;
import org.atlasgraph.api.check.InvalidInputException;
import org.atlasgraph.pointcloud.AtlasModel;
import org.atlasgraph.pointcloud.DistributedLearner;
import org.atlasgraph.pointcloud.LearningProgress;
import org.atlasgraph.pointcloud.LearningStages;
import org.atlasgraph.pointcloud.LearningSummary;
import org.atlasgraph.pointcloud.PointCloudAtlas;
import org.atlasgraph.pointcloud.io.AtlasJson;
import org.atlasgraph.pointcloud.io.PointCloudFiles;

/**
 * The {@code spark-submit} entry point of the spark module ({@code spark/target/atlasgraph-spark-app.jar}, main class
 * {@code org.atlasgraph.spark.SparkAtlasMain}); the master and every Spark property come from {@code spark-submit}.
 *
 * <pre>
 *   learn     (--input PATH | --count N) [--seed S] [--dim d] [--radius r] [--partitions P] --out atlas.json
 *   distances --atlas atlas.json --pairs PATH --out DIR [--format parquet|csv]
 *   classify  --atlas atlas.json --boundary boundary.csv [--plus A --minus B] --input PATH --out DIR [--format …]
 *   sample    --atlas atlas.json --count N [--seed S] [--partitions P] --out DIR [--format parquet|csv]
 *   mean      --provider NAME [--param K=V]... --input PATH
 * </pre>
 *
 * Files named by {@code --atlas} and {@code learn --out} are on the driver's file system; inputs and output directories
 * may be any Hadoop path (local, HDFS, S3…). Bad input is one line on standard error, exit code 2.
 */
public final class SparkAtlasMain {
    private static final int BAD_INPUT = 2;

    private SparkAtlasMain() {
    }

    /**
     * Runs a command and exits with its code.
     *
     * @param args the command and its options
     */
    public static void main(String[] args) {
        int code = run(args, System.out, System.err, "");
        if (code != 0) {
            System.exit(code);
        }
    }

    /**
     * Runs a command.
     *
     * @param args   the command and its options
     * @param out    where results go
     * @param err    where the one-line error goes
     * @param master the master to use, or empty for the one {@code spark-submit} set
     * @return 0, or {@value #BAD_INPUT} for bad input
     */
    static int run(String[] args, PrintStream out, PrintStream err, String master) {
        String command = args.length == 0 ? "" : args[0];
        try {
            Options o = Options.parse(args);
            switch (command) {
                case "learn":
                    learn(o, out, master);
                    return 0;
                case "distances":
                    withSession(master, "atlas distances", spark -> {
                        long n = AtlasQueries.distances(spark, atlas(o), o.required("--pairs"), o.required("--out"),
                                o.text("--format", "parquet"));
                        out.println(n + " distances written to " + o.required("--out"));
                    });
                    return 0;
                case "classify":
                    withSession(master, "atlas classify", spark -> {
                        long n = AtlasQueries.classify(spark, atlas(o), PointCloudFiles.readCsv(Path.of(
                                o.required("--boundary"))).rows(), o.text("--plus", "+"), o.text("--minus", "-"),
                                o.required("--input"), o.required("--out"), o.text("--format", "parquet"));
                        out.println(n + " points classified into " + o.required("--out"));
                    });
                    return 0;
                case "sample":
                    withSession(master, "atlas sample", spark -> {
                        long count = o.integer("--count", 1000);
                        AtlasQueries.sample(spark, atlas(o), count, o.integer("--seed", 1),
                                (int) o.integer("--partitions", Math.max(1, spark.sparkContext().defaultParallelism())),
                                o.required("--out"), o.text("--format", "parquet"));
                        out.println(count + " points written to " + o.required("--out"));
                    });
                    return 0;
                case "mean":
                    withSession(master, "atlas mean", spark -> {
                        DistributedFrechetMean.Estimate e = DistributedFrechetMean.of(spark, o.required("--provider"),
                                o.params(), o.required("--input"));
                        out.println("mean of " + e.count() + " points from " + e.partitions().size() + " partitions: "
                                + java.util.Arrays.toString(e.mean()));
                    });
                    return 0;
                default:
                    throw new InvalidInputException("command", "one of learn, distances, classify, sample, mean",
                            command.isEmpty() ? "none" : "'" + command + "'");
            }
        } catch (InvalidInputException e) {
            err.println("atlas-spark " + command + ": " + e.getMessage().replace('\n', ' '));
            return BAD_INPUT;
        }
    }

    private static void learn(Options o, PrintStream out, String master) {
        Path target = Path.of(o.required("--out"));
        DistributedLearner.Request request = new DistributedLearner.Request(master, o.optional("--input"), "klein",
                o.integer("--count", 20000), o.has("--dim") ? OptionalInt.of((int) o.integer("--dim", 0))
                        : OptionalInt.empty(), o.has("--radius") ? OptionalDouble.of(o.decimal("--radius"))
                        : OptionalDouble.empty(), o.integer("--seed", 1), LearningStages.DEFAULT_SVM_SAMPLE,
                o.has("--partitions") ? OptionalInt.of((int) o.integer("--partitions", 0)) : OptionalInt.empty());
        withSession(master, "atlas learn", spark -> {
            long start = System.nanoTime();
            AtlasModel model = SparkAtlasLearner.learn(spark, request, Optional.empty(), LearningProgress.NONE)
                    .model();
            double seconds = (System.nanoTime() - start) * 1e-9;
            AtlasJson.save(PointCloudAtlas.fromModel(model), target);
            LearningSummary s = model.summary();
            out.printf(Locale.ROOT, "learned %d points (D = %d): d = %d, r = %.4f, %d charts, %d overlaps, coverage "
                    + "%.4f, RMS residual %.3e, in %.1f s; saved to %s%n", s.pointCount(), model.ambientDimension(),
                    s.dimension(), s.radius(), s.chartCount(), s.overlapCount(), s.coverage(), s.rmsFitResidual(),
                    seconds, target);
        });
    }

    private static AtlasModel atlas(Options o) {
        return AtlasJson.load(Path.of(o.required("--atlas"))).model();
    }

    private static void withSession(String master, String name, java.util.function.Consumer<SparkSession> body) {
        SparkSession spark = SparkSessions.create(master, name);
        try {
            body.accept(spark);
        } finally {
            if (!master.isEmpty()) {
                spark.stop();
            }
        }
    }

    /** The options of a command: {@code --name value} pairs, {@code --param} repeatable. */
    private static final class Options {
        private final Map<String, String> values = new HashMap<>();
        private final List<String> params = new ArrayList<>();

        static Options parse(String[] args) {
            Options o = new Options();
            for (int i = 1; i < args.length; i++) {
                String name = args[i];
                if (!name.startsWith("--") || i + 1 >= args.length) {
                    throw new InvalidInputException("'" + name + "'", "an option --NAME followed by its value",
                            i + 1 >= args.length ? "no value" : "'" + name + "'");
                }
                if (name.equals("--param")) {
                    o.params.add(args[++i]);
                } else {
                    o.values.put(name, args[++i]);
                }
            }
            return o;
        }

        boolean has(String name) {
            return values.containsKey(name);
        }

        Optional<String> optional(String name) {
            return Optional.ofNullable(values.get(name));
        }

        String required(String name) {
            return optional(name).orElseThrow(() -> new InvalidInputException(name, "a value", "none"));
        }

        String text(String name, String fallback) {
            return values.getOrDefault(name, fallback);
        }

        long integer(String name, long fallback) {
            String v = values.get(name);
            if (v == null) {
                return fallback;
            }
            try {
                return Long.parseLong(v);
            } catch (NumberFormatException e) {
                throw new InvalidInputException(name, "an integer", "'" + v + "'");
            }
        }

        double decimal(String name) {
            return org.atlasgraph.io.Decimals.parse(name, required(name));
        }

        Map<String, String> params() {
            Map<String, String> m = new HashMap<>();
            for (String p : params) {
                int eq = p.indexOf('=');
                if (eq <= 0) {
                    throw new InvalidInputException("--param", "K=V", "'" + p + "'");
                }
                m.put(p.substring(0, eq), p.substring(eq + 1));
            }
            return m;
        }
    }
}

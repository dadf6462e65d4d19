package org.atlasgraph.spark;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Locale;
import java.util.UUID;
import java.util.function.Consumer;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.spark.sql.SparkSession;
import org.atlasgraph.api.check.InvalidInputException;

/**
 * Writes a Spark output directory all or nothing: the job writes into a hidden sibling
 * ({@code .NAME.tmp-UUID}), which is renamed to the target only when the job has succeeded and removed when it has
 * failed, so a failed or interrupted query never leaves a partial output behind under the target's name. An existing
 * target is refused before any work: outputs are never overwritten.
 */
final class OutputDirectory {
    /** The formats of query outputs. */
    static final java.util.List<String> FORMATS = java.util.List.of("parquet", "csv");

    private OutputDirectory() {
    }

    /**
     * @param option the option that named the output, e.g. {@code --out}
     * @param format the requested format
     * @return the format, lower case
     * @throws InvalidInputException if it is not one of {@link #FORMATS}
     */
    static String format(String option, String format) {
        String f = format.toLowerCase(Locale.ROOT);
        if (!FORMATS.contains(f)) {
            throw new InvalidInputException(option, "one of " + FORMATS, "'" + format + "'");
        }
        return f;
    }

    /**
     * Checks that the target can be written, before any long work.
     *
     * @param spark  the session (its Hadoop configuration)
     * @param option the option that named the output
     * @param target the output directory
     * @throws InvalidInputException if the target exists or its parent directory does not
     */
    static void requireWritable(SparkSession spark, String option, String target) {
        Path t = new Path(target);
        try {
            FileSystem fs = t.getFileSystem(spark.sparkContext().hadoopConfiguration());
            if (fs.exists(t)) {
                throw new InvalidInputException(option + " '" + target + "'",
                        "a path that does not exist yet (outputs are not overwritten)", "an existing "
                        + (fs.getFileStatus(t).isDirectory() ? "directory" : "file"));
            }
            Path parent = fs.makeQualified(t).getParent();
            if (parent != null && !fs.exists(parent)) {
                throw new InvalidInputException(option + " '" + target + "'", "an existing parent directory",
                        "no directory '" + parent + "'");
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Writes the target through a temporary sibling.
     *
     * @param spark  the session
     * @param option the option that named the output
     * @param target the output directory
     * @param writer writes a complete output into the directory it is given (which does not exist yet)
     * @throws InvalidInputException as {@link #requireWritable}, or an executor's input error
     */
    static void write(SparkSession spark, String option, String target, Consumer<String> writer) {
        requireWritable(spark, option, target);
        Path t = new Path(target);
        try {
            FileSystem fs = t.getFileSystem(spark.sparkContext().hadoopConfiguration());
            Path qualified = fs.makeQualified(t);
            Path temporary = new Path(qualified.getParent(), "." + qualified.getName() + ".tmp-" + UUID.randomUUID());
            boolean done = false;
            try {
                SparkErrors.unwrapped(() -> {
                    writer.accept(temporary.toString());
                    return null;
                });
                if (!fs.rename(temporary, qualified)) {
                    throw new IOException("cannot rename " + temporary + " to " + qualified);
                }
                done = true;
            } finally {
                if (!done) {
                    fs.delete(temporary, true);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}

package org.atlasgraph.spark;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Paths;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.NoSuchElementException;
import java.util.regex.Pattern;
import java.util.stream.IntStream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapred.TextInputFormat;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.NumericType;
import org.apache.spark.sql.types.StructField;
import org.atlasgraph.api.check.InvalidInputException;
import org.atlasgraph.io.Decimals;
import org.atlasgraph.io.NpyHeader;
import org.atlasgraph.io.NpyReader;
import org.atlasgraph.pointcloud.data.KleinPatches;

/**
 * Makes {@link PointSet}s: the built-in Klein patches generated on the executors, or the points of a Parquet,
 * {@code .npy} or CSV file, or of a directory of such files (read in the order of their names; names starting with
 * {@code _} or {@code .}, such as Spark's {@code _SUCCESS}, are skipped).
 *
 * <p>Every value must be a finite number. CSV cells follow the strict decimal grammar of the {@code io} module
 * ({@link Decimals}; a first line with a cell that is not a number is a header), Parquet columns must be numeric and
 * non-null, {@code .npy} files two-dimensional float64 or float32 arrays in C order (read from a file system every
 * executor sees at the same path). Each file must hold at least one point and as many columns as the first; a
 * mismatch, a malformed cell or an empty file is one {@link InvalidInputException} naming the file (and the line and
 * column of a CSV cell).
 */
public final class PointSources {
    /** Points per partition of generated data and of {@code .npy} files, unless a partition count is given. */
    static final int ROWS_PER_PARTITION = 100_000;
    /** The increment of the partition seeds of generated data (the golden ratio, as {@code SplittableRandom}'s). */
    static final long SEED_STEP = 0x9E3779B97F4A7C15L;
    private static final Pattern NON_FINITE = Pattern.compile("(?i)[+-]?(?:nan|inf|infinity)");

    private PointSources() {
    }

    /**
     * A table read from files: its points and its column names.
     *
     * @param points  the points, one per row
     * @param columns the column names (a CSV header's, a Parquet schema's, or {@code c0, c1, …})
     */
    record Table(PointSet points, List<String> columns) {
    }

    /**
     * The built-in Klein patches (§4.3.1), generated on the executors: partition p holds
     * {@code KleinPatches.sample(n_p, seed + p·0x9E3779B97F4A7C15)}, the N points split as evenly as possible, so
     * partition 0 of a single partition is exactly the single-machine data set of that seed.
     *
     * @param sc         the Spark context
     * @param count      N ≥ 1
     * @param seed       the seed
     * @param partitions the number of partitions, ≥ 1
     * @return the points, not yet validated
     */
    static PointSet klein(JavaSparkContext sc, long count, long seed, int partitions) {
        List<Integer> ids = new ArrayList<>();
        for (int p = 0; p < partitions; p++) {
            ids.add(p);
        }
        JavaRDD<double[]> rdd = sc.parallelize(ids, partitions).mapPartitionsWithIndex((p, it) -> {
            int size = partitionSize(count, partitions, p);
            if (size == 0) {
                return java.util.Collections.emptyIterator();
            }
            KleinPatches patches = KleinPatches.sample(size, seed + p * SEED_STEP);
            return IntStream.range(0, patches.size()).mapToObj(patches::point).iterator();
        }, true);
        int[] noFile = new int[partitions];
        Arrays.fill(noFile, -1);
        return new PointSet(rdd, KleinPatches.AMBIENT_DIMENSION, noFile, List.of());
    }

    /**
     * @return the number of points of partition p when N points are split into P partitions as evenly as possible
     *     (the first N mod P partitions hold one more)
     */
    static int partitionSize(long count, int partitions, int p) {
        long base = count / partitions;
        return (int) (base + (p < count % partitions ? 1 : 0));
    }

    /** @return the default number of partitions of N generated points */
    static int defaultPartitions(long count, int parallelism) {
        return (int) Math.max(parallelism, (count + ROWS_PER_PARTITION - 1) / ROWS_PER_PARTITION);
    }

    /**
     * Opens the points of a file or directory.
     *
     * @param spark      the session
     * @param option     the option that named the input, e.g. {@code --input}
     * @param path       the path or URI
     * @param columns    the number of columns each row must have, or 0 for any number (the same in every file)
     * @param partitions the number of partitions per {@code .npy} file's worth of {@link #ROWS_PER_PARTITION} rows,
     *                   or 0 for the default
     * @return the table, not yet validated
     * @throws InvalidInputException if the path does not exist, holds no input file, or a file is of another type or
     *     has another number of columns
     */
    static Table read(SparkSession spark, String option, String path, int columns, int partitions) {
        Configuration conf = spark.sparkContext().hadoopConfiguration();
        List<Path> files = list(option, path, conf);
        String type = type(option, files.get(0));
        for (Path f : files) {
            if (!type(option, f).equals(type)) {
                throw new InvalidInputException(label(option, f), "a ." + type + " file like "
                        + files.get(0).getName(), "'" + f.getName() + "'");
            }
        }
        switch (type) {
            case "parquet":
                return parquet(spark, option, files, columns);
            case "csv":
                return csv(spark, option, files, columns, conf);
            default:
                return npy(spark, option, files, columns, partitions);
        }
    }

    private static List<Path> list(String option, String path, Configuration conf) {
        Path p = new Path(path);
        try {
            FileSystem fs = p.getFileSystem(conf);
            if (!fs.exists(p)) {
                throw new InvalidInputException(option + " '" + path + "'", "an existing file or directory",
                        "no such path");
            }
            FileStatus status = fs.getFileStatus(p);
            if (!status.isDirectory()) {
                return List.of(status.getPath());
            }
            List<Path> files = new ArrayList<>();
            for (FileStatus s : fs.listStatus(p)) {
                String name = s.getPath().getName();
                if (s.isFile() && !name.startsWith("_") && !name.startsWith(".")) {
                    files.add(s.getPath());
                }
            }
            if (files.isEmpty()) {
                throw new InvalidInputException(option + " '" + path + "'",
                        "a Parquet, .npy or CSV file or a directory of them", "a directory without files");
            }
            files.sort((a, b) -> a.getName().compareTo(b.getName()));
            return files;
        } catch (IOException e) {
            throw new InvalidInputException(option + " '" + path + "'", "a readable file or directory",
                    e.getClass().getSimpleName() + ": " + e.getMessage());
        }
    }

    private static String type(String option, Path file) {
        String name = file.getName().toLowerCase(Locale.ROOT);
        for (String t : List.of("parquet", "csv", "npy")) {
            if (name.endsWith("." + t)) {
                return t;
            }
        }
        throw new InvalidInputException(label(option, file), "a .parquet, .npy or .csv file", "'" + file.getName()
                + "'");
    }

    /** @return e.g. {@code --input 'dir/part-0.csv'}, the way every message names a file */
    static String label(String option, Path file) {
        String shown = "file".equals(file.toUri().getScheme()) ? file.toUri().getPath() : file.toString();
        return option.isEmpty() ? "'" + shown + "'" : option + " '" + shown + "'";
    }

    private static Table parquet(SparkSession spark, String option, List<Path> files, int columns) {
        List<JavaRDD<double[]>> parts = new ArrayList<>();
        List<String> labels = new ArrayList<>();
        List<String> names = null;
        List<Integer> owners = new ArrayList<>();
        for (int f = 0; f < files.size(); f++) {
            String label = label(option, files.get(f));
            Dataset<Row> df = spark.read().parquet(files.get(f).toString());
            StructField[] fields = df.schema().fields();
            for (StructField field : fields) {
                if (!(field.dataType() instanceof NumericType)) {
                    throw new InvalidInputException(label, "numeric columns", "column '" + field.name() + "' of type "
                            + field.dataType().simpleString());
                }
            }
            List<String> here = Arrays.stream(fields).map(StructField::name).toList();
            requireColumns(label, columns == 0 && names != null ? names.size() : columns, here.size());
            if (names == null) {
                names = here;
            }
            String[] columnNames = here.toArray(new String[0]);
            JavaRDD<double[]> rdd = df.javaRDD().map(row -> {
                double[] x = new double[row.size()];
                for (int j = 0; j < x.length; j++) {
                    if (row.isNullAt(j)) {
                        throw new InvalidInputException(label, "a number in every cell", "null in column '"
                                + columnNames[j] + "'");
                    }
                    x[j] = ((Number) row.get(j)).doubleValue();
                    if (!Double.isFinite(x[j])) {
                        throw new InvalidInputException(label, "finite values", x[j] + " in column '"
                                + columnNames[j] + "'");
                    }
                }
                return x;
            });
            parts.add(rdd);
            labels.add(label);
            for (int p = 0; p < rdd.getNumPartitions(); p++) {
                owners.add(f);
            }
        }
        return new Table(union(spark, parts, names.size(), owners, labels), names);
    }

    private static Table csv(SparkSession spark, String option, List<Path> files, int columns, Configuration conf) {
        JavaSparkContext sc = JavaSparkContext.fromSparkContext(spark.sparkContext());
        String[] first = firstRecord(option, files.get(0), conf);
        List<String> names = header(first) ? List.of(first) : generated(first.length);
        int width = columns == 0 ? first.length : columns;
        List<JavaRDD<double[]>> parts = new ArrayList<>();
        List<String> labels = new ArrayList<>();
        List<Integer> owners = new ArrayList<>();
        for (int f = 0; f < files.size(); f++) {
            String label = label(option, files.get(f));
            String file = files.get(f).toString();
            JavaRDD<double[]> rdd = sc.hadoopFile(file, TextInputFormat.class, LongWritable.class, Text.class)
                    .mapPartitions(it -> new CsvRows(it, label, file, width));
            parts.add(rdd);
            labels.add(label);
            for (int p = 0; p < rdd.getNumPartitions(); p++) {
                owners.add(f);
            }
        }
        return new Table(union(spark, parts, width, owners, labels), names);
    }

    /** @return the cells of the first non-blank line of a CSV file */
    private static String[] firstRecord(String option, Path file, Configuration conf) {
        try (InputStream in = file.getFileSystem(conf).open(file)) {
            java.io.BufferedReader r = new java.io.BufferedReader(new java.io.InputStreamReader(in,
                    StandardCharsets.UTF_8));
            String line;
            while ((line = r.readLine()) != null) {
                line = line.replace("\uFEFF", "");
                if (!line.isBlank()) {
                    return cells(line);
                }
            }
            throw new InvalidInputException(label(option, file), "at least one point", "none (an empty file)");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String[] cells(String line) {
        String[] c = line.split(",", -1);
        for (int j = 0; j < c.length; j++) {
            c[j] = c[j].strip();
        }
        return c;
    }

    /** @return whether a first record is a header: some cell is neither empty nor a spelling of a number */
    static boolean header(String[] cells) {
        for (String c : cells) {
            if (!c.isEmpty() && !Decimals.isDecimal(c) && !NON_FINITE.matcher(c).matches()) {
                return true;
            }
        }
        return false;
    }

    private static List<String> generated(int n) {
        List<String> names = new ArrayList<>();
        for (int j = 0; j < n; j++) {
            names.add("c" + j);
        }
        return names;
    }

    private static void requireColumns(String label, int expected, int found) {
        if (expected != 0 && expected != found) {
            throw new InvalidInputException(label, expected + " columns", found + " columns");
        }
    }

    /** Parses the lines of one split of a CSV file into points. */
    private static final class CsvRows implements Iterator<double[]> {
        private final Iterator<scala.Tuple2<LongWritable, Text>> lines;
        private final String label;
        private final String file;
        private final int width;
        private double[] next;

        CsvRows(Iterator<scala.Tuple2<LongWritable, Text>> lines, String label, String file, int width) {
            this.lines = lines;
            this.label = label;
            this.file = file;
            this.width = width;
        }

        @Override
        public boolean hasNext() {
            while (next == null && lines.hasNext()) {
                scala.Tuple2<LongWritable, Text> t = lines.next();
                long offset = t._1().get();
                String line = t._2().toString();
                if (offset == 0) {
                    line = line.replace("\uFEFF", "");
                }
                if (line.isBlank()) {
                    continue;
                }
                String[] c = cells(line);
                if (offset == 0 && header(c)) {
                    if (c.length != width) {
                        throw new InvalidInputException(label + " line 1", width + " columns", c.length
                                + " columns in the header");
                    }
                    continue;
                }
                if (c.length != width) {
                    throw new InvalidInputException(label + " line " + lineOf(offset), width + " fields",
                            c.length + " fields");
                }
                double[] x = new double[width];
                for (int j = 0; j < width; j++) {
                    double v = Decimals.isDecimal(c[j]) ? Double.parseDouble(c[j]) : Double.NaN;
                    // the position is found (by counting lines) only on the way to an error
                    x[j] = Double.isFinite(v) ? v
                            : Decimals.parse(label + " line " + lineOf(offset) + ", column " + (j + 1), c[j]);
                }
                next = x;
            }
            return next != null;
        }

        @Override
        public double[] next() {
            if (!hasNext()) {
                throw new NoSuchElementException();
            }
            double[] x = next;
            next = null;
            return x;
        }

        /** @return the 1-based line number of the line at a byte offset (only on the way to an error) */
        private long lineOf(long offset) {
            Path path = new Path(file);
            try (InputStream in = path.getFileSystem(new Configuration()).open(path)) {
                long line = 1;
                byte[] buffer = new byte[1 << 16];
                long read = 0;
                while (read < offset) {
                    int n = in.read(buffer, 0, (int) Math.min(buffer.length, offset - read));
                    if (n < 0) {
                        break;
                    }
                    for (int i = 0; i < n; i++) {
                        line += buffer[i] == '\n' ? 1 : 0;
                    }
                    read += n;
                }
                return line;
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    private static Table npy(SparkSession spark, String option, List<Path> files, int columns, int partitions) {
        JavaSparkContext sc = JavaSparkContext.fromSparkContext(spark.sparkContext());
        List<JavaRDD<double[]>> parts = new ArrayList<>();
        List<String> labels = new ArrayList<>();
        List<Integer> owners = new ArrayList<>();
        int width = columns;
        for (int f = 0; f < files.size(); f++) {
            Path file = files.get(f);
            String label = label(option, file);
            String scheme = file.toUri().getScheme();
            if (scheme != null && !"file".equals(scheme)) {
                throw new InvalidInputException(label, "a .npy file on a local or shared file system (file:)",
                        "scheme '" + scheme + "'", "convert it to Parquet for " + scheme);
            }
            String local = file.toUri().getPath();
            NpyHeader h = NpyReader.header(label, Paths.get(local));
            if (h.rank() != 2 || h.fortranOrder()) {
                throw new InvalidInputException(label, "a two-dimensional N×D array in C order", h.toString());
            }
            long n = h.dimension(0);
            int d = (int) h.dimension(1);
            requireColumns(label, width, d);
            width = d;
            int chunks = partitions > 0 ? partitions
                    : (int) Math.max(1, (n + ROWS_PER_PARTITION - 1) / ROWS_PER_PARTITION);
            List<long[]> ranges = new ArrayList<>();
            for (int c = 0; c < chunks; c++) {
                ranges.add(new long[] {n * c / chunks, n * (c + 1) / chunks});
            }
            long offset = h.dataOffset();
            int item = h.dtype().itemSize();
            boolean little = h.dtype().order() == java.nio.ByteOrder.LITTLE_ENDIAN;
            JavaRDD<double[]> rdd = sc.parallelize(ranges, chunks).mapPartitions(it -> {
                List<double[]> rows = new ArrayList<>();
                while (it.hasNext()) {
                    long[] r = it.next();
                    rows.addAll(readRows(label, local, offset, item, little, d, r[0], r[1]));
                }
                return rows.iterator();
            }, true);
            parts.add(rdd);
            labels.add(label);
            for (int p = 0; p < rdd.getNumPartitions(); p++) {
                owners.add(f);
            }
        }
        return new Table(union(spark, parts, width, owners, labels), generated(width));
    }

    private static List<double[]> readRows(String label, String file, long dataOffset, int item,
                                           boolean little, int d, long from, long to) throws IOException {
        List<double[]> rows = new ArrayList<>();
        try (FileChannel ch = FileChannel.open(Paths.get(file), StandardOpenOption.READ)) {
            ByteBuffer buffer = ByteBuffer.allocate(d * item).order(little ? java.nio.ByteOrder.LITTLE_ENDIAN
                    : java.nio.ByteOrder.BIG_ENDIAN);
            for (long i = from; i < to; i++) {
                buffer.clear();
                long position = dataOffset + i * d * item;
                while (buffer.hasRemaining()) {
                    if (ch.read(buffer, position + buffer.position()) < 0) {
                        throw new InvalidInputException(label, "as many values as its header says", "a shorter file");
                    }
                }
                buffer.flip();
                double[] x = new double[d];
                for (int j = 0; j < d; j++) {
                    x[j] = item == 8 ? buffer.getDouble() : buffer.getFloat();
                    if (!Double.isFinite(x[j])) {
                        throw new InvalidInputException(label, "finite values", x[j] + " at index (" + i + ", " + j
                                + ")");
                    }
                }
                rows.add(x);
            }
        }
        return rows;
    }

    private static PointSet union(SparkSession spark, List<JavaRDD<double[]>> parts, int width, List<Integer> owners,
                                  List<String> labels) {
        JavaSparkContext sc = JavaSparkContext.fromSparkContext(spark.sparkContext());
        JavaRDD<double[]> all = parts.size() == 1 ? parts.get(0) : sc.union(parts.toArray(new JavaRDD[0]));
        return new PointSet(all, width, owners.stream().mapToInt(Integer::intValue).toArray(), labels);
    }
}

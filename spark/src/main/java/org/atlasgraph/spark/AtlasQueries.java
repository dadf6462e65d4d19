package org.atlasgraph.spark;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.DoubleSupplier;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.atlasgraph.api.check.InvalidInputException;
import org.atlasgraph.pointcloud.AtlasModel;
import org.atlasgraph.pointcloud.PointCloudAtlas;

/**
 * Queries on a learned atlas (geodesic distances, principal-boundary classification, sampling) over tables too large
 * for one machine, written as Parquet or CSV partitions (one file per partition, CSV with a header row), all or
 * nothing ({@link OutputDirectory}). Each executor rebuilds the atlas from the broadcast model once
 * ({@link AtlasCache}) and answers its partitions' rows.
 */
public final class AtlasQueries {
    private AtlasQueries() {
    }

    /**
     * Geodesic distances of a table of pairs (§4.2.3, Alg. 2–3, as {@link PointCloudAtlas#geodesicDistance}): each row
     * holds two ambient points, 2D columns; the output has the same columns and a {@code distance} column (+∞ where
     * no path of the atlas joins the points).
     *
     * @param spark  the session
     * @param model  the atlas
     * @param pairs  a Parquet, {@code .npy} or CSV file or directory of pairs
     * @param out    the output directory (must not exist)
     * @param format {@code parquet} or {@code csv}
     * @return the number of rows written
     * @throws InvalidInputException naming the input if it is missing or malformed, has a column count other than
     *     2D, or a point is off the atlas (with its row); nothing is written then
     */
    public static long distances(SparkSession spark, AtlasModel model, String pairs, String out, String format) {
        String f = OutputDirectory.format("--format", format);
        OutputDirectory.requireWritable(spark, "--out", out);
        int d = model.ambientDimension();
        PointSources.Table table = PointSources.read(spark, "--pairs", pairs, 2 * d, 0);
        PointSet points = table.points().validated();
        Broadcast<AtlasModel> atlas = context(spark).broadcast(model);
        Broadcast<long[]> offsets = context(spark).broadcast(points.offsets());
        JavaRDD<Row> rows = points.rdd().mapPartitionsWithIndex((p, it) -> {
            PointCloudAtlas a = AtlasCache.of(atlas);
            long index = offsets.value()[p];
            List<Row> out2 = new ArrayList<>();
            while (it.hasNext()) {
                double[] xy = it.next();
                double distance = answer("--pairs", index++, () -> a.geodesicDistance(Arrays.copyOfRange(xy, 0, d),
                        Arrays.copyOfRange(xy, d, 2 * d)));
                out2.add(row(xy, distance));
            }
            return out2.iterator();
        }, true);
        List<String> names = new ArrayList<>(table.columns());
        names.add("distance");
        write(spark, rows, doubles(names), out, f);
        return points.count();
    }

    /**
     * Draws points from the atlas (App. E.1, as {@link PointCloudAtlas#sample}) on the executors: partition p draws
     * its share with the seed {@code seed + p·0x9E3779B97F4A7C15}; columns {@code x0 … x(D−1)}.
     *
     * @param spark      the session
     * @param model      the atlas
     * @param count      the number of points, ≥ 1
     * @param seed       the seed
     * @param partitions the number of partitions (output files), ≥ 1
     * @param out        the output directory (must not exist)
     * @param format     {@code parquet} or {@code csv}
     * @throws InvalidInputException if the count or partitions are not positive, the format is unknown or the output
     *     exists
     */
    public static void sample(SparkSession spark, AtlasModel model, long count, long seed, int partitions, String out,
                              String format) {
        String f = OutputDirectory.format("--format", format);
        if (count < 1) {
            throw new InvalidInputException("--count", "an integer ≥ 1", String.valueOf(count));
        }
        if (partitions < 1) {
            throw new InvalidInputException("--partitions", "an integer ≥ 1", String.valueOf(partitions));
        }
        OutputDirectory.requireWritable(spark, "--out", out);
        Broadcast<AtlasModel> atlas = context(spark).broadcast(model);
        List<Integer> ids = new ArrayList<>();
        for (int p = 0; p < partitions; p++) {
            ids.add(p);
        }
        JavaRDD<Row> rows = context(spark).parallelize(ids, partitions).mapPartitionsWithIndex((p, it) -> {
            int n = PointSources.partitionSize(count, partitions, p);
            List<Row> drawn = new ArrayList<>();
            if (n > 0) {
                for (double[] x : AtlasCache.of(atlas).sample(n, seed + p * PointSources.SEED_STEP)) {
                    drawn.add(row(x));
                }
            }
            return drawn.iterator();
        }, true);
        List<String> names = new ArrayList<>();
        for (int j = 0; j < model.ambientDimension(); j++) {
            names.add("x" + j);
        }
        write(spark, rows, doubles(names), out, f);
    }

    /**
     * Riemannian principal boundary classification (§5) of a table of points: each point gets the side of a fitted
     * boundary it lies on ({@link BoundarySides}: the rule of the {@code optim} module's {@code BoundaryFit}); the
     * output has the input columns, {@code score} ({@code ⟨Log_b x, n_b⟩}, positive on the first class's side) and
     * {@code predicted} (the class name).
     *
     * @param spark    the session
     * @param model    the atlas the boundary was fitted on
     * @param boundary one row per boundary point: its D ambient coordinates and its ambient unit normal toward the
     *                 first class, as {@code atlas rpb --save-boundary} writes them
     * @param plus     the first class's name
     * @param minus    the second class's name
     * @param points   a Parquet, {@code .npy} or CSV file or directory of points (D columns)
     * @param out      the output directory (must not exist)
     * @param format   {@code parquet} or {@code csv}
     * @return the number of rows written
     * @throws InvalidInputException naming the input if the boundary or the points are malformed, or a point is off
     *     the atlas (with its row); nothing is written then
     */
    public static long classify(SparkSession spark, AtlasModel model, double[][] boundary, String plus,
                                String minus, String points, String out, String format) {
        String f = OutputDirectory.format("--format", format);
        OutputDirectory.requireWritable(spark, "--out", out);
        int d = model.ambientDimension();
        BoundarySides sides = new BoundarySides(boundary, d);
        PointSources.Table table = PointSources.read(spark, "--input", points, d, 0);
        PointSet set = table.points().validated();
        Broadcast<AtlasModel> atlas = context(spark).broadcast(model);
        Broadcast<BoundarySides> sidesB = context(spark).broadcast(sides);
        Broadcast<long[]> offsets = context(spark).broadcast(set.offsets());
        JavaRDD<Row> rows = set.rdd().mapPartitionsWithIndex((p, it) -> {
            PointCloudAtlas a = AtlasCache.of(atlas);
            long index = offsets.value()[p];
            List<Row> labelled = new ArrayList<>();
            while (it.hasNext()) {
                double[] x = it.next();
                double score = answer("--input", index++, () -> sidesB.value().score(a, x));
                labelled.add(row(x, score, score >= 0 ? plus : minus));
            }
            return labelled.iterator();
        }, true);
        List<String> names = new ArrayList<>(table.columns());
        names.add("score");
        List<StructField> fields = doubles(names);
        fields.add(DataTypes.createStructField("predicted", DataTypes.StringType, false));
        write(spark, rows, fields, out, f);
        return set.count();
    }

    /** A row's answer, or its error with the row's position. */
    private static double answer(String input, long row, DoubleSupplier query) {
        try {
            return query.getAsDouble();
        } catch (InvalidInputException e) {
            throw new InvalidInputException(input + " row " + row + " (0-based, in input order)", "points on the atlas",
                    e.getMessage());
        }
    }

    /** @return a row of the values, then the extra cells */
    private static Row row(double[] values, Object... extra) {
        Object[] cells = new Object[values.length + extra.length];
        for (int j = 0; j < values.length; j++) {
            cells[j] = values[j];
        }
        System.arraycopy(extra, 0, cells, values.length, extra.length);
        return RowFactory.create(cells);
    }

    /** @return non-null double columns of these names (a mutable list) */
    private static List<StructField> doubles(List<String> names) {
        List<StructField> fields = new ArrayList<>();
        for (String n : names) {
            fields.add(DataTypes.createStructField(n, DataTypes.DoubleType, false));
        }
        return fields;
    }

    private static void write(SparkSession spark, JavaRDD<Row> rows, List<StructField> fields, String out,
                              String format) {
        StructType schema = DataTypes.createStructType(fields);
        OutputDirectory.write(spark, "--out", out, dir -> spark.createDataFrame(rows, schema).write().format(format)
                .option("header", "true").save(dir));
    }

    private static JavaSparkContext context(SparkSession spark) {
        return JavaSparkContext.fromSparkContext(spark.sparkContext());
    }
}

package org.atlasgraph.spark;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.sql.SparkSession;
import org.atlasgraph.api.ChartPoint;
import org.atlasgraph.api.Manifold;
import org.atlasgraph.api.TangentVector;
import org.atlasgraph.api.capability.Geodesics;
import org.atlasgraph.api.check.InvalidInputException;
import org.atlasgraph.api.spi.Providers;

/**
 * The online Fréchet mean of a distributed stream of points on a provider's manifold: each partition runs the online
 * mean of its points in order, and the driver merges the partition means with weights.
 *
 * <p>The step, in a partition and in the merge alike, is {@code M ← Ret_M(t · Log_M(X))} with the manifold's
 * retraction and the Riemannian logarithm of its {@link Geodesics} capability (closed forms where it has exact
 * geometry, Alg. 3 on a learned atlas): with {@code t = 1/i} for the i-th point of a partition it is the online mean
 * (GiFEE, Alg. 1, with the Riemannian log). <b>Merge rule</b>: the partition means {@code (M_p, n_p)}, in partition
 * order, are folded by the same step with {@code t = n_p / (n_1 + … + n_p)}: the mean of the first p partitions moves
 * toward the p-th partition's mean by that partition's share of the points so far. In a vector space this is exactly
 * the mean of all points; on a manifold it differs from the sequential online mean by terms of second order in the
 * spread of the partition means (each step is exact to first order), which the spark module's tests measure.
 *
 * <p>The manifold is created on every executor from its provider's name and parameters ({@link Providers}), so the
 * provider must be on the executors' class path; the spark module itself depends on no provider but the point cloud.
 */
public final class DistributedFrechetMean {
    private DistributedFrechetMean() {
    }

    /**
     * The merged mean and what it was merged from.
     *
     * @param mean       the mean, an ambient point
     * @param count      the number of points
     * @param partitions the partition means, in partition order, each {@code (ambient mean, count)}
     */
    public record Estimate(double[] mean, long count, List<PartitionMean> partitions) {
    }

    /**
     * The online mean of one partition.
     *
     * @param mean  the ambient mean
     * @param count the number of points
     */
    public record PartitionMean(double[] mean, long count) implements Serializable {
    }

    /**
     * Computes the merged online mean of a table of ambient points.
     *
     * @param spark      the session
     * @param provider   the provider's name, e.g. {@code sphere}
     * @param parameters its parameters, e.g. {@code n=3}
     * @param input      a Parquet, {@code .npy} or CSV file or directory of ambient points (D columns)
     * @return the estimate
     * @throws InvalidInputException if the provider or a parameter is unknown, the input is missing or malformed, or a
     *     point is off the manifold
     */
    public static Estimate of(SparkSession spark, String provider, Map<String, String> parameters, String input) {
        Manifold m = Providers.onClassPath().create(provider, parameters);
        PointSet points = PointSources.read(spark, "--input", input, m.ambientDimension(), 0).points().validated();
        return merge(m, partitionMeans(spark, provider, parameters, points));
    }

    /** @return the online mean of every partition of the points, in partition order (empty partitions omitted) */
    static List<PartitionMean> partitionMeans(SparkSession spark, String provider, Map<String, String> parameters,
                                              PointSet points) {
        Map<String, String> params = Map.copyOf(parameters);
        List<scala.Tuple2<Integer, PartitionMean>> means = SparkErrors.unwrapped(() -> points.rdd()
                .mapPartitionsWithIndex((p, it) -> {
                    if (!it.hasNext()) {
                        return Collections.<scala.Tuple2<Integer, PartitionMean>>emptyIterator();
                    }
                    Manifold m = Providers.onClassPath().create(provider, params);
                    ChartPoint mean = m.locate(it.next());
                    long i = 1;
                    while (it.hasNext()) {
                        i++;
                        mean = step(m, mean, m.locate(it.next()), 1.0 / i);
                    }
                    return Collections.singletonList(new scala.Tuple2<>(p, new PartitionMean(m.embed(mean), i)))
                            .iterator();
                }, true).collect());
        List<scala.Tuple2<Integer, PartitionMean>> sorted = new ArrayList<>(means);
        sorted.sort(Comparator.comparingInt(scala.Tuple2::_1));
        List<PartitionMean> out = new ArrayList<>();
        for (scala.Tuple2<Integer, PartitionMean> t : sorted) {
            out.add(t._2());
        }
        return out;
    }

    /**
     * Merges partition means by the rule of the class comment.
     *
     * @param m     the manifold
     * @param means the partition means, in partition order, at least one
     * @return the estimate
     */
    public static Estimate merge(Manifold m, List<PartitionMean> means) {
        if (means.isEmpty()) {
            throw new InvalidInputException("points", "at least one point", "none");
        }
        ChartPoint mean = m.locate(means.get(0).mean());
        long total = means.get(0).count();
        for (PartitionMean p : means.subList(1, means.size())) {
            total += p.count();
            mean = step(m, mean, m.locate(p.mean()), (double) p.count() / total);
        }
        return new Estimate(m.embed(mean), total, List.copyOf(means));
    }

    /**
     * The sequential online mean of points in order, the reference of the merged mean.
     *
     * @param m      the manifold
     * @param points the points, at least one (not modified)
     * @return the ambient mean
     */
    public static double[] sequential(Manifold m, List<double[]> points) {
        ChartPoint mean = m.locate(points.get(0));
        for (int i = 1; i < points.size(); i++) {
            mean = step(m, mean, m.locate(points.get(i)), 1.0 / (i + 1));
        }
        return m.embed(mean);
    }

    /**
     * @return {@code Ret_M(t · Log_M(X))}
     * @throws InvalidInputException if the manifold has no Riemannian logarithm, or cannot join or step to the point
     */
    static ChartPoint step(Manifold m, ChartPoint mean, ChartPoint x, double t) {
        Geodesics g = m.capability(Geodesics.class).orElseThrow(() -> new InvalidInputException("--provider",
                "a manifold with a Riemannian logarithm (the Geodesics capability)", m.name()));
        TangentVector log = g.log(mean, x).orElseThrow(() -> new InvalidInputException("points",
                "points the manifold joins to the running mean", "a point no path of " + m.name() + " reaches"));
        return m.retraction().retract(mean, log.scale(t)).orElseThrow(() -> new InvalidInputException("points",
                "points within the manifold", "a step of the mean beyond the edge of " + m.name()));
    }

    /** @return the Spark context of a session */
    static JavaSparkContext context(SparkSession spark) {
        return JavaSparkContext.fromSparkContext(spark.sparkContext());
    }
}

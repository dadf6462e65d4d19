package org.atlasgraph.bench;

import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.atlasgraph.api.ChartPoint;
import org.atlasgraph.api.TangentVector;
import org.atlasgraph.api.capability.Geodesics;
import org.atlasgraph.pointcloud.PointCloudAtlas;
import org.atlasgraph.pointcloud.data.KleinPatches;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * One logarithm query on a learned Klein atlas after the landmark graph is built (issue 15 target: under 0.3 ms):
 * random pairs of patches, most of them in different charts far apart, so each query runs the shortest-path search
 * of Alg. 3. {@code retraction} is the inverse retraction (Alg. 3 as in the paper, corrected), {@code riemannian}
 * the approximate Riemannian logarithm with second-order corrections.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(1)
public class PointCloudLogBenchmark {
    private static final long SEED = 5;
    private static final int PAIRS = 512;

    @Param({"100000"})
    int points;

    private PointCloudAtlas atlas;
    private Geodesics geodesics;
    private ChartPoint[] ps;
    private int next;

    /** Learns the atlas, builds its dense graph and locates the query points. */
    @Setup
    public void setUp() {
        atlas = PointCloudAtlas.builder(KleinPatches.sample(points, 1).points()).seed(1).build();
        geodesics = atlas.capability(Geodesics.class).orElseThrow();
        atlas.landmarkCount();
        Random rng = new Random(SEED);
        ps = new ChartPoint[2 * PAIRS];
        for (int i = 0; i < ps.length; i++) {
            ps[i] = atlas.locate(KleinPatches.patch(Math.PI * rng.nextDouble(), 2 * Math.PI * rng.nextDouble()));
        }
    }

    /** @return the inverse retraction of the next pair */
    @Benchmark
    public TangentVector retraction() {
        int i = 2 * (next++ % PAIRS);
        return atlas.inverseRetraction().inverseRetract(ps[i], ps[i + 1]).orElseThrow();
    }

    /** @return the approximate Riemannian logarithm of the next pair */
    @Benchmark
    public TangentVector riemannian() {
        int i = 2 * (next++ % PAIRS);
        return geodesics.log(ps[i], ps[i + 1]).orElseThrow();
    }
}

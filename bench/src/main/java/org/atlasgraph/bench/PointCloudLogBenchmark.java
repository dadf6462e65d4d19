package org.atlasgraph.bench;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Locale;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.atlasgraph.api.ChartPoint;
import org.atlasgraph.api.TangentVector;
import org.atlasgraph.api.capability.Geodesics;
import org.atlasgraph.pointcloud.PointCloudAtlas;
import org.atlasgraph.pointcloud.data.KleinPatches;
import org.atlasgraph.pointcloud.data.ReferenceManifold;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * One geodesic query on a learned atlas after the landmark graph is built (issue 12.3: under 2 ms per pair at
 * d ≤ 5 on 10⁵ points; issue 15.4: under 0.3 ms on the Klein bottle): random pairs of points of the manifold, most of
 * them in different charts far apart, so each query runs the route search and the relaxation of Alg. 3.
 * {@code manifold} is {@code klein} (d = 2, patches in R⁹) or {@code S3}, {@code S4}, {@code S5} (the unit sphere
 * S^d ⊂ R^{d+1}). {@code retraction} is the inverse retraction (Alg. 3 as in the paper, corrected),
 * {@code riemannian} the approximate Riemannian logarithm with second-order corrections, {@code distance} the
 * approximate geodesic distance.
 *
 * <p>Besides JMH's wall-clock time, each measured iteration prints the benchmark thread's CPU time per query
 * ({@code cpu: … us/op}), which on a machine shared with other work is the cost of the query itself: the wall time
 * there includes the time the thread waits for a core.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(1)
public class PointCloudLogBenchmark {
    private static final long SEED = 5;
    private static final int PAIRS = 512;
    /**
     * Times each query runs on every pair before the measurement, so that the JIT has compiled the query path even on
     * a loaded machine, where an iteration of 1 s runs only some tens of queries.
     */
    private static final int WARM_ROUNDS = 3;

    @Param({"klein", "S3", "S4", "S5"})
    String manifold;

    @Param({"100000"})
    int points;

    private PointCloudAtlas atlas;
    private Geodesics geodesics;
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    private ChartPoint[] ps;
    private int next;
    private long cpuNanos;
    private long calls;

    /** Learns the atlas, builds its landmark graph, locates the query points and runs every query on them. */
    @Setup
    public void setUp() {
        Random rng = new Random(SEED);
        double[][] queries = new double[2 * PAIRS][];
        if (manifold.equals("klein")) {
            atlas = PointCloudAtlas.builder(KleinPatches.sample(points, 1).points()).seed(1).build();
            for (int i = 0; i < queries.length; i++) {
                queries[i] = KleinPatches.patch(Math.PI * rng.nextDouble(), 2 * Math.PI * rng.nextDouble());
            }
        } else {
            ReferenceManifold sphere = ReferenceManifold.sphere(Integer.parseInt(manifold.substring(1)));
            atlas = PointCloudAtlas.builder(sphere.sample(points, 0, 1).points()).seed(1).build();
            queries = sphere.sample(queries.length, 0, SEED).points();
        }
        geodesics = atlas.capability(Geodesics.class).orElseThrow();
        atlas.landmarkCount();
        ps = new ChartPoint[queries.length];
        for (int i = 0; i < ps.length; i++) {
            ps[i] = atlas.locate(queries[i]);
        }
        for (int round = 0; round < WARM_ROUNDS; round++) {
            for (int i = 0; i < ps.length; i += 2) {
                geodesics.distance(ps[i], ps[i + 1]);
                geodesics.log(ps[i], ps[i + 1]).orElseThrow();
                atlas.inverseRetraction().inverseRetract(ps[i], ps[i + 1]).orElseThrow();
            }
        }
        System.out.printf("%n%s: d = %d, %d charts, %d landmarks%n", manifold, atlas.dimension(),
                atlas.charts().size(), atlas.landmarkCount());
    }

    /** Starts counting the CPU time of an iteration. */
    @Setup(Level.Iteration)
    public void startIteration() {
        cpuNanos = 0;
        calls = 0;
    }

    /** Prints the benchmark thread's CPU time per query of the iteration. */
    @TearDown(Level.Iteration)
    public void endIteration() {
        System.out.printf(Locale.ROOT, "cpu: %.1f us/op over %d ops%n", cpuNanos * 1e-3 / Math.max(1, calls), calls);
    }

    /** @return the inverse retraction of the next pair */
    @Benchmark
    public TangentVector retraction() {
        int i = 2 * (next++ % PAIRS);
        long start = THREADS.getCurrentThreadCpuTime();
        TangentVector v = atlas.inverseRetraction().inverseRetract(ps[i], ps[i + 1]).orElseThrow();
        count(start);
        return v;
    }

    /** @return the approximate Riemannian logarithm of the next pair */
    @Benchmark
    public TangentVector riemannian() {
        int i = 2 * (next++ % PAIRS);
        long start = THREADS.getCurrentThreadCpuTime();
        TangentVector v = geodesics.log(ps[i], ps[i + 1]).orElseThrow();
        count(start);
        return v;
    }

    /** @return the approximate geodesic distance of the next pair */
    @Benchmark
    public double distance() {
        int i = 2 * (next++ % PAIRS);
        long start = THREADS.getCurrentThreadCpuTime();
        double d = geodesics.distance(ps[i], ps[i + 1]);
        count(start);
        return d;
    }

    private void count(long start) {
        cpuNanos += THREADS.getCurrentThreadCpuTime() - start;
        calls++;
    }
}

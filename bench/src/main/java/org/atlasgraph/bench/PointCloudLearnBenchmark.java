package org.atlasgraph.bench;

import java.util.concurrent.TimeUnit;
import org.atlasgraph.pointcloud.PointCloudAtlas;
import org.atlasgraph.pointcloud.data.KleinPatches;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Learning an atlas of the Klein patches (§4.3.1) with every setting derived from the data: the target is
 * 10⁵ points in under 10 s on two cores. Single-shot, because one learning run is the unit a user waits for; the
 * warm-up run pays for JIT compilation as a first run of {@code atlas learn} would.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 1)
@Measurement(iterations = 3)
@Fork(1)
public class PointCloudLearnBenchmark {
    private static final long SEED = 1;

    @Param({"100000"})
    int points;

    private double[][] data;

    /** Draws the patches once; drawing is not part of learning. */
    @Setup
    public void setUp() {
        data = KleinPatches.sample(points, SEED).points();
    }

    /** @return the learned atlas */
    @Benchmark
    public PointCloudAtlas learn() {
        return PointCloudAtlas.builder(data).seed(SEED).build();
    }
}

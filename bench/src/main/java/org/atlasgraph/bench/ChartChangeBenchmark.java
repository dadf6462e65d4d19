package org.atlasgraph.bench;

import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.atlasgraph.api.capability.GeodesicPowerDistribution;
import org.atlasgraph.api.capability.RunningMean;
import org.atlasgraph.api.capability.Sampler;
import org.atlasgraph.grassmann.Grassmann;
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
 * Cost of a chart change of the consistent running mean on Gr(n,k) ({@link RunningMean.State#recentre}) with the
 * update before it: {@code updateAndRecentre} adds a sample with t = 1/8 and re-centres the state at the estimate,
 * one update and one chart change; {@code update} only adds (the state re-centres itself where the estimate leaves
 * the chart's domain of trust), so the difference of the two is the chart change. With {@code -prof gc},
 * gc.alloc.rate.norm is the allocation per update and chart change. Samples: a ring of GPD(X, 2) ({@code gpd}) or
 * of the uniform measure ({@code uniform}, on which the online mean changes chart at most samples). Run:
 * {@code java -jar bench/target/benchmarks.jar ChartChange -p size=30x5 -f 2 -wi 3 -i 5 -prof gc}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(jvmArgsAppend = "--add-modules=jdk.incubator.vector")
public class ChartChangeBenchmark {
    private static final long SEED = 1;
    private static final int RING = 64;
    /** The step fraction of every update: the estimate moves an eighth of the way to the sample. */
    private static final double T = 0.125;

    /** n×k of Gr(n,k). */
    @Param({"30x5", "40x3", "100x5", "300x10", "2000x10", "200x20"})
    String size;

    /** The samples: {@code gpd} (GPD(X, 2)) or {@code uniform}. */
    @Param({"gpd", "uniform"})
    String samples;

    private RunningMean.State state;
    private double[][] ring;
    private int next;

    /** Draws the sample ring and starts the state at the first sample. */
    @Setup
    public void setUp() {
        String[] nk = size.split("x");
        Grassmann gr = Grassmann.of(Integer.parseInt(nk[0]), Integer.parseInt(nk[1]));
        SplittableRandom rng = new SplittableRandom(SEED);
        Sampler uniform = gr.capability(Sampler.class).orElseThrow();
        double[] x = gr.embed(uniform.sample(rng));
        GeodesicPowerDistribution gpd = gr.capability(GeodesicPowerDistribution.class).orElseThrow();
        ring = new double[RING][];
        for (int i = 0; i < RING; i++) {
            ring[i] = "uniform".equals(samples) ? gr.embed(uniform.sample(rng)) : gpd.sample(x, 2, rng);
        }
        state = gr.capability(RunningMean.class).orElseThrow().start(gr.locate(ring[0]));
        next = 1;
    }

    /** One update with t = 1/8. */
    @Benchmark
    public void update() {
        state.add(ring[next], T);
        next = next + 1 == ring.length ? 0 : next + 1;
    }

    /** One update with t = 1/8, then a chart change to the estimate. */
    @Benchmark
    public void updateAndRecentre() {
        state.add(ring[next], T);
        state.recentre();
        next = next + 1 == ring.length ? 0 : next + 1;
    }
}

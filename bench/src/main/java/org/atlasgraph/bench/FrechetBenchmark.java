package org.atlasgraph.bench;

import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.atlasgraph.api.capability.GeodesicPowerDistribution;
import org.atlasgraph.api.capability.Sampler;
import org.atlasgraph.grassmann.Grassmann;
import org.atlasgraph.optim.mean.FrechetScheme;
import org.atlasgraph.optim.mean.OnlineFrechetMean;
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
 * Cost of one online Fréchet mean update on Gr(n,k) per scheme (§3.2, Fig. 1): the steady-state time of
 * {@code OnlineFrechetMean.add} after JIT warm-up, on a ring of GPD(X, 2) samples drawn in the setup (sampling is not
 * timed). Run: {@code java -jar bench/target/benchmarks.jar Frechet -f 1 -wi 5 -i 5}; select sizes or schemes with
 * {@code -p size=100x5 -p scheme=atlas,exp}. The forks add {@code jdk.incubator.vector}, so small k runs the Grassmann
 * kernels on the Vector API as {@code ./atlas} does.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(jvmArgsAppend = "--add-modules=jdk.incubator.vector")
public class FrechetBenchmark {
    private static final long SEED = 1;
    private static final double POWER = 2;
    /** Memory for the sample ring: 128 MB, i.e. 16 samples of Gr(2000,500) and 64 of the small sizes. */
    private static final long RING_BYTES = 1L << 27;
    private static final int MAX_RING = 64;

    /** n×k of Gr(n,k): the sizes of the paper's Fig. 1. */
    @Param({"30x5", "100x5", "300x10", "2000x10", "2000x100", "2000x500"})
    String size;

    /** The update scheme. */
    @Param({"atlas", "exp", "gifee", "retraction", "opca"})
    String scheme;

    private OnlineFrechetMean mean;
    private double[][] ring;
    private int next;

    /** Draws the mean, the sample ring, and adds the first sample (M₁ = X₁). */
    @Setup
    public void setUp() {
        String[] nk = size.split("x");
        int n = Integer.parseInt(nk[0]);
        int k = Integer.parseInt(nk[1]);
        Grassmann gr = Grassmann.of(n, k);
        SplittableRandom rng = new SplittableRandom(SEED);
        double[] x = gr.embed(gr.capability(Sampler.class).orElseThrow().sample(rng));
        GeodesicPowerDistribution gpd = gr.capability(GeodesicPowerDistribution.class).orElseThrow();
        int length = (int) Math.max(2, Math.min(MAX_RING, RING_BYTES / (8L * n * k)));
        ring = new double[length][];
        for (int i = 0; i < length; i++) {
            ring[i] = gpd.sample(x, POWER, rng);
        }
        mean = new OnlineFrechetMean(gr, FrechetScheme.parse(scheme, gr));
        mean.add(ring[0]);
        next = 1;
    }

    /** One update {@code M ← step(M, X, 1/(i+1))}. */
    @Benchmark
    public void update() {
        mean.add(ring[next]);
        next = next + 1 == ring.length ? 0 : next + 1;
    }
}

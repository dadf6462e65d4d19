package org.atlasgraph.bench;

import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.atlasgraph.api.capability.AmbientSchemes;
import org.atlasgraph.api.capability.AmbientStep;
import org.atlasgraph.api.capability.ExactGeometry;
import org.atlasgraph.grassmann.Grassmann;
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
 * One sample of the online Fréchet mean with the ambient baselines of §3.2 / Fig. S1 on Gr(n,k): "exp" (MANOPT:
 * ManoptLog + ManoptExp), "gifee" (GifeeLog + GifeeExp) and "retraction" (MANOPT-RET: ManoptLog + polar retraction),
 * each {@code M ← step(M, X, 1/(i+1))}. Compare with {@link GrassmannIngestBenchmark}.
 *
 * <p>Run: {@code java -jar bench/target/benchmarks.jar GrassmannStep -f 1 -wi 3 -i 5}.
 */
@State(Scope.Benchmark)
@Fork(jvmArgsAppend = "--add-modules=jdk.incubator.vector")
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class GrassmannStepBenchmark {
    private static final long SEED = 2024;

    /** n×k. */
    @Param({"100x5", "300x10", "2000x10", "2000x100", "2000x500"})
    String size;

    /** "exp" ({@code ExactGeometry.geodesicStep}) or a scheme of the {@code AmbientSchemes} capability. */
    @Param({"exp", "gifee", "retraction"})
    String scheme;

    private AmbientStep step;
    private double[][] samples;
    private double[] mean;
    private int next;

    /** Draws the mean and a pool of GPD samples around it. */
    @Setup
    public void setUp() {
        Grassmann grassmann = GrassmannIngestBenchmark.grassmann(size);
        SplittableRandom rng = new SplittableRandom(SEED);
        mean = grassmann.uniform(rng);
        samples = GrassmannIngestBenchmark.gpdPool(grassmann, mean, rng);
        ExactGeometry exact = grassmann.capability(ExactGeometry.class).orElseThrow();
        step = "exp".equals(scheme) ? exact::geodesicStep
                : grassmann.capability(AmbientSchemes.class).orElseThrow().schemes().get(scheme);
        next = 10;
    }

    /** @return the updated mean after one sample */
    @Benchmark
    public double[] update() {
        double[] sample = samples[next % samples.length];
        next++;
        mean = step.step(mean, sample, 1.0 / next);
        return mean;
    }
}

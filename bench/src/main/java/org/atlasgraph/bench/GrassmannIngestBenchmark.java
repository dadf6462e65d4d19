package org.atlasgraph.bench;

import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.atlasgraph.api.ChartPoint;
import org.atlasgraph.api.Coordinates;
import org.atlasgraph.api.TangentVector;
import org.atlasgraph.api.capability.GeodesicPowerDistribution;
import org.atlasgraph.api.capability.OnlineMeanStep;
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
 * One sample of the atlas online Fréchet mean (ATLAS_Frechet, Alg. 1) on Gr(n,k) through the SPI: ingest the sample
 * into the current chart ({@code coordinatesIn}, Alg. 8 in O(nk²)), τ = difference, retract by τ/(i+1); or all of it
 * in the provider's fused {@code stepToward}, as the online mean runs it. The mean
 * sits in an ad hoc chart (the usual case after the first chart change) or in an Ehresmann chart; samples come from
 * GPD(X, 2) around it, so no chart change happens during the measurement. Compare with
 * {@link GrassmannStepBenchmark} for the exp/gifee/retraction baselines.
 *
 * <p>Run: {@code java -jar bench/target/benchmarks.jar GrassmannIngest -f 1 -wi 3 -i 5}. The fork adds the module
 * {@code jdk.incubator.vector}, so small k runs the Vector API kernels; {@code -jvmArgsAppend
 * -Datlasgraph.grassmann.vector=false} replaces that and measures the scalar fallback.
 */
@State(Scope.Benchmark)
@Fork(jvmArgsAppend = "--add-modules=jdk.incubator.vector")
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class GrassmannIngestBenchmark {
    private static final long SEED = 2024;
    /** Distinct samples cycled through; fewer for the large sizes, where each takes a while to draw. */
    private static final double POOL_MULTIPLY_ADDS = 2e7;

    /** n×k. */
    @Param({"100x5", "300x10", "2000x10", "2000x100", "2000x500"})
    String size;

    /** Chart kind of the running mean: "adhoc" (Q_C ≠ I, 2(n−k)k² multiply-adds) or "ehresmann" ((n−k)k²). */
    @Param({"adhoc", "ehresmann"})
    String chart;

    private Grassmann grassmann;
    private OnlineMeanStep fused;
    private double[][] samples;
    private ChartPoint mean;
    private int next;

    /** Draws the mean, its chart and a pool of GPD samples. */
    @Setup
    public void setUp() {
        grassmann = grassmann(size);
        fused = grassmann.capability(OnlineMeanStep.class).orElseThrow();
        int n = grassmann.n();
        int k = grassmann.k();
        SplittableRandom rng = new SplittableRandom(SEED);
        double[] x;
        if (chart.equals("adhoc")) {
            x = grassmann.uniform(rng);
            mean = grassmann.atlas().changeChart(grassmann.locate(x));
        } else {
            // A point of E{0..k−1} with small coordinates, so the Ehresmann chart is its own best chart.
            double[] b = new double[(n - k) * k];
            for (int i = 0; i < b.length; i++) {
                b[i] = 0.3 / Math.sqrt(n) * rng.nextGaussian();
            }
            double[] lift = new double[n * k];
            for (int j = 0; j < k; j++) {
                lift[j * k + j] = 1;
            }
            System.arraycopy(b, 0, lift, k * k, b.length);
            mean = grassmann.locate(lift);
            x = grassmann.embed(mean);
            if (mean.chart().id().value().startsWith("adhoc")) {
                throw new IllegalStateException("setup: expected an Ehresmann chart, got " + mean.chart().id());
            }
        }
        samples = gpdPool(grassmann, x, rng);
        next = 10;
    }

    /** @return Gr(n,k) for a size parameter "n×k" written {@code "NxK"} */
    static Grassmann grassmann(String size) {
        String[] nk = size.split("x");
        return Grassmann.of(Integer.parseInt(nk[0]), Integer.parseInt(nk[1]));
    }

    /** @return distinct GPD(X, 2) samples to cycle through: 64, or fewer where each draw is expensive */
    static double[][] gpdPool(Grassmann grassmann, double[] x, SplittableRandom rng) {
        double work = (double) grassmann.n() * grassmann.k() * grassmann.k();
        double[][] pool = new double[(int) Math.max(2, Math.min(64, POOL_MULTIPLY_ADDS / work))][];
        GeodesicPowerDistribution gpd = grassmann.capability(GeodesicPowerDistribution.class).orElseThrow();
        for (int i = 0; i < pool.length; i++) {
            pool[i] = gpd.sample(x, 2, rng);
        }
        return pool;
    }

    /** @return the updated mean after one sample */
    @Benchmark
    public ChartPoint ingestAndUpdate() {
        double[] sample = samples[next % samples.length];
        next++;
        ChartPoint s = grassmann.coordinatesIn(mean.chart(), sample).orElseThrow();
        TangentVector tau = grassmann.inverseRetraction().inverseRetract(mean, s).orElseThrow();
        mean = grassmann.retraction().retract(mean, tau.scale(1.0 / next)).orElseThrow();
        return mean;
    }

    /** @return the updated mean after one sample, by the fused {@code stepToward} */
    @Benchmark
    public ChartPoint fusedStep() {
        double[] sample = samples[next % samples.length];
        next++;
        mean = fused.stepToward(mean, sample, 1.0 / next).orElseThrow();
        return mean;
    }

    /** @return the coordinates of one sample in the mean's chart (the ingest alone) */
    @Benchmark
    public Coordinates ingestOnly() {
        double[] sample = samples[next % samples.length];
        next++;
        return grassmann.coordinatesIn(mean.chart(), sample).orElseThrow().xi();
    }
}

package org.atlasgraph.bench;

import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.atlasgraph.api.ChartPoint;
import org.atlasgraph.api.Coordinates;
import org.atlasgraph.api.TangentVector;
import org.atlasgraph.api.capability.ExactGeometry;
import org.atlasgraph.api.capability.Sampler;
import org.atlasgraph.sphere.Sphere;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/** Cost of one quasi-Euclidean retraction on S^{n-1} against the exact exponential map it approximates. */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class SphereRetractionBenchmark {
    private static final long SEED = 7;

    @Param({"3", "100"})
    int n;

    private Sphere sphere;
    private ChartPoint p;
    private TangentVector tau;
    private double[] ambientP;
    private double[] ambientTau;

    /** Draws a base point and a small tangent vector. */
    @Setup
    public void setUp() {
        SplittableRandom rng = new SplittableRandom(SEED);
        sphere = Sphere.of(n);
        p = sphere.capability(Sampler.class).orElseThrow().sample(rng);
        double[] t = new double[n - 1];
        for (int i = 0; i < t.length; i++) {
            t[i] = 0.01 * rng.nextDouble(-1, 1);
        }
        tau = p.tangent(Coordinates.of(t));
        ambientP = sphere.embed(p);
        ambientTau = p.chart().pushForward(p.xi(), tau.tau());
    }

    /** @return the quasi-Euclidean update */
    @Benchmark
    public ChartPoint quasiEuclidean() {
        return sphere.retraction().retract(p, tau).orElseThrow();
    }

    /** @return the exact exponential map on the ambient representation */
    @Benchmark
    public double[] exactExp() {
        return sphere.capability(ExactGeometry.class).orElseThrow().exp(ambientP, ambientTau);
    }
}

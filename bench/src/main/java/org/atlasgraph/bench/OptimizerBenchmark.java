package org.atlasgraph.bench;

import java.util.OptionalDouble;
import java.util.concurrent.TimeUnit;
import org.atlasgraph.grassmann.Grassmann;
import org.atlasgraph.optim.descent.DescentListener;
import org.atlasgraph.optim.descent.DescentResult;
import org.atlasgraph.optim.descent.StoppingRule;
import org.atlasgraph.optim.problem.Method;
import org.atlasgraph.optim.problem.Problem;
import org.atlasgraph.optim.problem.Problems;
import org.atlasgraph.pointcloud.PointCloudAtlas;
import org.atlasgraph.pointcloud.data.KleinPatches;
import org.atlasgraph.sphere.Sphere;
import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Time to a Riemannian gradient norm of 1e-8 per first-order method (issue 11): conjugate gradients (Fletcher–Reeves,
 * Polak–Ribière+, Hestenes–Stiefel), L-BFGS and SGD with Armijo backtracking, each run from the problem's start point
 * as {@link Method} configures it, on the Rayleigh quotient on S^999, the block Rayleigh (Brockett) cost on Gr(500,10)
 * and the Karcher mean of 30 patches on an atlas learned from 1500 Klein-bottle patches. One operation is a whole
 * {@code minimize}; the secondary result {@code iterations} is the iteration count of the runs. Run:
 * {@code java -jar bench/target/benchmarks.jar Optimizer -f 1 -wi 2 -w 1s -i 3 -r 1s}. The same table, with the
 * gradient and value evaluations, comes from {@code atlas optimize --problem NAME --repeat R}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(1)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
public class OptimizerBenchmark {
    private static final double TOLERANCE = 1e-8;
    private static final int BUDGET = 20000;
    private static final long SEED = 1;

    /** The problem: {@code rayleigh} (S^999), {@code brockett} (Gr(500,10)) or {@code karcher} (learned Klein). */
    @Param({"rayleigh", "brockett", "karcher"})
    String problem;

    /** The method's command-line name. */
    @Param({"cg-fr", "cg-prp", "cg-hs", "lbfgs", "sgd"})
    String method;

    private Problem instance;
    private Method chosen;

    /** Iterations of the runs, as a secondary result (their mean per operation). */
    @State(Scope.Thread)
    @AuxCounters(AuxCounters.Type.OPERATIONS)
    public static class Iterations {
        /** The iterations of the runs of this measurement iteration, summed. */
        public long iterations;

        /** Clears the count before each measurement iteration. */
        @Setup(Level.Iteration)
        public void clear() {
            iterations = 0;
        }
    }

    /** Builds the problem (learning the Klein atlas for {@code karcher}; not timed). */
    @Setup
    public void setUp() {
        chosen = Method.ofCode(method);
        instance = switch (problem) {
            case "rayleigh" -> Problems.rayleigh(Sphere.of(1000), Problems.symmetricMatrix(1000, 1),
                    OptionalDouble.of(-1));
            case "brockett" -> Problems.brockett(Grassmann.of(500, 10), 10, Problems.symmetricMatrix(500, 10),
                    OptionalDouble.empty());
            case "karcher" -> {
                KleinPatches data = KleinPatches.sample(1500, SEED);
                yield Problems.karcherOfNearest(PointCloudAtlas.builder(data.points()).seed(SEED).build(),
                        data.points(), 30);
            }
            default -> throw new IllegalArgumentException("problem: expected rayleigh, brockett or karcher, found "
                    + problem);
        };
    }

    /**
     * One run to the tolerance.
     *
     * @param counter where the iteration count goes
     * @return the result, so that the run is not eliminated
     */
    @Benchmark
    public DescentResult minimize(Iterations counter) {
        DescentResult r = chosen.minimize(instance, StoppingRule.gradientNormBelow(TOLERANCE), BUDGET,
                DescentListener.NONE);
        counter.iterations += r.iterations();
        return r;
    }
}

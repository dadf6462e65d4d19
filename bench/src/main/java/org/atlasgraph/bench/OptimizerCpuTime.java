package org.atlasgraph.bench;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;
import java.util.Locale;
import java.util.OptionalDouble;
import org.atlasgraph.grassmann.Grassmann;
import org.atlasgraph.optim.descent.DescentResult;
import org.atlasgraph.optim.descent.StoppingRule;
import org.atlasgraph.optim.problem.Method;
import org.atlasgraph.optim.problem.Problem;
import org.atlasgraph.optim.problem.Problems;
import org.atlasgraph.sphere.Sphere;

/**
 * Thread CPU milliseconds per iteration of every {@link Method} on the eigenvalue problems of {@code atlas optimize}
 * (the Rayleigh quotient on S^999, the Brockett cost on Gr(500,10)), to a gradient norm of 1e-6 (issue 11.4: within
 * 3× of Pymanopt per iteration). On a shared machine wall-clock times swing with the load; the CPU time of the thread
 * that runs the optimizer is its own cost (compare with Python's {@code time.process_time} around Pymanopt's
 * {@code Optimizer.run}). Each method runs twice untimed, then R times timed; the median is printed. Run:
 * {@code java --add-modules jdk.incubator.vector -cp bench/target/benchmarks.jar org.atlasgraph.bench.OptimizerCpuTime
 * brockett 5}.
 */
public final class OptimizerCpuTime {
    private static final double TOLERANCE = 1e-6;
    private static final int MAX_ITERATIONS = 1000;
    private static final int WARMUP_RUNS = 2;

    private OptimizerCpuTime() {
    }

    /**
     * Prints one line per method: iterations and the median CPU ms per iteration.
     *
     * @param args {@code rayleigh|brockett [R]} (R timed runs per method, default 5)
     */
    public static void main(String[] args) {
        String name = args.length > 0 ? args[0] : "brockett";
        int repeat = args.length > 1 ? Integer.parseInt(args[1]) : 5;
        Problem problem = name.equals("rayleigh")
                ? Problems.rayleigh(Sphere.of(1000), Problems.symmetricMatrix(1000, 1), OptionalDouble.of(-1))
                : Problems.brockett(Grassmann.of(500, 10), 10, Problems.symmetricMatrix(500, 10),
                        OptionalDouble.empty());
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        System.out.printf(Locale.ROOT, "%s on %s, tolerance %.0e, thread CPU ms per iteration (median of %d), "
                + "load %.2f%n",
                problem.name(), problem.manifold().name(), TOLERANCE, repeat,
                ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage());
        for (Method method : Method.values()) {
            for (int i = 0; i < WARMUP_RUNS; i++) {
                run(method, problem);
            }
            double[] ms = new double[repeat];
            int iterations = 0;
            for (int r = 0; r < repeat; r++) {
                long start = threads.getCurrentThreadCpuTime();
                DescentResult result = run(method, problem);
                iterations = Math.max(1, result.iterations());
                ms[r] = (threads.getCurrentThreadCpuTime() - start) * 1e-6 / iterations;
            }
            Arrays.sort(ms);
            System.out.printf(Locale.ROOT, "%-7s %4d iterations  %7.2f ms/iteration%n", method.code(), iterations,
                    ms[repeat / 2]);
        }
    }

    private static DescentResult run(Method method, Problem problem) {
        return method.minimize(problem, StoppingRule.gradientNormBelow(TOLERANCE), MAX_ITERATIONS, p -> {
        });
    }
}

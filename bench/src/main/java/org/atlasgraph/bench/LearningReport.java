package org.atlasgraph.bench;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;
import org.atlasgraph.pointcloud.GeodesicComparison;
import org.atlasgraph.pointcloud.LearningSummary;
import org.atlasgraph.pointcloud.PointCloudAtlas;
import org.atlasgraph.pointcloud.data.KleinPatches;
import org.atlasgraph.pointcloud.data.ReferenceManifold;

/**
 * The learning suite of issue 12 at full size, printed as Markdown tables (not JMH: one learning run is the unit a
 * user waits for, and the accuracy figures are not timings).
 *
 * <ul>
 *   <li>{@code accuracy [REGEX [POINTS]]}: 12.2, the manifolds with exact geodesics ({@link ReferenceManifold}: S^d for
 *   d = 2 … 6, the flat tori T² and T³, the developable roll), each in its native R^m and rotated into R^100, clean
 *   and with Gaussian noise of 1% of the diameter per coordinate; d estimated; 200 pairs of sample points compared
 *   with the closed-form distance ({@link GeodesicComparison}). Cases whose name matches REGEX only.</li>
 *   <li>{@code scale [SIZES] [NOISE]}: 12.4, learning SIZES (default 10⁴, 10⁵, 10⁶) Klein patches in R⁹ with
 *   noise NOISE (default 0): learning time, the heap's peak use, charts; the growth exponent of time between
 *   consecutive sizes.</li>
 * </ul>
 * Run: {@code java -Xmx4g -XX:ActiveProcessorCount=2 -cp bench/target/benchmarks.jar
 * org.atlasgraph.bench.LearningReport accuracy}.
 */
public final class LearningReport {
    /** Pairs compared per case; the issue asks for at least 200. */
    static final int PAIRS = 200;
    /** Ambient dimension the manifolds are rotated into (D ≫ d). */
    static final int ROTATED = 100;
    /** Noise per coordinate as a fraction of the manifold's diameter. */
    static final double NOISE = 0.01;
    private static final long SEED = 7;

    private LearningReport() {
    }

    /**
     * @param args {@code accuracy [REGEX [POINTS]]} or {@code scale [SIZES [NOISE]]}
     */
    public static void main(String[] args) {
        if (args.length >= 1 && args[0].equals("accuracy")) {
            accuracy(args.length > 1 ? Pattern.compile(args[1]) : Pattern.compile(".*"),
                    args.length > 2 ? Integer.parseInt(args[2]) : Integer.MAX_VALUE);
        } else if (args.length >= 1 && args[0].equals("scale")) {
            scale(args.length > 1 ? args[1] : "10000,100000,1000000",
                    args.length > 2 ? Double.parseDouble(args[2]) : 0);
        } else {
            System.err.println("usage: LearningReport accuracy [REGEX [POINTS]] | scale [SIZES [NOISE]]");
            System.exit(2);
        }
    }

    /** A case of the accuracy suite: a manifold and the number of points learned from. */
    private record Case(ReferenceManifold manifold, int points) {
    }

    /** @return every case of the suite, with point counts up to 10⁵ growing with d */
    private static List<Case> cases() {
        List<ReferenceManifold> natives = new ArrayList<>();
        for (int d = 2; d <= 6; d++) {
            natives.add(ReferenceManifold.sphere(d));
        }
        natives.add(ReferenceManifold.flatTorus(2));
        natives.add(ReferenceManifold.flatTorus(3));
        natives.add(ReferenceManifold.roll());
        List<Case> cases = new ArrayList<>();
        for (ReferenceManifold m : natives) {
            int points = pointsFor(m.dimension());
            cases.add(new Case(m, points));
            cases.add(new Case(m.rotatedInto(ROTATED, SEED), points));
        }
        return cases;
    }

    /** @return 20,000 points at d = 2, 30,000 at d = 3, 50,000 at d = 4, 10⁵ above */
    private static int pointsFor(int d) {
        switch (d) {
            case 2:
                return 20_000;
            case 3:
                return 30_000;
            case 4:
                return 50_000;
            default:
                return 100_000;
        }
    }

    private static void accuracy(Pattern filter, int most) {
        System.out.println("| case | d (est.) | D | noise | points | charts | learn s (CPU s) | mean err | max err "
                + "| distortion | ms/pair | unreachable |");
        System.out.println("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |");
        for (Case c : cases()) {
            for (double noise : new double[] {0, NOISE}) {
                ReferenceManifold m = c.manifold();
                String name = m.name() + (noise > 0 ? " noisy" : "");
                if (!filter.matcher(name).find()) {
                    continue;
                }
                int points = Math.min(c.points(), most);
                ReferenceManifold.Sample sample = m.sample(points, noise * m.diameter(), SEED);
                long start = System.nanoTime();
                long cpuStart = cpuNanos();
                PointCloudAtlas atlas = PointCloudAtlas.builder(sample.points()).seed(SEED).build();
                double learn = (System.nanoTime() - start) / 1e9;
                double cpu = (cpuNanos() - cpuStart) / 1e9;
                LearningSummary s = atlas.summary();
                GeodesicComparison g = GeodesicComparison.measure(atlas, m, sample, PAIRS, SEED);
                System.out.printf(Locale.ROOT, "| %s | %d (%d) | %d | %.0f%% | %d | %d | %.1f (%.1f) | %.2f%% "
                                + "| %.2f%% | %.3f | %.2f | %d |%n", m.name(), m.dimension(), s.dimension(),
                        m.ambientDimension(), 100 * noise, points, s.chartCount(), learn, cpu,
                        100 * g.meanRelativeError(), 100 * g.maxRelativeError(), g.distortion(),
                        g.nanosPerPair() / 1e6, g.unreachable());
            }
        }
    }

    private static void scale(String sizes, double noise) {
        System.out.println("| points | noise | learn s | CPU s | peak heap MB | charts | exponent (CPU) |");
        System.out.println("| --- | --- | --- | --- | --- | --- | --- |");
        double previousTime = Double.NaN;
        int previousSize = 0;
        for (String part : sizes.split(",")) {
            int n = Integer.parseInt(part.trim());
            double[][] data = KleinPatches.sample(n, SEED, noise).points();
            System.gc();
            resetPeaks();
            long start = System.nanoTime();
            long cpuStart = cpuNanos();
            PointCloudAtlas atlas = PointCloudAtlas.builder(data).seed(SEED).build();
            double seconds = (System.nanoTime() - start) / 1e9;
            double cpu = (cpuNanos() - cpuStart) / 1e9;
            double exponent = previousSize == 0 ? Double.NaN
                    : Math.log(cpu / previousTime) / Math.log((double) n / previousSize);
            System.out.printf(Locale.ROOT, "| %d | %.2f | %.1f | %.1f | %.0f | %d | %s |%n", n, noise, seconds, cpu,
                    peakHeap() / 1048576.0, atlas.summary().chartCount(),
                    Double.isNaN(exponent) ? "" : String.format(Locale.ROOT, "%.2f", exponent));
            previousTime = cpu;
            previousSize = n;
        }
    }

    /**
     * @return the CPU time of this process (all threads), in nanoseconds: on a machine shared with other work the
     *     wall-clock time measures the others' load as much as learning
     */
    private static long cpuNanos() {
        return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
                .getProcessCpuTime();
    }

    private static void resetPeaks() {
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            pool.resetPeakUsage();
        }
    }

    /** @return the sum of the heap pools' peak use since {@link #resetPeaks}, in bytes (the input data included) */
    private static long peakHeap() {
        long sum = 0;
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            if (pool.getType() == MemoryType.HEAP) {
                sum += pool.getPeakUsage().getUsed();
            }
        }
        return sum;
    }
}

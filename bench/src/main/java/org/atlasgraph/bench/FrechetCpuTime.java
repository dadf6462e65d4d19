package org.atlasgraph.bench;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;
import java.util.Locale;
import java.util.SplittableRandom;
import org.atlasgraph.api.capability.GeodesicPowerDistribution;
import org.atlasgraph.api.capability.Sampler;
import org.atlasgraph.grassmann.Grassmann;
import org.atlasgraph.optim.mean.FrechetScheme;
import org.atlasgraph.optim.mean.OnlineFrechetMean;

/**
 * The per-sample cost of two online Fréchet mean schemes on Gr(n,k) in thread CPU time, interleaved in one JVM: the
 * setup of {@link FrechetBenchmark} (a ring of GPD(X, 2) samples, the first one added before timing), then rounds in
 * which each scheme runs updates for a fixed CPU-time budget in turn; the first two rounds are warm-up. Where the
 * machine is shared (load well above its cores) JMH's wall-clock times swing by orders of magnitude; CPU time of the
 * benchmark thread, with both schemes measured side by side, still gives their ratio. Run: {@code java
 * --add-modules jdk.incubator.vector -cp bench/target/benchmarks.jar org.atlasgraph.bench.FrechetCpuTime --sizes
 * 30x5,100x5 --schemes atlas,alg1 --budget 0.25 --rounds 16}.
 */
public final class FrechetCpuTime {
    private static final int WARMUP_ROUNDS = 2;
    private static final int BATCH = 16;

    private FrechetCpuTime() {
    }

    /**
     * Prints one line per size: median and minimum µs per update of each scheme and the ratio of the medians.
     *
     * @param args {@code --sizes NxK,...} (default the five of issue 11), {@code --schemes A,B} (default
     *             {@code atlas,alg1}), {@code --budget SECONDS} per scheme and round (default 0.25), {@code --rounds R}
     *             measured rounds (default 16)
     */
    public static void main(String[] args) {
        String sizes = "30x5,100x5,300x10,2000x10,2000x100";
        String[] schemes = {"atlas", "alg1"};
        double budget = 0.25;
        int rounds = 16;
        for (int i = 0; i + 1 < args.length; i += 2) {
            switch (args[i]) {
                case "--sizes" -> sizes = args[i + 1];
                case "--schemes" -> schemes = args[i + 1].split(",");
                case "--budget" -> budget = Double.parseDouble(args[i + 1]);
                case "--rounds" -> rounds = Integer.parseInt(args[i + 1]);
                default -> throw new IllegalArgumentException("unknown option " + args[i]
                        + " (expected --sizes, --schemes, --budget, --rounds)");
            }
        }
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        long nanos = (long) (budget * 1e9);
        System.out.println("| size | scheme | median µs | min µs | median / " + schemes[schemes.length - 1] + "'s |");
        System.out.println("| --- | --- | ---: | ---: | ---: |");
        for (String size : sizes.split(",")) {
            String[] nk = size.split("x");
            Grassmann gr = Grassmann.of(Integer.parseInt(nk[0]), Integer.parseInt(nk[1]));
            double[][] ring = ring(gr);
            OnlineFrechetMean[] means = new OnlineFrechetMean[schemes.length];
            int[] next = new int[schemes.length];
            for (int s = 0; s < schemes.length; s++) {
                means[s] = new OnlineFrechetMean(gr, FrechetScheme.parse(schemes[s], gr));
                means[s].add(ring[0]);
                next[s] = 1;
            }
            double[][] perUpdate = new double[schemes.length][rounds];
            for (int r = 0; r < WARMUP_ROUNDS + rounds; r++) {
                for (int s = 0; s < schemes.length; s++) {
                    long start = threads.getCurrentThreadCpuTime();
                    long now;
                    long count = 0;
                    do {
                        for (int j = 0; j < BATCH; j++) {
                            means[s].add(ring[next[s]]);
                            next[s] = next[s] + 1 == ring.length ? 1 : next[s] + 1;
                        }
                        count += BATCH;
                        now = threads.getCurrentThreadCpuTime();
                    } while (now - start < nanos);
                    if (r >= WARMUP_ROUNDS) {
                        perUpdate[s][r - WARMUP_ROUNDS] = (now - start) / 1e3 / count;
                    }
                }
            }
            double reference = median(perUpdate[schemes.length - 1]);
            for (int s = 0; s < schemes.length; s++) {
                double[] sorted = perUpdate[s].clone();
                Arrays.sort(sorted);
                System.out.printf(Locale.ROOT, "| %s | %s | %.3f | %.3f | %.2f |%n", size, schemes[s],
                        median(sorted), sorted[0], median(sorted) / reference);
            }
        }
    }

    /** @return the ring of GPD(X, 2) samples of {@link FrechetBenchmark} (same seed, same length) */
    private static double[][] ring(Grassmann gr) {
        SplittableRandom rng = new SplittableRandom(1);
        double[] x = gr.embed(gr.capability(Sampler.class).orElseThrow().sample(rng));
        GeodesicPowerDistribution gpd = gr.capability(GeodesicPowerDistribution.class).orElseThrow();
        int length = (int) Math.max(2, Math.min(64, (1L << 27) / (8L * gr.ambientDimension())));
        double[][] ring = new double[length][];
        for (int i = 0; i < length; i++) {
            ring[i] = gpd.sample(x, 2, rng);
        }
        return ring;
    }

    private static double median(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        int h = sorted.length / 2;
        return sorted.length % 2 == 1 ? sorted[h] : (sorted[h - 1] + sorted[h]) / 2;
    }
}

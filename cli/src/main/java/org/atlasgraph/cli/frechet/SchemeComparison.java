package org.atlasgraph.cli.frechet;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.function.LongConsumer;
import java.util.function.ToDoubleBiFunction;
import org.atlasgraph.api.Manifold;
import org.atlasgraph.optim.mean.FrechetMeanResult;
import org.atlasgraph.optim.mean.FrechetScheme;
import org.atlasgraph.optim.mean.OnlineFrechetMean;
import org.atlasgraph.optim.mean.UpdateTimer;

/**
 * Runs several online Fréchet mean schemes on one stream of samples (§3.2, Fig. 1): every scheme sees the same
 * samples in the same order, and only the updates are timed.
 *
 * <p>What is timed, and how. Samples are read ahead in blocks of at most {@value #BLOCK_BYTES} bytes (the whole stream
 * when it fits), checked and copied into memory before any of them is timed; then each scheme runs through the block
 * on its own, so that its code and workspace stay hot, and the next block is read. Each update is timed alone by an
 * {@link UpdateTimer} attached to the mean (two {@code System.nanoTime} calls around {@code OnlineFrechetMean.add},
 * nothing else), giving the mean and the median; the CPU time of the updating thread over each scheme's blocks is
 * taken too, so that a mean far above the median can be told apart from time the thread spent descheduled on a busy
 * machine. Distances to the reference mean are measured at log-spaced checkpoints, outside the timing.
 */
final class SchemeComparison {
    /** Checkpoints per decade of the error curve: enough for a smooth log-x plot, few enough to be cheap. */
    private static final int POINTS_PER_DECADE = 12;
    /** The read-ahead block: 64 MB, so 20,000 samples of Gr(300,10) or 8 of Gr(2000,500) per block. */
    static final long BLOCK_BYTES = 64L << 20;
    /**
     * Warm-up means start afresh after this many updates, so that the paths of a run's first updates (large steps,
     * chart changes, re-centres) are compiled along with the steady state.
     */
    static final int WARM_UP_RESTART = 500;

    private final Manifold manifold;
    private final List<FrechetScheme> schemes;
    private final Optional<double[]> reference;
    private final Optional<ToDoubleBiFunction<double[], double[]>> distance;
    private final boolean curves;

    /**
     * @param manifold  the manifold
     * @param schemes   the schemes, in display order
     * @param reference the known mean, when there is one (not modified)
     * @param distance  the geodesic distance of two ambient points, when the manifold has one
     * @param curves    whether to record distance-to-mean curves (costs one distance per scheme per checkpoint)
     */
    SchemeComparison(Manifold manifold, List<FrechetScheme> schemes, Optional<double[]> reference,
                     Optional<ToDoubleBiFunction<double[], double[]>> distance, boolean curves) {
        this.manifold = Objects.requireNonNull(manifold, "manifold");
        this.schemes = List.copyOf(schemes);
        this.reference = distance.isPresent() ? reference : Optional.empty();
        this.distance = distance;
        this.curves = curves && this.reference.isPresent();
    }

    /**
     * What the warm-up did, for the output.
     *
     * @param updates the most untimed updates of a scheme
     * @param seconds their total wall-clock time, all schemes
     */
    record WarmUp(long updates, double seconds) {
    }

    /**
     * Lets the JIT compile every scheme's update before anything is timed: each scheme runs, on throwaway means that
     * start afresh every {@value #WARM_UP_RESTART} updates, through the given samples (cyclically) until it has spent
     * {@code seconds} in updates or made {@code maxUpdates} of them. Without this the table would report interpreter
     * speed for small sizes.
     *
     * @param samples    a few samples of the same distribution (not retained)
     * @param seconds    the update time to spend per scheme
     * @param maxUpdates a cap on the updates per scheme
     * @return what was done
     */
    WarmUp warmUp(List<double[]> samples, double seconds, int maxUpdates) {
        if (samples.isEmpty() || seconds <= 0) {
            return new WarmUp(0, 0);
        }
        long budget = (long) (seconds * 1e9);
        long start = System.nanoTime();
        long most = 0;
        for (FrechetScheme s : schemes) {
            UpdateTimer timer = new UpdateTimer();
            OnlineFrechetMean m = null;
            int i = 0;
            for (; i < maxUpdates && timer.totalNanos() < budget; i++) {
                if (i % WARM_UP_RESTART == 0) {
                    m = new OnlineFrechetMean(manifold, s).listen(timer);
                }
                m.add(samples.get(i % samples.size()));
            }
            most = Math.max(most, i);
        }
        return new WarmUp(most, (System.nanoTime() - start) * 1e-9);
    }

    /**
     * Streams every sample through every scheme, a block at a time.
     *
     * @param samples  the stream (arrays may be reused by the iterator)
     * @param count    the number of samples, for the checkpoints
     * @param progress told the number of samples done after each block
     * @return one outcome per scheme, in the order given
     */
    List<SchemeOutcome> run(Iterator<double[]> samples, long count, LongConsumer progress) {
        int d = manifold.ambientDimension();
        int block = (int) Math.max(1, Math.min(count, BLOCK_BYTES / (8L * d)));
        double[][] buffer = new double[block][d];
        int schemeCount = schemes.size();
        OnlineFrechetMean[] means = new OnlineFrechetMean[schemeCount];
        UpdateTimer[] timers = new UpdateTimer[schemeCount];
        LogHistogram[] times = new LogHistogram[schemeCount];
        long[] cpu = new long[schemeCount];
        long[] checkpoint = new long[schemeCount];
        List<List<CurvePoint>> points = new ArrayList<>();
        for (int i = 0; i < schemeCount; i++) {
            timers[i] = new UpdateTimer();
            means[i] = new OnlineFrechetMean(manifold, schemes.get(i)).listen(timers[i]);
            times[i] = new LogHistogram();
            checkpoint[i] = 1;
            points.add(new ArrayList<>());
        }
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        boolean cpuTime = threads.isCurrentThreadCpuTimeSupported();
        long done = 0;
        while (samples.hasNext()) {
            int filled = 0;
            while (filled < block && samples.hasNext()) {
                System.arraycopy(samples.next(), 0, buffer[filled], 0, d);
                filled++;
            }
            for (int i = 0; i < schemeCount; i++) {
                OnlineFrechetMean mean = means[i];
                UpdateTimer timer = timers[i];
                LogHistogram histogram = times[i];
                long cpuStart = cpuTime ? threads.getCurrentThreadCpuTime() : 0;
                for (int j = 0; j < filled; j++) {
                    mean.add(buffer[j]);
                    histogram.add(timer.lastNanos());
                    long seen = done + j + 1;
                    if (curves && (seen == checkpoint[i] || seen == count)) {
                        points.get(i).add(new CurvePoint(seen, distanceToReference(mean)));
                        checkpoint[i] = nextCheckpoint(seen);
                    }
                }
                cpu[i] += cpuTime ? threads.getCurrentThreadCpuTime() - cpuStart : 0;
            }
            done += filled;
            progress.accept(done);
        }
        List<SchemeOutcome> outcomes = new ArrayList<>();
        for (int i = 0; i < schemeCount; i++) {
            FrechetMeanResult r = means[i].result();
            UpdateTimer timer = timers[i];
            OptionalDouble dist = reference.isEmpty() ? OptionalDouble.empty()
                    : OptionalDouble.of(distance.orElseThrow().applyAsDouble(r.mean().toArray(), reference.get()));
            OptionalDouble cpuMicros = cpuTime && r.samples() > 0 ? OptionalDouble.of(cpu[i] * 1e-3 / r.samples())
                    : OptionalDouble.empty();
            outcomes.add(new SchemeOutcome(r.scheme(), r.samples(), timer.seconds(), timer.microsPerUpdate(),
                    times[i].median() * 1e-3, cpuMicros, dist, r.chartChanges(), List.copyOf(points.get(i)), block));
        }
        return outcomes;
    }

    private double distanceToReference(OnlineFrechetMean mean) {
        return distance.orElseThrow().applyAsDouble(mean.estimate().orElseThrow(), reference.orElseThrow());
    }

    /** The next checkpoint after i: every sample up to the first decade, then about 12 per decade. */
    static long nextCheckpoint(long i) {
        long next = (long) Math.ceil(i * Math.pow(10, 1.0 / POINTS_PER_DECADE));
        return Math.max(next, i + 1);
    }

    /**
     * One point of an error curve.
     *
     * @param sample   the number of samples seen
     * @param distance the distance of the estimate to the reference mean
     */
    record CurvePoint(long sample, double distance) {
    }

    /**
     * The outcome of one scheme: a row of the table and, with curves, its error curve.
     *
     * @param scheme          the scheme's name
     * @param samples         N
     * @param seconds         total update time
     * @param microsPerSample update time per sample, the mean
     * @param medianMicros    the median update time, robust to the pauses of a busy machine (GC, preemption)
     * @param cpuMicros       CPU time of the updating thread per sample over the scheme's blocks, where the JVM
     *                        measures it: below the mean when the thread was descheduled
     * @param finalDistance   distance of M_N to the reference mean, when one is known
     * @param chartChanges    chart changes of the estimate
     * @param curve           the error curve (empty without curves)
     * @param block           samples read ahead per block
     */
    record SchemeOutcome(String scheme, long samples, double seconds, double microsPerSample, double medianMicros,
                         OptionalDouble cpuMicros, OptionalDouble finalDistance, long chartChanges,
                         List<CurvePoint> curve, int block) {
    }

    /**
     * Update times in constant memory: counts in logarithmic buckets 1% wide, so the median is known to 1% whatever
     * N is (the online mean's promise of constant memory holds for its timing too).
     */
    static final class LogHistogram {
        private static final double RATIO = Math.log(1.01);
        private final long[] counts = new long[4000];
        private long total;

        void add(long nanos) {
            int b = (int) Math.min(counts.length - 1, Math.max(0, Math.round(Math.log(Math.max(nanos, 1)) / RATIO)));
            counts[b]++;
            total++;
        }

        /** @return the median in nanoseconds (the centre of its bucket), 0 when empty */
        double median() {
            long seen = 0;
            for (int b = 0; b < counts.length; b++) {
                seen += counts[b];
                if (2 * seen >= total && total > 0) {
                    return Math.exp(b * RATIO);
                }
            }
            return 0;
        }
    }
}

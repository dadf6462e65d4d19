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
 * when it fits), checked and copied into memory before any of them is timed; then each scheme runs through the block on
 * its own, so that its code and workspace stay hot, and the next block is read. Each update is timed alone by an {@link
 * UpdateTimer} attached to the mean (two {@code System.nanoTime} calls around {@code OnlineFrechetMean.add}, nothing
 * else), after an untimed read of the sample that brings it into the cache ({@link #touch}), giving the mean and the
 * median; the CPU time of the updating thread over each scheme's blocks is taken too, so that a mean far above the
 * median can be told apart from time the thread spent descheduled on a busy machine. Distances to the reference mean
 * are measured at log-spaced checkpoints, outside the timing. The untimed warm-up ({@link #warmUp}) runs the same loop
 * over throwaway means, so that the code it compiles is the code timed.
 */
final class SchemeComparison {
    /** Checkpoints per decade of the error curve: enough for a smooth log-x plot, few enough to be cheap. */
    private static final int POINTS_PER_DECADE = 12;
    /** The read-ahead block: 64 MB, so 20,000 samples of Gr(300,10) or 8 of Gr(2000,500) per block. */
    static final long BLOCK_BYTES = 64L << 20;
    /** Every other warm-up round starts a fresh mean this often: a GPD run's first chart change comes within it. */
    static final int WARM_UP_SEGMENT = 32;

    private final Manifold manifold;
    /** The sum of every sample {@link #touch}ed: kept so that the reads that bring a sample into the cache stay. */
    private double touched;
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
     * @param progress   the rounds and updates under {@code --warmup}'s rule, and why they ended
     * @param seconds    its total wall-clock time, all schemes, samples and bookkeeping included
     * @param cpuSeconds the CPU time of the warm-up's updates, all schemes
     */
    record WarmUp(WarmUpRule.Progress progress, double seconds, double cpuSeconds) {
        /** @return the untimed updates per scheme */
        long updates() {
            return progress.updates();
        }
    }

    /**
     * Lets the JIT compile every scheme's update before anything is timed, through the same code as the timed run:
     * rounds in which every scheme runs throwaway means through the given samples once, until the rule says stop (see
     * {@link WarmUpRule}: by default when the JIT has compiled the update path). Rounds alternate between one fresh
     * mean through all the samples (the steady state) and a fresh mean every {@value #WARM_UP_SEGMENT} samples, which
     * repeats a run's first updates: initialisation, the large early steps and their chart changes. Those happen a few
     * times per run, but each costs hundreds of µs until compiled (measured at Gr(30,5): 220–440 µs against ~2 µs for
     * an update, so four of them doubled the mean of a 1000-sample run); with one fresh mean per round the JIT was
     * still compiling their EJML decompositions after 200,000 updates. Without a warm-up the table would report
     * interpreter speed for small sizes.
     *
     * @param samples samples of the run's distribution (not modified, not retained), e.g. the stream's first ones
     * @param rule    when to stop
     * @return what was done
     */
    WarmUp warmUp(List<double[]> samples, WarmUpRule rule) {
        WarmUpRule.Progress progress = rule.start();
        if (samples.isEmpty() || rule.none()) {
            return new WarmUp(progress, 0, 0);
        }
        double[][] buffer = samples.toArray(double[][]::new);
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        boolean cpuTime = threads.isCurrentThreadCpuTimeSupported();
        JitActivity jit = new JitActivity();
        LogHistogram discarded = new LogHistogram();
        long start = System.nanoTime();
        long cpuTotal = 0;
        boolean again = true;
        while (again) {
            long roundStart = System.nanoTime();
            long roundCpu = 0;
            long roundWall = 0;
            int segment = progress.rounds() % 2 == 0 ? buffer.length : WARM_UP_SEGMENT;
            for (FrechetScheme s : schemes) {
                UpdateTimer timer = new UpdateTimer();
                long cpuStart = cpuTime ? threads.getCurrentThreadCpuTime() : 0;
                for (int from = 0; from < buffer.length; from += segment) {
                    OnlineFrechetMean mean = new OnlineFrechetMean(manifold, s).listen(timer);
                    pass(mean, timer, discarded, buffer, from, Math.min(buffer.length, from + segment), Curve.NONE);
                }
                long cpu = cpuTime ? threads.getCurrentThreadCpuTime() - cpuStart : timer.totalNanos();
                cpuTotal += cpu;
                roundCpu = Math.max(roundCpu, cpu);
                roundWall = Math.max(roundWall, timer.totalNanos());
            }
            again = progress.next(buffer.length, roundCpu, roundWall, System.nanoTime() - roundStart,
                    jit.quietSinceLastCall());
        }
        return new WarmUp(progress, (System.nanoTime() - start) * 1e-9, cpuTotal * 1e-9);
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
        Curve[] curves = new Curve[schemeCount];
        long[] cpu = new long[schemeCount];
        for (int i = 0; i < schemeCount; i++) {
            timers[i] = new UpdateTimer();
            means[i] = new OnlineFrechetMean(manifold, schemes.get(i)).listen(timers[i]);
            times[i] = new LogHistogram();
            curves[i] = this.curves ? new Curve(count) : Curve.NONE;
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
                long cpuStart = cpuTime ? threads.getCurrentThreadCpuTime() : 0;
                pass(means[i], timers[i], times[i], buffer, 0, filled, curves[i]);
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
                    times[i].median() * 1e-3, cpuMicros, dist, r.chartChanges(), curves[i].points(), block));
        }
        return outcomes;
    }

    /**
     * Adds the samples {@code from} to {@code to} (exclusive) of the buffer to one scheme's mean, each update timed
     * alone. The warm-up and the timed run share this loop, so the code the warm-up compiles is the code that is timed.
     */
    private void pass(OnlineFrechetMean mean, UpdateTimer timer, LogHistogram histogram, double[][] buffer,
                      int from, int to, Curve curve) {
        for (int j = from; j < to; j++) {
            touched += touch(buffer[j]);
            mean.add(buffer[j]);
            histogram.add(timer.lastNanos());
            if (curve.due(mean.count())) {
                curve.add(mean.count(), distanceToReference(mean));
            }
        }
    }

    /**
     * Reads every entry of a sample, so that its update finds it in the cache as a stream's parser would hand it over,
     * not in a 64-MB block in main memory (at Gr(300,10) fetching the sample's 24 KB from memory took about 2 µs of
     * the 8.8 µs update, 6.7 µs with the sample in the cache). Untimed; the sum goes to {@link #touched} so that the
     * reads cannot be left out.
     */
    private static double touch(double[] sample) {
        double sum = 0;
        for (double v : sample) {
            sum += v;
        }
        return sum;
    }

    /** The checkpoints of one scheme's error curve and the points recorded at them. */
    private static final class Curve {
        /** No curve: never due. */
        static final Curve NONE = new Curve(0);

        private final long count;
        private final List<CurvePoint> points = new ArrayList<>();
        private long next = 1;

        Curve(long count) {
            this.count = count;
        }

        boolean due(long seen) {
            return count > 0 && (seen == next || seen == count);
        }

        void add(long seen, double distance) {
            points.add(new CurvePoint(seen, distance));
            next = nextCheckpoint(seen);
        }

        List<CurvePoint> points() {
            return List.copyOf(points);
        }
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

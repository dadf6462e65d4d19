package org.atlasgraph.cli.frechet;

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
 * Runs several online Fréchet mean schemes on one stream of samples in lockstep (§3.2, Fig. 1): each sample is drawn
 * or read once and handed to every scheme, so that all see the same data, drawing costs are paid once, and memory stays
 * that of one sample per scheme. Only the updates are timed (an {@link UpdateTimer} attached to each mean); distances
 * to the reference mean are measured at log-spaced checkpoints for the error curves, outside the timing.
 */
final class SchemeComparison {
    /** Checkpoints per decade of the error curve: enough for a smooth log-x plot, few enough to be cheap. */
    private static final int POINTS_PER_DECADE = 12;

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
     * Lets the JIT compile every scheme's update before anything is timed: each scheme runs, on throwaway means,
     * through the given samples (cyclically) until it has spent {@code seconds} in updates or made
     * {@code maxUpdates} of them. Without this the table would report interpreter speed for small sizes.
     *
     * @param samples    a few samples of the same distribution (not retained)
     * @param seconds    the update time to spend per scheme
     * @param maxUpdates a cap on the updates per scheme
     */
    void warmUp(List<double[]> samples, double seconds, int maxUpdates) {
        if (samples.isEmpty()) {
            return;
        }
        long budget = (long) (seconds * 1e9);
        for (FrechetScheme s : schemes) {
            UpdateTimer timer = new UpdateTimer();
            OnlineFrechetMean m = new OnlineFrechetMean(manifold, s).listen(timer);
            for (int i = 0; i < maxUpdates && timer.totalNanos() < budget; i++) {
                m.add(samples.get(i % samples.size()));
            }
        }
    }

    /**
     * Streams every sample through every scheme.
     *
     * @param samples  the stream (arrays may be reused by the iterator)
     * @param count    the number of samples, for the checkpoints
     * @param progress told the number of samples done after each
     * @return one outcome per scheme, in the order given
     */
    List<SchemeOutcome> run(Iterator<double[]> samples, long count, LongConsumer progress) {
        List<OnlineFrechetMean> means = new ArrayList<>();
        List<UpdateTimer> timers = new ArrayList<>();
        List<List<CurvePoint>> points = new ArrayList<>();
        List<LogHistogram> times = new ArrayList<>();
        for (FrechetScheme s : schemes) {
            UpdateTimer timer = new UpdateTimer();
            means.add(new OnlineFrechetMean(manifold, s).listen(timer));
            timers.add(timer);
            points.add(new ArrayList<>());
            times.add(new LogHistogram());
        }
        long done = 0;
        long nextCheckpoint = 1;
        while (samples.hasNext()) {
            double[] x = samples.next();
            for (int i = 0; i < means.size(); i++) {
                means.get(i).add(x);
                times.get(i).add(timers.get(i).lastNanos());
            }
            done++;
            if (curves && (done == nextCheckpoint || done == count)) {
                for (int i = 0; i < means.size(); i++) {
                    points.get(i).add(new CurvePoint(done, distanceToReference(means.get(i))));
                }
                nextCheckpoint = nextCheckpoint(done);
            }
            progress.accept(done);
        }
        List<SchemeOutcome> outcomes = new ArrayList<>();
        for (int i = 0; i < means.size(); i++) {
            FrechetMeanResult r = means.get(i).result();
            UpdateTimer timer = timers.get(i);
            OptionalDouble d = reference.isEmpty() ? OptionalDouble.empty()
                    : OptionalDouble.of(distance.orElseThrow().applyAsDouble(r.mean().toArray(), reference.get()));
            outcomes.add(new SchemeOutcome(r.scheme(), r.samples(), timer.seconds(), timer.microsPerUpdate(),
                    times.get(i).median() * 1e-3, d, r.chartChanges(), List.copyOf(points.get(i))));
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
     * @param finalDistance   distance of M_N to the reference mean, when one is known
     * @param chartChanges    chart changes of the estimate
     * @param curve           the error curve (empty without curves)
     */
    record SchemeOutcome(String scheme, long samples, double seconds, double microsPerSample, double medianMicros,
                         OptionalDouble finalDistance, long chartChanges, List<CurvePoint> curve) {
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

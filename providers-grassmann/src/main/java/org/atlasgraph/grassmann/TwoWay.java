package org.atlasgraph.grassmann;

import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Two halves of a large piece of native work, one on a helper thread and one on the calling thread, for the native
 * kernels at large k ({@link BlasKernels#project}, {@link NormalCorrection}'s quadrature): a Java-level split in place
 * of OpenBLAS's own threads, which stay at one (see {@link BlasKernels#THREADS_PROPERTY}: its idle workers spin, and on
 * a shared machine they cost far more than they gain). Each half works on its own part of the buffers (a fixed
 * partition, sums in a fixed order), so the results do not depend on the threads' timing.
 *
 * <p>Used only for operations of at least {@link #SPLIT_FROM} multiply-adds (about a millisecond on one core, where a
 * hand-off of some microseconds is negligible): at n = 2000 from k ≈ 370 on (Gr(2000,500) splits, Gr(2000,100) never
 * does), on a machine with at least two processors, unless the system property {@value #PROPERTY} is {@code false}.
 *
 * <p>One daemon helper thread for the whole VM. Its halves never split again (they would wait for themselves), and
 * halves of several callers run one after the other on it.
 */
final class TwoWay {
    /** The system property that turns the split off ({@code -Datlasgraph.grassmann.split=false}). */
    static final String PROPERTY = "atlasgraph.grassmann.split";
    /** Multiply-adds of one operation from which it is split in two. */
    static final double SPLIT_FROM = 5e7;
    /** The split as configured: {@link #SPLIT_FROM}, or never. */
    static final TwoWay DEFAULT = new TwoWay(Boolean.parseBoolean(System.getProperty(PROPERTY, "true"))
            && Runtime.getRuntime().availableProcessors() >= 2 ? SPLIT_FROM : Double.POSITIVE_INFINITY);
    /** Never splits. */
    static final TwoWay NEVER = new TwoWay(Double.POSITIVE_INFINITY);

    private static final ExecutorService HELPER = Executors.newSingleThreadExecutor(task -> {
        Thread t = new Thread(task, "atlasgraph-grassmann-half");
        t.setDaemon(true);
        return t;
    });

    private final double from;

    /**
     * @param from the multiply-adds of one operation from which it is split ({@code 0}: always, as the tests force
     *             it at small sizes; {@code +∞}: never)
     */
    TwoWay(double from) {
        this.from = from;
    }

    /** @return whether an operation of this many multiply-adds is split */
    boolean splits(double multiplyAdds) {
        return multiplyAdds >= from;
    }

    /**
     * Runs {@code there} on the helper thread and {@code here} on this one, and returns when both have finished. An
     * interrupt does not cut the wait short (the helper writes into the caller's buffers): it is restored afterwards.
     *
     * @param here  this thread's half
     * @param there the helper's half; it must not split again
     * @throws RuntimeException or {@link Error} as thrown by either half (this thread's first), after both finished
     */
    static void run(Runnable here, Runnable there) {
        Future<?> helper = HELPER.submit(there);
        Throwable failure = null;
        try {
            here.run();
        } catch (RuntimeException | Error e) {
            failure = e;
        }
        boolean interrupted = false;
        try {
            while (true) {
                try {
                    helper.get();
                    break;
                } catch (InterruptedException e) {
                    interrupted = true;
                } catch (ExecutionException e) {
                    if (failure == null) {
                        failure = e.getCause();
                    }
                    break;
                }
            }
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
        if (failure instanceof RuntimeException r) {
            throw r;
        }
        if (failure instanceof Error e) {
            throw e;
        }
        if (failure != null) {
            throw new IllegalStateException("the helper's half failed", failure);
        }
    }
}

package org.atlasgraph.grassmann;

import java.util.concurrent.CancellationException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Two halves of a large piece of native work, one on a helper thread and one on the calling thread, for the native
 * kernels at large k ({@link BlasKernels#project}, {@link NormalCorrection}'s quadrature and products): a split in
 * place of OpenBLAS's own threads, which stay at one (see {@link BlasKernels#THREADS_PROPERTY}: its idle workers spin,
 * and on a shared machine they cost far more than they gain). Each half works on its own part of the buffers (a
 * fixed partition, sums in a fixed order), so the results do not depend on the threads' timing.
 *
 * <p>Used only for operations of at least {@link #SPLIT_FROM} multiply-adds (a few milliseconds on one core, where a
 * hand-off of some tens of microseconds is negligible): at n = 2000 the (n−k)k² products from k ≈ 165 on, the k×k
 * work from k = 369 on (Gr(2000,500) splits everything, Gr(2000,100) nothing), on a machine with at least two
 * processors, unless the system property {@value #PROPERTY} is {@code false}.
 *
 * <p>One daemon helper thread for the whole VM. Its halves never split again (they would wait for themselves), and
 * halves of several callers run one after the other on it. A split allocates the executor's small task objects, no
 * buffers.
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
        Throwable failure = attempt(here, null);
        failure = await(helper, failure);
        rethrow(failure);
    }

    /**
     * Two stages in a pipeline: {@code there} then {@code thereNext} on the helper thread, {@code here} then
     * {@code hereNext} on this one, {@code hereNext} only once {@code there} has finished (it may read what there
     * wrote); returns when all have finished. Nothing of the second stage runs after a failure of the first
     * ({@code thereNext} is cancelled if it has not started).
     *
     * @throws RuntimeException or {@link Error} as thrown by a part (the first stage's first, this thread's first)
     */
    static void run(Runnable here, Runnable there, Runnable hereNext, Runnable thereNext) {
        Future<?> first = HELPER.submit(there);
        Future<?> second = HELPER.submit(thereNext);
        Throwable failure = attempt(here, null);
        failure = await(first, failure);
        if (failure != null) {
            second.cancel(false);
        } else {
            failure = attempt(hereNext, null);
        }
        try {
            failure = await(second, failure);
        } catch (CancellationException e) {
            // Cancelled above after a failure, which is thrown below.
        }
        rethrow(failure);
    }

    /** @return {@code failure}, or what {@code part} threw when failure is null */
    private static Throwable attempt(Runnable part, Throwable failure) {
        try {
            part.run();
        } catch (RuntimeException | Error e) {
            return failure == null ? e : failure;
        }
        return failure;
    }

    /**
     * Waits for the helper's part, an interrupt restored afterwards.
     *
     * @return {@code failure}, or the part's failure when failure is null
     */
    private static Throwable await(Future<?> part, Throwable failure) {
        boolean interrupted = false;
        try {
            while (true) {
                try {
                    part.get();
                    return failure;
                } catch (InterruptedException e) {
                    interrupted = true;
                } catch (ExecutionException e) {
                    return failure == null ? e.getCause() : failure;
                }
            }
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    private static void rethrow(Throwable failure) {
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

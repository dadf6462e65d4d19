package org.atlasgraph.sphere;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.atlasgraph.api.ChartPoint;
import org.atlasgraph.api.Coordinates;
import org.atlasgraph.api.Manifold;
import org.atlasgraph.api.TangentVector;
import org.junit.jupiter.api.Test;

/**
 * The sphere is documented as thread-safe (issue 10.8): threads sharing one instance get, bit for bit, the answers a
 * thread alone gets. Each walk is a seeded sequence of retractions (crossing charts, so that charts are created
 * concurrently), inverse retractions and transports; its result is the embedded points and the transported
 * coordinates, independent of the charts' serial numbers.
 */
class SphereConcurrencyTest {
    private static final long SEED = 20241124L;
    private static final int THREADS = 4;
    private static final int STEPS = 2_000;

    /** A seeded walk on a shared manifold: every point and every transported vector, in ambient coordinates. */
    private static List<double[]> walk(Manifold m, long seed) {
        SplittableRandom rng = new SplittableRandom(seed);
        List<double[]> trace = new ArrayList<>();
        ChartPoint p = m.locate(new double[] {1, 0, 0, 0, 0});
        for (int i = 0; i < STEPS; i++) {
            double[] t = new double[m.dimension()];
            for (int j = 0; j < t.length; j++) {
                t[j] = 0.4 * rng.nextGaussian();
            }
            TangentVector tau = p.tangent(Coordinates.of(t));
            ChartPoint q = m.retraction().retract(p, tau).orElseThrow();
            trace.add(m.embed(q));
            trace.add(m.vectorTransport().transport(p, tau, q).tau().toArray());
            trace.add(m.inverseRetraction().inverseRetract(q, p).orElseThrow().tau().toArray());
            p = q;
        }
        return trace;
    }

    @Test
    void threadsSharingASphereAgreeBitForBitWithAThreadAlone() throws Exception {
        List<List<double[]>> alone = new ArrayList<>();
        for (int t = 0; t < THREADS; t++) {
            alone.add(walk(Sphere.of(5), SEED + t));
        }
        Sphere shared = Sphere.of(5);
        CountDownLatch start = new CountDownLatch(1);
        ExecutorService pool = Executors.newFixedThreadPool(THREADS);
        try {
            List<Future<List<double[]>>> together = new ArrayList<>();
            for (int t = 0; t < THREADS; t++) {
                long seed = SEED + t;
                together.add(pool.submit(() -> {
                    start.await();
                    return walk(shared, seed);
                }));
            }
            start.countDown();
            for (int t = 0; t < THREADS; t++) {
                List<double[]> got = together.get(t).get();
                for (int i = 0; i < got.size(); i++) {
                    assertThat(got.get(i)).as("walk %d, value %d, shared by %d threads", t, i, THREADS)
                            .isEqualTo(alone.get(t).get(i));
                }
            }
        } finally {
            pool.shutdownNow();
        }
    }
}

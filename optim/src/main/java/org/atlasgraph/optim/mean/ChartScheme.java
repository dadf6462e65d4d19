package org.atlasgraph.optim.mean;

import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;
import org.atlasgraph.api.ChartPoint;
import org.atlasgraph.api.Coordinates;
import org.atlasgraph.api.Manifold;
import org.atlasgraph.api.TangentVector;
import org.atlasgraph.api.primitive.InverseRetraction;
import org.atlasgraph.api.primitive.QuasiEuclideanInverseRetraction;
import org.atlasgraph.api.primitive.QuasiEuclideanRetraction;
import org.atlasgraph.api.primitive.Retraction;

/**
 * A scheme that keeps the estimate as a chart point and updates it with a retraction and an inverse retraction:
 * {@code M ← Ret_M(t · Log^Ret_M(X))} (Alg. 1 generalised). With the manifold's defaults it is the atlas-graph scheme
 * of §2.4: {@code ξ_M + t(ξ_X − ξ_M)} in M's chart, then a chart change when the result leaves the chart.
 *
 * <p>When the manifold's primitives are the generic {@link QuasiEuclideanRetraction} and
 * {@link QuasiEuclideanInverseRetraction}, the {@code atlas} scheme computes that update in one pass over the
 * coordinates instead of three (difference, scaling, sum), with identical results; chart changes still go through
 * the primitives.
 */
final class ChartScheme implements FrechetScheme {
    private final String name;
    private final Function<Manifold, Retraction> retraction;
    private final Function<Manifold, InverseRetraction> inverseRetraction;
    private final boolean fuse;

    /**
     * @param fuse whether to fuse the generic quasi-Euclidean primitives into one pass when the manifold uses them
     */
    ChartScheme(String name, Function<Manifold, Retraction> retraction,
                Function<Manifold, InverseRetraction> inverseRetraction, boolean fuse) {
        this.name = Objects.requireNonNull(name, "name");
        this.retraction = retraction;
        this.inverseRetraction = inverseRetraction;
        this.fuse = fuse;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public MeanEstimator estimator(Manifold manifold) {
        Retraction r = retraction.apply(manifold);
        InverseRetraction ir = inverseRetraction.apply(manifold);
        boolean quasiEuclidean = r instanceof QuasiEuclideanRetraction && ir instanceof QuasiEuclideanInverseRetraction;
        return new Estimator(manifold, r, ir, fuse && quasiEuclidean);
    }

    @Override
    public String toString() {
        return name;
    }

    private static final class Estimator implements MeanEstimator {
        private final Manifold manifold;
        private final Retraction retraction;
        private final InverseRetraction inverseRetraction;
        private final boolean fused;
        private ChartPoint mean;
        private long chartChanges;

        Estimator(Manifold manifold, Retraction retraction, InverseRetraction inverseRetraction, boolean fused) {
            this.manifold = manifold;
            this.retraction = retraction;
            this.inverseRetraction = inverseRetraction;
            this.fused = fused;
        }

        @Override
        public void initialize(double[] first) {
            mean = manifold.locate(first);
        }

        @Override
        public void update(double[] sample, double t) {
            // Alg. 1: Ã = ingest(X) in M's chart.
            Optional<ChartPoint> x = manifold.coordinatesIn(mean.chart(), sample);
            if (x.isEmpty()) {
                // M's chart cannot represent X (Grassmann: a singular block X_U; sphere: X beyond the chart's
                // hemisphere). Move M to the chart its atlas prefers for it (centred at M where the atlas has such
                // charts) and ingest there; failing that, locate X and let the inverse retraction relate the charts.
                ChartPoint moved = manifold.atlas().changeChart(mean);
                if (!moved.sameChart(mean)) {
                    chartChanges++;
                }
                mean = moved;
                x = manifold.coordinatesIn(mean.chart(), sample);
            }
            if (fused && x.isPresent() && stayInChart(x.get().xi(), t)) {
                return;
            }
            TangentVector tau = inverseRetraction.inverseRetract(mean, x.orElseGet(() -> manifold.locate(sample)));
            ChartPoint next = retraction.retract(mean, tau.scale(t));
            if (!next.sameChart(mean)) {
                chartChanges++;
            }
            mean = next;
        }

        /**
         * The generic quasi-Euclidean pair in one pass (Alg. 1's {@code A ← A + (Ã − A)/n}): computes
         * {@code ξ_M + t(ξ_X − ξ_M)} with the same floating-point operations as {@code retract(M, t·(ξ_X − ξ_M))}
         * and keeps it when the chart contains it. A step that leaves the chart is left to the primitives, whose
         * retraction then changes chart.
         *
         * @return whether the estimate was updated
         */
        private boolean stayInChart(Coordinates xi, double t) {
            Coordinates m = mean.xi();
            double[] next = new double[m.dimension()];
            for (int i = 0; i < next.length; i++) {
                double mi = m.get(i);
                next[i] = mi + t * (xi.get(i) - mi);
            }
            Coordinates c = Coordinates.ofComputed("retract", next);
            if (!mean.chart().contains(c)) {
                return false;
            }
            mean = new ChartPoint(mean.chart(), c);
            return true;
        }

        @Override
        public double[] ambient() {
            return manifold.embed(mean);
        }

        @Override
        public long chartChanges() {
            return chartChanges;
        }

        @Override
        public Optional<ChartPoint> chartPoint() {
            return Optional.of(mean);
        }
    }
}

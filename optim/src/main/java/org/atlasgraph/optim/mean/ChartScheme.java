package org.atlasgraph.optim.mean;

import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;
import org.atlasgraph.api.ChartPoint;
import org.atlasgraph.api.Manifold;
import org.atlasgraph.api.TangentVector;
import org.atlasgraph.api.primitive.InverseRetraction;
import org.atlasgraph.api.primitive.Retraction;

/**
 * A scheme that keeps the estimate as a chart point and updates it with a retraction and an inverse retraction:
 * {@code M ← Ret_M(t · Log^Ret_M(X))} (Alg. 1 generalised). With the manifold's defaults it is the atlas-graph scheme
 * of §2.4: {@code ξ_M + t(ξ_X − ξ_M)} in M's chart, then a chart change when the result leaves the chart.
 */
final class ChartScheme implements FrechetScheme {
    private final String name;
    private final Function<Manifold, Retraction> retraction;
    private final Function<Manifold, InverseRetraction> inverseRetraction;

    ChartScheme(String name, Function<Manifold, Retraction> retraction,
                Function<Manifold, InverseRetraction> inverseRetraction) {
        this.name = Objects.requireNonNull(name, "name");
        this.retraction = retraction;
        this.inverseRetraction = inverseRetraction;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public MeanEstimator estimator(Manifold manifold) {
        return new Estimator(manifold, retraction.apply(manifold), inverseRetraction.apply(manifold));
    }

    @Override
    public String toString() {
        return name;
    }

    private static final class Estimator implements MeanEstimator {
        private final Manifold manifold;
        private final Retraction retraction;
        private final InverseRetraction inverseRetraction;
        private ChartPoint mean;
        private long chartChanges;

        Estimator(Manifold manifold, Retraction retraction, InverseRetraction inverseRetraction) {
            this.manifold = manifold;
            this.retraction = retraction;
            this.inverseRetraction = inverseRetraction;
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
            TangentVector tau = inverseRetraction.inverseRetract(mean, x.orElseGet(() -> manifold.locate(sample)));
            ChartPoint next = retraction.retract(mean, tau.scale(t));
            if (!next.sameChart(mean)) {
                chartChanges++;
            }
            mean = next;
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

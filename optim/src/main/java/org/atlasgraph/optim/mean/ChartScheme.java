package org.atlasgraph.optim.mean;

import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;
import org.atlasgraph.api.ChartPoint;
import org.atlasgraph.api.Manifold;
import org.atlasgraph.api.primitive.InverseRetraction;
import org.atlasgraph.api.primitive.Retraction;

/**
 * A scheme that keeps the estimate as a chart point and updates it with a retraction and an inverse retraction:
 * {@code M ← Ret_M(t · Log^Ret_M(X))} (Alg. 1 generalised). With the manifold's defaults it is the atlas-graph scheme
 * of §2.4: {@code ξ_M + t(ξ_X − ξ_M)} in M's chart, then a chart change when the result leaves the chart.
 *
 * <p>The {@code atlas} scheme, which uses the manifold's own primitives, asks the manifold for the whole update,
 * {@link Manifold#stepToward}: by default that is exactly ingest, difference and retraction, and a provider may fuse it
 * into one pass (the Grassmann provider does, §3.2). Schemes with other primitives compose them here.
 */
final class ChartScheme implements FrechetScheme {
    private final String name;
    private final Function<Manifold, Retraction> retraction;
    private final Function<Manifold, InverseRetraction> inverseRetraction;
    private final boolean fuse;

    /**
     * @param fuse whether the primitives are the manifold's own, so that {@link Manifold#stepToward} may do the update
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
        return new Estimator(manifold, retraction.apply(manifold), inverseRetraction.apply(manifold), fuse);
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
            // Alg. 1: Ã = ingest(X) in M's chart, A ← A + t(Ã − A), chart change when A leaves the chart.
            Optional<ChartPoint> next = step(mean, sample, t);
            if (next.isEmpty()) {
                // M's chart cannot represent X (Grassmann: a singular block X_U; sphere: X beyond the chart's
                // hemisphere). Move M to the chart its atlas prefers for it (centred at M where the atlas has such
                // charts) and step there; failing that, locate X and let the inverse retraction relate the charts.
                ChartPoint moved = manifold.atlas().changeChart(mean);
                if (!moved.sameChart(mean)) {
                    chartChanges++;
                }
                mean = moved;
                next = step(mean, sample, t);
            }
            ChartPoint result = next.orElseGet(() -> retraction.retract(mean,
                    inverseRetraction.inverseRetract(mean, manifold.locate(sample)).scale(t)));
            if (!result.sameChart(mean)) {
                chartChanges++;
            }
            mean = result;
        }

        /** @return {@code Ret_p(t · Log^Ret_p(X))} with X ingested into p's chart, or empty when it cannot be */
        private Optional<ChartPoint> step(ChartPoint p, double[] sample, double t) {
            if (fused) {
                return manifold.stepToward(p, sample, t);
            }
            return manifold.coordinatesIn(p.chart(), sample)
                    .map(x -> retraction.retract(p, inverseRetraction.inverseRetract(p, x).scale(t)));
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

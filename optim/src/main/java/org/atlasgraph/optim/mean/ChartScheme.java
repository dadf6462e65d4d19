package org.atlasgraph.optim.mean;

import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.UnaryOperator;
import org.atlasgraph.api.ChartPoint;
import org.atlasgraph.api.InverseRetraction;
import org.atlasgraph.api.Manifold;
import org.atlasgraph.api.Retraction;
import org.atlasgraph.api.capability.ChartCentring;
import org.atlasgraph.api.capability.Geodesics;
import org.atlasgraph.api.capability.OnlineMeanStep;

/**
 * A scheme that keeps the estimate as a chart point and updates it with a retraction and an inverse retraction:
 * {@code M ← Ret_M(t · Log^Ret_M(X))} (Alg. 1 generalised). With the manifold's defaults it is the atlas-graph scheme
 * of §2.4: {@code ξ_M + t(ξ_X − ξ_M)} in M's chart, then a chart change when the result leaves the chart.
 *
 * <p>One update, in order: (1) ingest X into M's chart and step ({@link #composed}, or the manifold's fused
 * {@link OnlineMeanStep} for the {@code atlas} scheme, which gives the same point in one pass); (2) when M's chart
 * cannot represent X, re-centre M ({@link ChartCentring}, else the atlas's chart change) and try again; (3) failing
 * that, locate X and take {@code Log^Ret_M(X)} across the charts, or where M's chart cannot express X at all the
 * Riemannian logarithm {@code Log_M(X)} of the manifold's {@link Geodesics}, which agrees with it to first order (the
 * sphere's gnomonic charts reach a hemisphere only, and a geodesic power distribution with δ_max = π has samples
 * beyond it). When none of these reaches X the update reports it and the driver names the sample.
 */
final class ChartScheme implements FrechetScheme {
    private final String name;
    private final Function<Manifold, Retraction> retraction;
    private final Function<Manifold, InverseRetraction> inverseRetraction;
    private final boolean own;

    /**
     * @param own whether the primitives are the manifold's own, so that its {@link OnlineMeanStep} may do the update
     */
    ChartScheme(String name, Function<Manifold, Retraction> retraction,
                Function<Manifold, InverseRetraction> inverseRetraction, boolean own) {
        this.name = Objects.requireNonNull(name, "name");
        this.retraction = retraction;
        this.inverseRetraction = inverseRetraction;
        this.own = own;
    }

    /** @return the {@code atlas} scheme: the manifold's own primitives */
    static ChartScheme atlas() {
        return new ChartScheme(ATLAS, Manifold::retraction, Manifold::inverseRetraction, true);
    }

    /**
     * The online-mean step composed from the primitives, the reference for every fused {@link OnlineMeanStep}: ingest
     * the sample into p's chart ({@link Manifold#coordinatesIn}), take {@code τ = Log^Ret_p(x)}, retract {@code t·τ}.
     *
     * @param manifold          the manifold (ingestion)
     * @param retraction        the retraction
     * @param inverseRetraction the inverse retraction
     * @return the step; empty where p's chart cannot represent the sample or the step crosses the manifold's edge
     */
    static OnlineMeanStep composed(Manifold manifold, Retraction retraction, InverseRetraction inverseRetraction) {
        return (p, ambient, t) -> manifold.coordinatesIn(p.chart(), ambient)
                .flatMap(x -> inverseRetraction.inverseRetract(p, x))
                .flatMap(tau -> retraction.retract(p, tau.scale(t)));
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public MeanEstimator estimator(Manifold manifold) {
        Retraction r = retraction.apply(manifold);
        InverseRetraction inverse = inverseRetraction.apply(manifold);
        OnlineMeanStep step = own ? manifold.capability(OnlineMeanStep.class)
                .orElseGet(() -> composed(manifold, r, inverse)) : composed(manifold, r, inverse);
        UnaryOperator<ChartPoint> centre = manifold.capability(ChartCentring.class)
                .<UnaryOperator<ChartPoint>>map(c -> c::centredAt).orElse(manifold.atlas()::changeChart);
        return new Estimator(manifold, step, r, inverse, centre, manifold.capability(Geodesics.class));
    }

    @Override
    public String toString() {
        return name;
    }

    private static final class Estimator implements MeanEstimator {
        private final Manifold manifold;
        private final OnlineMeanStep step;
        private final Retraction retraction;
        private final InverseRetraction inverseRetraction;
        private final UnaryOperator<ChartPoint> centre;
        private final Optional<Geodesics> geodesics;
        private ChartPoint mean;
        private long chartChanges;

        Estimator(Manifold manifold, OnlineMeanStep step, Retraction retraction, InverseRetraction inverseRetraction,
                  UnaryOperator<ChartPoint> centre, Optional<Geodesics> geodesics) {
            this.manifold = manifold;
            this.step = step;
            this.retraction = retraction;
            this.inverseRetraction = inverseRetraction;
            this.centre = centre;
            this.geodesics = geodesics;
        }

        @Override
        public void initialize(double[] first) {
            mean = manifold.locate(first);
        }

        @Override
        public boolean update(double[] sample, double t) {
            // Alg. 1: Ã = ingest(X) in M's chart, A ← A + t(Ã − A), chart change when A leaves the chart.
            Optional<ChartPoint> next = step.stepToward(mean, sample, t);
            if (next.isEmpty()) {
                // M's chart cannot represent X (Grassmann: a singular block X_U; sphere: X beyond the chart's
                // hemisphere): move M to a chart centred at it and step there, else relate the charts.
                ChartPoint moved = centre.apply(mean);
                if (!moved.sameChart(mean)) {
                    chartChanges++;
                }
                mean = moved;
                next = step.stepToward(mean, sample, t).or(() -> acrossCharts(sample, t));
            }
            if (next.isEmpty()) {
                return false;
            }
            if (!next.get().sameChart(mean)) {
                chartChanges++;
            }
            mean = next.get();
            return true;
        }

        /** {@code Ret_M(t·Log^Ret_M(X))} with X located, or with {@code Log_M(X)} where the former is undefined. */
        private Optional<ChartPoint> acrossCharts(double[] sample, double t) {
            ChartPoint x = manifold.locate(sample);
            return inverseRetraction.inverseRetract(mean, x)
                    .or(() -> geodesics.flatMap(g -> g.log(mean, x)))
                    .flatMap(tau -> retraction.retract(mean, tau.scale(t)));
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

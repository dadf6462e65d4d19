package org.atlasgraph.optim.mean;

import java.util.Optional;
import org.atlasgraph.api.ChartPoint;
import org.atlasgraph.api.Coordinates;
import org.atlasgraph.api.InverseRetraction;
import org.atlasgraph.api.Manifold;
import org.atlasgraph.api.Retraction;
import org.atlasgraph.api.capability.ChartCentring;
import org.atlasgraph.api.capability.Geodesics;
import org.atlasgraph.api.capability.OnlineMeanStep;
import org.atlasgraph.api.capability.RunningMean;

/**
 * Quasi-Euclidean steps {@code M ← Ret_M(t·Log^Ret_M(X))} in the estimate's chart, {@code ξ_M + t(ξ_X − ξ_M)} with
 * the manifold's primitives (its {@link OnlineMeanStep} or their composition), as a {@link RunningMean}: Alg. 1, and
 * the atlas scheme of a manifold that has neither a fused {@link RunningMean} nor closed-form geometry (a learned
 * atlas, a provider with charts only). {@link State#recentre} moves the estimate to a chart centred at it where the
 * manifold has {@link ChartCentring}, and does nothing otherwise. Chart coordinates stand in for normal
 * coordinates, so a centred chart leaves the third-order difference {@code ξ − Log_c} of the chart in the update: the
 * estimate converges to the point where the samples' chart coordinates average to zero in a chart centred at it, which
 * is the Fréchet mean for distributions symmetric about it and otherwise differs from it by the third moment of the
 * distribution times the chart's distortion. Without {@link ChartCentring} re-centring does nothing, and the scheme is
 * Alg. 1 as printed.
 *
 * <p>A sample the estimate's chart cannot represent moves the estimate to a chart centred at it
 * ({@link ChartCentring}, else the atlas's chart change) for a second try; failing that the sample is located and
 * taken with the inverse retraction across charts, or with the manifold's {@link Geodesics} logarithm (the sphere's
 * gnomonic charts reach a hemisphere only). When none of these reaches it the state reports it and the driver names
 * the sample.
 */
final class ChartRunningMean implements RunningMean {
    private final Manifold manifold;
    private final OnlineMeanStep step;
    private final Retraction retraction;
    private final InverseRetraction inverseRetraction;
    private final Optional<ChartCentring> centring;
    private final Optional<Geodesics> geodesics;

    /**
     * @param step              the quasi-Euclidean step, fused or composed from the two primitives
     * @param retraction        the retraction, for samples out of the chart's reach
     * @param inverseRetraction the inverse retraction, for samples out of the chart's reach
     */
    ChartRunningMean(Manifold manifold, OnlineMeanStep step, Retraction retraction,
                     InverseRetraction inverseRetraction) {
        this.manifold = manifold;
        this.step = step;
        this.retraction = retraction;
        this.inverseRetraction = inverseRetraction;
        this.centring = manifold.capability(ChartCentring.class);
        this.geodesics = manifold.capability(Geodesics.class);
    }

    @Override
    public State start(ChartPoint p) {
        return new Quasi(centring.map(c -> c.centredAt(p)).orElse(p));
    }

    private final class Quasi implements State {
        private ChartPoint mean;
        private double spread;
        private long changes;

        Quasi(ChartPoint mean) {
            this.mean = mean;
        }

        @Override
        public boolean add(double[] ambient, double t) {
            Optional<ChartPoint> next = step.stepToward(mean, ambient, t);
            if (next.isEmpty()) {
                // M's chart cannot represent X (Grassmann: a singular block X_U; sphere: X beyond the chart's
                // hemisphere): move M to a chart centred at it and step there, else relate the charts.
                ChartPoint moved = centring.map(c -> c.centredAt(mean)).orElseGet(() -> manifold.atlas()
                        .changeChart(mean));
                if (!moved.sameChart(mean)) {
                    changes++;
                }
                mean = moved;
                next = step.stepToward(mean, ambient, t).or(() -> acrossCharts(ambient, t));
                if (next.isEmpty()) {
                    return false;
                }
            }
            ChartPoint q = next.get();
            if (q.sameChart(mean)) {
                // ξ_X − ξ_M = (ξ' − ξ_M)/t: the sample's distance from the estimate in chart units.
                Coordinates d = q.xi().minus(mean.xi());
                double length = t > 0 ? d.norm() / t : 0;
                spread += t * (length * length - spread);
            } else {
                changes++;
            }
            mean = q;
            return true;
        }

        /** {@code Ret_M(t·Log^Ret_M(X))} with X located, or with {@code Log_M(X)} where the former is undefined. */
        private Optional<ChartPoint> acrossCharts(double[] ambient, double t) {
            ChartPoint x = manifold.locate(ambient);
            return inverseRetraction.inverseRetract(mean, x)
                    .or(() -> geodesics.flatMap(g -> g.log(mean, x)))
                    .flatMap(tau -> retraction.retract(mean, tau.scale(t)));
        }

        @Override
        public double offset() {
            return mean.xi().norm();
        }

        @Override
        public double spread() {
            return spread;
        }

        @Override
        public void recentre() {
            if (centring.isPresent() && offset() > 0) {
                mean = centring.get().centredAt(mean);
                changes++;
            }
        }

        @Override
        public ChartPoint point() {
            return mean;
        }

        @Override
        public long chartChanges() {
            return changes;
        }
    }
}

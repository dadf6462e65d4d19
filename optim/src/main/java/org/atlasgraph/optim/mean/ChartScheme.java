package org.atlasgraph.optim.mean;

import java.util.Objects;
import org.atlasgraph.api.InverseRetraction;
import org.atlasgraph.api.Manifold;
import org.atlasgraph.api.Retraction;
import org.atlasgraph.api.capability.ExactGeometry;
import org.atlasgraph.api.capability.OnlineMeanStep;
import org.atlasgraph.api.capability.RunningMean;

/**
 * The schemes that keep the estimate in a chart, each a {@link RunningMean} driven by a {@link RunningMeanEstimator}:
 * <ul>
 *   <li>{@value FrechetScheme#ATLAS}, the consistent atlas scheme: normal coordinates at a chart centre that follows
 *       the estimate (the manifold's fused {@link RunningMean}, else one composed from its {@link ExactGeometry}, else
 *       quasi-Euclidean steps in a chart centred at the estimate, {@link ChartRunningMean});</li>
 *   <li>{@value FrechetScheme#ALG1}, Alg. 1 as printed: quasi-Euclidean steps {@code ξ_M + t(ξ_X − ξ_M)} in whatever
 *       chart holds the estimate (the manifold's {@link OnlineMeanStep} where it has one), a chart change only where
 *       the estimate leaves its chart or a sample is out of its reach. It converges to the mean of the samples'
 *       coordinates in the charts it passes through, a chart-dependent point, not the Fréchet mean;</li>
 *   <li>a scheme with given primitives, {@code M ← Ret_M(t·Log^Ret_M(X))} as in Alg. 1.</li>
 * </ul>
 */
final class ChartScheme implements FrechetScheme {
    private final String name;
    private final Retraction retraction;
    private final InverseRetraction inverseRetraction;

    /**
     * @param name              the scheme's name
     * @param retraction        the retraction, or {@code null} for the manifold's own (and its speed paths)
     * @param inverseRetraction the inverse retraction, {@code null} exactly when {@code retraction} is
     */
    private ChartScheme(String name, Retraction retraction, InverseRetraction inverseRetraction) {
        this.name = Objects.requireNonNull(name, "name");
        this.retraction = retraction;
        this.inverseRetraction = inverseRetraction;
    }

    /** @return the consistent atlas scheme */
    static ChartScheme atlas() {
        return new ChartScheme(ATLAS, null, null);
    }

    /** @return Alg. 1 as printed, with the manifold's own primitives */
    static ChartScheme alg1() {
        return new ChartScheme(ALG1, null, null);
    }

    /** @return Alg. 1 with the given primitives */
    static ChartScheme of(String name, Retraction retraction, InverseRetraction inverseRetraction) {
        return new ChartScheme(name, Objects.requireNonNull(retraction, "retraction"),
                Objects.requireNonNull(inverseRetraction, "inverseRetraction"));
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
        if (retraction != null) {
            return RunningMeanEstimator.alg1(manifold, new ChartRunningMean(manifold,
                    composed(manifold, retraction, inverseRetraction), retraction, inverseRetraction));
        }
        ChartRunningMean quasi = new ChartRunningMean(manifold, manifold.capability(OnlineMeanStep.class)
                .orElseGet(() -> composed(manifold, manifold.retraction(), manifold.inverseRetraction())),
                manifold.retraction(), manifold.inverseRetraction());
        if (name.equals(ALG1)) {
            return RunningMeanEstimator.alg1(manifold, quasi);
        }
        return manifold.capability(RunningMean.class)
                .or(() -> manifold.capability(ExactGeometry.class).map(e -> new ExactRunningMean(manifold, e)))
                .map(normal -> RunningMeanEstimator.consistent(manifold, normal))
                .orElseGet(() -> RunningMeanEstimator.centred(manifold, quasi));
    }

    @Override
    public String toString() {
        return name;
    }
}

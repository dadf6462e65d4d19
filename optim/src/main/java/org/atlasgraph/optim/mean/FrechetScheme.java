package org.atlasgraph.optim.mean;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.atlasgraph.api.InverseRetraction;
import org.atlasgraph.api.Manifold;
import org.atlasgraph.api.Retraction;
import org.atlasgraph.api.capability.AmbientSchemes;
import org.atlasgraph.api.capability.AmbientStep;
import org.atlasgraph.api.capability.ChartCentring;
import org.atlasgraph.api.capability.ExactGeometry;
import org.atlasgraph.api.capability.OnlineMeanStep;
import org.atlasgraph.api.capability.RunningMean;
import org.atlasgraph.api.check.InvalidInputException;

/**
 * How an online mean moves its estimate toward a sample, {@code M ← step(M, X, t)}: the interchangeable part of Alg. 1,
 * in the manner of ManifoldsBase's retraction-method values.
 *
 * <p>The schemes of §3.2 and Fig. S1, by {@link #parse name}:
 * <ul>
 *   <li>{@code atlas}: the consistent atlas scheme, the default. The estimate is kept in Riemannian normal coordinates
 *       at the centre c of a chart, {@code m = Log_c M}, read off the chart's coordinates (the chart's third-order
 *       normal-coordinate correction); a sample is read in the same chart, {@code ν = Log_c X}, and the update is
 *       {@code m ← m + t(ν − m)}; the centre moves to the estimate by the rule of {@code RunningMeanEstimator}
 *       ({@code i·‖m‖²·s ≥ 0.3²}), so that the update stays close to the geodesic step {@code Exp_M(t·Log_M X)} and
 *       the estimate converges to the Fréchet mean. The manifold's fused {@link RunningMean} does this in one pass
 *       (on the Grassmann atlas, Alg. 1's kernel plus a k×k correction); without it, the update is composed from its
 *       {@link ExactGeometry}; without that, it is Alg. 1's quasi-Euclidean step in a chart re-centred at the estimate
 *       ({@link ChartCentring}), consistent for distributions symmetric about their mean;</li>
 *   <li>{@code exp}: the geodesic step {@code Exp_M(t · Log_M X)} of the manifold's {@link ExactGeometry}, on ambient
 *       arrays without chart conversions, as Pymanopt does;</li>
 *   <li>{@code alg1}: Alg. 1 as printed, quasi-Euclidean steps {@code ξ_M + t(ξ_X − ξ_M)} in whatever chart holds the
 *       estimate (fused by the manifold's {@link OnlineMeanStep}), a chart change only where the estimate leaves its
 *       chart. It converges to the mean of chart coordinates, a chart-dependent point (0.16 from the Fréchet mean on
 *       H², see the bias table of the bench module); it is kept to reproduce the paper;</li>
 *   <li>any other name: an ambient step the manifold offers in its {@link AmbientSchemes} (the Grassmannian's
 *       {@code gifee}, {@code retraction} and {@code opca}, the baselines of Fig. S1).</li>
 * </ul>
 * {@link #available} lists the names a manifold accepts.
 */
public interface FrechetScheme {
    /** The name of the atlas-graph scheme, which every manifold accepts. */
    String ATLAS = "atlas";
    /** The name of the geodesic scheme, accepted where the manifold has {@link ExactGeometry}. */
    String EXP = "exp";
    /** The name of Alg. 1 as printed (quasi-Euclidean, not consistent), which every manifold accepts. */
    String ALG1 = "alg1";

    /** @return the scheme's name, used in tables and plots */
    String name();

    /**
     * Prepares a fresh estimator on a manifold, checking up front that the scheme can run there.
     *
     * @param manifold the manifold
     * @return an estimator with no sample yet
     * @throws InvalidInputException naming the scheme if the manifold lacks what it needs (closed-form geometry, an
     *     ambient step of that name)
     */
    MeanEstimator estimator(Manifold manifold);

    /**
     * The consistent atlas scheme (see above): the manifold's {@link RunningMean}, else one composed from its
     * {@link ExactGeometry}, else quasi-Euclidean steps in a chart re-centred at the estimate.
     *
     * @return the scheme named {@value #ATLAS}
     */
    static FrechetScheme atlas() {
        return ChartScheme.atlas();
    }

    /**
     * Alg. 1 as printed: the manifold's default {@link Manifold#retraction()} and {@link Manifold#inverseRetraction()},
     * through its {@link OnlineMeanStep} where it has that speed path; samples are ingested into the estimate's chart
     * ({@link Manifold#coordinatesIn}), or {@link Manifold#locate located} when that chart cannot represent them.
     *
     * @return the scheme named {@value #ALG1}
     */
    static FrechetScheme alg1() {
        return ChartScheme.alg1();
    }

    /**
     * A chart-level scheme with given primitives, e.g. {@code ExactPrimitives.retraction(m, e)} and
     * {@code ExactPrimitives.inverseRetraction(m, e)} for the exact geometry routed through charts.
     *
     * @param name              the name to report
     * @param retraction        the retraction
     * @param inverseRetraction the inverse retraction
     * @return the scheme
     */
    static FrechetScheme of(String name, Retraction retraction, InverseRetraction inverseRetraction) {
        Objects.requireNonNull(name, "name");
        return ChartScheme.of(name, retraction, inverseRetraction);
    }

    /**
     * The geodesic step of the manifold's closed-form geometry, {@link ExactGeometry#geodesicStep}.
     *
     * @return the scheme named {@value #EXP}
     */
    static FrechetScheme exp() {
        return new AmbientScheme(EXP, m -> {
            ExactGeometry exact = m.capability(ExactGeometry.class).orElseThrow(() -> unavailable(EXP, m));
            return exact::geodesicStep;
        });
    }

    /**
     * An ambient step the manifold offers under a name in its {@link AmbientSchemes}.
     *
     * @param name the step's name, e.g. {@code "gifee"}
     * @return the scheme of that name
     */
    static FrechetScheme offered(String name) {
        Objects.requireNonNull(name, "name");
        return new AmbientScheme(name, m -> m.capability(AmbientSchemes.class).map(s -> s.schemes().get(name))
                .orElseThrow(() -> unavailable(name, m)));
    }

    /**
     * An ambient scheme with a step of the caller's own.
     *
     * @param name the name to report
     * @param step the update {@code (M, X, t) ↦ M'}
     * @return the scheme
     */
    static FrechetScheme of(String name, AmbientStep step) {
        Objects.requireNonNull(step, "step");
        return new AmbientScheme(name, m -> step);
    }

    /**
     * The scheme names a manifold accepts, in the order of the paper's comparison.
     *
     * @param manifold the manifold
     * @return {@value #ATLAS}, then {@value #EXP} where the manifold has {@link ExactGeometry}, then the names of its
     *     {@link AmbientSchemes}, then {@value #ALG1}
     */
    static List<String> available(Manifold manifold) {
        List<String> names = new ArrayList<>(List.of(ATLAS));
        if (manifold.capability(ExactGeometry.class).isPresent()) {
            names.add(EXP);
        }
        manifold.capability(AmbientSchemes.class).ifPresent(s -> s.schemes().keySet().stream()
                .filter(n -> !names.contains(n) && !n.equals(ALG1)).forEach(names::add));
        names.add(ALG1);
        return List.copyOf(names);
    }

    /**
     * A scheme by name, for command lines.
     *
     * @param name     one of {@link #available available(manifold)}
     * @param manifold the manifold it will run on
     * @return the scheme
     * @throws InvalidInputException naming the scheme and listing the available ones if the manifold has none by
     *     that name
     */
    static FrechetScheme parse(String name, Manifold manifold) {
        Objects.requireNonNull(name, "name");
        if (!available(manifold).contains(name)) {
            throw unavailable(name, manifold);
        }
        if (name.equals(ATLAS)) {
            return atlas();
        }
        if (name.equals(ALG1)) {
            return alg1();
        }
        return name.equals(EXP) && manifold.capability(ExactGeometry.class).isPresent() ? exp() : offered(name);
    }

    private static InvalidInputException unavailable(String name, Manifold manifold) {
        return new InvalidInputException("scheme '" + name + "'", "one of the schemes of " + manifold.name() + ", "
                + available(manifold), "'" + name + "'");
    }
}

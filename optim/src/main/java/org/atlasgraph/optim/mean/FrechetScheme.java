package org.atlasgraph.optim.mean;

import java.util.List;
import java.util.Objects;
import org.atlasgraph.api.Manifold;
import org.atlasgraph.api.check.InvalidInputException;
import org.atlasgraph.api.primitive.AmbientStep;
import org.atlasgraph.api.primitive.ExactGeometry;
import org.atlasgraph.api.primitive.InverseRetraction;
import org.atlasgraph.api.primitive.Retraction;

/**
 * How an online mean moves its estimate toward a sample, {@code M ← step(M, X, t)}: the interchangeable part of Alg. 1,
 * in the manner of ManifoldsBase's retraction-method values.
 *
 * <p>The schemes of §3.2 and Fig. S1, by {@link #parse name}:
 * <ul>
 *   <li>{@code atlas}: the manifold's own primitives, {@code M ← Ret_M(t · Log^Ret_M(X))} in chart coordinates with a
 *       chart change when the estimate leaves its chart's domain (§2.4); on the Grassmann atlas this is ATLAS_Frechet
 *       (Alg. 1);</li>
 *   <li>{@code exp}, {@code gifee}, {@code retraction}: the closed-form ambient steps the manifold offers in
 *       {@link ExactGeometry#steps()} (exact exp/log; GifeeLog/GifeeExp; exact log and the Stiefel retraction,
 *       "MANOPT-RET"), applied to ambient arrays without chart conversions, as Pymanopt does;</li>
 *   <li>{@code opca}: Oja's subspace rule on the n×k ambient matrix, the idealised Euclidean baseline.</li>
 * </ul>
 */
public interface FrechetScheme {
    /** The scheme names {@link #parse} accepts, in the order of the paper's comparison. */
    List<String> NAMES = List.of("atlas", "exp", "gifee", "retraction", "opca");

    /** @return the scheme's name, used in tables and plots */
    String name();

    /**
     * Prepares a fresh estimator on a manifold, checking up front that the scheme can run there.
     *
     * @param manifold the manifold
     * @return an estimator with no sample yet
     * @throws InvalidInputException naming the scheme if the manifold lacks what it needs (an exact step of that name,
     *     an n×k ambient shape)
     */
    MeanEstimator estimator(Manifold manifold);

    /**
     * The atlas-graph scheme: the manifold's default {@link Manifold#retraction()} and
     * {@link Manifold#inverseRetraction()}. Samples are ingested into the estimate's chart
     * ({@link Manifold#coordinatesIn}), or {@link Manifold#locate located} when that chart cannot represent them.
     *
     * @return the scheme named {@code "atlas"}
     */
    static FrechetScheme atlas() {
        return new ChartScheme("atlas", Manifold::retraction, Manifold::inverseRetraction, true);
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
        Objects.requireNonNull(retraction, "retraction");
        Objects.requireNonNull(inverseRetraction, "inverseRetraction");
        return new ChartScheme(name, m -> retraction, m -> inverseRetraction, false);
    }

    /**
     * A closed-form ambient scheme of the manifold's {@link ExactGeometry#steps()}.
     *
     * @param stepName the step's name, e.g. {@code "exp"}, {@code "gifee"} or {@code "retraction"}
     * @return the scheme of that name
     */
    static FrechetScheme exact(String stepName) {
        return new AmbientScheme(stepName, m -> AmbientScheme.exactStep(m, stepName));
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
     * Oja's subspace rule on n×k matrices (row-major ambient arrays, D = n·k).
     *
     * @param columns k ≥ 1
     * @return the scheme named {@code "opca"}
     */
    static FrechetScheme oja(int columns) {
        return new OjaScheme(columns);
    }

    /**
     * A scheme by name, for command lines.
     *
     * @param name     one of {@link #NAMES}
     * @param manifold the manifold it will run on; {@code opca} takes its k from it ({@link OjaScheme#columnsOf})
     * @return the scheme
     * @throws InvalidInputException naming the scheme if the name is unknown or {@code opca} cannot infer k
     */
    static FrechetScheme parse(String name, Manifold manifold) {
        switch (name) {
            case "atlas":
                return atlas();
            case "exp":
            case "gifee":
            case "retraction":
                return exact(name);
            case "opca":
                return oja(OjaScheme.columnsOf(manifold));
            default:
                throw new InvalidInputException("scheme '" + name + "'", "one of " + NAMES, "'" + name + "'");
        }
    }
}

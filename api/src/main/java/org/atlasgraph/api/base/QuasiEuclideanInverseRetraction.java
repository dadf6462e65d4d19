package org.atlasgraph.api.base;

import java.util.Objects;
import java.util.Optional;
import org.atlasgraph.api.ChartPoint;
import org.atlasgraph.api.Coordinates;
import org.atlasgraph.api.InverseRetraction;
import org.atlasgraph.api.Manifold;
import org.atlasgraph.api.TangentVector;
import org.atlasgraph.api.check.Checks;
import org.atlasgraph.api.check.InvalidInputException;

/**
 * The retraction logarithm of the quasi-Euclidean update (§4.2.5): {@code ξ_q − ξ_p} when both points are in one chart;
 * otherwise q is first carried into p's chart by the transition ψ_βα or, failing that, by ingesting its ambient
 * representation ({@link Manifold#coordinatesIn}). Empty when p's chart cannot represent q.
 *
 * <p>Immutable and thread-safe when the manifold is.
 */
public final class QuasiEuclideanInverseRetraction implements InverseRetraction {
    private final Manifold manifold;

    /** @param manifold the manifold whose atlas and ingestion carry q into p's chart */
    public QuasiEuclideanInverseRetraction(Manifold manifold) {
        this.manifold = Objects.requireNonNull(manifold, "manifold");
    }

    @Override
    public Optional<TangentVector> inverseRetract(ChartPoint p, ChartPoint q) {
        Checks.requireNonNull("p", p, "a chart point");
        Checks.requireNonNull("q", q, "a chart point");
        return expressIn(manifold, p, q).map(qInP -> p.tangent(difference(qInP, p.xi())));
    }

    /** @return ξ_q − ξ_p, or an error naming q when a coordinate of the difference overflows */
    private static Coordinates difference(Coordinates q, Coordinates p) {
        for (int i = 0; i < q.dimension(); i++) {
            if (!Double.isFinite(q.get(i) - p.get(i))) {
                throw new InvalidInputException("q", "a point whose coordinates differ from p's by a finite amount "
                        + "(at most " + Checks.number(Double.MAX_VALUE) + ")", "ξ_q[" + i + "] = " + q.get(i)
                        + ", ξ_p[" + i + "] = " + p.get(i));
            }
        }
        return q.minus(p);
    }

    /**
     * The coordinates of q in p's chart: q's own when the charts agree, else through the transition, else through the
     * ambient space.
     *
     * @param manifold the manifold
     * @param p        the point whose chart is wanted
     * @param q        the point to express
     * @return the coordinates, or empty when p's chart cannot represent q
     */
    public static Optional<Coordinates> expressIn(Manifold manifold, ChartPoint p, ChartPoint q) {
        if (q.sameChart(p)) {
            return Optional.of(q.xi());
        }
        Optional<Coordinates> viaTransition = manifold.atlas().transition(q.chart(), p.chart())
                .flatMap(t -> t.apply(q.xi()));
        if (viaTransition.isPresent()) {
            return viaTransition;
        }
        return manifold.coordinatesIn(p.chart(), manifold.embed(q)).map(ChartPoint::xi);
    }
}

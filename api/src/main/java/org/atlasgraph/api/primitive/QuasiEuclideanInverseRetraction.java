package org.atlasgraph.api.primitive;

import java.util.Objects;
import java.util.Optional;
import org.atlasgraph.api.ChartPoint;
import org.atlasgraph.api.Coordinates;
import org.atlasgraph.api.Manifold;
import org.atlasgraph.api.TangentVector;
import org.atlasgraph.api.check.InvalidInputException;

/**
 * The retraction logarithm of the quasi-Euclidean update (§4.2.5): {@code ξ_q − ξ_p} when both points are in one chart;
 * otherwise q is first carried into p's chart by the transition ψ_βα or, failing that, by ingesting its ambient
 * representation ({@link Manifold#coordinatesIn}).
 */
public final class QuasiEuclideanInverseRetraction implements InverseRetraction {
    private final Manifold manifold;

    /** @param manifold the manifold whose atlas and ingestion carry q into p's chart */
    public QuasiEuclideanInverseRetraction(Manifold manifold) {
        this.manifold = Objects.requireNonNull(manifold, "manifold");
    }

    /**
     * {@inheritDoc}
     *
     * @throws InvalidInputException if q cannot be expressed in p's chart
     */
    @Override
    public TangentVector inverseRetract(ChartPoint p, ChartPoint q) {
        Coordinates qInP = expressIn(manifold, p, q).orElseThrow(() -> new InvalidInputException("q",
                "a point that chart " + p.chart().id() + " of p can represent", "one outside its overlap"));
        return p.tangent(qInP.minus(p.xi()));
    }

    /**
     * The coordinates of q in p's chart: q's own when the charts agree, else through the transition, else through the
     * ambient space.
     *
     * @return the coordinates, or empty when p's chart cannot represent q
     */
    static Optional<Coordinates> expressIn(Manifold manifold, ChartPoint p, ChartPoint q) {
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

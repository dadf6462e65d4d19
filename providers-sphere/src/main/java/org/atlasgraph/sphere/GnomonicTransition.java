package org.atlasgraph.sphere;

import java.util.Optional;
import org.atlasgraph.api.Chart;
import org.atlasgraph.api.Coordinates;
import org.atlasgraph.api.Transition;
import org.atlasgraph.api.check.Checks;
import org.atlasgraph.api.check.InvalidInputException;

/**
 * The transition between two gnomonic charts, ψ_αβ(ξ) = B_βᵀy/(c_β·y) with y = c_α + B_αξ: a projective map, defined
 * where y lies in the open hemisphere around c_β.
 *
 * <p>Immutable and thread-safe.
 */
final class GnomonicTransition implements Transition {
    private final GnomonicChart from;
    private final GnomonicChart to;

    GnomonicTransition(GnomonicChart from, GnomonicChart to) {
        this.from = from;
        this.to = to;
    }

    @Override
    public Chart from() {
        return from;
    }

    @Override
    public Chart to() {
        return to;
    }

    @Override
    public Optional<Coordinates> apply(Coordinates xi) {
        double[] r = to.project(from.lift(from.checked("xi", xi)));
        return r == null ? Optional.empty() : Optional.of(Coordinates.ofComputed("transition", r));
    }

    /**
     * {@inheritDoc} Computed on ξ and τ scaled to entries of at most 1 ({@link GnomonicChart#lift}), the scales put
     * back at the end: the differential is homogeneous of degree −1 in y and 1 in dy.
     *
     * @throws InvalidInputException naming {@code xi} where the differential overflows: at the edge of the overlap,
     *     where y is 90° from the target chart's centre, or for a τ near 1e308
     */
    @Override
    public Coordinates pushForward(Coordinates xi, Coordinates tau) {
        double mt = GnomonicChart.scale(from.checked("tau", tau));
        double m = GnomonicChart.scale(from.checked("xi", xi));
        double[] dy = from.tangentBasisTimes(mt > 1 ? tau.scale(1 / mt).toArray() : tau.toArray());
        double[] r = to.projectDifferential(from.lift(xi), dy);
        for (int i = 0; i < r.length; i++) {
            r[i] = r[i] / m * mt;
            if (!Double.isFinite(r[i])) {
                throw new InvalidInputException("xi", "a point of the overlap of " + from.id() + " and " + to.id()
                        + " where the transition's differential is finite", "|ξᵢ| up to " + Checks.number(xi.maxAbs())
                        + " with |τᵢ| up to " + Checks.number(tau.maxAbs()));
            }
        }
        return Coordinates.ofComputed("transition.pushForward", r);
    }
}

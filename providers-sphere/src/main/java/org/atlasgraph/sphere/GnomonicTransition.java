package org.atlasgraph.sphere;

import java.util.Optional;
import org.atlasgraph.api.Chart;
import org.atlasgraph.api.Coordinates;
import org.atlasgraph.api.Transition;

/**
 * The transition between two gnomonic charts, ψ_αβ(ξ) = B_βᵀy/(c_β·y) with y = c_α + B_αξ: a projective map, defined
 * where y lies in the open hemisphere around c_β.
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

    @Override
    public Coordinates pushForward(Coordinates xi, Coordinates tau) {
        double[] dy = from.tangentBasisTimes(from.checked("tau", tau).toArray());
        double[] y = from.lift(from.checked("xi", xi));
        return Coordinates.ofComputed("transition.pushForward", to.projectDifferential(y, dy));
    }
}

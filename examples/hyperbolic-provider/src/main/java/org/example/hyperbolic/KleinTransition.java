package org.example.hyperbolic;

import java.util.Optional;
import org.atlasgraph.api.Chart;
import org.atlasgraph.api.Coordinates;
import org.atlasgraph.api.Transition;

/**
 * The transition between two Klein charts, {@code ψ_αβ(ξ) = Bᵀ_{L,β} y / (−⟨c_β, y⟩_L)} with {@code y = c_α + B_α ξ}:
 * a projective map, defined on the whole image of α (every chart covers all of H^n).
 */
final class KleinTransition implements Transition {
    private final KleinChart from;
    private final KleinChart to;

    KleinTransition(KleinChart from, KleinChart to) {
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

    /** {@inheritDoc} Empty only outside the image of {@link #from()}, where ξ is no point at all. */
    @Override
    public Optional<Coordinates> apply(Coordinates xi) {
        if (!from.inImage(xi)) {
            return Optional.empty();
        }
        return Optional.of(Coordinates.ofComputed("transition", to.project(from.lift(xi.toArray()))));
    }

    @Override
    public Coordinates pushForward(Coordinates xi, Coordinates tau) {
        double[] dy = from.basisTimes(from.checked("tau", tau).toArray());
        double[] y = from.lift(from.checked("xi", xi).toArray());
        return Coordinates.ofComputed("transition.pushForward", to.projectDifferential(y, dy));
    }
}

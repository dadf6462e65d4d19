package org.example.hyperbolic;

import java.util.Optional;
import org.atlasgraph.api.Chart;
import org.atlasgraph.api.Coordinates;
import org.atlasgraph.api.Transition;

/**
 * The transition between two Poincaré-ball charts, {@code ψ_αβ = φ_β ∘ φ_α⁻¹}: through the point on the hyperboloid,
 * since every chart represents every point. Its differential is {@code Dφ_β} applied to {@code Dφ_α⁻¹(ξ)τ}.
 */
final class PoincareTransition implements Transition {
    private final PoincareChart from;
    private final PoincareChart to;

    PoincareTransition(PoincareChart from, PoincareChart to) {
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

    /** {@inheritDoc} Empty only outside the image of {@link #from()}, where ξ stands for no point. */
    @Override
    public Optional<Coordinates> apply(Coordinates xi) {
        if (!from.inImage(xi)) {
            return Optional.empty();
        }
        return Optional.of(Coordinates.ofComputed("transition", to.project(from.toAmbient(xi))));
    }

    @Override
    public Coordinates pushForward(Coordinates xi, Coordinates tau) {
        double[] x = from.toAmbient(xi);
        return Coordinates.ofComputed("transition.pushForward", to.projectDifferential(x, from.pushForward(xi, tau)));
    }
}

package org.atlasgraph.pointcloud;

import java.util.Optional;
import org.atlasgraph.api.Chart;
import org.atlasgraph.api.Coordinates;
import org.atlasgraph.api.Transition;

/**
 * The transition map between two overlapping learned charts (§4.1):
 * {@code ψ̃_αβ(ξ) = L_βᵀ(½M_αK_α(ξ⊗ξ) + L_αξ + c_α − c_β)}, i.e. φ̃_β ∘ φ̃_α⁻¹. The charts approximate the manifold
 * separately, so ψ̃_βα ∘ ψ̃_αβ is the identity only up to the fit residuals; injectivity holds under the Lipschitz
 * condition of Claim F.1 (App. F.2). Its differential is exactly {@code L_βᵀ Dφ̃_α⁻¹(ξ)}.
 */
final class QuadraticTransition implements Transition {
    private final QuadraticChart from;
    private final QuadraticChart to;
    private final double tolerance;

    QuadraticTransition(QuadraticChart from, QuadraticChart to, double tolerance) {
        this.from = from;
        this.to = to;
        this.tolerance = tolerance;
    }

    @Override
    public Chart from() {
        return from;
    }

    @Override
    public Chart to() {
        return to;
    }

    /**
     * {@inheritDoc} Empty when ξ or its image leaves the disc ‖ξ‖ ≤ ρ of its chart, or when φ̃_α⁻¹(ξ) is farther than
     * the atlas's tolerance from β's surface (the overlap ends there). Unlike locating, which also accepts points
     * within the tolerance of a patch's rim and clips their coordinates, a transition is defined only on the strict
     * overlap, so that ψ̃_βα is defined on the image of ψ̃_αβ up to the charts' disagreement.
     */
    @Override
    public Optional<Coordinates> apply(Coordinates xi) {
        double[] a = from.raw("xi", xi);
        if (!from.trusted(a)) {
            return Optional.empty();
        }
        double[] image = ChartMembership.represent(to, from.ambientOf(a), tolerance);
        return image == null ? Optional.empty() : Optional.of(Coordinates.ofComputed("transition", image));
    }

    /** {@inheritDoc} Here {@code L_βᵀ(L_α + M_α N_α(ξ))τ}. */
    @Override
    public Coordinates pushForward(Coordinates xi, Coordinates tau) {
        double[] v = from.jacobianTimes(from.raw("xi", xi), from.raw("tau", tau));
        return Coordinates.ofComputed("transition.pushForward", to.tangentProjection(v));
    }

    @Override
    public String toString() {
        return "ψ̃[" + from.id() + " → " + to.id() + "]";
    }
}

package org.atlasgraph.api.primitive;

import java.util.Objects;
import java.util.Optional;
import org.atlasgraph.api.ChartPoint;
import org.atlasgraph.api.Coordinates;
import org.atlasgraph.api.Manifold;
import org.atlasgraph.api.TangentVector;
import org.atlasgraph.api.Transition;
import org.atlasgraph.api.check.Checks;

/**
 * The vector transport of atlas graphs: the identity on representatives within a chart (§2.4.1, error
 * O(‖σ‖‖τ‖) in general and O(‖σ‖‖τ‖²) where the Christoffel symbols vanish, App. B), and across charts the
 * differential of the chart change.
 *
 * <p>Across charts α → β the representative is first carried by the identity to q's coordinates q_α in α, then pushed
 * through {@code Dψ_αβ(q_α)}; the result is therefore the same whichever chart q is expressed in. When no transition
 * or q_α is available the ambient route of §4.2.4 is taken:
 * {@code [Dφ_β⁻¹(ξ_q)]⁺ Dφ_α⁻¹(ξ_p) τ}.
 */
public final class DifferentialVectorTransport implements VectorTransport {
    private final Manifold manifold;

    /** @param manifold the manifold whose atlas supplies transitions */
    public DifferentialVectorTransport(Manifold manifold) {
        this.manifold = Objects.requireNonNull(manifold, "manifold");
    }

    /** {@inheritDoc} */
    @Override
    public TangentVector transport(ChartPoint p, TangentVector tau, ChartPoint q) {
        Checks.requireSameChart("tau", p, tau);
        if (q.sameChart(p)) {
            return q.tangent(tau.tau());
        }
        Optional<Transition> forward = manifold.atlas().transition(p.chart(), q.chart());
        Optional<Coordinates> qInP = QuasiEuclideanInverseRetraction.expressIn(manifold, p, q);
        if (forward.isPresent() && qInP.isPresent()) {
            return q.tangent(forward.get().pushForward(qInP.get(), tau.tau()));
        }
        double[] ambient = p.chart().pushForward(p.xi(), tau.tau());
        return q.tangent(q.chart().tangentCoordinates(q.xi(), ambient));
    }
}

package org.atlasgraph.api.base;

import java.util.Objects;
import java.util.Optional;
import org.atlasgraph.api.ChartPoint;
import org.atlasgraph.api.Coordinates;
import org.atlasgraph.api.Manifold;
import org.atlasgraph.api.TangentVector;
import org.atlasgraph.api.Transition;
import org.atlasgraph.api.VectorTransport;
import org.atlasgraph.api.check.Checks;

/**
 * The vector transport of atlas graphs: the identity on representatives within a chart (§2.4.1, error
 * O(‖σ‖‖τ‖) in general and O(‖σ‖‖τ‖²) where the Christoffel symbols vanish, App. B), and across charts the
 * differential of the chart change.
 *
 * <p>Across charts α → β the representative is first carried by the identity to q's coordinates q_α in α, then pushed
 * through {@code Dψ_αβ(q_α)}; the result is therefore the same whichever chart q is expressed in. When no transition
 * or q_α is available the ambient route of §4.2.4 is taken: {@code tangentCoordinates_β(ξ_q, Dφ_α⁻¹(ξ_p) τ)}, the
 * metric projection onto the tangent space at q.
 *
 * <p>Immutable and thread-safe when the manifold is.
 */
public final class DifferentialVectorTransport implements VectorTransport {
    private final Manifold manifold;

    /** @param manifold the manifold whose atlas supplies transitions */
    public DifferentialVectorTransport(Manifold manifold) {
        this.manifold = Objects.requireNonNull(manifold, "manifold");
    }

    @Override
    public TangentVector transport(ChartPoint p, TangentVector tau, ChartPoint q) {
        Checks.requireNonNull("p", p, "a chart point");
        p.requireTangent("tau", tau);
        Checks.requireNonNull("q", q, "a chart point");
        if (q.sameChart(p)) {
            return q.tangent(tau.tau());
        }
        Optional<Transition> forward = manifold.atlas().transition(p.chart(), q.chart());
        Optional<Coordinates> qInP = QuasiEuclideanInverseRetraction.expressIn(manifold, p, q);
        if (forward.isPresent() && qInP.isPresent()) {
            return q.tangent(forward.get().pushForward(qInP.get(), tau.tau()));
        }
        return q.tangent(q.chart().tangentCoordinates(q.xi(), p.chart().pushForward(p.xi(), tau.tau())));
    }

    /**
     * Carries a representative at p to the same point expressed in another chart (q is p, or a point reached by a
     * chart change at p): through the transition's differential where there is one, else through the ambient space.
     *
     * @param manifold the manifold
     * @param p        the base point in its old chart
     * @param tau      a representative at p
     * @param q        the same point in its new chart
     * @return the representative in q's chart
     */
    static Coordinates carry(Manifold manifold, ChartPoint p, Coordinates tau, ChartPoint q) {
        if (q.sameChart(p)) {
            return tau;
        }
        Optional<Transition> forward = manifold.atlas().transition(p.chart(), q.chart());
        if (forward.isPresent() && forward.get().apply(p.xi()).isPresent()) {
            return forward.get().pushForward(p.xi(), tau);
        }
        return q.chart().tangentCoordinates(q.xi(), p.chart().pushForward(p.xi(), tau));
    }
}

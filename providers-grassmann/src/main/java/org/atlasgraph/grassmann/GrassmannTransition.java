package org.atlasgraph.grassmann;

import java.util.Optional;
import org.atlasgraph.api.Chart;
import org.atlasgraph.api.Coordinates;
import org.atlasgraph.api.Transition;
import org.atlasgraph.api.check.InvalidInputException;

/**
 * The transition map of eq. (3.4) between two Grassmann charts α = (I, Q_α) and β = (J, Q_β):
 * {@code ψ_αβ(B) = R_L R_U⁻¹} with {@code R = Q_βᵀ Q_α (I; B)}, defined where R_U is invertible. The paper multiplies
 * the n×n matrices; here Q_α and Q_βᵀ are applied to the n×k lift in O(nk²) each.
 *
 * <p>Its differential in closed form: with dR = Q_βᵀ Q_α (0; τ), {@code Dψ_αβ(B)τ = (dR_L − B' dR_U) R_U⁻¹} where
 * B' = ψ_αβ(B) (differentiate R_L R_U⁻¹). Both formulas are in orthonormal-frame coordinates; the published
 * coordinates of ad hoc charts (H = S_m B, see {@link GrassmannChart}) are converted on the way in and out.
 */
final class GrassmannTransition implements Transition {
    private final GrassmannChart from;
    private final GrassmannChart to;

    GrassmannTransition(GrassmannChart from, GrassmannChart to) {
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
        requireDimension("xi", xi);
        return to.coordinatesOf(to.toFrame(from.lift(xi.toArray())))
                .map(b -> Coordinates.ofComputed("transition", b));
    }

    /**
     * {@inheritDoc}
     *
     * @throws InvalidInputException if ξ is outside the overlap (the target chart cannot represent it)
     */
    @Override
    public Coordinates pushForward(Coordinates xi, Coordinates tau) {
        requireDimension("xi", xi);
        requireDimension("tau", tau);
        int k = from.k;
        int m = from.m;
        GrassmannChart.Frame r = to.toFrame(from.lift(xi.toArray()));
        double[] inverse = new double[k * k];
        if (!Dense.invert(r.top(), k, inverse, new double[k * k])) {
            throw new InvalidInputException("xi", "a point in the overlap of charts " + from.id() + " and " + to.id(),
                    "one that chart " + to.id() + " cannot represent");
        }
        double[] target = Dense.mult(r.bottom(), m, k, inverse, k);
        double[] top = new double[k * k];
        double[] t = from.orthonormal(tau.toArray());
        GrassmannChart.Frame dr = to.toFrame(from.fromFrame(new GrassmannChart.Frame(top, t)));
        Dense.multAdd(-1, Dense.wrap(m, k, target), Dense.wrap(k, k, dr.top()), Dense.wrap(m, k, dr.bottom()));
        return Coordinates.ofComputed("transition.pushForward",
                to.published(Dense.mult(dr.bottom(), m, k, inverse, k)));
    }

    private void requireDimension(String name, Coordinates c) {
        if (c.dimension() != from.dimension()) {
            throw new InvalidInputException(name, "length " + from.dimension() + " (dimension of chart " + from.id()
                    + ")", String.valueOf(c.dimension()));
        }
    }

    @Override
    public String toString() {
        return "GrassmannTransition[" + from.id() + " → " + to.id() + "]";
    }
}

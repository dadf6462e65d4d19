package org.atlasgraph.optim.boundary;

import java.util.List;
import org.atlasgraph.api.ChartPoint;
import org.atlasgraph.api.Manifold;
import org.atlasgraph.api.TangentVector;
import org.atlasgraph.api.check.Checks;
import org.atlasgraph.api.check.InvalidInputException;
import org.atlasgraph.api.check.NotOnManifoldException;

/**
 * A fitted principal boundary (§5, App. E.2): the principal flows γ⁺ and γ⁻ of the two classes, the boundary curve b
 * between them, and the classifier it defines.
 *
 * <p>Classification rule: a point x is assigned the side of the boundary it lies on near the boundary point b nearest
 * to it, i.e. the sign of {@code ⟨Log_b x, n_b⟩}, where n_b is the unit normal to the boundary at b oriented toward γ⁺
 * (recorded during the integration, so that the rule needs no global orientation and works on non-orientable surfaces
 * such as the Klein bottle). The nearest boundary point is found by the manifold's distance (the chord where the
 * manifold declares it faithful); the logarithm is the local one of the fit. The rule is meant for points near a
 * boundary that separates the surface: a closed one ({@link #closed()}), or an open one that ends where the data end.
 * Above d = 2 the rule is the same, with the hyperplane normal to n_b at b in place of the curve's side.
 */
public final class BoundaryFit {
    private final BoundaryPrimitives g;
    private final BoundaryParameters parameters;
    private final String plusName;
    private final String minusName;
    private final Curve plusFlow;
    private final Curve minusFlow;
    private final Curve boundary;
    private final List<TangentVector> normals;
    private final String stopReason;
    private final boolean closed;

    BoundaryFit(BoundaryPrimitives g, BoundaryParameters parameters, String plusName, String minusName, Curve plusFlow,
                Curve minusFlow, Curve boundary, List<TangentVector> normals, String stopReason, boolean closed) {
        this.g = g;
        this.parameters = parameters;
        this.plusName = plusName;
        this.minusName = minusName;
        this.plusFlow = plusFlow;
        this.minusFlow = minusFlow;
        this.boundary = boundary;
        this.normals = List.copyOf(normals);
        this.stopReason = stopReason;
        this.closed = closed;
    }

    /**
     * @return why the integration stopped, e.g. {@code "the boundary closed after 2519 steps (length 6.27, back within
     *     0.004 of its start)"} or {@code "the principal flow of class 'plus' left the data at step 812 (…)"}
     */
    public String stopReason() {
        return stopReason;
    }

    /** @return whether the boundary came back to its start: a closed curve that cuts the surface in two */
    public boolean closed() {
        return closed;
    }

    /** @return the parameters of the fit, defaults filled in */
    public BoundaryParameters parameters() {
        return parameters;
    }

    /** @return the name of the first class */
    public String plusName() {
        return plusName;
    }

    /** @return the name of the second class */
    public String minusName() {
        return minusName;
    }

    /** @return γ⁺, the principal flow of the first class */
    public Curve plusFlow() {
        return plusFlow;
    }

    /** @return γ⁻, the principal flow of the second class */
    public Curve minusFlow() {
        return minusFlow;
    }

    /** @return b, the principal boundary */
    public Curve boundary() {
        return boundary;
    }

    /**
     * @param i an index in {@code [0, boundary().size())}
     * @return the unit normal to the boundary at its point i, oriented toward γ⁺, in that point's chart
     */
    public TangentVector normal(int i) {
        return normals.get(i);
    }

    /**
     * The signed score of a point: {@code ⟨Log_b x, n_b⟩} at the nearest boundary point b, positive on the side of
     * the first class. Its magnitude approximates the distance to the boundary near it.
     *
     * @param ambient a point of the manifold (not modified)
     * @return the score
     * @throws InvalidInputException  if the point has the wrong length or a non-finite entry
     * @throws NotOnManifoldException if the manifold rejects it
     */
    public double score(double[] ambient) {
        Manifold m = g.manifold();
        Checks.requireFiniteOfLength("point", ambient, m.ambientDimension(), "ambient dimension of " + m.name());
        ChartPoint x = g.centred(m.locate(Checks.requireOnManifold("point", ambient, m::checkPoint)));
        double[] xa = m.embed(x);
        int nearest = 0;
        double best = Double.POSITIVE_INFINITY;
        for (int i = 0; i < boundary.size(); i++) {
            double d = g.distance(boundary.points().get(i), boundary.ambientView(i), x, xa);
            if (d < best) {
                best = d;
                nearest = i;
            }
        }
        ChartPoint b = boundary.points().get(nearest);
        return g.inner(b, g.near(b, x), normals.get(nearest));
    }

    /**
     * @param ambient a point of the manifold (not modified)
     * @return the side of the boundary it lies on: {@link Side#PLUS} when {@link #score} ≥ 0
     * @throws InvalidInputException if the point is malformed or off the manifold
     */
    public Side classify(double[] ambient) {
        return score(ambient) >= 0 ? Side.PLUS : Side.MINUS;
    }

    @Override
    public String toString() {
        return "BoundaryFit[" + plusName + " | " + minusName + ", " + parameters + "]";
    }
}

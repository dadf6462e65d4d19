package org.atlasgraph.api.base;

import java.util.Objects;
import org.atlasgraph.api.ChartPoint;
import org.atlasgraph.api.Coordinates;
import org.atlasgraph.api.Manifold;
import org.atlasgraph.api.Metric;
import org.atlasgraph.api.TangentVector;
import org.atlasgraph.api.check.Checks;

/**
 * The chart metric of any manifold, pulled back from its {@link Manifold#ambientMetric()}:
 * {@code ḡ_ξ(u, v) = g_x(Dφ⁻¹u, Dφ⁻¹v)} (eq. 2.2). {@link #raise} assembles the d×d Gram matrix of the pushed-forward
 * coordinate vectors and solves by Cholesky, O(d·cost(pushForward) + d³): right for the small d of most manifolds;
 * providers with large d (Gr(n,k)) override the metric with a structured one.
 *
 * <p>Immutable and thread-safe when the manifold is.
 */
public final class PullbackMetric implements Metric {
    private final Manifold manifold;

    /** @param manifold the manifold whose ambient metric and charts define the pull-back */
    public PullbackMetric(Manifold manifold) {
        this.manifold = Objects.requireNonNull(manifold, "manifold");
    }

    @Override
    public double inner(ChartPoint p, TangentVector u, TangentVector v) {
        Checks.requireNonNull("p", p, "a chart point");
        p.requireTangent("u", u);
        p.requireTangent("v", v);
        double[] x = manifold.embed(p);
        return manifold.ambientMetric().inner(x, p.chart().pushForward(p.xi(), u.tau()),
                p.chart().pushForward(p.xi(), v.tau()));
    }

    @Override
    public TangentVector raise(ChartPoint p, Coordinates covector) {
        Checks.requireNonNull("p", p, "a chart point");
        Checks.requireNonNull("covector", covector, "coordinates of a covector");
        int d = p.chart().dimension();
        covector.requireDimension("covector", d, "dimension of " + manifold.name());
        double[] x = manifold.embed(p);
        double[][] columns = new double[d][];
        double[] e = new double[d];
        for (int i = 0; i < d; i++) {
            e[i] = 1;
            columns[i] = p.chart().pushForward(p.xi(), Coordinates.of(e));
            e[i] = 0;
        }
        double[] g = new double[d * d];
        for (int i = 0; i < d; i++) {
            for (int j = 0; j <= i; j++) {
                double gij = manifold.ambientMetric().inner(x, columns[i], columns[j]);
                g[i * d + j] = gij;
                g[j * d + i] = gij;
            }
        }
        return p.tangent(Coordinates.ofComputed("raise", Cholesky.solve(g, d, covector.toArray())));
    }

    /**
     * {@inheritDoc} For the induced metric this is the metric projection {@link
     * org.atlasgraph.api.Chart#tangentCoordinates} of the gradient, one call instead of d push-forwards.
     */
    @Override
    public TangentVector riemannianGradient(ChartPoint p, double[] euclideanGradient) {
        Checks.requireNonNull("p", p, "a chart point");
        if (!manifold.ambientMetric().isInduced()) {
            return Metric.super.riemannianGradient(p, euclideanGradient);
        }
        Checks.requireFiniteOfLength("euclidean gradient", euclideanGradient, manifold.ambientDimension(),
                "ambient dimension of " + manifold.name());
        return p.tangent(p.chart().tangentCoordinates(p.xi(), euclideanGradient));
    }
}

package org.atlasgraph.pointcloud;

import org.atlasgraph.api.Chart;
import org.atlasgraph.api.ChartPoint;
import org.atlasgraph.api.Coordinates;
import org.atlasgraph.api.Metric;
import org.atlasgraph.api.TangentVector;
import org.atlasgraph.api.check.Checks;

/**
 * The metric a learned chart's quadratic surface inherits from R^D, in closed form:
 * {@code ḡ_ξ = I + N(ξ)ᵀN(ξ)}, O((D−d)d²) per call instead of the generic pull-back's d push-forwards.
 */
final class QuadraticChartMetric implements Metric {
    private final ChartMembership membership;
    private final int dimension;
    private final int ambient;
    private final String atlasName;

    /**
     * @param membership the atlas's charts
     * @param dimension  d
     * @param ambient    D
     * @param atlasName  the atlas's name, for messages
     */
    QuadraticChartMetric(ChartMembership membership, int dimension, int ambient, String atlasName) {
        this.membership = membership;
        this.dimension = dimension;
        this.ambient = ambient;
        this.atlasName = atlasName;
    }

    /** {@inheritDoc} Here {@code u·v + (N(ξ)u)·(N(ξ)v)}, the metric induced by R^D on the chart's surface. */
    @Override
    public double inner(ChartPoint p, TangentVector u, TangentVector v) {
        p.requireTangent("u", u);
        p.requireTangent("v", v);
        return membership.own(p.chart()).metricInner(p.xi().toArray(), u.tau().toArray(), v.tau().toArray());
    }

    /** {@inheritDoc} Here {@code (I + NᵀN)⁻¹ω} by Cholesky. */
    @Override
    public TangentVector raise(ChartPoint p, Coordinates covector) {
        covector.requireDimension("covector", dimension, "dimension of " + atlasName);
        return p.tangent(Coordinates.ofComputed("raise", membership.own(p.chart()).raise(p.xi().toArray(),
                covector.toArray())));
    }

    /**
     * {@inheritDoc} The metric is induced by R^D, so this is the least-squares representative of the gradient,
     * {@link Chart#tangentCoordinates}: one solve instead of d push-forwards.
     */
    @Override
    public TangentVector riemannianGradient(ChartPoint p, double[] euclideanGradient) {
        Checks.requireFiniteOfLength("euclidean gradient", euclideanGradient, ambient, "ambient dimension of "
                + atlasName);
        return p.tangent(membership.own(p.chart()).tangentCoordinates(p.xi(), euclideanGradient));
    }
}

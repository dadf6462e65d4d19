package org.atlasgraph.tck;

import java.util.Optional;
import org.atlasgraph.api.Approximation;
import org.atlasgraph.api.AtlasGraph;
import org.atlasgraph.api.Chart;
import org.atlasgraph.api.ChartPoint;
import org.atlasgraph.api.Manifold;
import org.atlasgraph.api.Sampler;
import org.atlasgraph.api.check.Defect;
import org.atlasgraph.api.primitive.Distance;
import org.atlasgraph.api.primitive.ExactGeometry;
import org.atlasgraph.api.primitive.InverseRetraction;
import org.atlasgraph.api.primitive.Metric;
import org.atlasgraph.api.primitive.Retraction;
import org.atlasgraph.api.primitive.VectorTransport;

/** A manifold that forwards everything to another: the base of the deliberately broken manifolds. */
class ForwardingManifold implements Manifold {
    /** The manifold forwarded to. */
    protected final Manifold delegate;

    ForwardingManifold(Manifold delegate) {
        this.delegate = delegate;
    }

    @Override
    public String name() {
        return delegate.name();
    }

    @Override
    public int dimension() {
        return delegate.dimension();
    }

    @Override
    public int ambientDimension() {
        return delegate.ambientDimension();
    }

    @Override
    public AtlasGraph atlas() {
        return delegate.atlas();
    }

    @Override
    public ChartPoint locate(double[] ambient) {
        return delegate.locate(ambient);
    }

    @Override
    public Optional<ChartPoint> coordinatesIn(Chart chart, double[] ambient) {
        return delegate.coordinatesIn(chart, ambient);
    }

    @Override
    public Optional<Defect> checkPoint(double[] ambient) {
        return delegate.checkPoint(ambient);
    }

    @Override
    public Retraction retraction() {
        return delegate.retraction();
    }

    @Override
    public InverseRetraction inverseRetraction() {
        return delegate.inverseRetraction();
    }

    @Override
    public VectorTransport vectorTransport() {
        return delegate.vectorTransport();
    }

    @Override
    public Metric metric() {
        return delegate.metric();
    }

    @Override
    public Distance distance() {
        return delegate.distance();
    }

    @Override
    public Optional<ExactGeometry> exact() {
        return delegate.exact();
    }

    @Override
    public Optional<Sampler> sampler() {
        return delegate.sampler();
    }

    @Override
    public Optional<Approximation> approximation() {
        return delegate.approximation();
    }
}

package org.atlasgraph.optim;

import java.util.Optional;
import org.atlasgraph.api.AmbientMetric;
import org.atlasgraph.api.AtlasGraph;
import org.atlasgraph.api.Chart;
import org.atlasgraph.api.ChartPoint;
import org.atlasgraph.api.InverseRetraction;
import org.atlasgraph.api.Manifold;
import org.atlasgraph.api.Metric;
import org.atlasgraph.api.Retraction;
import org.atlasgraph.api.VectorTransport;
import org.atlasgraph.api.check.Defect;

/**
 * A test fixture: a manifold with every verb and primitive of another and none of its capabilities, for the paths an
 * algorithm takes on a manifold that lacks them (no closed forms, no Riemannian logarithm, no sampler).
 */
public final class WithoutCapabilities implements Manifold {
    private final Manifold manifold;

    /** @param manifold the manifold whose verbs and primitives are used */
    public WithoutCapabilities(Manifold manifold) {
        this.manifold = manifold;
    }

    @Override
    public String name() {
        return manifold.name();
    }

    @Override
    public int dimension() {
        return manifold.dimension();
    }

    @Override
    public int ambientDimension() {
        return manifold.ambientDimension();
    }

    @Override
    public AtlasGraph atlas() {
        return manifold.atlas();
    }

    @Override
    public ChartPoint locate(double[] ambient) {
        return manifold.locate(ambient);
    }

    @Override
    public Optional<ChartPoint> coordinatesIn(Chart chart, double[] ambient) {
        return manifold.coordinatesIn(chart, ambient);
    }

    @Override
    public Optional<Defect> checkPoint(double[] ambient) {
        return manifold.checkPoint(ambient);
    }

    @Override
    public AmbientMetric ambientMetric() {
        return manifold.ambientMetric();
    }

    @Override
    public Retraction retraction() {
        return manifold.retraction();
    }

    @Override
    public InverseRetraction inverseRetraction() {
        return manifold.inverseRetraction();
    }

    @Override
    public VectorTransport vectorTransport() {
        return manifold.vectorTransport();
    }

    @Override
    public Metric metric() {
        return manifold.metric();
    }
}

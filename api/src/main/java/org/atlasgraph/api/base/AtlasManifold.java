package org.atlasgraph.api.base;

import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.atlasgraph.api.AmbientMetric;
import org.atlasgraph.api.Capability;
import org.atlasgraph.api.InverseRetraction;
import org.atlasgraph.api.Manifold;
import org.atlasgraph.api.Metric;
import org.atlasgraph.api.Retraction;
import org.atlasgraph.api.VectorTransport;
import org.atlasgraph.api.capability.ExactGeometry;
import org.atlasgraph.api.capability.Geodesics;
import org.atlasgraph.api.check.Checks;

/**
 * The base of a provider's manifold: it supplies the generic atlas-graph primitives of §2.4 so that a provider writes
 * only what is its own (name, dimensions, atlas, ingestion, the membership check) and overrides a primitive only where
 * it has a better one.
 *
 * <p>Supplied: the quasi-Euclidean retraction with chart changes ({@link QuasiEuclideanRetraction}, which also walks
 * steps across charts with bounded images), its inverse ({@link QuasiEuclideanInverseRetraction}), the differential
 * vector transport ({@link DifferentialVectorTransport}), the pull-back of the stated ambient metric
 * ({@link PullbackMetric}) and the capability registry: a provider {@link #provide}s its capabilities in its
 * constructor, and {@link Geodesics} is derived from {@link ExactGeometry} when the provider gives the latter only.
 */
public abstract class AtlasManifold implements Manifold {
    private final AmbientMetric ambientMetric;
    private final Retraction retraction;
    private final InverseRetraction inverseRetraction;
    private final VectorTransport vectorTransport;
    private final Metric metric;
    private final Map<Class<?>, Capability> capabilities = new ConcurrentHashMap<>();

    /**
     * @param ambientMetric the metric the manifold has, stated explicitly: {@link AmbientMetric#INDUCED} for an
     *                      embedded submanifold with the metric of R^D
     */
    protected AtlasManifold(AmbientMetric ambientMetric) {
        this.ambientMetric = Objects.requireNonNull(ambientMetric, "ambientMetric");
        this.retraction = new QuasiEuclideanRetraction(this);
        this.inverseRetraction = new QuasiEuclideanInverseRetraction(this);
        this.vectorTransport = new DifferentialVectorTransport(this);
        this.metric = new PullbackMetric(this);
    }

    /**
     * Registers a capability; call it from the constructor.
     *
     * @param type       the capability's interface
     * @param capability the implementation
     * @param <C>        the capability type
     */
    protected final <C extends Capability> void provide(Class<C> type, C capability) {
        capabilities.put(Objects.requireNonNull(type, "type"), Objects.requireNonNull(capability, "capability"));
    }

    @Override
    public <C extends Capability> Optional<C> capability(Class<C> type) {
        Checks.requireNonNull("type", type, "a capability interface");
        Capability c = capabilities.get(type);
        if (c == null && type == Geodesics.class && capabilities.containsKey(ExactGeometry.class)) {
            c = capabilities.computeIfAbsent(Geodesics.class,
                    t -> ExactPrimitives.geodesics(this, (ExactGeometry) capabilities.get(ExactGeometry.class)));
        }
        return Optional.ofNullable(type.cast(c));
    }

    @Override
    public AmbientMetric ambientMetric() {
        return ambientMetric;
    }

    @Override
    public Retraction retraction() {
        return retraction;
    }

    @Override
    public InverseRetraction inverseRetraction() {
        return inverseRetraction;
    }

    @Override
    public VectorTransport vectorTransport() {
        return vectorTransport;
    }

    @Override
    public Metric metric() {
        return metric;
    }

    @Override
    public String toString() {
        return name();
    }
}

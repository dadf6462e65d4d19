package org.atlasgraph.optim;

import java.util.Optional;
import org.atlasgraph.api.Capability;
import org.atlasgraph.api.Manifold;
import org.atlasgraph.tck.fixture.ForwardingManifold;

/**
 * A test fixture: a manifold with every verb and primitive of another and none of its capabilities, for the paths an
 * algorithm takes on a manifold that lacks them (no closed forms, no Riemannian logarithm, no sampler).
 */
public final class WithoutCapabilities extends ForwardingManifold {
    /** @param manifold the manifold whose verbs and primitives are used */
    public WithoutCapabilities(Manifold manifold) {
        super(manifold);
    }

    @Override
    public <C extends Capability> Optional<C> capability(Class<C> type) {
        return Optional.empty();
    }
}

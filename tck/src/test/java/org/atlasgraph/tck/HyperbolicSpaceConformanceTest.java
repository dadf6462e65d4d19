package org.atlasgraph.tck;

import java.util.List;
import java.util.Optional;
import org.atlasgraph.api.Manifold;
import org.atlasgraph.api.spi.ManifoldProvider;
import org.atlasgraph.tck.fixture.HyperbolicSpace;

/**
 * The JUnit route of the kit on its own reference manifold H^3: every rule is a test, and every test passes with the
 * manifold's declared length scale, although its metric is not the induced one and its charts have bounded images.
 */
class HyperbolicSpaceConformanceTest extends ManifoldVerification {
    @Override
    protected Manifold createManifold() {
        return HyperbolicSpace.of(3);
    }

    /** The light cone, the lower sheet, and a point with ⟨x, x⟩_L = −0.99. */
    @Override
    protected List<double[]> invalidAmbientPoints() {
        return List.of(new double[] {1, 0, 0, 1}, new double[] {-1, 0, 0, 0},
                new double[] {Math.sqrt(1.01), 0.1, 0, 0.1});
    }

    @Override
    protected Optional<ManifoldProvider> provider() {
        return Optional.of(new HyperbolicSpaceProvider());
    }

    @Override
    protected List<InvalidParameters> invalidParameters() {
        return ManifoldVerificationSelfTest.invalidParameters();
    }
}

package org.atlasgraph.tck;

import java.util.List;
import java.util.Optional;
import org.atlasgraph.api.Manifold;
import org.atlasgraph.api.spi.ManifoldProvider;

/** The JUnit route of the kit on its own reference manifold: every rule is a test, and every test passes. */
class SinhPlaneConformanceTest extends ManifoldVerification {
    @Override
    protected Manifold createManifold() {
        return new SinhPlane(3);
    }

    @Override
    protected List<double[]> invalidAmbientPoints() {
        return List.of(new double[] {0, 0, 0, 1}, new double[] {1, 2, 3, -1e-6});
    }

    @Override
    protected Optional<ManifoldProvider> provider() {
        return Optional.of(new SinhPlaneProvider());
    }

    @Override
    protected List<InvalidParameters> invalidParameters() {
        return BrokenManifolds.invalidParameters();
    }
}

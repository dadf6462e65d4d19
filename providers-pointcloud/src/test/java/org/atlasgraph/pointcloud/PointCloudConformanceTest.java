package org.atlasgraph.pointcloud;

import java.util.List;
import java.util.Optional;
import org.atlasgraph.api.Manifold;
import org.atlasgraph.api.spi.ManifoldProvider;
import org.atlasgraph.tck.InvalidParameters;
import org.atlasgraph.tck.ManifoldVerification;

/**
 * Runs the conformance kit on the atlas learned from 3000 points of S², against the bounds the atlas declares for
 * itself (its {@code LengthScale} 0.1·r and its {@code Accuracy}: round trips 2E/length scale for the largest
 * disagreement E between charts, naive distances within 2% plus that), which the kit applies by default, as
 * {@code atlas tck --provider pointcloud} does.
 */
class PointCloudConformanceTest extends ManifoldVerification {
    @Override
    protected Manifold createManifold() {
        return TestClouds.sphereAtlas();
    }

    @Override
    protected List<double[]> invalidAmbientPoints() {
        return List.of(new double[] {2, 0, 0}, new double[] {0, 0, 0}, new double[] {0.7, 0.7, 0.7});
    }

    @Override
    protected Optional<ManifoldProvider> provider() {
        return Optional.of(new PointCloudProvider());
    }

    @Override
    protected List<InvalidParameters> invalidParameters() {
        return List.of(InvalidParameters.of("d", "-1"), InvalidParameters.of("r", "-2"),
                InvalidParameters.of("dataset", "mnist"), InvalidParameters.of("count", "5"));
    }
}

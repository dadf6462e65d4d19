package org.atlasgraph.pointcloud;

import java.util.List;
import java.util.Optional;
import org.atlasgraph.api.Manifold;
import org.atlasgraph.api.spi.ManifoldProvider;
import org.atlasgraph.tck.InvalidParameters;
import org.atlasgraph.tck.ManifoldVerification;
import org.atlasgraph.tck.TckSettings;
import org.atlasgraph.tck.Tolerances;

/** Runs the conformance kit on an atlas learned from points of S², as an approximate provider. */
class PointCloudConformanceTest extends ManifoldVerification {
    @Override
    protected Manifold createManifold() {
        return TestClouds.sphereAtlas();
    }

    @Override
    protected TckSettings settings() {
        return TckSettings.defaults().withLengthScale(0.1).withTolerances(Tolerances.approximate(0.3, 1e-2, 5e-2,
                "quadratic charts fitted to 3000 points of S²"));
    }

    @Override
    protected List<double[]> invalidAmbientPoints() {
        return List.of(new double[] {2, 0, 0}, new double[] {0, 0, 0});
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

package org.atlasgraph.pointcloud;

import java.util.List;
import org.atlasgraph.api.Manifold;
import org.atlasgraph.tck.ManifoldVerification;

/**
 * Issue 12.5: the conformance kit on the atlas learned from {@value TestClouds#SPHERE3_POINTS} points of S³ ⊂ R⁴,
 * against the bounds the atlas declares for itself (its {@code LengthScale} and {@code Accuracy}), as
 * {@code atlas tck --provider pointcloud} applies them.
 */
class Sphere3ConformanceTest extends ManifoldVerification {
    @Override
    protected Manifold createManifold() {
        return TestClouds.sphere3Atlas();
    }

    @Override
    protected List<double[]> invalidAmbientPoints() {
        return List.of(new double[] {2, 0, 0, 0}, new double[] {0, 0, 0, 0}, new double[] {0.7, 0.7, 0.7, 0.7});
    }
}

package org.atlasgraph.sphere;

import java.util.List;
import java.util.Optional;
import org.atlasgraph.api.Manifold;
import org.atlasgraph.api.spi.ManifoldProvider;
import org.atlasgraph.tck.InvalidParameters;
import org.atlasgraph.tck.ManifoldVerification;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Nested;

/**
 * The conformance kit on S^{n-1} for n ∈ {2, 3, 10, 100}: every rule of the kit is a test of each nested class, with
 * strict tolerances (the sphere is exact). n = 2 is the circle, where every chart is one-dimensional; n = 100 checks
 * that nothing degrades with dimension (MET-1 forms the full 99×99 Gram matrix there).
 */
class SphereConformanceTest {
    /** The sphere's fixtures, shared by every n. */
    abstract static class SphereVerification extends ManifoldVerification {
        /** @return the ambient dimension n */
        abstract int n();

        @Override
        protected Manifold createManifold() {
            return Sphere.of(n());
        }

        /** Off the unit sphere by far more than {@link Sphere#UNIT_TOLERANCE}: norm 2, norm 1 − 1e-4, the origin. */
        @Override
        protected List<double[]> invalidAmbientPoints() {
            double[] twice = new double[n()];
            twice[0] = 2;
            double[] short1 = new double[n()];
            short1[n() - 1] = 1 - 1e-4;
            return List.of(twice, short1, new double[n()]);
        }

        @Override
        protected Optional<ManifoldProvider> provider() {
            return Optional.of(new SphereProvider());
        }

        @Override
        protected List<InvalidParameters> invalidParameters() {
            return List.of(InvalidParameters.of("n", "1"), InvalidParameters.of("n", "0"),
                    InvalidParameters.of("n", "-3"), InvalidParameters.of("n", "three"));
        }
    }

    @Nested
    @DisplayName("S^1 ⊂ R^2")
    class Circle extends SphereVerification {
        @Override
        int n() {
            return 2;
        }
    }

    @Nested
    @DisplayName("S^2 ⊂ R^3")
    class TwoSphere extends SphereVerification {
        @Override
        int n() {
            return 3;
        }
    }

    @Nested
    @DisplayName("S^9 ⊂ R^10")
    class NineSphere extends SphereVerification {
        @Override
        int n() {
            return 10;
        }
    }

    @Nested
    @DisplayName("S^99 ⊂ R^100")
    class HighDimensionalSphere extends SphereVerification {
        @Override
        int n() {
            return 100;
        }
    }
}

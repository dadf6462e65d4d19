package org.example.hyperbolic;

import java.util.List;
import java.util.Optional;
import org.atlasgraph.api.Manifold;
import org.atlasgraph.api.spi.ManifoldProvider;
import org.atlasgraph.tck.InvalidParameters;
import org.atlasgraph.tck.ManifoldVerification;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Nested;

/**
 * The conformance kit on H^n for n ∈ {1, 2, 5}: every rule of the kit is a test of each nested class. The kit reads
 * the manifold's declared length scale and tests with exact tolerances (no accuracy is declared).
 */
class HyperbolicConformanceTest {
    /** The fixtures of H^n, shared by every n. */
    abstract static class HyperbolicVerification extends ManifoldVerification {
        /** @return the dimension n */
        abstract int n();

        @Override
        protected Manifold createManifold() {
            return HyperbolicSpace.of(n());
        }

        /** The origin scaled by 2, the lower sheet, and a spacelike vector: none lies on the upper sheet. */
        @Override
        protected List<double[]> invalidAmbientPoints() {
            double[] scaled = new double[n() + 1];
            scaled[0] = 2;
            double[] lower = new double[n() + 1];
            lower[0] = -1;
            double[] spacelike = new double[n() + 1];
            spacelike[n()] = 1;
            return List.of(scaled, lower, spacelike);
        }

        @Override
        protected Optional<ManifoldProvider> provider() {
            return Optional.of(new HyperbolicProvider());
        }

        @Override
        protected List<InvalidParameters> invalidParameters() {
            return List.of(InvalidParameters.of("n", "0"), InvalidParameters.of("n", "-2"),
                    InvalidParameters.of("n", "two"));
        }
    }

    @Nested
    @DisplayName("H^1 ⊂ R^2")
    class Line extends HyperbolicVerification {
        @Override
        int n() {
            return 1;
        }
    }

    @Nested
    @DisplayName("H^2 ⊂ R^3")
    class Plane extends HyperbolicVerification {
        @Override
        int n() {
            return 2;
        }
    }

    @Nested
    @DisplayName("H^5 ⊂ R^6")
    class FiveDimensional extends HyperbolicVerification {
        @Override
        int n() {
            return 5;
        }
    }
}

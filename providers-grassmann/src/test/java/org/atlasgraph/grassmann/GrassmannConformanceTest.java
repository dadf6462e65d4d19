package org.atlasgraph.grassmann;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.atlasgraph.api.Manifold;
import org.atlasgraph.api.spi.ManifoldProvider;
import org.atlasgraph.tck.InvalidParameters;
import org.atlasgraph.tck.ManifoldVerification;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Nested;

/**
 * The conformance kit on Gr(n,k) for (n,k) ∈ {(3,1), (5,2), (30,5), (100,10)}, with the kit's strict tolerances (the
 * Grassmann atlas is exact). Gr(3,1) is the projective plane (k = 1, every chart 2-dimensional); Gr(100,10) has
 * d = 900.
 */
class GrassmannConformanceTest {
    /** The Grassmannian's fixtures, shared by every size. */
    abstract static class GrassmannVerification extends ManifoldVerification {
        abstract int n();

        abstract int k();

        @Override
        protected Manifold createManifold() {
            return Grassmann.of(n(), k());
        }

        /** Rank-deficient n×k arrays: the zero matrix and, for k ≥ 2, a basis whose last column repeats its first. */
        @Override
        protected List<double[]> invalidAmbientPoints() {
            int n = n();
            int k = k();
            if (k == 1) {
                return List.of(new double[n]);
            }
            double[] repeated = new double[n * k];
            for (int j = 0; j < k - 1; j++) {
                repeated[j * k + j] = 1;
            }
            repeated[k - 1] = 1;
            return List.of(new double[n * k], repeated);
        }

        @Override
        protected Optional<ManifoldProvider> provider() {
            return Optional.of(new GrassmannProvider());
        }

        @Override
        protected List<InvalidParameters> invalidParameters() {
            String k = String.valueOf(k());
            return List.of(InvalidParameters.of("k", "0"), new InvalidParameters(Map.of("n", k, "k", k), "n"),
                    InvalidParameters.of("k", "-2"), InvalidParameters.of("n", "five"));
        }
    }

    @Nested
    @DisplayName("Gr(3,1)")
    class ProjectivePlane extends GrassmannVerification {
        @Override
        int n() {
            return 3;
        }

        @Override
        int k() {
            return 1;
        }
    }

    @Nested
    @DisplayName("Gr(5,2)")
    class Small extends GrassmannVerification {
        @Override
        int n() {
            return 5;
        }

        @Override
        int k() {
            return 2;
        }
    }

    @Nested
    @DisplayName("Gr(30,5)")
    class Medium extends GrassmannVerification {
        @Override
        int n() {
            return 30;
        }

        @Override
        int k() {
            return 5;
        }
    }

    @Nested
    @DisplayName("Gr(100,10)")
    class Large extends GrassmannVerification {
        @Override
        int n() {
            return 100;
        }

        @Override
        int k() {
            return 10;
        }
    }
}

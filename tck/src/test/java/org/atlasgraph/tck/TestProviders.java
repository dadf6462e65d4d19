package org.atlasgraph.tck;

import org.atlasgraph.api.Manifold;
import org.atlasgraph.api.spi.ProviderParameters;
import org.atlasgraph.tck.fixture.HyperbolicSpace;

/**
 * Deliberately broken providers for the SPI rules. The lax one is registered on the test class path beside the healthy
 * one; the misnamed one cannot be, since {@code Providers} refuses a class path with a malformed name on it.
 */
final class TestProviders {
    private TestProviders() {
    }

    /** Breaks SPI-2: a name with capitals and a space. */
    public static final class MisnamedProvider extends HyperbolicSpaceProvider {
        /** For the self-test. */
        public MisnamedProvider() {
        }

        @Override
        public String name() {
            return "Hyperbolic Space";
        }
    }

    /** Breaks SPI-3: silently clamps an invalid dimension instead of rejecting it. */
    public static final class LaxProvider extends HyperbolicSpaceProvider {
        /** Called by ServiceLoader. */
        public LaxProvider() {
        }

        @Override
        public String name() {
            return "lax-hyperbolic-space";
        }

        @Override
        public Manifold create(ProviderParameters parameters) {
            return HyperbolicSpace.of(Math.max(1, parameters.integer("d")));
        }
    }
}

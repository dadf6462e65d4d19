package org.atlasgraph.tck;

import org.atlasgraph.api.Manifold;
import org.atlasgraph.api.spi.ProviderParameters;

/** Deliberately broken providers for the SPI rules, registered on the test class path beside the healthy one. */
final class TestProviders {
    private TestProviders() {
    }

    /** Breaks SPI-2: a name with capitals and a space. */
    public static final class MisnamedProvider extends SinhPlaneProvider {
        /** Called by ServiceLoader. */
        public MisnamedProvider() {
        }

        @Override
        public String name() {
            return "Sinh Plane";
        }
    }

    /** Breaks SPI-3: silently clamps an invalid dimension instead of rejecting it. */
    public static final class LaxProvider extends SinhPlaneProvider {
        /** Called by ServiceLoader. */
        public LaxProvider() {
        }

        @Override
        public String name() {
            return "lax-sinh-plane";
        }

        @Override
        public Manifold create(ProviderParameters parameters) {
            return new SinhPlane(Math.max(1, parameters.integer("d")));
        }
    }
}

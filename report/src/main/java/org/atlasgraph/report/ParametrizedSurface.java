package org.atlasgraph.report;

import org.atlasgraph.api.check.InvalidInputException;

/**
 * A smooth surface in R^D given by an immersion {@code x(u, v)} of a parameter rectangle whose edges may be glued:
 * the input of {@link SurfaceGeodesics}.
 *
 * <p>The map must be defined (and smooth) on all of R², and the gluing must hold for it: for
 * {@link Gluing#PERIODIC} {@code x(u + U, v) = x(u, v)}, for {@link Gluing#PERIODIC_REFLECTING_V}
 * {@code x(u + U, v) = x(u, vMin + vMax − v)} (the Klein bottle), and {@code x(u, v + V) = x(u, v)} when v is periodic,
 * where U and V are the side lengths of the rectangle. The plane is then a covering space of the surface, which is
 * where {@link SurfaceGeodesics} refines its paths.
 */
public interface ParametrizedSurface {

    /** How the two u-edges of the parameter rectangle are glued. */
    enum Gluing {
        /** Not glued: u ranges over the closed interval {@code [uMin, uMax]}. */
        NONE,
        /** {@code x(u + U, v) = x(u, v)}. */
        PERIODIC,
        /** {@code x(u + U, v) = x(u, vMin + vMax − v)}; requires a periodic v. */
        PERIODIC_REFLECTING_V
    }

    /**
     * The parameter rectangle and its gluing.
     *
     * @param uMin       lower end of u
     * @param uMax       upper end of u, {@code > uMin}
     * @param uGluing    how the u-edges are glued
     * @param vMin       lower end of v
     * @param vMax       upper end of v, {@code > vMin}
     * @param vPeriodic  whether {@code x(u, v + V) = x(u, v)}
     */
    record Domain(double uMin, double uMax, Gluing uGluing, double vMin, double vMax, boolean vPeriodic) {
        /**
         * Validates the rectangle.
         *
         * @throws InvalidInputException if an end is not finite, a side is not positive, or a reflecting gluing comes
         *                               with a non-periodic v
         */
        public Domain {
            if (!(Double.isFinite(uMin) && Double.isFinite(uMax) && uMax > uMin)) {
                throw new InvalidInputException("u range", "finite uMin < uMax", "[" + uMin + ", " + uMax + "]");
            }
            if (!(Double.isFinite(vMin) && Double.isFinite(vMax) && vMax > vMin)) {
                throw new InvalidInputException("v range", "finite vMin < vMax", "[" + vMin + ", " + vMax + "]");
            }
            if (uGluing == Gluing.PERIODIC_REFLECTING_V && !vPeriodic) {
                throw new InvalidInputException("gluing", "a periodic v for PERIODIC_REFLECTING_V",
                        "a non-periodic v");
            }
        }

        /** @return the side length U of u */
        public double uLength() {
            return uMax - uMin;
        }

        /** @return the side length V of v */
        public double vLength() {
            return vMax - vMin;
        }
    }

    /** @return a short name for messages and captions, e.g. {@code "Klein bottle of 3×3 patches"} */
    String name();

    /** @return D, the dimension of the ambient space */
    int ambientDimension();

    /** @return the parameter rectangle and its gluing */
    Domain domain();

    /**
     * Evaluates the immersion.
     *
     * @param u   first parameter (any real)
     * @param v   second parameter (any real)
     * @param out receives {@code x(u, v)}; length D (modified)
     */
    void point(double u, double v, double[] out);

    /**
     * Evaluates the two partial derivatives of the immersion.
     *
     * @param u  first parameter
     * @param v  second parameter
     * @param xu receives {@code ∂x/∂u}; length D (modified)
     * @param xv receives {@code ∂x/∂v}; length D (modified)
     */
    void tangents(double u, double v, double[] xu, double[] xv);
}

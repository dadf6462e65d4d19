package org.atlasgraph.report;

import java.util.SplittableRandom;
import org.atlasgraph.api.check.Checks;
import org.atlasgraph.api.check.InvalidInputException;

/**
 * Carlsson's 3×3 high-contrast patches as a Klein bottle in R⁹ (§4.3.1): the patch
 * {@code k_{θ,φ}(x, y) = cos φ (x cos θ + y sin θ)² + sin φ (x cos θ + y sin θ)} on the grid
 * {@code (x, y) ∈ {−1, 0, 1}²}, flattened row-major with y = −1, 0, 1 down the rows and x = −1, 0, 1 along the columns
 * (entry {@code 3(y+1) + (x+1)}), the layout of {@code pointcloud.data.KleinPatches}.
 *
 * <p>The parameters are {@code u = θ ∈ [0, π)} and {@code v = φ ∈ [0, 2π)}; since {@code k_{θ+π,φ} = k_{θ,−φ}}, the
 * square with its θ-edges glued after reflecting φ is the Klein bottle ({@link Gluing#PERIODIC_REFLECTING_V}). The map
 * is an immersion: the determinant of its metric lies in [24, 96] on the whole square.
 */
public final class KleinBottle implements ParametrizedSurface {
    /** The ambient dimension, 3×3 = 9. */
    public static final int AMBIENT_DIMENSION = 9;

    private static final KleinBottle INSTANCE = new KleinBottle();
    private static final Domain DOMAIN =
            new Domain(0, Math.PI, Gluing.PERIODIC_REFLECTING_V, 0, 2 * Math.PI, true);

    private KleinBottle() {
    }

    /** @return the Klein bottle of patches (stateless, shared) */
    public static KleinBottle patches() {
        return INSTANCE;
    }

    @Override
    public String name() {
        return "Klein bottle of 3×3 patches";
    }

    @Override
    public int ambientDimension() {
        return AMBIENT_DIMENSION;
    }

    @Override
    public Domain domain() {
        return DOMAIN;
    }

    /**
     * The patch {@code k_{θ,φ}} on the 3×3 grid.
     *
     * @param theta θ in radians (any real)
     * @param phi   φ in radians (any real)
     * @return a new array of length 9
     */
    public double[] patch(double theta, double phi) {
        double[] out = new double[AMBIENT_DIMENSION];
        point(theta, phi, out);
        return out;
    }

    /**
     * Patches at given parameters.
     *
     * @param angles rows {θ, φ} (not modified)
     * @return one patch per row
     * @throws InvalidInputException if a row does not have two finite entries
     */
    public double[][] patches(double[][] angles) {
        double[][] a = PointClouds.copyOf("angles", angles, 0);
        double[][] out = new double[a.length][];
        for (int i = 0; i < a.length; i++) {
            Checks.requireLength("angles[" + i + "]", a[i], 2, "θ and φ");
            out[i] = patch(a[i][0], a[i][1]);
        }
        return out;
    }

    /**
     * Draws parameters uniformly from {@code [0, π) × [0, 2π)}, as App. F.2 samples the parametrization.
     *
     * @param count the number of draws, ≥ 1
     * @param seed  the seed of the only random source
     * @return rows {θ, φ}
     * @throws InvalidInputException if {@code count < 1}
     */
    public double[][] sampleAngles(int count, long seed) {
        Checks.requirePositive("count", count);
        SplittableRandom rng = new SplittableRandom(seed);
        double[][] out = new double[count][];
        for (int i = 0; i < count; i++) {
            out[i] = new double[] {Math.PI * rng.nextDouble(), 2 * Math.PI * rng.nextDouble()};
        }
        return out;
    }

    @Override
    public void point(double u, double v, double[] out) {
        double ct = Math.cos(u);
        double st = Math.sin(u);
        double cp = Math.cos(v);
        double sp = Math.sin(v);
        for (int y = -1; y <= 1; y++) {
            for (int x = -1; x <= 1; x++) {
                double s = x * ct + y * st;
                out[3 * (y + 1) + (x + 1)] = cp * s * s + sp * s;
            }
        }
    }

    @Override
    public void tangents(double u, double v, double[] xu, double[] xv) {
        double ct = Math.cos(u);
        double st = Math.sin(u);
        double cp = Math.cos(v);
        double sp = Math.sin(v);
        for (int y = -1; y <= 1; y++) {
            for (int x = -1; x <= 1; x++) {
                int i = 3 * (y + 1) + (x + 1);
                double s = x * ct + y * st;
                double ds = -x * st + y * ct;
                xu[i] = (2 * cp * s + sp) * ds;
                xv[i] = -sp * s * s + cp * s;
            }
        }
    }
}

package org.atlasgraph.pointcloud.data;

import java.util.Random;
import org.atlasgraph.api.base.Vectors;
import org.atlasgraph.api.check.Checks;
import org.atlasgraph.api.check.InvalidInputException;

/**
 * Carlsson's 3×3 high-contrast image patches, a Klein bottle in R⁹ (§4.3.1): the seeded built-in data set of the
 * point-cloud provider.
 *
 * <p>A patch is {@code k_{θ,φ}(x, y) = cos φ (x cos θ + y sin θ)² + sin φ (x cos θ + y sin θ)} on the grid
 * {@code (x, y) ∈ {−1, 0, 1}²}, flattened row-major with y = −1, 0, 1 down the rows and x = −1, 0, 1 along the columns,
 * so entry {@code 3(y+1) + (x+1)}. Parameters are drawn uniformly from {@code [0, π) × [0, 2π)}; since
 * {@code k_{θ+π,φ} = k_{θ,−φ}} that square with its edges glued is the Klein bottle. Each point carries its θ, φ and
 * {@link PatchLabel}, which the principal-boundary example (§5) and the plots of the learned charts (Fig. 3) use.
 */
public final class KleinPatches {
    /** The ambient dimension, 3×3 = 9. */
    public static final int AMBIENT_DIMENSION = 9;

    /** Coarse grid of the inverse map {@link #angles}: fine enough that Gauss–Newton starts in the right basin. */
    private static final int THETA_GRID = 48;
    private static final int PHI_GRID = 96;
    private static final int GAUSS_NEWTON_STEPS = 20;

    private final double[][] points;
    private final double[] theta;
    private final double[] phi;

    private KleinPatches(double[][] points, double[] theta, double[] phi) {
        this.points = points;
        this.theta = theta;
        this.phi = phi;
    }

    /**
     * Draws patches with (θ, φ) uniform on {@code [0, π) × [0, 2π)}, exactly on the Klein bottle.
     *
     * @param count the number of patches, ≥ 1
     * @param seed  the seed of the only random source
     * @return the data set
     * @throws InvalidInputException if {@code count < 1}
     */
    public static KleinPatches sample(int count, long seed) {
        return sample(count, seed, 0);
    }

    /**
     * Draws patches as {@link #sample(int, long)} and adds isotropic Gaussian noise to every entry.
     *
     * @param count the number of patches, ≥ 1
     * @param seed  the seed of the only random source
     * @param noise the standard deviation of the noise per entry, ≥ 0
     * @return the data set; θ, φ and the labels are those of the noise-free patches
     * @throws InvalidInputException if {@code count < 1} or {@code noise} is negative or not finite
     */
    public static KleinPatches sample(int count, long seed, double noise) {
        Checks.requirePositive("count", count);
        if (!(noise >= 0) || !Double.isFinite(noise)) {
            throw new InvalidInputException("noise", "a finite value ≥ 0", String.valueOf(noise));
        }
        Random rng = new Random(seed);
        double[][] pts = new double[count][];
        double[] th = new double[count];
        double[] ph = new double[count];
        for (int i = 0; i < count; i++) {
            th[i] = Math.PI * rng.nextDouble();
            ph[i] = 2 * Math.PI * rng.nextDouble();
            pts[i] = patch(th[i], ph[i]);
            if (noise > 0) {
                for (int j = 0; j < AMBIENT_DIMENSION; j++) {
                    pts[i][j] += noise * rng.nextGaussian();
                }
            }
        }
        return new KleinPatches(pts, th, ph);
    }

    /**
     * The patch k_{θ,φ} restricted to the 3×3 grid.
     *
     * @param theta θ in radians
     * @param phi   φ in radians
     * @return a new array of length 9, row-major with y = −1, 0, 1 down the rows
     */
    public static double[] patch(double theta, double phi) {
        double ct = Math.cos(theta);
        double st = Math.sin(theta);
        double cp = Math.cos(phi);
        double sp = Math.sin(phi);
        double[] p = new double[AMBIENT_DIMENSION];
        for (int y = -1; y <= 1; y++) {
            for (int x = -1; x <= 1; x++) {
                double u = x * ct + y * st;
                p[3 * (y + 1) + (x + 1)] = cp * u * u + sp * u;
            }
        }
        return p;
    }

    /**
     * The parameters (θ, φ) of the patch nearest to a point of R⁹: a grid search followed by Gauss–Newton on
     * {@code ‖k_{θ,φ} − patch‖²}. Used to draw points that carry no parameters (chart centres, samples of a learned
     * atlas) in the (θ, φ) square.
     *
     * @param patch a point of R⁹ (not modified)
     * @return {θ ∈ [0, π), φ ∈ [0, 2π)}
     * @throws InvalidInputException if the length is not 9 or an entry is not finite
     */
    public static double[] angles(double[] patch) {
        Checks.requireFiniteOfLength("patch", patch, AMBIENT_DIMENSION, "3×3 patch");
        double bestT = 0;
        double bestP = 0;
        double best = Double.POSITIVE_INFINITY;
        for (int i = 0; i < THETA_GRID; i++) {
            double t = Math.PI * i / THETA_GRID;
            for (int j = 0; j < PHI_GRID; j++) {
                double p = 2 * Math.PI * j / PHI_GRID;
                double e = Vectors.squaredDistance(patch(t, p), patch);
                if (e < best) {
                    best = e;
                    bestT = t;
                    bestP = p;
                }
            }
        }
        double t = bestT;
        double p = bestP;
        for (int step = 0; step < GAUSS_NEWTON_STEPS; step++) {
            double[] k = patch(t, p);
            double ct = Math.cos(t);
            double st = Math.sin(t);
            double cp = Math.cos(p);
            double sp = Math.sin(p);
            double jtj00 = 0;
            double jtj01 = 0;
            double jtj11 = 0;
            double g0 = 0;
            double g1 = 0;
            for (int y = -1; y <= 1; y++) {
                for (int x = -1; x <= 1; x++) {
                    int idx = 3 * (y + 1) + (x + 1);
                    double u = x * ct + y * st;
                    double du = -x * st + y * ct;
                    double dt = (2 * cp * u + sp) * du;
                    double dp = -sp * u * u + cp * u;
                    double r = patch[idx] - k[idx];
                    jtj00 += dt * dt;
                    jtj01 += dt * dp;
                    jtj11 += dp * dp;
                    g0 += dt * r;
                    g1 += dp * r;
                }
            }
            double det = jtj00 * jtj11 - jtj01 * jtj01;
            if (!(det > 1e-14)) {
                break;
            }
            t += (jtj11 * g0 - jtj01 * g1) / det;
            p += (jtj00 * g1 - jtj01 * g0) / det;
        }
        return normalize(t, p);
    }

    /** Maps (θ, φ) into {@code [0, π) × [0, 2π)} using the Klein identification (θ+π, φ) ~ (θ, −φ). */
    private static double[] normalize(double t, double p) {
        double turns = Math.floor(t / Math.PI);
        t -= turns * Math.PI;
        if (((long) turns & 1L) != 0) {
            p = -p;
        }
        p -= 2 * Math.PI * Math.floor(p / (2 * Math.PI));
        if (t >= Math.PI) {
            t = 0;
            p = -p;
            p -= 2 * Math.PI * Math.floor(p / (2 * Math.PI));
        }
        if (p >= 2 * Math.PI) {
            p = 0;
        }
        return new double[] {t, p};
    }

    /** @return N, the number of patches */
    public int size() {
        return points.length;
    }

    /** @return a new N×9 array of the patches */
    public double[][] points() {
        double[][] copy = new double[points.length][];
        for (int i = 0; i < points.length; i++) {
            copy[i] = points[i].clone();
        }
        return copy;
    }

    /**
     * @param i index in {@code [0, N)}
     * @return a copy of patch i
     */
    public double[] point(int i) {
        return points[i].clone();
    }

    /**
     * @param i index in {@code [0, N)}
     * @return θ of patch i, in {@code [0, π)}
     */
    public double theta(int i) {
        return theta[i];
    }

    /**
     * @param i index in {@code [0, N)}
     * @return φ of patch i, in {@code [0, 2π)}
     */
    public double phi(int i) {
        return phi[i];
    }

    /**
     * @param i index in {@code [0, N)}
     * @return the convex / concave / neither label of patch i
     */
    public PatchLabel label(int i) {
        return PatchLabel.of(phi[i]);
    }
}

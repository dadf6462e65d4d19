package org.atlasgraph.pointcloud.data;

import java.util.Random;
import org.atlasgraph.api.check.Checks;
import org.atlasgraph.api.check.InvalidInputException;

/**
 * Manifolds with exact geodesic distances, for measuring how faithfully a learned atlas reproduces them: the round
 * spheres S^d, the flat tori T^k = (S¹)^k, and a developable roll (a rectangle rolled up along an Archimedean spiral,
 * a "Swiss roll" without stretching), each optionally carried into a larger R^D by a random isometry, and sampled
 * uniformly (with respect to the Riemannian volume) with optional isotropic Gaussian noise in every ambient direction.
 *
 * <p>A point is given by intrinsic parameters: for S^d the unit vector of R^{d+1}, for T^k the k angles, for the roll
 * (arc length along the spiral, height). {@link #geodesicDistance} is exact on them: the great-circle distance, the
 * flat distance of the angles modulo 2π, and the Euclidean distance in the developed rectangle (which is convex, so
 * the straight segment is the geodesic).
 *
 * <p>Instances are immutable; every random choice comes from the seed passed in.
 */
public final class ReferenceManifold {
    /** Radius of the roll's spiral per radian: layers lie 2π·{@value} = 1 apart. */
    static final double ROLL_PITCH = 1 / (2 * Math.PI);
    /** First and last angle of the roll's spiral: one and a half turns from radius 0.75 to 2.25. */
    static final double ROLL_START = 1.5 * Math.PI;
    static final double ROLL_END = 4.5 * Math.PI;
    /** Height of the roll. */
    static final double ROLL_HEIGHT = 3;

    private enum Kind { SPHERE, TORUS, ROLL }

    private final Kind kind;
    private final int dimension;
    private final int nativeDimension;
    private final double[] isometry;
    private final int ambient;
    private final String name;

    private ReferenceManifold(Kind kind, int dimension, int nativeDimension, double[] isometry, int ambient,
                              String name) {
        this.kind = kind;
        this.dimension = dimension;
        this.nativeDimension = nativeDimension;
        this.isometry = isometry;
        this.ambient = ambient;
        this.name = name;
    }

    /**
     * @param d the dimension, ≥ 1
     * @return the unit sphere S^d ⊂ R^{d+1}
     * @throws InvalidInputException if d &lt; 1
     */
    public static ReferenceManifold sphere(int d) {
        Checks.requirePositive("d", d);
        return new ReferenceManifold(Kind.SPHERE, d, d + 1, null, d + 1, "S^" + d);
    }

    /**
     * @param k the dimension, ≥ 1
     * @return the flat torus T^k = (S¹)^k ⊂ R^{2k}, a product of unit circles
     * @throws InvalidInputException if k &lt; 1
     */
    public static ReferenceManifold flatTorus(int k) {
        Checks.requirePositive("k", k);
        return new ReferenceManifold(Kind.TORUS, k, 2 * k, null, 2 * k, "T^" + k);
    }

    /**
     * @return the developable roll in R³: the rectangle [0, L] × [0, {@value #ROLL_HEIGHT}] rolled along the spiral of
     *     radius θ/2π for θ from 1.5π to 4.5π (layers 1 apart, radius of curvature 0.75 to 2.25), L its arc length
     */
    public static ReferenceManifold roll() {
        return new ReferenceManifold(Kind.ROLL, 2, 3, null, 3, "roll");
    }

    /**
     * Carries the manifold into a larger space by a random isometry x ↦ Qx, Q a D×m matrix with orthonormal columns
     * (Gram–Schmidt of Gaussian columns); distances and geodesics are unchanged.
     *
     * @param d    the new ambient dimension D, at least the current one
     * @param seed the seed of the isometry
     * @return the rotated manifold
     * @throws InvalidInputException if D is smaller than the native ambient dimension
     */
    public ReferenceManifold rotatedInto(int d, long seed) {
        if (d < nativeDimension) {
            throw new InvalidInputException("D", "at least " + nativeDimension, String.valueOf(d));
        }
        Random rng = new Random(seed);
        double[] q = new double[d * nativeDimension];
        for (int c = 0; c < nativeDimension; c++) {
            for (int pass = 0; pass < 2; pass++) {
                if (pass == 0) {
                    for (int i = 0; i < d; i++) {
                        q[i * nativeDimension + c] = rng.nextGaussian();
                    }
                }
                for (int p = 0; p < c; p++) {
                    double dot = 0;
                    for (int i = 0; i < d; i++) {
                        dot += q[i * nativeDimension + c] * q[i * nativeDimension + p];
                    }
                    for (int i = 0; i < d; i++) {
                        q[i * nativeDimension + c] -= dot * q[i * nativeDimension + p];
                    }
                }
                double norm = 0;
                for (int i = 0; i < d; i++) {
                    norm += q[i * nativeDimension + c] * q[i * nativeDimension + c];
                }
                norm = Math.sqrt(norm);
                for (int i = 0; i < d; i++) {
                    q[i * nativeDimension + c] /= norm;
                }
            }
        }
        return new ReferenceManifold(kind, dimension, nativeDimension, q, d, name + " in R^" + d);
    }

    /** @return a short name, e.g. {@code "S^3 in R^100"} */
    public String name() {
        return name;
    }

    /** @return the intrinsic dimension d */
    public int dimension() {
        return dimension;
    }

    /** @return the ambient dimension D */
    public int ambientDimension() {
        return ambient;
    }

    /**
     * @return the diameter of the embedded manifold in R^D (the largest distance of two of its points): 2 for S^d,
     *     2√k for T^k, and for the roll the diagonal of its bounding box, √(4.5² + 4.5² + 3²) ≈ 7.0, an upper bound
     *     within a few percent
     */
    public double diameter() {
        switch (kind) {
            case SPHERE:
                return 2;
            case TORUS:
                return 2 * Math.sqrt(dimension);
            default:
                double width = 2 * ROLL_PITCH * ROLL_END;
                return Math.sqrt(2 * width * width + ROLL_HEIGHT * ROLL_HEIGHT);
        }
    }

    /**
     * A sample: noisy points, the clean points they were drawn around, and their parameters.
     *
     * @param points     count×D points, clean plus noise
     * @param clean      count×D points on the manifold
     * @param parameters the intrinsic parameters of the clean points
     */
    public record Sample(double[][] points, double[][] clean, double[][] parameters) {
    }

    /**
     * Draws points uniformly with respect to the Riemannian volume and adds independent Gaussian noise to every
     * ambient coordinate.
     *
     * @param count the number of points, ≥ 1
     * @param noise the standard deviation of the noise per coordinate, ≥ 0
     * @param seed  the seed of the only random source
     * @return the sample
     * @throws InvalidInputException if count &lt; 1 or the noise is negative or not finite
     */
    public Sample sample(int count, double noise, long seed) {
        Checks.requirePositive("count", count);
        if (!(noise >= 0) || !Double.isFinite(noise)) {
            throw new InvalidInputException("noise", "a finite value ≥ 0", String.valueOf(noise));
        }
        Random rng = new Random(seed);
        double[][] points = new double[count][];
        double[][] clean = new double[count][];
        double[][] parameters = new double[count][];
        for (int i = 0; i < count; i++) {
            parameters[i] = parameters(rng);
            clean[i] = embed(parameters[i]);
            points[i] = clean[i].clone();
            if (noise > 0) {
                for (int j = 0; j < ambient; j++) {
                    points[i][j] += noise * rng.nextGaussian();
                }
            }
        }
        return new Sample(points, clean, parameters);
    }

    /** @return parameters of a point drawn uniformly with respect to the volume */
    private double[] parameters(Random rng) {
        switch (kind) {
            case SPHERE: {
                double[] u = new double[dimension + 1];
                double s = 0;
                for (int j = 0; j < u.length; j++) {
                    u[j] = rng.nextGaussian();
                    s += u[j] * u[j];
                }
                s = Math.sqrt(s);
                for (int j = 0; j < u.length; j++) {
                    u[j] /= s;
                }
                return u;
            }
            case TORUS: {
                double[] a = new double[dimension];
                for (int j = 0; j < dimension; j++) {
                    a[j] = 2 * Math.PI * rng.nextDouble();
                }
                return a;
            }
            default:
                return new double[] {rollLength() * rng.nextDouble(), ROLL_HEIGHT * rng.nextDouble()};
        }
    }

    /**
     * @param parameters intrinsic parameters (not modified)
     * @return the point of R^D they describe
     */
    public double[] embed(double[] parameters) {
        double[] x;
        switch (kind) {
            case SPHERE:
                x = parameters.clone();
                break;
            case TORUS:
                x = new double[2 * dimension];
                for (int j = 0; j < dimension; j++) {
                    x[2 * j] = Math.cos(parameters[j]);
                    x[2 * j + 1] = Math.sin(parameters[j]);
                }
                break;
            default:
                double theta = rollAngle(parameters[0]);
                double radius = ROLL_PITCH * theta;
                x = new double[] {radius * Math.cos(theta), radius * Math.sin(theta), parameters[1]};
                break;
        }
        if (isometry == null) {
            return x;
        }
        double[] y = new double[ambient];
        for (int i = 0; i < ambient; i++) {
            double s = 0;
            for (int c = 0; c < nativeDimension; c++) {
                s += isometry[i * nativeDimension + c] * x[c];
            }
            y[i] = s;
        }
        return y;
    }

    /**
     * @param u parameters of a point (not modified)
     * @param v parameters of another point (not modified)
     * @return the exact geodesic distance between them
     */
    public double geodesicDistance(double[] u, double[] v) {
        switch (kind) {
            case SPHERE: {
                double minus = 0;
                double plus = 0;
                for (int j = 0; j < u.length; j++) {
                    minus += (u[j] - v[j]) * (u[j] - v[j]);
                    plus += (u[j] + v[j]) * (u[j] + v[j]);
                }
                return 2 * Math.atan2(Math.sqrt(minus), Math.sqrt(plus));
            }
            case TORUS: {
                double s = 0;
                for (int j = 0; j < dimension; j++) {
                    double delta = Math.abs(u[j] - v[j]) % (2 * Math.PI);
                    delta = Math.min(delta, 2 * Math.PI - delta);
                    s += delta * delta;
                }
                return Math.sqrt(s);
            }
            default:
                return Math.hypot(u[0] - v[0], u[1] - v[1]);
        }
    }

    /** @return the arc length of the spiral r = θ/2π from {@link #ROLL_START} to {@link #ROLL_END} */
    static double rollLength() {
        return spiralLength(ROLL_END) - spiralLength(ROLL_START);
    }

    /** @return the arc length of r = bθ from θ = 0: ½b(θ√(1+θ²) + asinh θ) */
    private static double spiralLength(double theta) {
        double root = Math.sqrt(1 + theta * theta);
        return 0.5 * ROLL_PITCH * (theta * root + Math.log(theta + root));
    }

    /** @return the angle θ at arc length s from {@link #ROLL_START}, by Newton's method on the arc length */
    private static double rollAngle(double s) {
        double target = spiralLength(ROLL_START) + s;
        double theta = ROLL_START + s / (ROLL_PITCH * ROLL_START);
        for (int step = 0; step < 50; step++) {
            double f = spiralLength(theta) - target;
            double slope = ROLL_PITCH * Math.sqrt(1 + theta * theta);
            double next = theta - f / slope;
            if (Math.abs(next - theta) <= 1e-15 * theta) {
                return next;
            }
            theta = next;
        }
        return theta;
    }

    @Override
    public String toString() {
        return "ReferenceManifold[" + name + ", d=" + dimension + ", D=" + ambient + "]";
    }
}

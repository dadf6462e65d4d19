package org.atlasgraph.tck;

import java.util.Objects;
import org.atlasgraph.api.Approximation;
import org.atlasgraph.api.Manifold;

/**
 * Knobs of a run: the seed every random draw derives from, the number of sampled base points, the manifold's length
 * scale and the {@link Tolerances}.
 *
 * <p>The kit tests each sampled point p twice: as drawn (for the sphere, the centre of a chart) and off-centre at
 * {@code ξ_p + 0.3·lengthScale·u} in p's chart. Step sizes are multiples of the length scale, so a point cloud measured
 * in millimetres sets it to the size of a chart rather than rescaling its data.
 *
 * @param seed        the seed; every failure message repeats it, so any failure replays
 * @param samples     base points drawn from the sampler (each is also tested off-centre), ≥ 1
 * @param lengthScale the manifold's typical length (1 for unit spheres and Grassmannians), > 0
 * @param tolerances  strict for exact providers, relaxed and justified for approximate ones
 */
public record TckSettings(long seed, int samples, double lengthScale, Tolerances tolerances) {
    /** The default seed. */
    public static final long DEFAULT_SEED = 42;
    /**
     * The default number of base points: 8 points, each also tested off-centre, give 16 cases per rule, enough to
     * meet random directions in every octant of S^2 while keeping the sphere's run for n = 100 under a second.
     */
    public static final int DEFAULT_SAMPLES = 8;

    /**
     * Validates the settings.
     *
     * @throws IllegalArgumentException if {@code samples < 1} or the length scale is not finite and positive
     */
    public TckSettings {
        Objects.requireNonNull(tolerances, "tolerances");
        if (samples < 1) {
            throw new IllegalArgumentException("samples: expected an integer ≥ 1, found " + samples);
        }
        if (!(lengthScale > 0) || !Double.isFinite(lengthScale)) {
            throw new IllegalArgumentException("lengthScale: expected a finite value > 0, found " + lengthScale);
        }
    }

    /**
     * Strict settings with the given seed and sample count and length scale 1.
     *
     * @param seed    the seed
     * @param samples base points per run
     */
    public TckSettings(long seed, int samples) {
        this(seed, samples, 1.0, Tolerances.strict());
    }

    /** @return seed 42, 8 samples, length scale 1, strict tolerances */
    public static TckSettings defaults() {
        return new TckSettings(DEFAULT_SEED, DEFAULT_SAMPLES);
    }

    /**
     * The default settings for a manifold: strict for an exact one, and for one that declares itself approximate
     * ({@link Manifold#approximation()}) its own length scale and tolerances with its justification. Both the JUnit
     * kit ({@link ManifoldVerification#settings()}) and {@code atlas tck} start from these, so that a learned atlas
     * is held to the same bounds in its tests and on the command line. A declared tolerance below the strict one is
     * raised to it: no atlas is tested more strictly than an exact one.
     *
     * @param manifold the manifold under test
     * @return seed 42, 8 samples, and the manifold's length scale and tolerances (strict when it declares none)
     */
    public static TckSettings forManifold(Manifold manifold) {
        Objects.requireNonNull(manifold, "manifold");
        return manifold.approximation().map(TckSettings::approximate).orElseGet(TckSettings::defaults);
    }

    private static TckSettings approximate(Approximation a) {
        return defaults().withLengthScale(a.lengthScale()).withTolerances(Tolerances.approximate(
                Math.max(a.slope(), Tolerances.STRICT_SLOPE), Math.max(a.roundTrip(), Tolerances.STRICT_ROUND_TRIP),
                Math.max(a.distance(), Tolerances.STRICT_DISTANCE), a.justification()));
    }

    /** @return these settings with another seed */
    public TckSettings withSeed(long newSeed) {
        return new TckSettings(newSeed, samples, lengthScale, tolerances);
    }

    /** @return these settings with another number of base points */
    public TckSettings withSamples(int newSamples) {
        return new TckSettings(seed, newSamples, lengthScale, tolerances);
    }

    /** @return these settings with another length scale */
    public TckSettings withLengthScale(double newLengthScale) {
        return new TckSettings(seed, samples, newLengthScale, tolerances);
    }

    /**
     * @param newTolerances e.g. {@link Tolerances#approximate} for a learned atlas
     * @return these settings with other tolerances
     */
    public TckSettings withTolerances(Tolerances newTolerances) {
        return new TckSettings(seed, samples, lengthScale, newTolerances);
    }
}

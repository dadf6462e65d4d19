package org.atlasgraph.tck;

import java.util.Objects;
import org.atlasgraph.api.Manifold;
import org.atlasgraph.api.capability.Accuracy;
import org.atlasgraph.api.capability.LengthScale;

/**
 * Knobs of a run: the seed every random draw derives from, the number of sampled base points, the manifold's length
 * scale, the {@link Accuracy} the rules hold it to, and the number of steps of the drift rule.
 *
 * <p>The kit tests each sampled point p twice: as drawn (for the sphere, the centre of a chart) and off-centre at
 * {@code ξ_p + 0.3·lengthScale·u} in p's chart. Step sizes are multiples of the length scale, so a point cloud measured
 * in millimetres sets it to the size of a chart rather than rescaling its data.
 *
 * @param seed        the seed; every failure message repeats it, so any failure replays
 * @param samples     base points drawn from the sampler (each is also tested off-centre), ≥ 1
 * @param lengthScale the manifold's typical length (1 for unit spheres and Grassmannians), &gt; 0
 * @param accuracy    {@link Accuracy#EXACT} for exact providers, the declared accuracy for approximate ones
 * @param driftSteps  retraction steps of the drift rule RET-4, ≥ 1
 */
public record TckSettings(long seed, int samples, double lengthScale, Accuracy accuracy, int driftSteps) {
    /** The default seed. */
    public static final long DEFAULT_SEED = 42;
    /**
     * The default number of base points: 8 points, each also tested off-centre, give 16 cases per rule, enough to
     * meet random directions in every octant of S^2 while keeping the sphere's run for n = 100 under a second.
     */
    public static final int DEFAULT_SAMPLES = 8;
    /** The default length of the drift walk: 10⁶ steps, a long optimization run. */
    public static final int DEFAULT_DRIFT_STEPS = 1_000_000;

    /**
     * Validates the settings.
     *
     * @throws IllegalArgumentException if {@code samples < 1}, {@code driftSteps < 1} or the length scale is not
     *     finite and positive
     */
    public TckSettings {
        Objects.requireNonNull(accuracy, "accuracy");
        if (samples < 1) {
            throw new IllegalArgumentException("samples: expected an integer ≥ 1, found " + samples);
        }
        if (driftSteps < 1) {
            throw new IllegalArgumentException("driftSteps: expected an integer ≥ 1, found " + driftSteps);
        }
        if (!(lengthScale > 0) || !Double.isFinite(lengthScale)) {
            throw new IllegalArgumentException("lengthScale: expected a finite value > 0, found " + lengthScale);
        }
    }

    /**
     * Exact settings with the given seed and sample count and length scale 1.
     *
     * @param seed    the seed
     * @param samples base points per run
     */
    public TckSettings(long seed, int samples) {
        this(seed, samples, 1.0, Accuracy.EXACT, DEFAULT_DRIFT_STEPS);
    }

    /** @return seed 42, 8 samples, length scale 1, exact accuracy */
    public static TckSettings defaults() {
        return new TckSettings(DEFAULT_SEED, DEFAULT_SAMPLES);
    }

    /**
     * The default settings for a manifold: its declared {@link LengthScale} (1 without one) and its declared
     * {@link Accuracy} ({@link Accuracy#EXACT} without one). Both the JUnit kit
     * ({@link ManifoldVerification#settings()})
     * and {@code atlas tck} start from these, so that a manifold is held to the same bounds in its tests and on the
     * command line.
     *
     * @param manifold the manifold under test
     * @return seed 42, 8 samples, and the manifold's length scale and accuracy
     */
    public static TckSettings forManifold(Manifold manifold) {
        Objects.requireNonNull(manifold, "manifold");
        TckSettings s = defaults();
        s = manifold.capability(LengthScale.class).map(l -> defaults().withLengthScale(l.value())).orElse(s);
        return manifold.capability(Accuracy.class).map(s::withAccuracy).orElse(s);
    }

    /** @return these settings with another seed */
    public TckSettings withSeed(long newSeed) {
        return new TckSettings(newSeed, samples, lengthScale, accuracy, driftSteps);
    }

    /** @return these settings with another number of base points */
    public TckSettings withSamples(int newSamples) {
        return new TckSettings(seed, newSamples, lengthScale, accuracy, driftSteps);
    }

    /** @return these settings with another length scale */
    public TckSettings withLengthScale(double newLengthScale) {
        return new TckSettings(seed, samples, newLengthScale, accuracy, driftSteps);
    }

    /**
     * @param newAccuracy e.g. the declared accuracy of a learned atlas
     * @return these settings with other tolerances
     */
    public TckSettings withAccuracy(Accuracy newAccuracy) {
        return new TckSettings(seed, samples, lengthScale, newAccuracy, driftSteps);
    }

    /** @return these settings with another length of the drift walk */
    public TckSettings withDriftSteps(int newDriftSteps) {
        return new TckSettings(seed, samples, lengthScale, accuracy, newDriftSteps);
    }
}

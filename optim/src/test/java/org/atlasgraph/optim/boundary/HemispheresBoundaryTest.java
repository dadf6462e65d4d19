package org.atlasgraph.optim.boundary;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.Predicate;
import java.util.random.RandomGenerator;
import org.atlasgraph.sphere.Sphere;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Two hemispheres of S², 500 uniformly drawn points labelled by their side of the equator (issue 11 item 3): classes
 * that fill regions, where the boundary is a closed curve. The reference is the label rule itself, the sign of z.
 * With default parameters the flows follow the classes' margins (their points nearest the other class), the boundary
 * is integrated until it closes, about once round the equator, and is then centred in the gap between the margins
 * ({@code MarginCentring}).
 *
 * <p>Held-out accuracy must reach the 99% on every sample, not on most: eight seeds besides the committed one.
 * Without the centring the boundary's mean distance from the equator was 0.007–0.029 rad (the sampling noise of the
 * ~100 margin points the flows follow) and the accuracy 98.35–99.7% on seeds 0–9; with it 0.003–0.013 rad and
 * 99.0–99.9% on seeds 0–7 (measured when the centring was written; seed 7 is the hardest, at 99.0%: its northern class
 * leaves a gap shifted 0.02–0.03 rad north along a third of the equator, and the boundary follows the gap). A second
 * closed boundary, not a great circle, checks that the centring is not fitted to the equator: the cap z &gt; 1/2 (a
 * circle of geodesic curvature 1/√3), where the flows alone classified 93.4–96.1% (seeds 0–3) and the centred boundary
 * 99.3–99.85% (seeds 0–9), 98.85% on this test's sample.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class HemispheresBoundaryTest {
    private static final long SEED = 11_5L;
    private static final int TRAINING = 500;
    private static final int HELD_OUT = 2000;
    /** The bound on held-out points. */
    private static final double MIN_ACCURACY = 0.99;
    /**
     * The bound for the cap, whose curved boundary the issue sets none for: 98.85–99.85% on the eleven samples measured
     * (seeds 0–9 and this test's).
     */
    private static final double MIN_CAP_ACCURACY = 0.985;
    /** Largest distance of a boundary point from the equator: a closed curve near it, not an arc elsewhere. */
    private static final double MAX_LATITUDE = 0.1;
    /** The cap's edge, z = 1/2: latitude 30°. */
    private static final double CAP = 0.5;

    private final Sphere s2 = Sphere.of(3);
    private BoundaryFit fit;

    @BeforeAll
    void fit() {
        fit = fitOn(new SplittableRandom(SEED), x -> x[2] > 0);
    }

    @Test
    void theBoundaryIsIntegratedUntilItCloses() {
        assertThat(fit.closed()).as("closed; stop reason: %s", fit.stopReason()).isTrue();
        assertThat(fit.stopReason()).as("stop reason").startsWith("the boundary closed after ");
        assertThat(fit.parameters().margins()).as("the flows followed the classes' margins").isTrue();
        assertThat(fit.boundary().ambientPoints()).as("boundary points (|latitude| < %s)", MAX_LATITUDE)
                .allSatisfy(x -> assertThat(Math.abs(Math.asin(x[2]))).isLessThan(MAX_LATITUDE));
        double[] first = fit.boundary().ambient(0);
        double[] last = fit.boundary().ambient(fit.boundary().size() - 1);
        assertThat(Math.acos(Math.min(1, first[0] * last[0] + first[1] * last[1] + first[2] * last[2])))
                .as("distance between the boundary's first and last points (rad)").isLessThan(MAX_LATITUDE);
    }

    @Test
    void classifiesHeldOutPointsByTheirHemisphere() {
        assertThat(accuracy(fit, new SplittableRandom(SEED + 1), x -> x[2] > 0)).as("held-out accuracy")
                .isGreaterThanOrEqualTo(MIN_ACCURACY);
    }

    @ParameterizedTest(name = "seed {0}")
    @ValueSource(longs = {0, 1, 2, 3, 4, 5, 6, 7})
    void classifiesHeldOutPointsOnEverySample(long seed) {
        Predicate<double[]> north = x -> x[2] > 0;
        BoundaryFit f = fitOn(new SplittableRandom(seed), north);
        assertThat(f.closed()).as("closed; stop reason: %s", f.stopReason()).isTrue();
        assertThat(accuracy(f, new SplittableRandom(seed + 1000), north)).as("held-out accuracy, seed %d", seed)
                .isGreaterThanOrEqualTo(MIN_ACCURACY);
    }

    @Test
    void aCapBoundaryIsCentredToo() {
        Predicate<double[]> cap = x -> x[2] > CAP;
        BoundaryFit f = fitOn(new SplittableRandom(SEED + 2), cap);
        assertThat(f.closed()).as("closed; stop reason: %s", f.stopReason()).isTrue();
        assertThat(f.boundary().ambientPoints()).as("boundary points (within %s of latitude 30°)", MAX_LATITUDE)
                .allSatisfy(x -> assertThat(Math.abs(Math.asin(x[2]) - Math.asin(CAP))).isLessThan(MAX_LATITUDE));
        assertThat(accuracy(f, new SplittableRandom(SEED + 3), cap)).as("held-out accuracy on the cap")
                .isGreaterThanOrEqualTo(MIN_CAP_ACCURACY);
    }

    private BoundaryFit fitOn(RandomGenerator rng, Predicate<double[]> plus) {
        List<double[]> in = new ArrayList<>();
        List<double[]> out = new ArrayList<>();
        for (double[] x : uniform(TRAINING, rng)) {
            (plus.test(x) ? in : out).add(x);
        }
        return PrincipalBoundary.on(s2).classNames("in", "out").build().fit(in, out);
    }

    private static double accuracy(BoundaryFit f, RandomGenerator rng, Predicate<double[]> plus) {
        int correct = 0;
        for (double[] x : uniform(HELD_OUT, rng)) {
            correct += f.classify(x) == (plus.test(x) ? Side.PLUS : Side.MINUS) ? 1 : 0;
        }
        return correct / (double) HELD_OUT;
    }

    private static List<double[]> uniform(int count, RandomGenerator rng) {
        List<double[]> points = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            double[] v = {rng.nextGaussian(), rng.nextGaussian(), rng.nextGaussian()};
            double n = Math.sqrt(v[0] * v[0] + v[1] * v[1] + v[2] * v[2]);
            points.add(new double[] {v[0] / n, v[1] / n, v[2] / n});
        }
        return points;
    }
}

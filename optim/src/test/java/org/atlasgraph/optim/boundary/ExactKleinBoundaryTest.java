package org.atlasgraph.optim.boundary;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * The principal boundary on the Klein bottle of high-contrast patches with its exact parametrization
 * ({@link ExactKleinBottle}): convex and concave patches (§4.3.1) are separated, whatever the start points, by the two
 * lines φ = π/2 and φ = 3π/2 of the (θ, φ) square, which together are the core of the annulus of "neither" patches.
 * The surface is not orientable, so this also checks that the classifier's locally oriented normals suffice.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ExactKleinBoundaryTest {
    private static final long SEED = 43L;
    private static final long HELD_OUT_SEED = 44L;
    private static final int TRAINING = 1200;
    private static final int HELD_OUT = 400;
    /**
     * Half the paper's 2000 steps, twice as long: the flows' θ-loops are ≈ 9.7 long, and the boundary traces both of
     * its lines when the flows go round twice.
     */
    private static final int ITERATIONS = 1000;
    private static final double STEP = 0.022;
    /** The bound for the learned atlas; the exact one must do at least as well. */
    private static final double MIN_ACCURACY = 0.95;
    /**
     * The flows should run along the centre lines φ = 0 and φ = π of their classes: within less than half the classes'
     * φ-half-width of atan 2 = 1.107.
     */
    private static final double FLOW_TOLERANCE = 0.5;

    private final ExactKleinBottle klein = new ExactKleinBottle();
    private BoundaryFit fit;

    @BeforeAll
    void fit() {
        List<double[]> convex = new ArrayList<>();
        List<double[]> concave = new ArrayList<>();
        RandomGenerator rng = new SplittableRandom(SEED);
        while (convex.size() + concave.size() < TRAINING) {
            double theta = Math.PI * rng.nextDouble();
            double phi = 2 * Math.PI * rng.nextDouble();
            int label = label(phi);
            if (label != 0) {
                (label > 0 ? convex : concave).add(ExactKleinBottle.patch(theta, phi));
            }
        }
        fit = PrincipalBoundary.on(klein).iterations(ITERATIONS).step(STEP).classNames("convex", "concave").build()
                .fit(convex, concave);
    }

    @Test
    void classifiesHeldOutConvexAndConcavePatches() {
        RandomGenerator rng = new SplittableRandom(HELD_OUT_SEED);
        int correct = 0;
        int total = 0;
        while (total < HELD_OUT) {
            double theta = Math.PI * rng.nextDouble();
            double phi = 2 * Math.PI * rng.nextDouble();
            int label = label(phi);
            if (label != 0) {
                Side side = fit.classify(ExactKleinBottle.patch(theta, phi));
                correct += (side == Side.PLUS) == (label > 0) ? 1 : 0;
                total++;
            }
        }
        assertThat(correct / (double) total).as("held-out accuracy with %s", fit.parameters())
                .isGreaterThanOrEqualTo(MIN_ACCURACY);
    }

    @Test
    void theFlowsRunAlongTheCentreLinesOfTheirClasses() {
        assertThat(largestSinPhi(fit.plusFlow())).as("largest |sin φ| along γ⁺ (convex)")
                .isLessThan(Math.sin(FLOW_TOLERANCE));
        assertThat(largestSinPhi(fit.minusFlow())).as("largest |sin φ| along γ⁻ (concave)")
                .isLessThan(Math.sin(FLOW_TOLERANCE));
    }

    /** |sin φ| is the distance in φ from the line φ = 0 or φ = π, whichever is nearer, up to the sine. */
    private static double largestSinPhi(Curve curve) {
        return curve.ambientPoints().stream().mapToDouble(x -> Math.abs(Math.sin(ExactKleinBottle.angles(x)[1])))
                .max().orElseThrow();
    }

    /** +1 convex, −1 concave, 0 neither: −2 &lt; tan φ &lt; 2 and the sign of cos φ (§4.3.1). */
    private static int label(double phi) {
        double c = Math.cos(phi);
        double s = Math.sin(phi);
        if (Math.abs(s) < 2 * Math.abs(c)) {
            return c > 0 ? 1 : -1;
        }
        return 0;
    }
}

package org.atlasgraph.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class KleinBottleTest {
    private static final long SEED = 7L;
    private final KleinBottle klein = KleinBottle.patches();

    @Test
    void patchAtThetaZeroIsTheQuadraticInXOnEveryRow() {
        double phi = 0.7;
        double[] p = klein.patch(0, phi);
        for (int y = -1; y <= 1; y++) {
            for (int x = -1; x <= 1; x++) {
                // §4.3.1: k_{0,φ}(x, y) = x² cos φ + x sin φ.
                assertThat(p[3 * (y + 1) + (x + 1)]).as("entry (x=%d, y=%d)", x, y)
                        .isCloseTo(x * x * Math.cos(phi) + x * Math.sin(phi), within(1e-15));
            }
        }
    }

    @Test
    void gluingReflectsPhi() {
        SplittableRandom rng = new SplittableRandom(SEED);
        for (int s = 0; s < 50; s++) {
            double t = rng.nextDouble(0, Math.PI);
            double f = rng.nextDouble(0, 2 * Math.PI);
            assertThat(klein.patch(t + Math.PI, f)).as("k_{θ+π,φ} = k_{θ,−φ} at sample %d", s)
                    .containsExactly(klein.patch(t, -f), within(1e-14));
            assertThat(klein.patch(t, f + 2 * Math.PI)).as("2π-periodic in φ at sample %d", s)
                    .containsExactly(klein.patch(t, f), within(1e-14));
        }
    }

    @Test
    void tangentsMatchCentralDifferences() {
        SplittableRandom rng = new SplittableRandom(SEED);
        double h = 1e-6;
        double[] xu = new double[9];
        double[] xv = new double[9];
        for (int s = 0; s < 50; s++) {
            double t = rng.nextDouble(0, Math.PI);
            double f = rng.nextDouble(0, 2 * Math.PI);
            klein.tangents(t, f, xu, xv);
            double[] up = klein.patch(t + h, f);
            double[] um = klein.patch(t - h, f);
            double[] vp = klein.patch(t, f + h);
            double[] vm = klein.patch(t, f - h);
            for (int i = 0; i < 9; i++) {
                assertThat(xu[i]).as("∂k/∂θ entry %d at sample %d", i, s).isCloseTo((up[i] - um[i]) / (2 * h),
                        within(1e-8));
                assertThat(xv[i]).as("∂k/∂φ entry %d at sample %d", i, s).isCloseTo((vp[i] - vm[i]) / (2 * h),
                        within(1e-8));
            }
        }
    }

    @Test
    void samplesAreSeededAndInTheSquare() {
        double[][] a = klein.sampleAngles(100, SEED);
        assertThat(klein.sampleAngles(100, SEED)).as("same seed, same angles").isDeepEqualTo(a);
        for (double[] r : a) {
            assertThat(r[0]).as("θ").isBetween(0.0, Math.PI);
            assertThat(r[1]).as("φ").isBetween(0.0, 2 * Math.PI);
        }
    }
}

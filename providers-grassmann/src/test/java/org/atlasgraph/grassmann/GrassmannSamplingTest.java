package org.atlasgraph.grassmann;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.atlasgraph.api.capability.GeodesicPowerDistribution;
import org.atlasgraph.api.capability.Sampler;
import org.atlasgraph.api.check.InvalidInputException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class GrassmannSamplingTest {
    private static final long SEED = 41;
    private static final double TOL = 1e-10;

    private static GeodesicPowerDistribution gpd(Grassmann g) {
        return g.capability(GeodesicPowerDistribution.class).orElseThrow();
    }

    @Test
    void uniformSamplesHaveMeanProjectorKOverNTimesIdentity() {
        int n = 5;
        int k = 2;
        int draws = 2000;
        Grassmann g = Grassmann.of(n, k);
        SplittableRandom rng = new SplittableRandom(SEED);
        double[] diagonal = new double[n];
        double offDiagonal = 0;
        for (int s = 0; s < draws; s++) {
            double[] y = g.uniform(rng);
            assertThat(Dense.orthonormalityDefect(y, n, k)).as("orthonormal").isLessThan(TOL);
            for (int i = 0; i < n; i++) {
                for (int c = 0; c < k; c++) {
                    diagonal[i] += y[i * k + c] * y[i * k + c] / draws;
                    offDiagonal += y[i * k + c] * y[((i + 1) % n) * k + c] / draws;
                }
            }
        }
        // P_ii ~ Beta(k/2, (n−k)/2) has sd 0.26; the mean of 2000 draws has sd 0.006: 5 sd = 0.03.
        for (int i = 0; i < n; i++) {
            assertThat(diagonal[i]).as("E[P_" + i + i + "] = k/n").isCloseTo((double) k / n, within(0.03));
        }
        assertThat(offDiagonal / n).as("E[P_i,i+1] = 0").isCloseTo(0, within(0.03));
        assertThat(g.uniform(new SplittableRandom(SEED))).as("seeded: replays")
                .containsExactly(g.uniform(new SplittableRandom(SEED)));
        Sampler sampler = g.capability(Sampler.class).orElseThrow();
        assertThat(sampler.distribution()).as("declared distribution").isEqualTo("uniform (Haar) measure");
        assertThat(Reference.projectorDistance(g.embed(sampler.sample(new SplittableRandom(SEED))),
                g.uniform(new SplittableRandom(SEED)), n, k)).as("the sampler locates the uniform draw")
                .isLessThan(TOL);
    }

    @ParameterizedTest(name = "Gr({0},{1}) {2} p={3}")
    @CsvSource({"5,2,PAPER,2", "10,3,DIAMETER,3", "30,5,PAPER,1.5", "4,3,DIAMETER,2"})
    void gpdScalesEachUniformDrawAlongItsGeodesicByDeltaOverDeltaMaxToThePowerP(int n, int k, DeltaMax deltaMax,
                                                                              double power) {
        Grassmann g = Grassmann.of(n, k, deltaMax);
        GrassmannGeometry exact = new GrassmannGeometry(n, k);
        double[] x = g.uniform(new SplittableRandom(SEED + 1));
        assertThat(gpd(g).deltaMax()).as("declared δ_max").isEqualTo(deltaMax.value(n, k));
        // GPD draws exactly one uniform point per sample, so a twin source replays the uniform draws.
        SplittableRandom gpdSource = new SplittableRandom(SEED);
        SplittableRandom uniformSource = new SplittableRandom(SEED);
        for (int s = 0; s < 10; s++) {
            double[] sample = gpd(g).sample(x, power, gpdSource);
            double[] y = g.uniform(uniformSource);
            double delta = exact.distance(x, y);
            double f = Math.pow(delta / deltaMax.value(n, k), power);
            assertThat(exact.distance(x, sample)).as("d(X, Y') = (δ/δ_max)^p δ").isCloseTo(f * delta, within(1e-9));
            double[] logSample = exact.log(x, sample);
            double[] logUniform = exact.log(x, y);
            assertThat(Reference.maxAbsDifference(logSample, Reference.scaled(logUniform, f)))
                    .as("Log_X Y' = (δ/δ_max)^p Log_X Y").isLessThan(1e-9);
        }
    }

    @Test
    void empiricalFrechetMeanOfGpdApproachesTheMeanLikeOneOverRootN() {
        int n = 10;
        int k = 3;
        Grassmann g = Grassmann.of(n, k);
        GrassmannGeometry exact = new GrassmannGeometry(n, k);
        SplittableRandom rng = new SplittableRandom(SEED);
        double[] x = g.uniform(rng);
        List<double[]> samples = new ArrayList<>();
        double first = Double.NaN;
        double last = Double.NaN;
        for (int size : new int[] {25, 100, 400, 1600}) {
            while (samples.size() < size) {
                samples.add(gpd(g).sample(x, 2, rng));
            }
            double ms = 0;
            for (double[] y : samples) {
                double d = exact.distance(x, y);
                ms += d * d / size;
            }
            double error = exact.distance(karcherMean(exact, samples, n, k), x);
            // Fréchet-mean CLT: the error is of order rms/√N; 3× leaves room for the draw.
            assertThat(error).as("d(mean of " + size + ", X)").isLessThan(3 * Math.sqrt(ms / size));
            first = Double.isNaN(first) ? error : first;
            last = error;
        }
        assertThat(last).as("error at N = 1600 vs N = 25 (" + first + ")").isLessThan(first / 3);
    }

    @Test
    void paperDeltaMaxConcentratesWithinQuarterPiWhileTheDiameterIsNearlyUniform() {
        int n = 30;
        int k = 5;
        Grassmann g = Grassmann.of(n, k);
        Grassmann diameter = Grassmann.of(n, k, DeltaMax.DIAMETER);
        GrassmannGeometry exact = new GrassmannGeometry(n, k);
        SplittableRandom rng = new SplittableRandom(SEED);
        double[] x = g.uniform(rng);
        double paperMax = 0;
        double diameterMean = 0;
        double uniformMean = 0;
        int draws = 100;
        for (int s = 0; s < draws; s++) {
            paperMax = Math.max(paperMax, exact.distance(x, gpd(g).sample(x, 2, rng)));
            diameterMean += exact.distance(x, gpd(diameter).sample(x, 2, rng)) / draws;
            uniformMean += exact.distance(x, g.uniform(rng)) / draws;
        }
        assertThat(paperMax).as("PAPER δ_max, p = 2: every sample within π/4 (§3.2)").isLessThan(Math.PI / 4);
        assertThat(diameterMean).as("DIAMETER δ_max, p = 2: mean distance vs uniform " + uniformMean)
                .isGreaterThan(0.6 * uniformMean);
        assertThat(DeltaMax.PAPER.value(30, 5)).as("(π/2)√25").isCloseTo(Math.PI / 2 * 5, within(1e-15));
        assertThat(DeltaMax.DIAMETER.value(30, 5)).as("(π/2)√5").isCloseTo(Math.PI / 2 * Math.sqrt(5), within(1e-15));
        assertThat(gpd(g).deltaMax()).as("Grassmann.of(n, k) declares the paper's δ_max")
                .isEqualTo(DeltaMax.PAPER.value(30, 5));
        assertThat(gpd(diameter).deltaMax()).as("declared diameter").isEqualTo(DeltaMax.DIAMETER.value(30, 5));
    }

    @Test
    void gpdRejectsBadArgumentsNamingThem() {
        Grassmann g = Grassmann.of(4, 2);
        double[] x = {1, 0, 0, 1, 0, 0, 0, 0};
        SplittableRandom rng = new SplittableRandom(SEED);
        GeodesicPowerDistribution gpd = gpd(g);
        assertThatThrownBy(() -> gpd.sample(x, 1, rng)).isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("power: expected a finite value > 1");
        assertThatThrownBy(() -> gpd.sample(new double[7], 2, rng)).isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("mean: expected length 8");
        assertThatThrownBy(() -> gpd.sample(new double[8], 2, rng)).isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("mean: expected full column rank");
        double[] scaledBasis = Reference.scaled(x, 3);
        assertThat(Dense.orthonormalityDefect(gpd.sample(scaledBasis, 2, rng), 4, 2)).as("any full-rank mean")
                .isLessThan(TOL);
    }

    static double[] karcherMean(GrassmannGeometry exact, List<double[]> samples, int n, int k) {
        double[] m = samples.get(0);
        for (int iteration = 0; iteration < 200; iteration++) {
            double[] v = new double[n * k];
            for (double[] y : samples) {
                double[] l = exact.log(m, y);
                for (int i = 0; i < v.length; i++) {
                    v[i] += l[i] / samples.size();
                }
            }
            m = exact.exp(m, v);
            if (Reference.norm(v) < 1e-12) {
                break;
            }
        }
        return m;
    }
}

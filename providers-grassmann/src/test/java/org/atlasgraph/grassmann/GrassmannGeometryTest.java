package org.atlasgraph.grassmann;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.SplittableRandom;
import org.atlasgraph.api.AmbientMetric;
import org.atlasgraph.api.capability.AmbientStep;
import org.atlasgraph.api.check.InvalidInputException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class GrassmannGeometryTest {
    private static final long SEED = 23;
    /** Closed forms through one thin SVD and one QR of O(1) matrices. */
    private static final double TOL = 1e-11;

    /** @return an orthonormal basis and a horizontal vector of Frobenius norm {@code size} at it */
    static double[][] pointAndTangent(SplittableRandom rng, int n, int k, double size) {
        double[] x = Dense.thinQr(Reference.gaussian(rng, n, k), n, k).q();
        double[] h = Reference.gaussian(rng, n, k);
        double[] xth = Dense.multTransA(x, n, k, h, k);
        Dense.multAdd(-1, Dense.wrap(n, k, x), Dense.wrap(k, k, xth), Dense.wrap(n, k, h));
        return new double[][] {x, Reference.scaled(h, size / Reference.norm(h))};
    }

    @ParameterizedTest(name = "Gr({0},{1})")
    @CsvSource({"5,2", "3,1", "7,6", "30,5", "20,10"})
    void logInvertsExpAndDistanceIsItsNorm(int n, int k) {
        SplittableRandom rng = new SplittableRandom(SEED + n);
        GrassmannGeometry g = new GrassmannGeometry(n, k);
        double[][] xh = pointAndTangent(rng, n, k, 1.0);
        double[] y = g.exp(xh[0], xh[1]);
        assertThat(Dense.orthonormalityDefect(y, n, k)).as("exp returns an orthonormal basis").isLessThan(TOL);
        assertThat(Reference.maxAbsDifference(g.log(xh[0], y), xh[1])).as("Log_X Exp_X H = H").isLessThan(TOL);
        assertThat(g.distance(xh[0], y)).as("d(X, Exp_X H) = ‖H‖").isCloseTo(1.0, within(TOL));
        assertThat(Reference.maxAbsDifference(g.exp(xh[0], new double[n * k]), xh[0])).as("Exp_X 0 = X")
                .isLessThan(TOL);
    }

    @ParameterizedTest(name = "Gr({0},{1})")
    @CsvSource({"5,2", "6,3", "4,1", "7,5"})
    void distanceFromPrincipalAnglesEqualsDistanceFromProjectors(int n, int k) {
        SplittableRandom rng = new SplittableRandom(SEED * 3 + n);
        GrassmannGeometry g = new GrassmannGeometry(n, k);
        for (int trial = 0; trial < 5; trial++) {
            double[] x = Reference.gaussian(rng, n, k);
            double[] y = Reference.gaussian(rng, n, k);
            assertThat(g.distance(x, y)).as("principal angles vs eigenvalues ±sin θ of P_X − P_Y")
                    .isCloseTo(Reference.distanceFromProjectors(x, y, n, k), within(1e-9));
        }
    }

    @ParameterizedTest(name = "t = {0}")
    @ValueSource(doubles = {-3, -0.5, 1e-9, 0.2, 1, 7})
    void distancesOfClaimsG2AndG3AreArctanAndArccot(double t) {
        int n = 6;
        int k = 3;
        GrassmannGeometry g = new GrassmannGeometry(n, k);
        double[] u = new double[n * k];
        double[] vt = new double[n * k];
        double[] uEmpty = new double[n * k];
        for (int j = 0; j < k; j++) {
            u[j * k + j] = 1;
            vt[j * k + j] = 1;
        }
        // V_t = (I_k; t e_{n−k} e_kᵀ): the last row gets t in the last column.
        vt[(n - 1) * k + (k - 1)] = t;
        // U_∅ = Q U with Q the cyclic shift of Claim G.3: columns e_{n−1}, e_0, …, e_{k−2}.
        uEmpty[(n - 1) * k] = 1;
        for (int j = 1; j < k; j++) {
            uEmpty[(j - 1) * k + j] = 1;
        }
        assertThat(g.distance(vt, u)).as("Claim G.2: |arctan t|").isCloseTo(Math.abs(Math.atan(t)), within(1e-15));
        assertThat(g.distance(vt, uEmpty)).as("Claim G.3: |arccot t|")
                .isCloseTo(Math.atan(1 / Math.abs(t)), within(1e-15));
    }

    @ParameterizedTest(name = "Gr({0},{1})")
    @CsvSource({"5,2", "8,3", "4,3"})
    void parallelTransportIsAnIsometryOntoTheHorizontalSpaceAndCarriesTheVelocity(int n, int k) {
        SplittableRandom rng = new SplittableRandom(SEED * 7 + n);
        GrassmannGeometry g = new GrassmannGeometry(n, k);
        double[][] xh = pointAndTangent(rng, n, k, 0.9);
        double[] x = xh[0];
        double[] y = Dense.thinQr(Dense.mult(g.exp(x, xh[1]), n, k, Dense.thinQr(Reference.gaussian(rng, k, k), k, k)
                .q(), k), n, k).q();
        double[] u = pointAndTangent(rng, n, k, 1)[1];
        double[] ux = horizontalAt(x, u, n, k);
        double[] vx = horizontalAt(x, Reference.gaussian(rng, n, k), n, k);
        double[] pu = g.parallelTransport(x, ux, y);
        double[] pv = g.parallelTransport(x, vx, y);
        assertThat(Reference.maxAbs(Dense.multTransA(y, n, k, pu, k))).as("horizontal at q").isLessThan(TOL);
        AmbientMetric metric = AmbientMetric.INDUCED;
        assertThat(metric.inner(y, pu, pv)).as("⟨Pu, Pv⟩ = ⟨u, v⟩").isCloseTo(metric.inner(x, ux, vx), within(TOL));
        double[] velocity = g.parallelTransport(x, g.log(x, y), y);
        double[] back = g.log(y, x);
        for (int i = 0; i < back.length; i++) {
            back[i] = -back[i];
        }
        assertThat(Reference.maxAbsDifference(velocity, back)).as("P(Log_X Y) = −Log_Y X").isLessThan(TOL);
        assertThat(Reference.maxAbsDifference(g.parallelTransport(x, ux, x), ux)).as("P_{X→X} = id").isLessThan(TOL);
    }

    @ParameterizedTest(name = "Gr({0},{1})")
    @CsvSource({"5,2", "30,5", "12,6"})
    void stepsMoveAlongTheGeodesic(int n, int k) {
        SplittableRandom rng = new SplittableRandom(SEED * 11 + n);
        GrassmannGeometry g = new GrassmannGeometry(n, k);
        double[][] xh = pointAndTangent(rng, n, k, 1.0);
        double[] x = xh[0];
        double[] y = g.exp(x, xh[1]);
        AmbientStep exp = g::geodesicStep;
        AmbientStep gifee = g::gifeeStep;
        AmbientStep retraction = g::retractionStep;
        for (double t : new double[] {0, 0.25, 1}) {
            double[] e = exp.step(x, y, t);
            assertThat(g.distance(x, e)).as("d(X, exp step t=" + t + ")").isCloseTo(t, within(1e-10));
            assertThat(g.distance(e, gifee.step(x, y, t))).as("gifee = exp, t=" + t).isLessThan(1e-7);
            assertThat(Dense.orthonormalityDefect(retraction.step(x, y, t), n, k)).as("retraction orthonormal")
                    .isLessThan(TOL);
        }
        assertThat(Reference.maxAbsDifference(exp.step(x, y, 0), x)).as("step by 0 returns X").isLessThan(TOL);
        // The polar retraction agrees with Exp to second order: the gap shrinks at least like t².
        double gapSmall = g.distance(retraction.step(x, y, 0.05), exp.step(x, y, 0.05));
        double gapLarge = g.distance(retraction.step(x, y, 0.2), exp.step(x, y, 0.2));
        assertThat(gapSmall).as("retraction vs exp at t = 0.05 (t = 0.2 gap " + gapLarge + ")")
                .isLessThan(gapLarge / 16 * 1.1);
    }

    @Test
    void rejectsBasePointsThatAreNotOrthonormalAndVectorsThatAreNotHorizontal() {
        GrassmannGeometry g = new GrassmannGeometry(4, 2);
        double[] x = {1, 0, 0, 1, 0, 0, 0, 0};
        double[] stretched = Reference.scaled(x, 2);
        assertThatThrownBy(() -> g.log(stretched, x)).isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("p: expected an orthonormal n×k basis")
                .hasMessageContaining("found |pᵀp − I| = 3");
        double[] vertical = {0.1, 0, 0, 0, 0, 0, 0, 0};
        assertThatThrownBy(() -> g.exp(x, vertical)).isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("v: expected a horizontal tangent vector at p");
        assertThatThrownBy(() -> g.exp(x, new double[7])).isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("v: expected length 8");
        double[] orthogonal = {0, 0, 0, 0, 1, 0, 0, 1};
        assertThatThrownBy(() -> g.log(x, orthogonal)).isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("q: expected a point whose principal angles to p are all below π/2");
        double[] nan = x.clone();
        nan[3] = Double.NaN;
        assertThatThrownBy(() -> g.geodesicStep(x, nan, 0.5)).isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("q[3]: expected a finite value");
        assertThatThrownBy(() -> g.distance(x, new double[8])).isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("q: expected full column rank");
    }

    private static double[] horizontalAt(double[] x, double[] v, int n, int k) {
        double[] h = v.clone();
        Dense.multAdd(-1, Dense.wrap(n, k, x), Dense.wrap(k, k, Dense.multTransA(x, n, k, v, k)), Dense.wrap(n, k, h));
        return h;
    }
}

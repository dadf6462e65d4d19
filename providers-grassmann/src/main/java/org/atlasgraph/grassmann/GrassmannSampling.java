package org.atlasgraph.grassmann;

import java.util.random.RandomGenerator;
import org.atlasgraph.api.capability.GeodesicPowerDistribution;
import org.atlasgraph.api.check.Checks;
import org.atlasgraph.api.check.InvalidInputException;
import org.atlasgraph.api.check.NotOnManifoldException;

/**
 * Random points of Gr(n,k): the uniform (Haar) measure and the geodesic power distribution GPD(X, p) of App. C.3 with
 * the δ_max the manifold was created with ({@link DeltaMax}). The random source is the only randomness, so a seeded
 * source replays.
 */
final class GrassmannSampling implements GeodesicPowerDistribution {
    private final int n;
    private final int k;
    private final String label;
    private final GrassmannGeometry exact;
    private final double deltaMax;

    /**
     * @param exact    the closed forms of the same Gr(n,k), which orthonormalize a mean
     * @param deltaMax the choice of δ_max
     */
    GrassmannSampling(int n, int k, GrassmannGeometry exact, DeltaMax deltaMax) {
        this.n = n;
        this.k = k;
        this.label = "Gr(" + n + "," + k + ")";
        this.exact = exact;
        this.deltaMax = deltaMax.value(n, k);
    }

    /**
     * A uniform point: the sign-fixed thin QR of an n×k standard Gaussian matrix, whose Q is Haar distributed on the
     * Stiefel manifold, so its span is uniform on Gr(n,k). Draws n·k Gaussians (again in the probability-zero event
     * of a numerically rank-deficient draw).
     *
     * @return a new orthonormal n×k basis
     */
    double[] uniform(RandomGenerator rng) {
        while (true) {
            double[] g = new double[n * k];
            for (int i = 0; i < g.length; i++) {
                g[i] = rng.nextGaussian();
            }
            Dense.ThinQr qr = Dense.thinQr(g, n, k);
            if (qr.condition() <= Grassmann.CONDITION_LIMIT) {
                return qr.q();
            }
        }
    }

    /** {@inheritDoc} Here {@link DeltaMax#value} of the manifold's choice. */
    @Override
    public double deltaMax() {
        return deltaMax;
    }

    /**
     * {@inheritDoc}
     *
     * @param mean X, any full-rank n×k basis, row-major (not modified)
     * @return a new orthonormal n×k basis, row-major
     * @throws InvalidInputException  if p is not a finite value &gt; 1, or {@code mean} has the wrong length or a
     *                                non-finite entry
     * @throws NotOnManifoldException if {@code mean} is rank deficient
     */
    @Override
    public double[] sample(double[] mean, double power, RandomGenerator rng) {
        if (!(power > 1) || !Double.isFinite(power)) {
            throw new InvalidInputException("power", "a finite value > 1 (App. C.3: GPD(X, p) needs p > 1)",
                    String.valueOf(power));
        }
        Checks.requireFiniteOfLength("mean", mean, n * k, "n·k for " + label);
        double[] x = Dense.orthonormalityDefect(mean, n, k) <= GrassmannGeometry.ORTHONORMAL_TOLERANCE ? mean
                : exact.orthonormalize("mean", mean);
        return gpd(x, power, rng);
    }

    /**
     * A draw from GPD(X, p) (App. C.3): Y uniform, δ = d(X, Y), result {@code Exp_X((δ/δ_max)^p Log_X Y)}.
     *
     * <p>Computed without an SVD: with A = (Y − X XᵀY)(XᵀY)⁻¹ and AᵀA = V Σ² Vᵀ (so Log_X Y = U arctan(Σ) Vᵀ with
     * U = AVΣ⁻¹), the step by f = (δ/δ_max)^p is {@code X V cos(fΘ) Vᵀ + A V (sin(fΘ)/Σ) Vᵀ}, Θ = arctan Σ, whose
     * coefficients stay finite as σ → 0 (sin(fθ)/σ → f). Then one sign-fixed QR. O(nk² + k³).
     *
     * @param mean  an orthonormal basis of X (not modified)
     * @param power p &gt; 1
     * @return a new orthonormal basis
     */
    private double[] gpd(double[] mean, double power, RandomGenerator rng) {
        while (true) {
            double[] y = uniform(rng);
            double[] xty = Dense.multTransA(mean, n, k, y, k);
            double[] inverse = new double[k * k];
            if (!Dense.invert(xty, k, inverse, new double[k * k])) {
                continue;
            }
            double[] a = y.clone();
            Dense.multAdd(-1, Dense.wrap(n, k, mean), Dense.wrap(k, k, xty), Dense.wrap(n, k, a));
            a = Dense.mult(a, n, k, inverse, k);
            Dense.SymmetricEigen eig = Dense.symmetricEigen(Dense.gram(a, n, k), k);
            double[] sigma = new double[k];
            double[] theta = new double[k];
            double delta2 = 0;
            for (int i = 0; i < k; i++) {
                sigma[i] = Math.sqrt(Math.max(eig.values()[i], 0));
                theta[i] = Math.atan(sigma[i]);
                delta2 += theta[i] * theta[i];
            }
            double f = Math.pow(Math.sqrt(delta2) / deltaMax, power);
            double[] cosine = new double[k];
            double[] sine = new double[k];
            for (int i = 0; i < k; i++) {
                cosine[i] = Math.cos(f * theta[i]);
                sine[i] = sigma[i] > 0 ? Math.sin(f * theta[i]) / sigma[i] : f;
            }
            double[] z = Dense.mult(mean, n, k, eig.withDiagonal(cosine), k);
            Dense.multAdd(1, Dense.wrap(n, k, a), Dense.wrap(k, k, eig.withDiagonal(sine)), Dense.wrap(n, k, z));
            return Dense.thinQr(z, n, k).q();
        }
    }
}

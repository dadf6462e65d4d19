package org.atlasgraph.grassmann;

import java.util.random.RandomGenerator;

/**
 * Random points of Gr(n,k): the uniform (Haar) measure and the geodesic power distribution GPD(X, p) of App. C.3.
 * The random source is the only randomness, so a seeded source replays.
 */
final class GrassmannSampling {
    private final int n;
    private final int k;

    GrassmannSampling(int n, int k) {
        this.n = n;
        this.k = k;
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

    /**
     * A draw from GPD(X, p) (App. C.3): Y uniform, δ = d(X, Y), result {@code Exp_X((δ/δ_max)^p Log_X Y)}.
     *
     * <p>Computed without an SVD: with A = (Y − X XᵀY)(XᵀY)⁻¹ and AᵀA = V Σ² Vᵀ (so Log_X Y = U arctan(Σ) Vᵀ with
     * U = AVΣ⁻¹), the step by f = (δ/δ_max)^p is {@code X V cos(fΘ) Vᵀ + A V (sin(fΘ)/Σ) Vᵀ}, Θ = arctan Σ, whose
     * coefficients stay finite as σ → 0 (sin(fθ)/σ → f). Then one sign-fixed QR. O(nk² + k³).
     *
     * @param mean     an orthonormal basis of X (not modified)
     * @param power    p &gt; 1
     * @param deltaMax δ_max &gt; 0
     * @return a new orthonormal basis
     */
    double[] gpd(double[] mean, double power, double deltaMax, RandomGenerator rng) {
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

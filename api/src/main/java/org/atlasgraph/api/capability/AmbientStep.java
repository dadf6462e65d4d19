package org.atlasgraph.api.capability;

/**
 * One update of an ambient first-order scheme: the point a fraction t of the way from p toward q, such as
 * {@code Exp_p(t·Log_p q)} or a retraction of {@code t·Log_p q}. The online Fréchet mean (Alg. 1 with the schemes of
 * Fig. S1) is {@code M ← step(M, X_{i+1}, 1/(i+1))}; a manifold names the schemes it offers in {@link AmbientSchemes}.
 */
@FunctionalInterface
public interface AmbientStep {
    /**
     * @param p an ambient point (not modified)
     * @param q an ambient point near p (not modified)
     * @param t the fraction, usually in (0, 1]
     * @return a new ambient point
     */
    double[] step(double[] p, double[] q, double t);
}

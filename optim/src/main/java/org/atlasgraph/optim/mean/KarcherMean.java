package org.atlasgraph.optim.mean;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.atlasgraph.api.ChartPoint;
import org.atlasgraph.api.Manifold;
import org.atlasgraph.api.Metric;
import org.atlasgraph.api.Retraction;
import org.atlasgraph.api.TangentVector;
import org.atlasgraph.api.capability.Geodesics;
import org.atlasgraph.api.check.Checks;
import org.atlasgraph.api.check.InvalidInputException;

/**
 * The Fréchet (Karcher) mean of a finite sample, the batch counterpart of {@link OnlineFrechetMean}: Riemannian
 * gradient descent {@code M ← Ret_M((1/N) Σ Log_M X_i)} from the first sample until the mean logarithm is shorter than
 * a tolerance. Its fixed points satisfy {@code Σ Log_M X_i = 0}, the first-order condition of the Fréchet function
 * {@code Σ d(M, X_i)²/2}, whichever retraction takes the steps; the logarithm is the manifold's {@link Geodesics}
 * (exact where the manifold has closed forms). It is the reference an online estimate is measured against when the
 * population mean is not known.
 *
 * @param mean         the mean; empty when it could not be computed (see {@code detail})
 * @param iterations   the gradient steps taken
 * @param gradientNorm the metric norm of the last mean logarithm
 * @param detail       how the computation ended, e.g. {@code "converged in 7 iterations"}, or why there is no mean
 */
public record KarcherMean(Optional<ChartPoint> mean, int iterations, double gradientNorm, String detail) {
    /** Validates that the parts are present. */
    public KarcherMean {
        Objects.requireNonNull(mean, "mean");
        Objects.requireNonNull(detail, "detail");
    }

    /**
     * Computes the mean.
     *
     * @param manifold      the manifold; without {@link Geodesics} the result is empty
     * @param samples       ambient points of the manifold, at least one (not modified, not retained)
     * @param tolerance     stop when {@code ‖(1/N) Σ Log_M X_i‖} is at most this, &gt; 0
     * @param maxIterations the most gradient steps, ≥ 1; the result is empty if they do not reach the tolerance
     * @return the mean, or empty with the reason: no {@link Geodesics}, a logarithm that cannot join the estimate and
     *     a sample, a step across the manifold's edge, or no convergence
     * @throws InvalidInputException if there is no sample or the tolerance or the iteration count is out of range
     * @throws org.atlasgraph.api.check.NotOnManifoldException if a sample is not a point of the manifold
     */
    public static KarcherMean of(Manifold manifold, List<double[]> samples, double tolerance, int maxIterations) {
        Objects.requireNonNull(manifold, "manifold");
        if (samples.isEmpty()) {
            throw new InvalidInputException("samples", "at least one sample", "none");
        }
        Checks.requirePositive("tolerance", tolerance);
        Checks.requirePositive("maxIterations", maxIterations);
        Optional<Geodesics> geodesics = manifold.capability(Geodesics.class);
        if (geodesics.isEmpty()) {
            return new KarcherMean(Optional.empty(), 0, Double.NaN, manifold.name()
                    + " has no Riemannian logarithm (no Geodesics capability)");
        }
        List<ChartPoint> points = new ArrayList<>(samples.size());
        for (double[] x : samples) {
            points.add(manifold.locate(x));
        }
        Metric metric = manifold.metric();
        Retraction retraction = manifold.retraction();
        ChartPoint m = points.get(0);
        double norm = Double.NaN;
        for (int t = 0; t < maxIterations; t++) {
            TangentVector sum = m.zeroTangent();
            for (int i = 0; i < points.size(); i++) {
                Optional<TangentVector> log = geodesics.get().log(m, points.get(i));
                if (log.isEmpty()) {
                    return new KarcherMean(Optional.empty(), t, norm, "the Riemannian logarithm of "
                            + manifold.name() + " cannot join the estimate at iteration " + t + " and sample "
                            + (i + 1));
                }
                sum = sum.plus(log.get());
            }
            TangentVector step = sum.scale(1.0 / points.size());
            norm = metric.norm(m, step);
            if (norm <= tolerance) {
                return new KarcherMean(Optional.of(m), t, norm, "converged in " + t + " iterations (‖mean log‖ = "
                        + Checks.number(norm) + ")");
            }
            Optional<ChartPoint> next = retraction.retract(m, step);
            if (next.isEmpty()) {
                return new KarcherMean(Optional.empty(), t, norm, "the step at iteration " + t
                        + " crosses the edge of " + manifold.name());
            }
            m = next.get();
        }
        return new KarcherMean(Optional.empty(), maxIterations, norm, "did not converge in " + maxIterations
                + " iterations (‖mean log‖ = " + Checks.number(norm) + ")");
    }
}

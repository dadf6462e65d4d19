package org.atlasgraph.optim.cg;

import org.atlasgraph.api.ChartPoint;
import org.atlasgraph.api.Metric;
import org.atlasgraph.api.TangentVector;
import org.atlasgraph.api.VectorTransport;
import org.atlasgraph.optim.linesearch.DirectionRule;

/**
 * The directions of nonlinear conjugate gradients on a manifold: {@code η_{k+1} = −g_{k+1} + β_k T(η_k)} with the
 * previous direction and gradient carried to the new point by the vector transport. Restarts (β = 0) every
 * {@code restartEvery} steps, and where Powell's test finds the new gradient far from orthogonal to the previous one
 * ({@code |⟨g_{k+1}, T(g_k)⟩| ≥ 0.2‖g_{k+1}‖²}, Powell 1977), which is where conjugacy has been lost. The first trial
 * step is the previous step scaled by the ratio of the slopes (Nocedal and Wright 2006, eq. 3.60), and 1/‖g‖ at the
 * start, a step of unit length.
 */
final class ConjugateDirections implements DirectionRule {
    /** Powell's restart threshold. */
    static final double POWELL = 0.2;

    private final ConjugateRule rule;
    private final int restartEvery;
    private final Metric metric;
    private final VectorTransport transport;
    private int sinceRestart;

    ConjugateDirections(ConjugateRule rule, int restartEvery, Metric metric, VectorTransport transport) {
        this.rule = rule;
        this.restartEvery = restartEvery;
        this.metric = metric;
        this.transport = transport;
    }

    @Override
    public Direction first(ChartPoint p, TangentVector gradient, double gradientNorm) {
        sinceRestart = 0;
        return new Direction(gradient.scale(-1), 1 / gradientNorm);
    }

    @Override
    public Direction next(Step step) {
        ChartPoint q = step.to();
        TangentVector g = step.gradientTo();
        double gg = step.gradientNormTo() * step.gradientNormTo();
        TangentVector previousGradient = transport.transport(step.from(), step.gradientFrom(), q);
        TangentVector previousDirection = transport.transport(step.from(), step.direction(), q);
        double previousNormSq = metric.inner(step.from(), step.gradientFrom(), step.gradientFrom());
        TangentVector y = g.minus(previousGradient);
        sinceRestart++;
        double beta = 0;
        boolean powell = Math.abs(metric.inner(q, g, previousGradient)) >= POWELL * gg;
        if (sinceRestart < restartEvery && !powell) {
            beta = rule.beta(gg, previousNormSq, metric.inner(q, g, y), metric.inner(q, previousDirection, y));
        }
        TangentVector eta = g.scale(-1);
        if (beta > 0) {
            eta = eta.plus(previousDirection.scale(beta));
        } else {
            sinceRestart = 0;
        }
        double previousSlope = metric.inner(step.from(), step.gradientFrom(), step.direction());
        double slope = metric.inner(q, g, eta);
        double initial = step.stepSize() * previousSlope / slope;
        return new Direction(eta, initial > 0 && Double.isFinite(initial) ? initial : 1 / step.gradientNormTo());
    }

    @Override
    public void reset() {
        sinceRestart = 0;
    }
}

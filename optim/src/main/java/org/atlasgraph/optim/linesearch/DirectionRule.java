package org.atlasgraph.optim.linesearch;

import org.atlasgraph.api.ChartPoint;
import org.atlasgraph.api.TangentVector;

/**
 * How a line-search method chooses its search directions and first trial steps: the part in which conjugate gradients
 * and L-BFGS differ. One instance serves one run and may keep state (the previous direction, the L-BFGS memory).
 * {@link LineSearchDescent} calls {@link #first}, then {@link #next} after every accepted step; when a direction is
 * not a descent direction, or the line search finds no step along it, it calls {@link #reset} and searches along the
 * negative gradient instead.
 */
public interface DirectionRule {
    /**
     * @param p            the start point
     * @param gradient     grad f(p)
     * @param gradientNorm its metric norm, &gt; 0
     * @return the first direction and step to try
     */
    Direction first(ChartPoint p, TangentVector gradient, double gradientNorm);

    /**
     * @param step the step just accepted
     * @return the direction at {@code step.to()} and the first step size to try along it
     */
    Direction next(Step step);

    /** Forgets what the rule has learned (the previous direction, the L-BFGS memory): a restart. */
    void reset();

    /**
     * A search direction with the step size a line search tries first along it.
     *
     * @param direction   a tangent vector at the current point
     * @param initialStep the first trial step, &gt; 0
     */
    record Direction(TangentVector direction, double initialStep) {
    }

    /**
     * An accepted step {@code to = Ret_from(stepSize · direction)}.
     *
     * @param from         the point the step was taken from
     * @param gradientFrom grad f there
     * @param direction    the search direction there
     * @param stepSize     the accepted step size α
     * @param to           the new point
     * @param gradientTo   grad f at the new point
     * @param gradientNormTo its metric norm
     * @param iteration    the number of steps taken so far, including this one
     */
    record Step(ChartPoint from, TangentVector gradientFrom, TangentVector direction, double stepSize, ChartPoint to,
                TangentVector gradientTo, double gradientNormTo, int iteration) {
    }
}

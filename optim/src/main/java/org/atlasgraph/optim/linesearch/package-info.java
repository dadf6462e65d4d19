/**
 * Line searches along retraction curves and the loop of every line-search method. A {@link
 * org.atlasgraph.optim.linesearch.Line} is the objective along {@code t ↦ Ret_p(tη)} with slopes through the vector
 * transport; {@link org.atlasgraph.optim.linesearch.ArmijoBacktracking} and {@link
 * org.atlasgraph.optim.linesearch.StrongWolfe} choose the step; {@link
 * org.atlasgraph.optim.linesearch.LineSearchDescent} drives a {@link org.atlasgraph.optim.linesearch.DirectionRule}
 * (conjugate gradients, L-BFGS) with either of them. Every trial point is one the retraction returned, so no step
 * leaves the manifold or a chart's image; a step across a learned atlas's edge is an empty trial.
 */
package org.atlasgraph.optim.linesearch;

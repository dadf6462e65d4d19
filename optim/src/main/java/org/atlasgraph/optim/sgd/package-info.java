/**
 * Riemannian stochastic gradient descent on any atlas-graph manifold (§2.4): {@link
 * org.atlasgraph.optim.sgd.RiemannianSgd} steps along the negative Riemannian gradient with the manifold's retraction
 * (quasi-Euclidean updates with chart changes by default), carries optional heavy-ball momentum across steps and chart
 * changes with the vector transport, takes step sizes from a {@link org.atlasgraph.optim.sgd.StepSchedule} or from a
 * line search (Armijo backtracking makes it steepest descent with line search), and stops by the composable stopping
 * rules of {@code org.atlasgraph.optim.descent}, which it shares with conjugate gradients and L-BFGS.
 */
package org.atlasgraph.optim.sgd;

/**
 * Riemannian stochastic gradient descent on any atlas-graph manifold (§2.4): {@link
 * org.atlasgraph.optim.sgd.RiemannianSgd} steps along the negative Riemannian gradient with the manifold's retraction
 * (quasi-Euclidean updates with chart changes by default), carries optional heavy-ball momentum across steps and chart
 * changes with the vector transport, and stops by composable {@link org.atlasgraph.optim.sgd.StoppingRule}s.
 *
 * <p>An {@link org.atlasgraph.optim.sgd.Objective} supplies the gradient in whichever form the user has: a Euclidean
 * gradient in the ambient space (turned into the Riemannian gradient by {@code Metric.riemannianGradient}, right for
 * any metric the manifold states), partial derivatives in chart coordinates (raised by the metric), or the Riemannian
 * gradient itself, possibly a stochastic estimate. Step sizes come from a
 * {@link org.atlasgraph.optim.sgd.StepSchedule}; progress is reported to an
 * {@link org.atlasgraph.optim.sgd.SgdListener}.
 */
package org.atlasgraph.optim.sgd;

/**
 * What every first-order method of this library shares: the {@link org.atlasgraph.optim.descent.Objective} (a
 * Euclidean gradient in the ambient space turned into the Riemannian one by {@code Metric.riemannianGradient}, right
 * for any metric a manifold states; partial derivatives in chart coordinates raised by the metric; or the Riemannian
 * gradient itself, possibly a stochastic estimate), composable {@link org.atlasgraph.optim.descent.StoppingRule}s, the
 * {@link org.atlasgraph.optim.descent.Progress} reported to {@link org.atlasgraph.optim.descent.DescentListener}s, the
 * {@link org.atlasgraph.optim.descent.DescentResult}, and the builder options common to SGD, conjugate gradients and
 * L-BFGS ({@link org.atlasgraph.optim.descent.DescentBuilder}).
 */
package org.atlasgraph.optim.descent;

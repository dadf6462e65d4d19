/**
 * Riemannian L-BFGS: {@link org.atlasgraph.optim.lbfgs.RiemannianLbfgs}, the limited-memory quasi-Newton method whose
 * curvature pairs are carried by the manifold's vector transport, with the cautious update and a line search of
 * {@code org.atlasgraph.optim.linesearch}.
 */
package org.atlasgraph.optim.lbfgs;

/**
 * Riemannian nonlinear conjugate gradients: {@link org.atlasgraph.optim.cg.RiemannianConjugateGradient} with the
 * Fletcher–Reeves, Polak–Ribière+ and Hestenes–Stiefel choices of β ({@link org.atlasgraph.optim.cg.ConjugateRule}),
 * restarts, and a line search of {@code org.atlasgraph.optim.linesearch}; previous directions and gradients reach the
 * new iterate by the manifold's vector transport.
 */
package org.atlasgraph.optim.cg;

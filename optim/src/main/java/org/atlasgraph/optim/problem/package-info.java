/**
 * The built-in optimization problems ({@link org.atlasgraph.optim.problem.Problems}): the Rayleigh quotient on a
 * sphere, the block Rayleigh (Brockett) cost on a Grassmannian and the Karcher mean on any manifold with a Riemannian
 * logarithm, each a {@link org.atlasgraph.optim.problem.Problem} that every first-order method can run from the same
 * start. Written against the SPI: the caller supplies the manifold.
 */
package org.atlasgraph.optim.problem;

/**
 * The Riemannian principal boundary (RPB) of Yao and Zhang (2020), as the paper runs it on a learned atlas (§5,
 * App. E.2): {@link org.atlasgraph.optim.boundary.PrincipalBoundary} integrates, by Euler steps on any atlas-graph
 * manifold of dimension 2 or more, the principal flow of each of two labelled classes (the integral curve of the top
 * eigenvector field of the local tangent covariance of log-mapped neighbours within radius h, with the paper's sign
 * alignment and α-correction toward the local mean logarithm, eq. E.1) and the boundary curve between them, driven by
 * the average (λ = ½) of the two flows' directions transported to it. The result,
 * {@link org.atlasgraph.optim.boundary.BoundaryFit}, holds the three {@link org.atlasgraph.optim.boundary.Curve}s and
 * classifies a point by the side of the boundary it lies on.
 *
 * <p>Everything is written against the SPI: logarithms are the manifold's inverse retraction, steps its retraction,
 * transports its vector transport, inner products its metric. No provider is imported.
 */
package org.atlasgraph.optim.boundary;

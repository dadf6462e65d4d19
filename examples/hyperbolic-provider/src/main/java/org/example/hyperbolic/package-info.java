/**
 * Hyperbolic space H^n in the hyperboloid model, a manifold provider written outside the atlasgraph repository
 * against its published artifacts: the example of the README's "Write your own provider". Its metric, Minkowski's,
 * is not the one the embedding induces, and its charts (Poincaré balls centred anywhere) have bounded images.
 * {@link org.example.hyperbolic.HyperbolicSpace} is the public front door and
 * {@link org.example.hyperbolic.HyperbolicProvider} registers it as provider {@code "hyperbolic"}; the charts, their
 * transitions, the closed-form geometry and the sampler are package-private.
 */
package org.example.hyperbolic;

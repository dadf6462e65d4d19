/**
 * The generic atlas-graph implementations every provider builds on: {@link org.atlasgraph.api.base.AtlasManifold}
 * (the base class of a provider's manifold), the quasi-Euclidean primitives of §2.4
 * ({@link org.atlasgraph.api.base.QuasiEuclideanRetraction},
 * {@link org.atlasgraph.api.base.QuasiEuclideanInverseRetraction},
 * {@link org.atlasgraph.api.base.DifferentialVectorTransport}), the pull-back metric
 * ({@link org.atlasgraph.api.base.PullbackMetric}), the adapters of closed-form geometry to chart points
 * ({@link org.atlasgraph.api.base.ExactPrimitives}), the geodesic power distribution built from a uniform sampler and
 * closed forms ({@link org.atlasgraph.api.base.GeodesicPowerSampling}), and two kernels providers share: dense-vector
 * arithmetic on plain arrays ({@link org.atlasgraph.api.base.Vectors}) and the shortest-path search of Alg. 3
 * ({@link org.atlasgraph.api.base.CsrDijkstra}).
 */
package org.atlasgraph.api.base;

/**
 * The generic atlas-graph implementations every provider builds on: {@link org.atlasgraph.api.base.AtlasManifold}
 * (the base class of a provider's manifold), the quasi-Euclidean primitives of §2.4
 * ({@link org.atlasgraph.api.base.QuasiEuclideanRetraction},
 * {@link org.atlasgraph.api.base.QuasiEuclideanInverseRetraction},
 * {@link org.atlasgraph.api.base.DifferentialVectorTransport}), the pull-back metric
 * ({@link org.atlasgraph.api.base.PullbackMetric}), the adapters of closed-form geometry to chart points
 * ({@link org.atlasgraph.api.base.ExactPrimitives}) and the geodesic power distribution built from a uniform sampler
 * and closed forms ({@link org.atlasgraph.api.base.GeodesicPowerSampling}).
 */
package org.atlasgraph.api.base;

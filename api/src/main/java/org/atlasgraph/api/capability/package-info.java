/**
 * The optional capabilities of a manifold, each a {@link org.atlasgraph.api.Capability} looked up by type with
 * {@code Manifold.capability(Class)}: closed-form geometry ({@link org.atlasgraph.api.capability.ExactGeometry}),
 * geodesic log, transport and distance ({@link org.atlasgraph.api.capability.Geodesics}), sampling
 * ({@link org.atlasgraph.api.capability.Sampler},
 * {@link org.atlasgraph.api.capability.GeodesicPowerDistribution}), speed paths
 * ({@link org.atlasgraph.api.capability.OnlineMeanStep}, {@link org.atlasgraph.api.capability.RunningMean},
 * {@link org.atlasgraph.api.capability.AmbientSchemes}), chart re-centring
 * ({@link org.atlasgraph.api.capability.ChartCentring}) and declared facts
 * ({@link org.atlasgraph.api.capability.LengthScale}, {@link org.atlasgraph.api.capability.Accuracy}). A manifold
 * that lacks one answers empty; nothing here is a method every manifold must carry.
 */
package org.atlasgraph.api.capability;

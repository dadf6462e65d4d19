/**
 * Online Fréchet mean estimation (GiFEE, §3.2, Alg. 1 generalised): {@link org.atlasgraph.optim.mean.OnlineFrechetMean}
 * streams samples X₁, X₂, … of any {@link org.atlasgraph.api.Manifold} through {@code M₁ = X₁},
 * {@code M_{i+1} = step(M_i, X_{i+1}, 1/(i+1))} in constant memory, with the update scheme as a value
 * ({@link org.atlasgraph.optim.mean.FrechetScheme}): {@code atlas} (consistent: normal coordinates at a chart centre
 * that follows the estimate, fused by the manifold's {@code RunningMean} where it has one), {@code alg1} (Alg. 1 as
 * printed: quasi-Euclidean updates with chart changes, fused by the manifold's {@code OnlineMeanStep}), {@code exp}
 * (the geodesic step of closed-form geometry) and whatever ambient schemes the manifold offers (the Grassmannian's
 * baselines of Fig. S1). Listeners ({@link org.atlasgraph.optim.mean.FrechetListener}) run around every update; an
 * {@link org.atlasgraph.optim.mean.UpdateTimer} among them times the updates alone, so that schemes compare as in
 * Fig. 1. The package names no provider: what a scheme needs from a manifold, it asks for as a capability.
 */
package org.atlasgraph.optim.mean;

/**
 * Online Fréchet mean estimation (GiFEE, §3.2, Alg. 1 generalised): {@link org.atlasgraph.optim.mean.OnlineFrechetMean}
 * streams samples X₁, X₂, … of any {@link org.atlasgraph.api.Manifold} through {@code M₁ = X₁},
 * {@code M_{i+1} = step(M_i, X_{i+1}, 1/(i+1))} in constant memory, with the update scheme as a value
 * ({@link org.atlasgraph.optim.mean.FrechetScheme}): {@code atlas} (quasi-Euclidean updates with chart changes; on the
 * Grassmann atlas this is ATLAS_Frechet), the closed-form ambient schemes of Fig. S1 ({@code exp}, {@code gifee},
 * {@code retraction}) and Oja's rule ({@code opca}), the Euclidean baseline. The driver times the updates only, so that
 * the schemes compare as in Fig. 1, and reports every iterate to a {@link org.atlasgraph.optim.mean.FrechetListener}.
 */
package org.atlasgraph.optim.mean;

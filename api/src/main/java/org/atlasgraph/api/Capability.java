package org.atlasgraph.api;

/**
 * Marks an optional capability of a manifold, looked up by type with {@link Manifold#capability}: something a
 * manifold may or may not have (closed-form geodesics, a sampler, a fused update kernel, a declared accuracy), kept out
 * of {@link Manifold} so that a provider implements only what it has. The capabilities live in
 * {@code org.atlasgraph.api.capability}.
 */
public interface Capability {
}

/**
 * Provider discovery: a {@link org.atlasgraph.api.spi.ManifoldProvider} registered in
 * {@code META-INF/services/org.atlasgraph.api.spi.ManifoldProvider} is found by {@link java.util.ServiceLoader}
 * ({@link org.atlasgraph.api.spi.Providers}) and creates manifolds from named, typed, validated parameters
 * ({@link org.atlasgraph.api.spi.ParameterSpec}, {@link org.atlasgraph.api.spi.ProviderParameters}). This is how the
 * {@code atlas} command and the TCK reach a manifold that somebody else wrote.
 */
package org.atlasgraph.api.spi;

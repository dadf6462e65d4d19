/**
 * The conformance kit: rules that every {@link org.atlasgraph.api.Manifold} must pass, each with a stable ID
 * ({@link org.atlasgraph.tck.RuleId}, {@code AREA-n}), a {@link org.atlasgraph.tck.Level}, a one-line statement and a
 * failure message {@code [ID] statement · measured vs bound · where · hint} that names the seed, so that every
 * failure replays. The rules check the contracts of §2 of the paper against independent references: the exact
 * geometry where a manifold has it (first-order agreement of the retraction with Exp, Claim 2.1 and App. A; accuracy
 * of the vector transport, App. B), round trips, finite differences and ambient inner products otherwise.
 *
 * <p>Run it from JUnit by extending {@link org.atlasgraph.tck.ManifoldVerification} (one test per rule of
 * {@link org.atlasgraph.tck.ManifoldVerificationRules}), or without JUnit through
 * {@link org.atlasgraph.tck.ConformanceKit} (the {@code atlas tck} command). {@link org.atlasgraph.tck.TckSettings}
 * holds the seed, the length scale and the tolerances ({@code Accuracy}), read from the manifold's own declarations
 * by {@link org.atlasgraph.tck.TckSettings#forManifold} in both routes; {@link org.atlasgraph.tck.TckFixtures} carries
 * optional fixtures (points, off-manifold points, the provider). The kit calls every primitive through
 * {@code ValidatingManifold} and measures with the metric the manifold states; fixtures for provider authors (a
 * forwarding manifold, a reference manifold and broken variants of it) are in {@code org.atlasgraph.tck.fixture}.
 */
package org.atlasgraph.tck;

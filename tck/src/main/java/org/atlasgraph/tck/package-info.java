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
 * and {@link org.atlasgraph.tck.Tolerances} hold the seed and the bounds, strict for exact providers and relaxed,
 * with a stated justification, for approximate ones such as a learned point-cloud atlas;
 * {@link org.atlasgraph.tck.TckFixtures} carries optional fixtures (points, off-manifold points, the provider).
 */
package org.atlasgraph.tck;

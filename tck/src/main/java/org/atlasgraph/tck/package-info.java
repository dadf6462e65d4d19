/**
 * The conformance kit: rules that every {@link org.atlasgraph.api.Manifold} must pass, with stable IDs, one-line
 * statements and failure messages that say what was measured against which bound. Run it from JUnit by extending
 * {@code ManifoldVerification}, or without JUnit through {@link org.atlasgraph.tck.ConformanceKit} (the
 * {@code atlas tck} command).
 */
package org.atlasgraph.tck;

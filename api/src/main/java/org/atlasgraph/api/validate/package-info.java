/**
 * {@link org.atlasgraph.api.validate.ValidatingManifold}, a decorator that checks every input to and output of any
 * manifold (ManifoldsBase's {@code ValidationManifold}), for the conformance kit, tests and {@code atlas --validate}.
 */
package org.atlasgraph.api.validate;

/**
 * The interchangeable first-order primitives of a manifold: {@link org.atlasgraph.api.primitive.Retraction},
 * {@link org.atlasgraph.api.primitive.InverseRetraction}, {@link org.atlasgraph.api.primitive.VectorTransport},
 * {@link org.atlasgraph.api.primitive.Metric} and {@link org.atlasgraph.api.primitive.Distance}, each a small interface
 * whose contract names the TCK rules that check it, as in ManifoldsBase's {@code retract(M, p, X, method)}.
 *
 * <p>The generic atlas-graph implementations of §2.4 live here, so that every provider gets them for free:
 * {@link org.atlasgraph.api.primitive.QuasiEuclideanRetraction},
 * {@link org.atlasgraph.api.primitive.QuasiEuclideanInverseRetraction} and
 * {@link org.atlasgraph.api.primitive.DifferentialVectorTransport}. The optional
 * {@link org.atlasgraph.api.primitive.ExactGeometry} capability (closed-form exp, log, parallel transport) works on
 * ambient representations and serves as the TCK's reference and the benchmarks' baseline;
 * {@link org.atlasgraph.api.primitive.ExactPrimitives} adapts it to chart points.
 */
package org.atlasgraph.api.primitive;

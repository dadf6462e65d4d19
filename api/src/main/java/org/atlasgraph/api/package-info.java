/**
 * The atlas-graph SPI (§2 of the paper): a {@link org.atlasgraph.api.Manifold} is a set of compressed coordinate
 * {@link org.atlasgraph.api.Chart charts} joined by {@link org.atlasgraph.api.Transition transition maps} into an
 * {@link org.atlasgraph.api.AtlasGraph}, and points and tangent vectors are computed on as chart coordinates
 * ({@link org.atlasgraph.api.ChartPoint}, {@link org.atlasgraph.api.TangentVector},
 * {@link org.atlasgraph.api.Coordinates}). The primitives are small interchangeable values
 * ({@link org.atlasgraph.api.Retraction}, {@link org.atlasgraph.api.InverseRetraction},
 * {@link org.atlasgraph.api.VectorTransport}, {@link org.atlasgraph.api.Metric}, {@link org.atlasgraph.api.Distance});
 * the metric is the one the manifold states ({@link org.atlasgraph.api.AmbientMetric}); optional abilities are
 * {@link org.atlasgraph.api.Capability capabilities}.
 *
 * <p>The packages are layered, lowest first, and a package uses only those below it: {@code check} (validation) ←
 * this package ← {@code capability} ← {@code base} (generic implementations, {@code AtlasManifold}) ← {@code validate},
 * {@code spi}.
 *
 * <p>Optimizers in {@code optim} and the conformance kit in {@code tck} are written against these types only; the
 * providers ({@code sphere}, {@code grassmann}, {@code pointcloud}) implement them. Values are immutable; arrays that
 * cross the boundary are copied or documented as owned.
 */
package org.atlasgraph.api;

/**
 * The Grassmann manifold Gr(n,k) behind the atlas-graph SPI (§3.1, App. C, App. G of the paper):
 * {@link org.atlasgraph.grassmann.Grassmann} is the public front door ({@code Grassmann.of(n, k)}, the uniform and
 * geodesic-power samplers) and {@link org.atlasgraph.grassmann.GrassmannProvider} registers it as provider
 * {@code "grassmann"}. Package-private: the Ehresmann and ad hoc charts ({@code GrassmannChart}, with the rotation
 * Q_C of Claim 3.1 in low-rank form, {@code QaRotation}), the lazy atlas and its transitions, the metric, the
 * closed-form geometry of Fig. S1 ({@code GrassmannGeometry}) and the allocation-free ingest kernel
 * ({@code GrassmannKernels}). No class here forms an n×n matrix.
 */
package org.atlasgraph.grassmann;

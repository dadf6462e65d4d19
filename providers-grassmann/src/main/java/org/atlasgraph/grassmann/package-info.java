/**
 * The Grassmann manifold Gr(n,k) behind the atlas-graph SPI (§3.1, App. C, App. G of the paper):
 * {@link org.atlasgraph.grassmann.Grassmann} is the public front door ({@code Grassmann.of(n, k)}, its capabilities:
 * exact geometry, the ambient schemes of §3.2, the fused online-mean step, the uniform and geodesic-power samplers,
 * chart centring), {@link org.atlasgraph.grassmann.DeltaMax} the choice of δ_max for the geodesic power distribution,
 * and {@link org.atlasgraph.grassmann.GrassmannProvider} registers it as provider {@code "grassmann"}.
 * Package-private: the Ehresmann and ad hoc charts ({@code GrassmannChart}, with the rotation Q_C of Claim 3.1 in
 * low-rank form, {@code QaRotation}), the lazy atlas and its transitions, the metric, the closed-form geometry of
 * Fig. S1 ({@code GrassmannGeometry}), Oja's rule ({@code OjaStep}) and the allocation-free ingest kernels
 * ({@code GrassmannKernels}, with the optional {@code VectorKernels} on the JDK Vector API and {@code BlasKernels}
 * on OpenBLAS). No class here forms an n×n matrix.
 */
package org.atlasgraph.grassmann;

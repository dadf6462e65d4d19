/**
 * Building blocks of {@code atlas report} (issue 13): the evidence the paper gives for a learned atlas, computed by
 * independent means on plain point clouds ({@code double[][]}, one row a point).
 *
 * <p>Four parts, each usable on its own: the baselines of Fig. 4 and Fig. 5 ({@link org.atlasgraph.report.Baseline}:
 * PCA-2, PCA-5, Isomap, t-SNE, UMAP, with geodesic distances on a neighbour graph of each embedding as App. F does,
 * {@link org.atlasgraph.report.NeighbourGraph}); ground-truth geodesic distances on a parametrized surface such as the
 * Klein bottle of §4.3.1 ({@link org.atlasgraph.report.SurfaceGeodesics}, which states its own error); persistent
 * homology by the Ripser binary with bottleneck distances and Betti numbers read off the diagrams
 * ({@link org.atlasgraph.report.Ripser}, {@link org.atlasgraph.report.BottleneckDistance},
 * {@link org.atlasgraph.report.BettiNumbers}); and a self-contained HTML page with PNG figures
 * ({@link org.atlasgraph.report.HtmlReport}, {@link org.atlasgraph.report.Figures}) that
 * {@link org.atlasgraph.report.BrowserCheck} renders in headless Chromium.
 */
package org.atlasgraph.report;

/**
 * {@code atlas report}: the paper's experiments run end to end and written as one HTML page
 * ({@link org.atlasgraph.report.experiments.AtlasReport}). Each part is a class that computes its evidence and
 * renders it: the online Fréchet mean on the Grassmannian (Fig. 1), the learned Klein atlas and its geodesic distances
 * against the baselines (Fig. 3, Fig. 4), persistent homology (Fig. 5) and the principal boundary (Fig. 6). Sizes come
 * from {@link org.atlasgraph.report.experiments.ReportSettings}, progress goes to a
 * {@link org.atlasgraph.report.experiments.ReportListener}, and the outcome is a
 * {@link org.atlasgraph.report.experiments.ReportSummary}.
 */
package org.atlasgraph.report.experiments;

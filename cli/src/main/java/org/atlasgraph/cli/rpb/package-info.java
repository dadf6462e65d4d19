/**
 * Input, output and plots of {@code atlas rpb}, the principal-boundary subcommand (§5): labelled point tables in CSV
 * ({@link org.atlasgraph.cli.rpb.LabelledTable}), prediction files, and PNG plots of the principal flows and the
 * boundary over the data ({@link org.atlasgraph.cli.rpb.BoundaryPlots}), in the (θ, φ) square of the Klein bottle as
 * in Fig. 6 of the paper or, for other data, in the plane of their first two principal components.
 */
package org.atlasgraph.cli.rpb;

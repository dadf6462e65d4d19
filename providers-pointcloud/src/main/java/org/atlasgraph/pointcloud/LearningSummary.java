package org.atlasgraph.pointcloud;

/**
 * What learning an atlas found: the numbers {@code atlas learn} prints and saves with the atlas.
 *
 * @param pointCount         N, the number of training points
 * @param dimension          d
 * @param dimensionEstimated whether d was estimated from the data (else given by the user)
 * @param radius             the chart radius r
 * @param radiusDerived      whether r was derived from the data (else given by the user)
 * @param chartCount         the number of charts
 * @param overlapCount       the number of pairs of overlapping charts (undirected edges of the atlas graph)
 * @param coverage           the fraction of training points inside the transition boundary of some chart
 * @param rmsFitResidual     root-mean-square distance of the training points from the quadratic surface of the chart
 *                           they belong to
 * @param maxFitResidual     the largest such distance
 * @param seed               the seed of the learning run
 */
public record LearningSummary(int pointCount, int dimension, boolean dimensionEstimated, double radius,
                              boolean radiusDerived, int chartCount, int overlapCount, double coverage,
                              double rmsFitResidual, double maxFitResidual, long seed) {
}

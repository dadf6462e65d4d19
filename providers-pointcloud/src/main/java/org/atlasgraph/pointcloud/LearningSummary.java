package org.atlasgraph.pointcloud;

import java.util.List;
import java.util.Objects;

/**
 * What learning an atlas found: the numbers {@code atlas learn} prints and saves with the atlas.
 *
 * @param pointCount         N, the number of training points learned from (after duplicates and outliers were
 *                           removed)
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
 * @param inputCount         the number of points given
 * @param duplicateCount     points removed because they repeat an earlier point exactly
 * @param outlierCount       points removed as outliers: far from the rest of the data at the scale of the charts
 * @param spanDimension      p, the dimension of the affine span the data were learned in ({@link AtlasModel.Span}),
 *                           D when no direction was dropped
 * @param linearChartCount   charts whose points determine no quadratic, fitted as linear charts
 *                           ({@link ChartModel#fit()})
 * @param dimensionEvidence  the eigengap profile behind an estimated d: entry i − 1 is the mean normalized gap
 *                           {@code (√λᵢ − √λᵢ₊₁)/√λ₁} of local PCA after index i ({@code IntrinsicDimension}); d is the
 *                           index of the largest. Empty when d was given
 */
public record LearningSummary(int pointCount, int dimension, boolean dimensionEstimated, double radius,
                              boolean radiusDerived, int chartCount, int overlapCount, double coverage,
                              double rmsFitResidual, double maxFitResidual, long seed, int inputCount,
                              int duplicateCount, int outlierCount, int spanDimension, int linearChartCount,
                              List<Double> dimensionEvidence) implements java.io.Serializable {
    /** Copies the evidence. */
    public LearningSummary {
        dimensionEvidence = List.copyOf(Objects.requireNonNull(dimensionEvidence, "dimensionEvidence"));
    }
}

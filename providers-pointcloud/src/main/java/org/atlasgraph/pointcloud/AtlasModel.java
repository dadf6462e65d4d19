package org.atlasgraph.pointcloud;

import java.util.List;
import java.util.Objects;
import org.atlasgraph.api.check.InvalidInputException;

/**
 * Everything that defines a learned atlas, and exactly what {@code AtlasJson} saves: the charts, which charts overlap,
 * the tolerance for points off the atlas, and the summary of the learning run. {@link PointCloudAtlas#model()} and
 * {@link PointCloudAtlas#fromModel} convert in both directions without loss.
 *
 * @param charts            the chart parameters, in chart-index order
 * @param overlaps          the pairs of overlapping charts, each with {@code first < second}
 * @param offAtlasTolerance the largest distance from the charts' surfaces at which an ambient point is accepted
 * @param summary           the learning run's summary
 */
public record AtlasModel(List<ChartModel> charts, List<Overlap> overlaps, double offAtlasTolerance,
                         LearningSummary summary) {
    /**
     * An edge of the atlas graph: two charts whose balls share training points.
     *
     * @param first  the smaller chart index
     * @param second the larger chart index
     */
    public record Overlap(int first, int second) {
    }

    /**
     * Validates that the charts agree on D and d, that overlaps name existing charts, and that the tolerance is
     * positive.
     *
     * @throws InvalidInputException naming the offending entry
     */
    public AtlasModel {
        Objects.requireNonNull(summary, "summary");
        charts = List.copyOf(Objects.requireNonNull(charts, "charts"));
        overlaps = List.copyOf(Objects.requireNonNull(overlaps, "overlaps"));
        if (charts.isEmpty()) {
            throw new InvalidInputException("charts", "at least one chart", "none");
        }
        int ambient = charts.get(0).ambientDimension();
        int d = charts.get(0).dimension();
        for (int i = 1; i < charts.size(); i++) {
            ChartModel c = charts.get(i);
            if (c.ambientDimension() != ambient || c.dimension() != d) {
                throw new InvalidInputException("charts[" + i + "]", "D = " + ambient + ", d = " + d
                        + " like charts[0]", "D = " + c.ambientDimension() + ", d = " + c.dimension());
            }
        }
        for (int i = 0; i < overlaps.size(); i++) {
            Overlap o = overlaps.get(i);
            if (o.first() < 0 || o.first() >= o.second() || o.second() >= charts.size()) {
                throw new InvalidInputException("overlaps[" + i + "]", "two chart indices 0 ≤ first < second < "
                        + charts.size(), "[" + o.first() + ", " + o.second() + "]");
            }
        }
        if (!(offAtlasTolerance > 0) || !Double.isFinite(offAtlasTolerance)) {
            throw new InvalidInputException("offAtlasTolerance", "a finite value > 0",
                    String.valueOf(offAtlasTolerance));
        }
        if (summary.dimension() != d) {
            throw new InvalidInputException("summary.dimension", "d = " + d + " of the charts",
                    String.valueOf(summary.dimension()));
        }
    }

    /** @return D */
    public int ambientDimension() {
        return charts.get(0).ambientDimension();
    }

    /** @return d */
    public int dimension() {
        return charts.get(0).dimension();
    }
}

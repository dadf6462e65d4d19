package org.atlasgraph.spark;

import java.io.Serializable;
import org.atlasgraph.pointcloud.ChartModel;
import org.atlasgraph.pointcloud.LearningStages;
import org.atlasgraph.pointcloud.QuadraticChart;

/**
 * Chart models broadcast to the executors, and the charts built from them once per executor on first use (a chart
 * precomputes its boundary quartic, which is not worth shipping).
 */
final class ChartSet implements Serializable {
    private static final long serialVersionUID = 1L;

    private final ChartModel[] models;
    private transient volatile QuadraticChart[] charts;

    /** @param models the models, by chart index (null entries for charts that are not needed) */
    ChartSet(ChartModel[] models) {
        this.models = models.clone();
    }

    /** @return the charts, by index (null where the model is null) */
    QuadraticChart[] charts() {
        QuadraticChart[] c = charts;
        if (c == null) {
            synchronized (this) {
                c = charts;
                if (c == null) {
                    c = new QuadraticChart[models.length];
                    for (int i = 0; i < c.length; i++) {
                        c[i] = models[i] == null ? null : LearningStages.chart(i, models[i]);
                    }
                    charts = c;
                }
            }
        }
        return c;
    }

    /** @return the model of chart i */
    ChartModel model(int i) {
        return models[i];
    }

    /** @return the number of charts */
    int size() {
        return models.length;
    }
}

package org.atlasgraph.spark;

import org.apache.spark.broadcast.Broadcast;
import org.atlasgraph.pointcloud.AtlasModel;
import org.atlasgraph.pointcloud.PointCloudAtlas;

/**
 * The learned atlas of a broadcast model, built once per executor JVM and shared by its tasks: building an atlas and,
 * on the first geodesic query, its dense neighbour graph (Alg. 2) costs far more than a task's rows.
 */
final class AtlasCache {
    private static long id = -1;
    private static PointCloudAtlas atlas;

    private AtlasCache() {
    }

    /**
     * @param model the broadcast model
     * @return its atlas (the one built earlier in this JVM for the same broadcast, if any)
     */
    static synchronized PointCloudAtlas of(Broadcast<AtlasModel> model) {
        if (model.id() != id) {
            atlas = PointCloudAtlas.fromModel(model.value());
            id = model.id();
        }
        return atlas;
    }
}

/**
 * Approximate atlas graphs learned from point clouds (§4, App. F): {@link org.atlasgraph.pointcloud.PointCloudAtlas}
 * learns charts that are graphs of quadratics over local tangent planes, with SVM-learned transition boundaries, and
 * computes the primitives of §4.2 on them; {@link org.atlasgraph.pointcloud.PointCloudProvider} registers it as
 * provider {@code "pointcloud"}. {@link org.atlasgraph.pointcloud.QuadraticChart} and the records
 * {@link org.atlasgraph.pointcloud.ChartModel}, {@link org.atlasgraph.pointcloud.AtlasModel} and
 * {@link org.atlasgraph.pointcloud.LearningSummary} expose what was learned; the kernels (fits, SVM, dense neighbour
 * graph, shortest-path logarithm) are package-private.
 */
package org.atlasgraph.pointcloud;

/**
 * Approximate atlas graphs learned from point clouds (§4, App. F): {@link org.atlasgraph.pointcloud.PointCloudAtlas}
 * learns charts that are graphs of quadratics over local tangent planes, with SVM-learned transition boundaries, and
 * computes the primitives of §4.2 on them; {@link org.atlasgraph.pointcloud.PointCloudProvider} registers it as
 * provider {@code "pointcloud"}. {@link org.atlasgraph.pointcloud.QuadraticChart} and the records
 * {@link org.atlasgraph.pointcloud.ChartModel}, {@link org.atlasgraph.pointcloud.AtlasModel} and
 * {@link org.atlasgraph.pointcloud.LearningSummary} expose what was learned. The parts behind the front door are
 * package-private and named for what they are in the paper: learning ({@code AtlasLearner} and its stages' kernels:
 * fits, r-net, SVM), chart membership, the quasi-Euclidean update, the approximate geodesics of Alg. 3 (routed on a
 * landmark graph and refined in the charts), the atlas sampler of App. E.1 and the declared accuracy.
 */
package org.atlasgraph.pointcloud;

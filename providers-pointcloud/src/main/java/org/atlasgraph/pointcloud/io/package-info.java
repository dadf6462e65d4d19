/**
 * Files for learned atlases: {@link org.atlasgraph.pointcloud.io.AtlasJson} saves and loads an atlas as JSON (exact
 * round trip, atomic writes, corrupted files rejected with the path of the bad field), and
 * {@link org.atlasgraph.pointcloud.io.PointCloudFiles} reads point clouds from NumPy {@code .npy} and CSV files.
 */
package org.atlasgraph.pointcloud.io;

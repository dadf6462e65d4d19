/**
 * Built-in data sets for learning atlases: {@link org.atlasgraph.pointcloud.data.KleinPatches}, the 3×3 high-contrast
 * image patches of §4.3.1 that lie on a Klein bottle in R⁹, with their parameters (θ, φ) and their convex / concave
 * labels ({@link org.atlasgraph.pointcloud.data.PatchLabel}).
 */
package org.atlasgraph.pointcloud.data;

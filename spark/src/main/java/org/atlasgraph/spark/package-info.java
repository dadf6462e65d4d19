/**
 * Learning and querying point-cloud atlases on Apache Spark (issue 14): {@link org.atlasgraph.spark.SparkAtlasLearner}
 * learns the atlas the single-machine learner learns, in passes over the partitions of the data that add up
 * per-point contributions, so the driver never holds the data set; {@link org.atlasgraph.spark.AtlasQueries} computes
 * geodesic distances, chart membership and samples as Parquet or CSV partitions;
 * {@link org.atlasgraph.spark.DistributedFrechetMean} merges per-partition online means;
 * {@link org.atlasgraph.spark.SparkAtlasMain} is the {@code spark-submit} entry point.
 */
package org.atlasgraph.spark;

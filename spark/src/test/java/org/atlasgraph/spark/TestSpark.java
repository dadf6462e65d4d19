package org.atlasgraph.spark;

import org.apache.spark.sql.SparkSession;

/** The one Spark session of the module's tests: {@code local[2]}, no UI, few shuffle partitions. */
final class TestSpark {
    private TestSpark() {
    }

    static synchronized SparkSession session() {
        return SparkSession.builder().master("local[2]").appName("atlasgraph-spark tests")
                .config("spark.ui.enabled", "false").config("spark.sql.shuffle.partitions", "4")
                .config("spark.log.level", "WARN").config("spark.ui.showConsoleProgress", "false").getOrCreate();
    }
}

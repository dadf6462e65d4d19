package org.atlasgraph.spark;

import org.apache.spark.sql.SparkSession;

/**
 * Creates the Spark session of a command: the master, an application name, and the log level. Any other Spark
 * property comes from the usual places: {@code spark-submit --conf}, {@code spark-defaults.conf}, or a JVM system
 * property {@code -Dspark.…} (e.g. {@code ATLAS_JAVA_OPTS=-Dspark.driver.memory=4g}).
 */
public final class SparkSessions {
    /** Spark logs at INFO by default, a screen per job; warnings and errors are what a command-line user reads. */
    static final String LOG_LEVEL = "WARN";

    private SparkSessions() {
    }

    /**
     * @param master  the master URL, e.g. {@code local[*]}; empty to keep the one {@code spark-submit} set
     * @param appName the application's name in Spark's UI and logs
     * @return the session (an existing one in this JVM is reused)
     */
    public static SparkSession create(String master, String appName) {
        SparkSession.Builder b = SparkSession.builder().appName(appName).config("spark.log.level", LOG_LEVEL)
                .config("spark.ui.showConsoleProgress", "false");
        if (!master.isEmpty()) {
            b.master(master);
        }
        return b.getOrCreate();
    }
}

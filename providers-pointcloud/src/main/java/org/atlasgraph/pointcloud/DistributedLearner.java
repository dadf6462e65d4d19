package org.atlasgraph.pointcloud;

import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import org.atlasgraph.api.check.InvalidInputException;

/**
 * A learner of point-cloud atlases that runs outside this JVM's memory, e.g. on Apache Spark (the {@code spark}
 * module's {@code SparkAtlasLearner}): it learns the atlas the single-machine learner learns, without ever holding
 * the points. Found with {@link java.util.ServiceLoader} ({@code META-INF/services}), so that the command line can
 * offer {@code atlas learn --spark} without depending on the module that implements it: the launcher puts that module
 * on the class path only when it is asked for.
 */
public interface DistributedLearner {
    /** @return the name by which the learner is chosen, e.g. {@code "spark"} */
    String name();

    /**
     * Learns an atlas.
     *
     * @param request  what to learn from, where, and the settings
     * @param progress receives the stages as they run
     * @return the model of the learned atlas
     * @throws InvalidInputException if the input is missing or malformed (one line naming it), or too small
     */
    AtlasModel learn(Request request, LearningProgress progress);

    /**
     * What a distributed learner is asked to do.
     *
     * @param master     where to run: {@code local[*]}, {@code local[2]}, {@code spark://host:7077}, {@code yarn},
     *                   {@code k8s://…}
     * @param input      a Parquet, {@code .npy} or CSV file or a directory of them; empty to generate the built-in
     *                   data set on the workers
     * @param dataset    the built-in data set when there is no input ({@code klein})
     * @param count      the number of points of the built-in data set
     * @param dimension  d, or empty to estimate it
     * @param radius     r, or empty to derive it
     * @param seed       the seed of the data set and of every random choice of learning
     * @param svmSample  the largest number of ball points each boundary SVM is trained on
     * @param partitions the number of partitions of the data, or empty for the default of the input or master
     */
    record Request(String master, Optional<String> input, String dataset, long count, OptionalInt dimension,
                   OptionalDouble radius, long seed, int svmSample, OptionalInt partitions) {
    }
}

package org.atlasgraph.spark;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.storage.StorageLevel;
import org.atlasgraph.api.check.InvalidInputException;

/**
 * A data set of points of R^D on Spark, in a fixed order: its partitions in order, and each partition's points in
 * order, the same in every pass. A point's index is its position in that order; the learner's subsamples are drawn by
 * position, as the single-machine learner draws them from its array.
 *
 * <p>Made by {@link PointSources}; {@link #validated} runs the first pass, which parses every cell (so a malformed one
 * fails there, naming its file, line and column), counts the points of every partition and of every file, and refuses
 * an input file without points.
 */
final class PointSet {
    private final JavaRDD<double[]> rdd;
    private final int ambient;
    private final int[] partitionFile;
    private final List<String> fileLabels;
    private long[] offsets;

    /**
     * @param rdd           the points; each partition's in order
     * @param ambient       D
     * @param partitionFile for each partition, the index of the file it reads in {@code fileLabels}, or −1
     * @param fileLabels    each input file as messages name it, e.g. {@code --input 'dir/part-0.csv'}
     */
    PointSet(JavaRDD<double[]> rdd, int ambient, int[] partitionFile, List<String> fileLabels) {
        this.rdd = rdd;
        this.ambient = ambient;
        this.partitionFile = partitionFile.clone();
        this.fileLabels = List.copyOf(fileLabels);
    }

    /** @return the points */
    JavaRDD<double[]> rdd() {
        return rdd;
    }

    /** @return D */
    int ambientDimension() {
        return ambient;
    }

    /**
     * Keeps the parsed points on the executors (memory, spilling to disk) for the passes that follow; a generated
     * data set is cheaper to generate again.
     *
     * @return this
     */
    PointSet cached() {
        rdd.persist(StorageLevel.MEMORY_AND_DISK());
        return this;
    }

    /**
     * The first pass: parses and counts.
     *
     * @return this, with {@link #offsets()}
     * @throws InvalidInputException naming the file, line and column of a malformed cell, or a file without points
     */
    PointSet validated() {
        List<long[]> counts = SparkErrors.unwrapped(() -> rdd.mapPartitionsWithIndex((p, it) -> {
            long n = 0;
            while (it.hasNext()) {
                it.next();
                n++;
            }
            return Collections.singletonList(new long[] {p, n}).iterator();
        }, true).collect());
        long[] perPartition = new long[partitionFile.length];
        long[] perFile = new long[fileLabels.size()];
        for (long[] c : counts) {
            perPartition[(int) c[0]] = c[1];
            int file = partitionFile[(int) c[0]];
            if (file >= 0) {
                perFile[file] += c[1];
            }
        }
        for (int f = 0; f < perFile.length; f++) {
            if (perFile[f] == 0) {
                throw new InvalidInputException(fileLabels.get(f), "at least one point", "none (an empty file)");
            }
        }
        long[] start = new long[perPartition.length + 1];
        for (int p = 0; p < perPartition.length; p++) {
            start[p + 1] = start[p] + perPartition[p];
        }
        if (start[perPartition.length] == 0) {
            throw new InvalidInputException(fileLabels.isEmpty() ? "points" : fileLabels.get(0), "at least one point",
                    "none");
        }
        offsets = start;
        return this;
    }

    /** @return for each partition the index of its first point, and the number of points N last */
    long[] offsets() {
        if (offsets == null) {
            throw new IllegalStateException("the points are not yet validated");
        }
        return offsets.clone();
    }

    /** @return N */
    long count() {
        return offsets()[partitionFile.length];
    }

    /** @return the number of partitions */
    int partitions() {
        return partitionFile.length;
    }

    /** @return the input files as messages name them */
    List<String> files() {
        return new ArrayList<>(fileLabels);
    }
}

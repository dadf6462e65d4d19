package org.atlasgraph.pointcloud;

import java.util.Arrays;
import org.atlasgraph.api.check.Checks;
import org.atlasgraph.api.check.InvalidInputException;

/**
 * The validation of a point cloud handed to {@link PointCloudAtlas#builder}, at the public boundary of learning: shapes
 * and finiteness are checked, and points that repeat an earlier point exactly are dropped and counted (a repeated
 * point adds no information about the manifold and would only weigh its neighbourhood twice).
 */
final class TrainingPoints {
    private static final int MAX_AMBIENT_DIMENSION = PointCloudAtlas.Builder.MAX_AMBIENT_DIMENSION;

    private TrainingPoints() {
    }

    /**
     * The distinct points.
     *
     * @param points     copies of the distinct rows, in their first order
     * @param inputCount the number of rows given
     * @param duplicates the number of rows dropped as repeats of an earlier row
     */
    record Distinct(double[][] points, int inputCount, int duplicates) {
    }

    /**
     * @param raw N points of R^D, one per row (not modified)
     * @return copies of the distinct rows
     * @throws InvalidInputException if the array is null or empty, a row is null or ragged, an entry is not finite,
     *     or D is outside [2, {@value #MAX_AMBIENT_DIMENSION}]
     */
    static Distinct validated(double[][] raw) {
        if (raw == null || raw.length == 0) {
            throw new InvalidInputException("points", "a non-empty N×D array", "no points");
        }
        if (raw.length > MAX_POINTS) {
            throw new InvalidInputException("points", "at most " + MAX_POINTS + " points (learn from a random "
                    + "subsample, or with --spark)", raw.length + " points");
        }
        if (raw[0] == null) {
            throw new InvalidInputException("points[0]", "a row of length D", "null");
        }
        int d = raw[0].length;
        if (d < 2 || d > MAX_AMBIENT_DIMENSION) {
            throw new InvalidInputException("points", "between 2 and " + MAX_AMBIENT_DIMENSION + " columns (a "
                    + "manifold of dimension d is learned in R^D with D ≥ d + 1)",
                    d + (d == 1 ? " column" : " columns"));
        }
        int n = raw.length;
        double[][] copy = new double[n][];
        for (int i = 0; i < n; i++) {
            if (raw[i] == null || raw[i].length != d) {
                throw new InvalidInputException("points[" + i + "]", "length " + d + " like points[0]",
                        raw[i] == null ? "null" : String.valueOf(raw[i].length));
            }
            copy[i] = finite(i, raw[i].clone());
        }
        boolean[] repeat = repeats(copy);
        int kept = 0;
        for (int i = 0; i < n; i++) {
            if (!repeat[i]) {
                copy[kept++] = copy[i];
            }
        }
        return new Distinct(kept == n ? copy : Arrays.copyOf(copy, kept), n, n - kept);
    }

    /**
     * @return the row, all of whose entries are finite
     * @throws InvalidInputException naming {@code points[i][j]}, as {@link Checks#requireFinite} does, if one is not
     *     (its name is made only then: for every row of a large cloud it cost more than the check)
     */
    private static double[] finite(int i, double[] row) {
        for (double v : row) {
            if (!Double.isFinite(v)) {
                return Checks.requireFinite("points[" + i + "]", row);
            }
        }
        return row;
    }

    /**
     * Finds the rows that repeat an earlier row exactly (−0.0 and 0.0 are the same coordinate): rows are sorted by 40
     * bits of a hash of their values, and only rows of equal hash are compared, so the cost is O(N log N + N·D) with
     * no boxing. Within a group of equal hashes, rows come in index order, so the first of equal rows is kept.
     *
     * @return for each row, whether an earlier row equals it
     */
    private static boolean[] repeats(double[][] rows) {
        int n = rows.length;
        // the top 40 bits of a row's hash and its index, packed so that a primitive sort groups equal hashes
        long[] keys = new long[n];
        java.util.stream.IntStream.range(0, n).parallel().forEach(i -> keys[i] = (hash(rows[i]) & ~INDEX_MASK) | i);
        Arrays.parallelSort(keys);
        boolean[] repeat = new boolean[n];
        for (int start = 0; start < n; ) {
            int end = start + 1;
            while (end < n && (keys[end] & ~INDEX_MASK) == (keys[start] & ~INDEX_MASK)) {
                end++;
            }
            for (int a = start + 1; a < end; a++) {
                int ia = (int) (keys[a] & INDEX_MASK);
                for (int b = start; b < a; b++) {
                    int ib = (int) (keys[b] & INDEX_MASK);
                    if (!repeat[ib] && same(rows[ia], rows[ib])) {
                        repeat[ia] = true;
                        break;
                    }
                }
            }
            start = end;
        }
        return repeat;
    }

    /** Low bits of a packed key that hold the row index: up to 2²⁴ rows ({@link #MAX_POINTS}). */
    private static final long INDEX_MASK = (1L << 24) - 1;
    /** The most points a cloud may hold: 2²⁴ − 1 (the index of a packed key), about 16.8 million. */
    static final int MAX_POINTS = (int) INDEX_MASK;

    private static long hash(double[] row) {
        long h = 0x9E3779B97F4A7C15L;
        for (double v : row) {
            h = (h ^ Double.doubleToLongBits(v + 0.0)) * 0xBF58476D1CE4E5B9L;
            h ^= h >>> 31;
        }
        return h;
    }

    private static boolean same(double[] a, double[] b) {
        for (int i = 0; i < a.length; i++) {
            if (a[i] != b[i]) {
                return false;
            }
        }
        return true;
    }
}

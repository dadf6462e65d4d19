package org.atlasgraph.pointcloud;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
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
        if (raw[0] == null) {
            throw new InvalidInputException("points[0]", "a row of length D", "null");
        }
        int d = raw[0].length;
        if (d < 2 || d > MAX_AMBIENT_DIMENSION) {
            throw new InvalidInputException("points", "between 2 and " + MAX_AMBIENT_DIMENSION + " columns (a "
                    + "manifold of dimension d is learned in R^D with D ≥ d + 1)",
                    d + (d == 1 ? " column" : " columns"));
        }
        double[][] copy = new double[raw.length][];
        Map<RowKey, Integer> seen = new HashMap<>(2 * raw.length);
        int kept = 0;
        for (int i = 0; i < raw.length; i++) {
            if (raw[i] == null || raw[i].length != d) {
                throw new InvalidInputException("points[" + i + "]", "length " + d + " like points[0]",
                        raw[i] == null ? "null" : String.valueOf(raw[i].length));
            }
            double[] row = Checks.requireFinite("points[" + i + "]", raw[i].clone());
            if (seen.putIfAbsent(new RowKey(row), i) == null) {
                copy[kept++] = row;
            }
        }
        return new Distinct(kept == raw.length ? copy : Arrays.copyOf(copy, kept), raw.length, raw.length - kept);
    }

    /** A row compared by value, to find repeated points; −0.0 and 0.0 are the same coordinate. */
    private record RowKey(double[] row) {
        @Override
        public boolean equals(Object o) {
            if (!(o instanceof RowKey k) || k.row.length != row.length) {
                return false;
            }
            for (int i = 0; i < row.length; i++) {
                if (row[i] != k.row[i]) {
                    return false;
                }
            }
            return true;
        }

        @Override
        public int hashCode() {
            int h = 1;
            for (double v : row) {
                h = 31 * h + Double.hashCode(v + 0.0);
            }
            return h;
        }
    }
}

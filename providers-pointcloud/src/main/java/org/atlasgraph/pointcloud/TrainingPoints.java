package org.atlasgraph.pointcloud;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import org.atlasgraph.api.check.Checks;
import org.atlasgraph.api.check.InvalidInputException;

/** The validation of a point cloud handed to {@link PointCloudAtlas#builder}, at the public boundary of learning. */
final class TrainingPoints {
    private static final int MAX_AMBIENT_DIMENSION = PointCloudAtlas.Builder.MAX_AMBIENT_DIMENSION;

    private TrainingPoints() {
    }

    /**
     * @param raw N points of R^D, one per row (not modified)
     * @return a copy of the rows
     * @throws InvalidInputException if the array is null or empty, a row is null or ragged, an entry is not finite,
     *     two rows are equal, or D is outside [2, {@value #MAX_AMBIENT_DIMENSION}]
     */
    static double[][] validated(double[][] raw) {
        if (raw == null || raw.length == 0) {
            throw new InvalidInputException("points", "a non-empty N×D array", "no points");
        }
        if (raw[0] == null) {
            throw new InvalidInputException("points[0]", "a row of length D", "null");
        }
        int d = raw[0].length;
        if (d < 2 || d > MAX_AMBIENT_DIMENSION) {
            throw new InvalidInputException("points", "ambient dimension 2 ≤ D ≤ " + MAX_AMBIENT_DIMENSION
                    + " (the boundary SVM uses D(D+3)/2 quadratic features)", "D = " + d);
        }
        double[][] copy = new double[raw.length][];
        Map<RowKey, Integer> seen = new HashMap<>();
        for (int i = 0; i < raw.length; i++) {
            if (raw[i] == null || raw[i].length != d) {
                throw new InvalidInputException("points[" + i + "]", "length " + d + " like points[0]",
                        raw[i] == null ? "null" : String.valueOf(raw[i].length));
            }
            copy[i] = Checks.requireFinite("points[" + i + "]", raw[i].clone());
            Integer before = seen.putIfAbsent(new RowKey(copy[i]), i);
            if (before != null) {
                throw new InvalidInputException("points[" + i + "]", "distinct points",
                        "a duplicate of points[" + before + "]");
            }
        }
        return copy;
    }

    /** A row compared by value, to find duplicate points. */
    private record RowKey(double[] row) {
        @Override
        public boolean equals(Object o) {
            return o instanceof RowKey k && Arrays.equals(row, k.row);
        }

        @Override
        public int hashCode() {
            return Arrays.hashCode(row);
        }
    }
}

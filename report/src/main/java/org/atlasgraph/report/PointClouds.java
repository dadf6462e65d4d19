package org.atlasgraph.report;

import org.atlasgraph.api.check.InvalidInputException;

/** Validation and small vector helpers for point clouds given as {@code double[][]}, one row a point. */
final class PointClouds {
    private PointClouds() {
    }

    /**
     * Checks that a point cloud has at least {@code minCount} rows of one common length ≥ 1, all entries finite, and
     * returns a deep copy.
     *
     * @param name     the input's name in messages
     * @param points   the rows (not modified)
     * @param minCount the least number of points
     * @return a deep copy
     * @throws InvalidInputException naming the first offending row or entry
     */
    static double[][] copyOf(String name, double[][] points, int minCount) {
        if (points == null) {
            throw new InvalidInputException(name, "a point cloud", "null");
        }
        if (points.length < minCount) {
            throw new InvalidInputException(name, "at least " + minCount + " points", points.length + " points");
        }
        int dim = points.length == 0 || points[0] == null ? 0 : points[0].length;
        if (points.length > 0 && dim < 1) {
            throw new InvalidInputException(name + "[0]", "a point with at least one coordinate",
                    points[0] == null ? "null" : "an empty row");
        }
        double[][] copy = new double[points.length][];
        for (int i = 0; i < points.length; i++) {
            double[] p = points[i];
            if (p == null || p.length != dim) {
                throw new InvalidInputException(name + "[" + i + "]", "length " + dim + " (as row 0)",
                        p == null ? "null" : String.valueOf(p.length));
            }
            for (int j = 0; j < dim; j++) {
                if (!Double.isFinite(p[j])) {
                    throw new InvalidInputException(name + "[" + i + "][" + j + "]", "a finite value",
                            String.valueOf(p[j]));
                }
            }
            copy[i] = p.clone();
        }
        return copy;
    }

    /** @return a deep copy of a matrix */
    static double[][] deepCopy(double[][] m) {
        double[][] c = new double[m.length][];
        for (int i = 0; i < m.length; i++) {
            c[i] = m[i].clone();
        }
        return c;
    }
}

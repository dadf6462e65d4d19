package org.atlasgraph.report;

/**
 * A baseline's low-dimensional coordinates of a point cloud, one row per input point in the input's order, with a
 * sentence on how they were computed and how many rows the library left out and this module placed.
 */
public final class Embedding {
    private final String method;
    private final double[][] coordinates;
    private final String description;
    private final int completedRows;

    Embedding(String method, double[][] coordinates, String description, int completedRows) {
        this.method = method;
        this.coordinates = coordinates;
        this.description = description;
        this.completedRows = completedRows;
    }

    /** @return the baseline's label, e.g. {@code "UMAP"} */
    public String method() {
        return method;
    }

    /** @return the coordinates, one row per input point (a deep copy) */
    public double[][] coordinates() {
        return PointClouds.deepCopy(coordinates);
    }

    /** @return the number of points */
    public int size() {
        return coordinates.length;
    }

    /** @return the embedding dimension */
    public int dimension() {
        return coordinates[0].length;
    }

    /** @return the algorithm and its parameters, and any deviation from the library, in one or two sentences */
    public String description() {
        return description;
    }

    /**
     * Geodesic distances in the embedding as App. F takes them: shortest paths on the symmetric k-nearest-neighbour
     * graph of the embedded points with Euclidean edge lengths, k = {@value NeighbourGraph#DEFAULT_NEIGHBOURS} (why:
     * {@link NeighbourGraph#DEFAULT_NEIGHBOURS}). App. F embeds a separate 10⁶-point grid and attaches the query
     * points to their nearest grid point; here the query points are among the embedded points themselves, since
     * t-SNE, UMAP and Isomap cannot place new points.
     *
     * @param pairs rows {i, j} of point indices (not modified)
     * @return one distance per pair
     * @throws org.atlasgraph.api.check.InvalidInputException if a row is not a pair of valid indices
     */
    public double[] geodesicDistances(int[][] pairs) {
        return NeighbourGraph.of(coordinates, Math.min(NeighbourGraph.DEFAULT_NEIGHBOURS, coordinates.length - 1))
                .distances(pairs);
    }

    /**
     * @return how many rows the library did not embed (Smile's UMAP keeps only the largest component it finds) and
     *         this module placed; 0 when the library embedded every point
     */
    public int completedRows() {
        return completedRows;
    }
}

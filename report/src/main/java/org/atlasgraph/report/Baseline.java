package org.atlasgraph.report;

import java.util.Arrays;
import java.util.Locale;
import org.atlasgraph.api.base.Vectors;
import org.atlasgraph.api.check.InvalidInputException;
import smile.feature.extraction.PCA;
import smile.manifold.IsoMap;
import smile.math.MathEx;

/**
 * The dimensionality reductions the paper compares the atlas with (Fig. 4, Fig. 5, App. F.5), computed on the JVM by
 * Smile 3.1.1 where Smile behaves, and by this module where it does not. Each {@link #embed} is seeded and returns one
 * row per input point in the input's order.
 *
 * <ul>
 *   <li>{@link #PCA_2}, {@link #PCA_5}: the first 2 or 5 principal components (Smile {@code PCA.fit}, centred by the
 *       sample mean).</li>
 *   <li>{@link #ISOMAP}: classical Isomap in 2 dimensions on the symmetric 10-nearest-neighbour graph (Smile
 *       {@code IsoMap} with {@code conformal = false}) up to {@value #ISOMAP_EXACT_LIMIT} points; beyond that,
 *       landmark Isomap with {@value #ISOMAP_LANDMARKS} farthest-point landmarks. Smile embeds only the largest
 *       component of its graph; if it leaves points out, k is doubled until it does not.</li>
 *   <li>{@link #TSNE}: 2-dimensional Barnes–Hut t-SNE with perplexity 5 (App. F.5) and scikit-learn 1.3.2's other
 *       defaults, implemented here: Smile's exact t-SNE needs O(n²) memory and time.</li>
 *   <li>{@link #UMAP}: Smile {@code UMAP} with 5 neighbours (App. F.5), 2 dimensions, min_dist 0.1, spread 1, 500
 *       epochs up to 10,000 points (200 beyond), 5 negative samples. Smile's UMAP keeps only the largest "component"
 *       of its directed neighbour graph found by a breadth-first search along out-edges, which drops points nobody
 *       counts among their neighbours even when the graph is connected (6 of 2,000 Klein patches); each dropped
 *       point is placed at the mean embedding of its 5 nearest embedded points in the input space (umap-learn's
 *       initialisation of new points, without its optimisation), and {@link Embedding#completedRows()} counts them.
 *       </li>
 * </ul>
 *
 * <p>Reproducibility: PCA and t-SNE have no random source; landmark Isomap's only one is the seeded first landmark.
 * Smile's IsoMap and UMAP compute eigenvectors with ARPACK, whose start vector comes from a generator inside the
 * native library that is never reset, so a second call in one JVM may flip an eigenvector's sign: for Isomap that is
 * a reflection (distances unchanged); for UMAP it changes the initial layout and therefore the result. A process that
 * makes the same calls in the same order (a report run) reproduces its results exactly.
 */
public enum Baseline {
    /** The first two principal components. */
    PCA_2("PCA-2"),
    /** The first five principal components. */
    PCA_5("PCA-5"),
    /** Isomap in two dimensions. */
    ISOMAP("Isomap"),
    /** Barnes–Hut t-SNE in two dimensions. */
    TSNE("t-SNE"),
    /** UMAP in two dimensions. */
    UMAP("UMAP");

    /** Isomap's neighbours. */
    public static final int ISOMAP_NEIGHBOURS = 10;
    /** Up to this many points Isomap is Smile's exact one. */
    public static final int ISOMAP_EXACT_LIMIT = 3000;
    /** Landmarks of landmark Isomap beyond {@link #ISOMAP_EXACT_LIMIT}. */
    public static final int ISOMAP_LANDMARKS = 1000;
    /** t-SNE's perplexity, as App. F.5. */
    public static final double TSNE_PERPLEXITY = 5;
    /** UMAP's neighbours, as App. F.5. */
    public static final int UMAP_NEIGHBOURS = 5;

    private static final int EMBEDDING_DIMENSION = 2;
    private static final double UMAP_MIN_DIST = 0.1;
    private static final double UMAP_SPREAD = 1;
    private static final int UMAP_NEGATIVE_SAMPLES = 5;

    private final String label;

    Baseline(String label) {
        this.label = label;
    }

    /** @return the label used in tables and figures, e.g. {@code "PCA-2"} */
    public String label() {
        return label;
    }

    /**
     * Embeds a point cloud.
     *
     * @param points n rows of equal length D (not modified); n ≥ 10 (≥ 3 for PCA); D ≥ 5 for PCA-5
     * @param seed   seed of every random choice of the method (Smile's thread-local generator, landmark choice)
     * @return n rows of coordinates, in the input's order
     * @throws InvalidInputException if the cloud is invalid, too small, or of lower dimension than the embedding
     */
    public Embedding embed(double[][] points, long seed) {
        int least = this == PCA_2 || this == PCA_5 ? 3 : 10;
        double[][] x = PointClouds.copyOf("points", points, least);
        int dim = x[0].length;
        int target = this == PCA_5 ? 5 : EMBEDDING_DIMENSION;
        if (dim < target) {
            throw new InvalidInputException("points", "dimension ≥ " + target + " for " + label,
                    "dimension " + dim);
        }
        switch (this) {
            case PCA_2:
            case PCA_5:
                return pca(x, target);
            case ISOMAP:
                return isomap(x, seed);
            case TSNE:
                return tsne(x);
            case UMAP:
                return umap(x, seed);
            default:
                throw new AssertionError(this);
        }
    }

    private Embedding pca(double[][] x, int p) {
        double[][] y = PCA.fit(x).getProjection(p).apply(x);
        return new Embedding(label, y, String.format(Locale.ROOT,
                "first %d principal components of the centred points (Smile 3.1.1 PCA)", p), 0);
    }

    private Embedding isomap(double[][] x, long seed) {
        int n = x.length;
        int k = Math.min(ISOMAP_NEIGHBOURS, n - 1);
        if (n > ISOMAP_EXACT_LIMIT) {
            NeighbourGraph graph = NeighbourGraph.of(x, k);
            while (graph.joins() > 0 && k < n - 1) {
                k = Math.min(2 * k, n - 1);
                graph = NeighbourGraph.of(x, k);
            }
            double[][] y = LandmarkIsomap.embed(graph, x, ISOMAP_LANDMARKS, EMBEDDING_DIMENSION, seed);
            return new Embedding(label, y, String.format(Locale.ROOT,
                    "landmark Isomap (de Silva and Tenenbaum 2003) with %d farthest-point landmarks on the symmetric "
                            + "%d-nearest-neighbour graph, 2 dimensions (Smile's exact IsoMap needs an n×n matrix "
                            + "beyond %d points)", ISOMAP_LANDMARKS, k, ISOMAP_EXACT_LIMIT), 0);
        }
        while (true) {
            MathEx.setSeed(seed);
            IsoMap model = IsoMap.of(x, k, EMBEDDING_DIMENSION, false);
            if (model.index.length == n || k == n - 1) {
                double[][] y = new double[n][];
                for (int r = 0; r < model.index.length; r++) {
                    y[model.index[r]] = model.coordinates[r].clone();
                }
                int missing = n - model.index.length;
                return new Embedding(label, complete(x, y, k), String.format(Locale.ROOT,
                        "classical Isomap on the symmetric %d-nearest-neighbour graph, 2 dimensions (Smile 3.1.1 "
                                + "IsoMap)%s", k, k > ISOMAP_NEIGHBOURS ? ", k raised from " + ISOMAP_NEIGHBOURS
                                + " until the graph was connected" : ""), missing);
            }
            k = Math.min(2 * k, n - 1);
        }
    }

    private Embedding tsne(double[][] x) {
        double[][] y = BarnesHutTsne.embed(x, TSNE_PERPLEXITY);
        return new Embedding(label, y, String.format(Locale.ROOT,
                "Barnes–Hut t-SNE (θ = %.1f), perplexity %.0f, PCA initialisation, %d iterations with early "
                        + "exaggeration %.0f for the first %d, scikit-learn 1.3.2's defaults otherwise (implemented "
                        + "here: Smile's exact t-SNE is O(n²) in memory and time)", BarnesHutTsne.THETA,
                TSNE_PERPLEXITY, BarnesHutTsne.ITERATIONS, BarnesHutTsne.EXAGGERATION,
                BarnesHutTsne.EXAGGERATION_ITERATIONS), 0);
    }

    private Embedding umap(double[][] x, long seed) {
        int n = x.length;
        int k = Math.min(UMAP_NEIGHBOURS, n - 1);
        int epochs = n > 10000 ? 200 : 500;
        MathEx.setSeed(seed);
        smile.manifold.UMAP model = smile.manifold.UMAP.of(x, k, EMBEDDING_DIMENSION, epochs, 1.0, UMAP_MIN_DIST,
                UMAP_SPREAD, UMAP_NEGATIVE_SAMPLES, 1.0);
        double[][] y = new double[n][];
        for (int r = 0; r < model.index.length; r++) {
            y[model.index[r]] = model.coordinates[r].clone();
        }
        int missing = n - model.index.length;
        return new Embedding(label, complete(x, y, k), String.format(Locale.ROOT,
                "UMAP with %d neighbours, min_dist %.1f, %d epochs, 2 dimensions (Smile 3.1.1 UMAP)%s", k,
                UMAP_MIN_DIST, epochs, missing == 0 ? "" : String.format(Locale.ROOT,
                        "; %d points Smile left out placed at the mean of their %d nearest embedded points", missing,
                        k)), missing);
    }

    /**
     * Fills null rows with the mean embedding of the k nearest embedded points in the input space.
     *
     * @param x the input points
     * @param y the embedding with null rows for points the library left out (modified)
     * @param k how many neighbours to average
     * @return y
     */
    static double[][] complete(double[][] x, double[][] y, int k) {
        int embedded = 0;
        for (double[] row : y) {
            if (row != null) {
                embedded++;
            }
        }
        if (embedded == y.length) {
            return y;
        }
        if (embedded == 0) {
            throw new ArithmeticException("the library embedded none of the " + y.length + " points");
        }
        int[] index = new int[embedded];
        double[][] kept = new double[embedded][];
        for (int i = 0, c = 0; i < y.length; i++) {
            if (y[i] != null) {
                index[c] = i;
                kept[c++] = x[i];
            }
        }
        int dim = y[index[0]].length;
        int use = Math.min(k, embedded);
        for (int i = 0; i < y.length; i++) {
            if (y[i] == null) {
                int[] nearest = nearest(kept, x[i], use);
                double[] mean = new double[dim];
                for (int c : nearest) {
                    for (int j = 0; j < dim; j++) {
                        mean[j] += y[index[c]][j] / use;
                    }
                }
                y[i] = mean;
            }
        }
        return y;
    }

    /** The indices of the k rows of {@code rows} nearest to q, by a full scan (few queries). */
    private static int[] nearest(double[][] rows, double[] q, int k) {
        Integer[] order = new Integer[rows.length];
        double[] d = new double[rows.length];
        for (int r = 0; r < rows.length; r++) {
            order[r] = r;
            d[r] = Vectors.distance(rows[r], q);
        }
        Arrays.sort(order, (a, b) -> Double.compare(d[a], d[b]));
        int[] out = new int[k];
        for (int c = 0; c < k; c++) {
            out[c] = order[c];
        }
        return out;
    }
}

package org.atlasgraph.report;

import java.util.stream.IntStream;
import smile.math.blas.UPLO;
import smile.math.matrix.Matrix;

/**
 * Landmark Isomap (de Silva and Tenenbaum 2003): classical MDS of the geodesic distances among m landmarks, and every
 * other point placed by distance-based triangulation from its geodesic distances to the landmarks. With m = n it is
 * classical Isomap; it costs m shortest-path searches and an m×m eigenproblem instead of n searches, an n×n matrix and
 * its eigenproblem, which is what makes Smile's exact {@code IsoMap} take 173 s and 2.5 GB at n = 10,000.
 */
final class LandmarkIsomap {
    private LandmarkIsomap() {
    }

    /**
     * Embeds a point cloud.
     *
     * @param graph     the neighbour graph of the points, connected
     * @param points    the points, used to choose landmarks far apart (not modified)
     * @param landmarks the number of landmarks m, at least d + 1 and at most n
     * @param d         the embedding dimension
     * @param seed      seed of the first landmark
     * @return n rows of d coordinates
     */
    static double[][] embed(NeighbourGraph graph, double[][] points, int landmarks, int d, long seed) {
        int n = points.length;
        int m = landmarks;
        int[] chosen = FarthestPointSample.indices(points, m, seed);
        double[][] toLandmark = new double[m][];
        IntStream.range(0, m).parallel().forEach(l -> {
            double[] dist = graph.distancesFrom(chosen[l]);
            for (int v = 0; v < n; v++) {
                dist[v] *= dist[v];
            }
            toLandmark[l] = dist;
        });
        // Δ: squared geodesic distances among landmarks; B = −½ H Δ H.
        double[][] delta = new double[m][m];
        for (int a = 0; a < m; a++) {
            for (int b = 0; b < m; b++) {
                delta[a][b] = toLandmark[a][chosen[b]];
            }
        }
        double[] rowMean = new double[m];
        double total = 0;
        for (int a = 0; a < m; a++) {
            for (int b = 0; b < m; b++) {
                rowMean[a] += delta[a][b] / m;
            }
            total += rowMean[a] / m;
        }
        Matrix b = new Matrix(m, m);
        for (int a = 0; a < m; a++) {
            for (int c = 0; c < m; c++) {
                b.set(a, c, -0.5 * (delta[a][c] - rowMean[a] - rowMean[c] + total));
            }
        }
        b.uplo(UPLO.LOWER);
        Matrix.EVD eigen = b.eigen(false, true, true).sort();
        double[][] pseudoInverse = new double[d][m];
        for (int k = 0; k < d; k++) {
            double lambda = eigen.wr[k];
            if (!(lambda > 0)) {
                throw new ArithmeticException("landmark Isomap: eigenvalue " + (k + 1) + " of the landmark MDS is "
                        + lambda + ", expected > 0 (the landmarks span fewer than " + d + " dimensions)");
            }
            for (int a = 0; a < m; a++) {
                pseudoInverse[k][a] = eigen.Vr.get(a, k) / Math.sqrt(lambda);
            }
        }
        double[][] out = new double[n][d];
        IntStream.range(0, n).parallel().forEach(i -> {
            for (int k = 0; k < d; k++) {
                double s = 0;
                for (int a = 0; a < m; a++) {
                    s += pseudoInverse[k][a] * (toLandmark[a][i] - rowMean[a]);
                }
                out[i][k] = -0.5 * s;
            }
        });
        return out;
    }
}

package org.atlasgraph.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.atlasgraph.api.base.Vectors;
import org.atlasgraph.api.check.InvalidInputException;
import org.junit.jupiter.api.Test;

class BaselineTest {
    private static final long SEED = 2024L;

    /** n points on a random 2-plane through a random point of R⁵, with their plane coordinates. */
    private static double[][][] pointsOnAPlane(int n) {
        SplittableRandom rng = new SplittableRandom(SEED);
        double[] e1 = unit(rng, 5);
        double[] e2 = unit(rng, 5);
        double c = 0;
        for (int i = 0; i < 5; i++) {
            c += e1[i] * e2[i];
        }
        for (int i = 0; i < 5; i++) {
            e2[i] -= c * e1[i];
        }
        double norm = Math.sqrt(Arrays.stream(e2).map(v -> v * v).sum());
        for (int i = 0; i < 5; i++) {
            e2[i] /= norm;
        }
        double[][] x = new double[n][5];
        double[][] plane = new double[n][];
        for (int j = 0; j < n; j++) {
            double a = rng.nextDouble(-3, 3);
            double b = rng.nextDouble(-1, 1);
            plane[j] = new double[] {a, b};
            for (int i = 0; i < 5; i++) {
                x[j][i] = 2 + a * e1[i] + b * e2[i];
            }
        }
        return new double[][][] {x, plane};
    }

    private static double[] unit(SplittableRandom rng, int d) {
        double[] v = new double[d];
        for (int i = 0; i < d; i++) {
            v[i] = rng.nextGaussian();
        }
        double n = Math.sqrt(Arrays.stream(v).map(a -> a * a).sum());
        for (int i = 0; i < d; i++) {
            v[i] /= n;
        }
        return v;
    }

    /** A Swiss roll: the flat strip [π, 3π] × [0, 6] rolled up as (t cos t, h, t sin t). */
    private static double[][] swissRoll(int n, double[][] flat) {
        SplittableRandom rng = new SplittableRandom(SEED);
        double[][] x = new double[n][];
        for (int i = 0; i < n; i++) {
            double t = rng.nextDouble(Math.PI, 3 * Math.PI);
            double h = rng.nextDouble(0, 6);
            x[i] = new double[] {t * Math.cos(t), h, t * Math.sin(t)};
            flat[i] = new double[] {arcLength(t), h};
        }
        return x;
    }

    /** Arc length of the spiral r = t from 0 to t: (t√(1+t²) + asinh t) / 2. */
    private static double arcLength(double t) {
        return (t * Math.sqrt(1 + t * t) + Math.log(t + Math.sqrt(1 + t * t))) / 2;
    }

    @Test
    void pcaTwoIsAnIsometryOfPointsOnAPlane() {
        double[][][] data = pointsOnAPlane(200);
        double[][] y = Baseline.PCA_2.embed(data[0], SEED).coordinates();
        for (int i = 0; i < 50; i++) {
            for (int j = i + 1; j < 50; j++) {
                assertThat(Vectors.distance(y[i], y[j])).as("distance %d–%d in PCA-2 vs in the plane", i, j)
                        .isCloseTo(Vectors.distance(data[1][i], data[1][j]), within(1e-9));
            }
        }
    }

    @Test
    void pcaFiveNeedsFiveDimensions() {
        assertThatThrownBy(() -> Baseline.PCA_5.embed(new double[][] {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}}, SEED))
                .isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("points: expected dimension ≥ 5 for PCA-5, found dimension 3");
    }

    @Test
    void isomapUnrollsASwissRoll() {
        int n = 600;
        double[][] flat = new double[n][];
        double[][] x = swissRoll(n, flat);
        Embedding e = Baseline.ISOMAP.embed(x, SEED);
        double[][] y = e.coordinates();
        SplittableRandom rng = new SplittableRandom(SEED + 1);
        double[] truth = new double[300];
        double[] estimate = new double[300];
        for (int r = 0; r < truth.length; r++) {
            int i = rng.nextInt(n);
            int j = rng.nextInt(n);
            truth[r] = Vectors.distance(flat[i], flat[j]);
            estimate[r] = Vectors.distance(y[i], y[j]);
        }
        DistanceComparison c = DistanceComparison.of(truth, estimate);
        assertThat(c.meanRelativeError()).as("Isomap distances vs the unrolled strip: %s", c).isLessThan(0.05);
        assertThat(e.completedRows()).as("rows Smile left out").isZero();
        int[][] pairs = new int[100][];
        double[] flatDistance = new double[100];
        for (int r = 0; r < pairs.length; r++) {
            pairs[r] = new int[] {rng.nextInt(n), rng.nextInt(n)};
            flatDistance[r] = Vectors.distance(flat[pairs[r][0]], flat[pairs[r][1]]);
        }
        DistanceComparison g = DistanceComparison.of(flatDistance, e.geodesicDistances(pairs));
        assertThat(g.meanRelativeError()).as("graph geodesics on the embedding vs the strip: %s", g).isLessThan(0.06);
    }

    @Test
    void landmarkIsomapAgreesWithSmilesExactIsomap() {
        int n = 400;
        double[][] x = swissRoll(n, new double[n][]);
        double[][] exact = Baseline.ISOMAP.embed(x, SEED).coordinates();
        NeighbourGraph graph = NeighbourGraph.of(x, Baseline.ISOMAP_NEIGHBOURS);
        double[][] all = LandmarkIsomap.embed(graph, x, n, 2, SEED);
        double[][] some = LandmarkIsomap.embed(graph, x, 100, 2, SEED);
        double worstAll = 0;
        double worstSome = 0;
        for (int i = 0; i < n; i += 7) {
            for (int j = i + 1; j < n; j += 5) {
                double d = Vectors.distance(exact[i], exact[j]);
                worstAll = Math.max(worstAll, Math.abs(Vectors.distance(all[i], all[j]) - d));
                worstSome = Math.max(worstSome, Math.abs(Vectors.distance(some[i], some[j]) - d));
            }
        }
        assertThat(worstAll).as("every point a landmark: classical Isomap, as Smile computes it").isLessThan(1e-6);
        assertThat(worstSome).as("100 landmarks: largest change of a distance (roll spans ~50)").isLessThan(0.5);
    }

    @Test
    void isomapRaisesKUntilSmileEmbedsEveryPoint() {
        SplittableRandom rng = new SplittableRandom(SEED);
        double[][] x = new double[60][];
        for (int i = 0; i < 60; i++) {
            double shift = i < 30 ? 0 : 100;
            x[i] = new double[] {shift + rng.nextGaussian(), rng.nextGaussian(), rng.nextGaussian()};
        }
        Embedding e = Baseline.ISOMAP.embed(x, SEED);
        assertThat(e.size()).as("rows").isEqualTo(60);
        assertThat(e.description()).as("description").contains("k raised from 10");
        assertThat(Arrays.stream(e.coordinates()).flatMapToDouble(Arrays::stream).allMatch(Double::isFinite))
                .as("finite coordinates").isTrue();
    }

    @Test
    void tsneKeepsSeparatedClustersApartAndIsDeterministic() {
        SplittableRandom rng = new SplittableRandom(SEED);
        int n = 240;
        double[][] x = new double[n][10];
        int[] label = new int[n];
        for (int i = 0; i < n; i++) {
            label[i] = i % 3;
            for (int d = 0; d < 10; d++) {
                x[i][d] = rng.nextGaussian() + (d == label[i] ? 20 : 0);
            }
        }
        double[][] y = Baseline.TSNE.embed(x, SEED).coordinates();
        int same = 0;
        for (int i = 0; i < n; i++) {
            int best = -1;
            double bestD = Double.POSITIVE_INFINITY;
            for (int j = 0; j < n; j++) {
                double d = Vectors.distance(y[i], y[j]);
                if (j != i && d < bestD) {
                    bestD = d;
                    best = j;
                }
            }
            same += label[best] == label[i] ? 1 : 0;
        }
        assertThat(same).as("points whose nearest embedded neighbour is in their cluster").isEqualTo(n);
        assertThat(Baseline.TSNE.embed(x, SEED + 1).coordinates()).as("no random source: same result")
                .isDeepEqualTo(y);
    }

    @Test
    void tsneTreatsAsManyPointsAsDimensionsAsPoints() {
        // Smile's TSNE would read a 10×10 input as a distance matrix.
        double[][] x = new double[10][10];
        for (int i = 0; i < 10; i++) {
            x[i][i] = 1 + i;
        }
        double[][] y = Baseline.TSNE.embed(x, SEED).coordinates();
        assertThat(y).as("rows").hasNumberOfRows(10);
        assertThat(Arrays.stream(y).flatMapToDouble(Arrays::stream).allMatch(Double::isFinite)).as("finite").isTrue();
    }

    @Test
    void umapPlacesThePointsSmileLeavesOutAtTheMeanOfTheirNeighbours() {
        SplittableRandom rng = new SplittableRandom(SEED);
        int n = 301;
        double[][] x = new double[n][];
        for (int i = 0; i < n - 1; i++) {
            x[i] = new double[] {rng.nextGaussian(), rng.nextGaussian(), rng.nextGaussian()};
        }
        // No point counts the outlier among its 5 nearest, so Smile's search along out-edges never reaches it.
        x[n - 1] = new double[] {50, 50, 50};
        Embedding e = Baseline.UMAP.embed(x, SEED);
        double[][] y = e.coordinates();
        assertThat(e.size()).as("rows").isEqualTo(n);
        assertThat(e.completedRows()).as("rows Smile left out, among them the outlier").isPositive();
        assertThat(Arrays.stream(y).flatMapToDouble(Arrays::stream).allMatch(Double::isFinite)).as("finite").isTrue();
        // Independent check of the completion: the outlier's 5 nearest input points are all embedded by Smile here
        // (they sit in the bulk), and its row is the mean of theirs.
        Integer[] order = new Integer[n - 1];
        Arrays.setAll(order, i -> i);
        Arrays.sort(order, (a, b) -> Double.compare(Vectors.distance(x[a], x[n - 1]),
                Vectors.distance(x[b], x[n - 1])));
        double[] mean = new double[2];
        for (int c = 0; c < 5; c++) {
            mean[0] += y[order[c]][0] / 5;
            mean[1] += y[order[c]][1] / 5;
        }
        assertThat(y[n - 1]).as("outlier placed at the mean of its 5 nearest").containsExactly(mean, within(1e-9));
    }

    @Test
    void rejectsTooFewPoints() {
        assertThatThrownBy(() -> Baseline.UMAP.embed(new double[5][3], SEED)).isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("points: expected at least 10 points, found 5 points");
    }
}

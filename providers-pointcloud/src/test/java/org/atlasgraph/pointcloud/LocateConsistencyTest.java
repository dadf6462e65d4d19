package org.atlasgraph.pointcloud;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import org.atlasgraph.api.ChartPoint;
import org.atlasgraph.api.base.Vectors;
import org.atlasgraph.api.check.Defect;
import org.atlasgraph.api.check.NotOnManifoldException;
import org.atlasgraph.pointcloud.data.KleinPatches;
import org.junit.jupiter.api.Test;

/**
 * Property test of the contract between {@code checkPoint}, {@code locate} and {@code coordinatesIn} (issue 5, defect
 * 1: {@code atlas rpb --points 1500} stopped with "no chart represents an accepted point"): on points around the data
 * of a Klein atlas learned from 1500 patches (the reproduction's atlas) and of the S² atlas, every point that
 * {@code checkPoint} accepts is located, in a chart that represents it with the same coordinates, and every point it
 * rejects makes {@code locate} throw {@link NotOnManifoldException} with a defect above the tolerance.
 */
class LocateConsistencyTest {
    private static final long SEED = 41;
    /** The reproduction's sample: 1500 Klein patches, seed 1 (as {@code atlas rpb --points 1500}). */
    private static final int KLEIN_POINTS = 1500;
    /** Query points per family. */
    private static final int PER_FAMILY = 400;

    @Test
    void everyAcceptedPointLocatesAndEveryRejectedOneIsReportedOnTheKleinAtlas() {
        double[][] data = KleinPatches.sample(KLEIN_POINTS, 1).points();
        PointCloudAtlas atlas = PointCloudAtlas.builder(data).seed(1).build();
        assertContract(atlas, queries(atlas, data, new Random(SEED)));
    }

    @Test
    void everyAcceptedPointLocatesAndEveryRejectedOneIsReportedOnTheSphereAtlas() {
        PointCloudAtlas atlas = TestClouds.sphereAtlas();
        double[][] data = TestClouds.sphere(TestClouds.SPHERE_POINTS, 3, 0, TestClouds.SPHERE_SEED);
        assertContract(atlas, queries(atlas, data, new Random(SEED + 1)));
    }

    private static void assertContract(PointCloudAtlas atlas, List<double[]> queries) {
        int accepted = 0;
        int rejected = 0;
        for (int i = 0; i < queries.size(); i++) {
            double[] x = queries.get(i);
            Optional<Defect> defect = atlas.checkPoint(x);
            if (defect.isEmpty()) {
                accepted++;
                ChartPoint p = atlas.locate(x);
                assertThat(p.chart().dimension()).as("query %d located", i).isEqualTo(atlas.dimension());
                Optional<ChartPoint> again = atlas.coordinatesIn(p.chart(), x);
                assertThat(again).as("query %d: its chart represents it", i).isPresent();
                assertThat(again.get().xi()).as("query %d: same coordinates", i).isEqualTo(p.xi());
            } else {
                rejected++;
                assertThat(defect.get().measured()).as("query %d: defect above the tolerance", i)
                        .isGreaterThan(defect.get().tolerance());
                assertThatThrownBy(() -> atlas.locate(x)).as("query %d", i)
                        .isInstanceOf(NotOnManifoldException.class).hasMessageStartingWith("ambient: ");
            }
        }
        assertThat(accepted).as("accepted queries").isGreaterThan(queries.size() / 4);
        assertThat(rejected).as("rejected queries").isGreaterThan(queries.size() / 10);
    }

    /**
     * Points near and around the data: data points pushed off by up to three tolerances in random directions; points
     * on each chart's surface at and just beyond the rim of its fitted disc (‖ξ‖ = ρ(1 + s)), pushed off along a
     * random direction, where one chart's trust ends and only the tolerance decides; midpoints of the centres of
     * overlapping charts; and far points.
     */
    private static List<double[]> queries(PointCloudAtlas atlas, double[][] data, Random rng) {
        double tol = atlas.offAtlasTolerance();
        int ambient = atlas.ambientDimension();
        List<double[]> out = new ArrayList<>();
        for (int i = 0; i < PER_FAMILY; i++) {
            double[] x = data[rng.nextInt(data.length)];
            out.add(Vectors.plus(x, randomVector(ambient, 3 * tol * rng.nextDouble(), rng)));
        }
        List<QuadraticChart> charts = atlas.charts();
        for (int i = 0; i < PER_FAMILY; i++) {
            QuadraticChart c = charts.get(rng.nextInt(charts.size()));
            double[] rim = randomVector(atlas.dimension(), c.coordinateRadius() * (1 + 0.3 * rng.nextDouble()), rng);
            out.add(Vectors.plus(c.ambientOf(rim), randomVector(ambient, 2 * tol * rng.nextDouble(), rng)));
        }
        for (AtlasModel.Overlap o : atlas.model().overlaps()) {
            if (out.size() >= 3 * PER_FAMILY) {
                break;
            }
            out.add(Vectors.scaled(Vectors.plus(charts.get(o.first()).centre(), charts.get(o.second()).centre()), 0.5));
        }
        for (int i = 0; i < PER_FAMILY / 4; i++) {
            out.add(Vectors.plus(data[rng.nextInt(data.length)], randomVector(ambient, 10 * tol, rng)));
        }
        return out;
    }

    private static double[] randomVector(int n, double length, Random rng) {
        double[] v = new double[n];
        for (int i = 0; i < n; i++) {
            v[i] = rng.nextGaussian();
        }
        return Vectors.scaled(v, length / Vectors.norm(v));
    }
}

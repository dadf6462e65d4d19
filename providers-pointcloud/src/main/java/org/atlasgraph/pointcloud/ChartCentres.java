package org.atlasgraph.pointcloud;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.DoubleConsumer;
import org.atlasgraph.api.base.Vectors;

/**
 * Chooses chart centres from the data by a greedy r-net (farthest-point sampling): start at a random point, then
 * repeatedly add the point farthest from every centre so far, until every point lies within the covering radius of a
 * centre. This removes the paper's main limitation (§6.2): its Klein atlas had hand-placed centres on an 8×8 grid.
 *
 * <p>Each point is owned by its nearest centre. A new centre c only examines the points of centres j with
 * {@code ‖c − c_j‖ < max(2ρ_j, ρ_j + r)}, ρ_j the largest distance of j's points from j: by the triangle inequality no
 * other point can be within r of c or nearer to c than to its owner. Once the net is fine this is a handful of
 * neighbouring cells, so a new centre costs O(points near it · D) instead of O(N · D).
 *
 * <p>The covering radius is {@link #COVER_FRACTION} of the chart radius r, so every point lies at least 0.25·r inside
 * the ball of its nearest centre: the margin in which transition maps act and the boundary SVM sees both sides.
 */
final class ChartCentres {
    /** Covering radius as a fraction of the chart radius. */
    static final double COVER_FRACTION = 0.75;

    private ChartCentres() {
    }

    /**
     * The net.
     *
     * @param centres  indices of the centre points
     * @param radii    the ball radius of each chart: r, or larger where fewer than the minimum number of points lie
     *                 within r
     * @param members  for each chart, the indices of the points in its ball
     * @param isolated for each chart, whether fewer than the isolation count of points lie within r of its centre;
     *                 its ball is then not grown and holds just those points
     */
    record Net(int[] centres, double[] radii, int[][] members, boolean[] isolated) {
        /** @return the indices of the points in the balls of isolated centres, ascending */
        int[] isolatedPoints() {
            return java.util.stream.IntStream.range(0, centres.length).filter(c -> isolated[c])
                    .flatMap(c -> Arrays.stream(members[c])).distinct().sorted().toArray();
        }
    }

    /**
     * @param points    the data (not modified)
     * @param radius    the chart radius r
     * @param minPoints the fewest points a chart's ball may hold; sparser balls grow to their minPoints-th neighbour
     * @param isolation a centre with fewer points than this within r (itself included) is isolated: far from the rest
     *                  of the data at the scale of the charts, its ball is not grown
     * @param start     the index of the first centre
     * @param progress  told the largest remaining distance after each centre
     * @return the net; it has at most N centres (each is a point that no earlier centre covers), so building it ends
     */
    static Net build(double[][] points, double radius, int minPoints, int isolation, int start,
                     DoubleConsumer progress) {
        int n = points.length;
        double cover = COVER_FRACTION * radius;
        double[] nearest = new double[n];
        List<Integer> centres = new ArrayList<>();
        List<Double> radii = new ArrayList<>();
        List<int[]> members = new ArrayList<>();
        List<Boolean> isolated = new ArrayList<>();
        // each point is owned by its nearest centre; owned[k] lists them, reach[k] is their largest distance
        List<int[]> owned = new ArrayList<>();
        List<Double> reach = new ArrayList<>();
        List<Integer> farthest = new ArrayList<>();
        int[] ball = new int[n];
        int[] gained = new int[n];
        int next = start;
        for (int step = 0; step < n; step++) {
            double[] c = points[next];
            int k = centres.size();
            int m = 0;
            int g = 0;
            if (k == 0) {
                for (int i = 0; i < n; i++) {
                    double v = Vectors.distance(c, points[i]);
                    nearest[i] = v;
                    gained[g++] = i;
                    if (v < radius) {
                        ball[m++] = i;
                    }
                }
            } else {
                for (int j = 0; j < k; j++) {
                    double sep = Vectors.distance(c, points[centres.get(j)]);
                    double rj = reach.get(j);
                    // triangle inequality: no point of j is within r of c, or nearer to c than to j, beyond this
                    if (sep >= Math.max(2 * rj, rj + radius)) {
                        continue;
                    }
                    int[] list = owned.get(j);
                    int keep = 0;
                    for (int i : list) {
                        double v = Vectors.distance(c, points[i]);
                        if (v < radius) {
                            ball[m++] = i;
                        }
                        if (v < nearest[i]) {
                            nearest[i] = v;
                            gained[g++] = i;
                        } else {
                            list[keep++] = i;
                        }
                    }
                    if (keep < list.length) {
                        int[] rest = Arrays.copyOf(list, keep);
                        owned.set(j, rest);
                        updateReach(rest, nearest, j, reach, farthest);
                    }
                }
            }
            int[] mine = Arrays.copyOf(gained, g);
            owned.add(mine);
            reach.add(0.0);
            farthest.add(-1);
            updateReach(mine, nearest, k, reach, farthest);
            double ballRadius = radius;
            boolean alone = m < isolation;
            if (m < minPoints && !alone) {
                double[] dist = new double[n];
                for (int i = 0; i < n; i++) {
                    dist[i] = Vectors.distance(c, points[i]);
                }
                double[] sorted = dist.clone();
                Arrays.sort(sorted);
                ballRadius = Math.nextUp(sorted[Math.min(minPoints, n) - 1]);
                m = 0;
                for (int i = 0; i < n; i++) {
                    if (dist[i] < ballRadius) {
                        ball[m++] = i;
                    }
                }
            }
            int[] inBall = Arrays.copyOf(ball, m);
            Arrays.sort(inBall);
            centres.add(next);
            radii.add(ballRadius);
            members.add(inBall);
            isolated.add(alone);
            int far = -1;
            double farDist = -1;
            for (int j = 0; j <= k; j++) {
                if (reach.get(j) > farDist) {
                    farDist = reach.get(j);
                    far = farthest.get(j);
                }
            }
            progress.accept(farDist);
            if (farDist <= cover || far < 0) {
                break;
            }
            next = far;
        }
        boolean[] alone = new boolean[isolated.size()];
        for (int c = 0; c < alone.length; c++) {
            alone[c] = isolated.get(c);
        }
        return new Net(centres.stream().mapToInt(Integer::intValue).toArray(),
                radii.stream().mapToDouble(Double::doubleValue).toArray(), members.toArray(new int[0][]), alone);
    }

    private static void updateReach(int[] list, double[] nearest, int j, List<Double> reach, List<Integer> farthest) {
        double r = 0;
        int arg = -1;
        for (int i : list) {
            if (nearest[i] > r || arg < 0) {
                r = nearest[i];
                arg = i;
            }
        }
        reach.set(j, r);
        farthest.set(j, arg);
    }
}

package org.atlasgraph.pointcloud;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.DoubleConsumer;
import java.util.stream.IntStream;

/**
 * Chooses chart centres from the data by a greedy r-net (farthest-point sampling): start at a random point, then
 * repeatedly add the point farthest from every centre so far, until every point lies within the covering radius of a
 * centre. This removes the paper's main limitation (§6.2): its Klein atlas had hand-placed centres on an 8×8 grid.
 *
 * <p>The covering radius is {@link #COVER_FRACTION} of the chart radius r, so every point lies at least 0.25·r inside
 * the ball of its nearest centre: the margin in which transition maps act and the boundary SVM sees both sides.
 * Each step costs O(N·D); the distances computed for a new centre also give its ball, so the whole net costs
 * O(N·charts·D) and the per-centre distance pass runs in parallel.
 */
final class ChartCentres {
    /** Covering radius as a fraction of the chart radius. */
    static final double COVER_FRACTION = 0.75;

    private ChartCentres() {
    }

    /**
     * The net.
     *
     * @param centres indices of the centre points
     * @param radii   the ball radius of each chart: r, or larger where fewer than the minimum number of points lie
     *                within r
     * @param members for each chart, the indices of the points in its ball
     */
    record Net(int[] centres, double[] radii, int[][] members) {
    }

    /**
     * @param points    the data (not modified)
     * @param radius    the chart radius r
     * @param minPoints the fewest points a chart's ball may hold; sparser balls grow to their minPoints-th neighbour
     * @param start     the index of the first centre
     * @param progress  told the largest remaining distance after each centre
     * @return the net
     */
    static Net build(double[][] points, double radius, int minPoints, int start, DoubleConsumer progress) {
        int n = points.length;
        double cover = COVER_FRACTION * radius;
        double[] nearest = new double[n];
        Arrays.fill(nearest, Double.POSITIVE_INFINITY);
        double[] dist = new double[n];
        List<Integer> centres = new ArrayList<>();
        List<Double> radii = new ArrayList<>();
        List<int[]> members = new ArrayList<>();
        int next = start;
        int[] inBall = new int[n];
        while (true) {
            double[] c = points[next];
            IntStream.range(0, n).parallel().forEach(i -> {
                double v = Vec.distance(c, points[i]);
                dist[i] = v;
                if (v < nearest[i]) {
                    nearest[i] = v;
                }
            });
            double ball = radius;
            int m = 0;
            int far = 0;
            for (int i = 0; i < n; i++) {
                if (dist[i] < ball) {
                    inBall[m++] = i;
                }
                if (nearest[i] > nearest[far]) {
                    far = i;
                }
            }
            if (m < minPoints) {
                double[] sorted = dist.clone();
                Arrays.sort(sorted);
                ball = Math.nextUp(sorted[Math.min(minPoints, n) - 1]);
                m = 0;
                for (int i = 0; i < n; i++) {
                    if (dist[i] < ball) {
                        inBall[m++] = i;
                    }
                }
            }
            centres.add(next);
            radii.add(ball);
            members.add(Arrays.copyOf(inBall, m));
            progress.accept(nearest[far]);
            if (nearest[far] <= cover) {
                break;
            }
            next = far;
        }
        return new Net(centres.stream().mapToInt(Integer::intValue).toArray(),
                radii.stream().mapToDouble(Double::doubleValue).toArray(), members.toArray(new int[0][]));
    }
}

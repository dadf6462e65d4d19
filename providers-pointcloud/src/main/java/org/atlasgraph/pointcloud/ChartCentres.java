package org.atlasgraph.pointcloud;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.DoubleConsumer;
import java.util.stream.IntStream;
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
        /**
         * @param points the points the net was built on
         * @return the centres' points and balls
         */
        Balls balls(double[][] points) {
            return new Balls(PreparedCloud.rows(points, centres), radii.clone(), members.clone());
        }

        /** @return the indices of the points in the balls of isolated centres, ascending */
        int[] isolatedPoints() {
            return java.util.stream.IntStream.range(0, centres.length).filter(c -> isolated[c])
                    .flatMap(c -> Arrays.stream(members[c])).distinct().sorted().toArray();
        }
    }

    /**
     * The chart centres and their balls: a ball holds the points at distance less than its radius from its centre
     * ({@link #inBall}).
     *
     * @param centres the centres
     * @param radii   each ball's radius
     * @param members for each ball, the indices of its points, ascending
     */
    record Balls(double[][] centres, double[] radii, int[][] members) {
    }

    /** @return whether x lies in the ball of the given centre and radius: {@code ‖x − c‖ < radius} */
    static boolean inBall(double[] x, double[] centre, double radius) {
        return Vectors.distance(x, centre) < radius;
    }

    /**
     * The balls of given centres: the points within r of each, or, where fewer than {@code minPoints}, its
     * {@code minPoints} nearest points ({@link #ballRadius}).
     *
     * @param points    the data (not modified)
     * @param centres   the centres (not modified)
     * @param radius    the chart radius r
     * @param minPoints the fewest points a ball may hold
     * @return the balls
     */
    static Balls around(double[][] points, double[][] centres, double radius, int minPoints) {
        int k = centres.length;
        double[] radii = new double[k];
        int[][] members = new int[k][];
        IntStream.range(0, k).parallel().forEach(c -> {
            double[] dist = new double[points.length];
            int within = 0;
            for (int i = 0; i < points.length; i++) {
                dist[i] = Vectors.distance(centres[c], points[i]);
                within += dist[i] < radius ? 1 : 0;
            }
            double[] sorted = dist.clone();
            Arrays.sort(sorted);
            radii[c] = ballRadius(radius, within, minPoints,
                    Arrays.copyOf(sorted, Math.min(minPoints, sorted.length)));
            double ball = radii[c];
            members[c] = IntStream.range(0, points.length).filter(i -> dist[i] < ball).toArray();
        });
        return new Balls(centres.clone(), radii, members);
    }

    /**
     * @param radius    the chart radius r
     * @param within    the number of points at distance less than r from the centre
     * @param minPoints the fewest points a ball may hold
     * @param nearest   the min(minPoints, N) smallest distances of the points from the centre, ascending
     * @return the ball's radius: r, or just beyond the minPoints-th nearest point when fewer lie within r
     */
    static double ballRadius(double radius, int within, int minPoints, double[] nearest) {
        return within >= minPoints ? radius : Math.nextUp(nearest[nearest.length - 1]);
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
        Slots slots = new Slots(points);
        double[] nearest = new double[n];
        List<Integer> centres = new ArrayList<>();
        List<Double> radii = new ArrayList<>();
        List<int[]> members = new ArrayList<>();
        List<Boolean> isolated = new ArrayList<>();
        // each point is owned by its nearest centre; owned[k] lists the slots of its points, reach[k] is their
        // largest distance and farthest[k] the slot at that distance
        List<int[]> owned = new ArrayList<>();
        List<Double> reach = new ArrayList<>();
        List<Integer> farthest = new ArrayList<>();
        int[] ball = new int[n];
        int[] gained = new int[n];
        int nextSlot = start;
        for (int step = 0; step < n; step++) {
            int current = nextSlot;
            int centre = slots.pointOf[current];
            double[] c = points[centre];
            int k = centres.size();
            int m = 0;
            int g = 0;
            if (k == 0) {
                IntStream.range(0, n).parallel().forEach(i -> nearest[i] = slots.distance(current, i));
                g = n;
                m = first(nearest, radius, gained, ball);
            } else {
                int[] examined = new int[k];
                int cells = 0;
                long work = 0;
                for (int j = 0; j < k; j++) {
                    double sep = Vectors.distance(c, points[centres.get(j)]);
                    double rj = reach.get(j);
                    // triangle inequality: no point of j is within r of c, or nearer to c than to j, beyond this
                    if (sep < Math.max(2 * rj, rj + radius)) {
                        examined[cells++] = j;
                        work += owned.get(j).length;
                    }
                }
                // cells hold disjoint points, so they can be scanned in parallel; results are merged in cell order
                IntStream scan = IntStream.range(0, cells);
                Scan[] scans = (work >= PARALLEL_WORK ? scan.parallel() : scan)
                        .mapToObj(e -> scanCell(slots, current, radius, owned.get(examined[e]), nearest))
                        .toArray(Scan[]::new);
                for (int e = 0; e < cells; e++) {
                    Scan sc = scans[e];
                    System.arraycopy(sc.ball(), 0, ball, m, sc.ball().length);
                    m += sc.ball().length;
                    System.arraycopy(sc.gained(), 0, gained, g, sc.gained().length);
                    g += sc.gained().length;
                    if (sc.gained().length > 0) {
                        int j = examined[e];
                        owned.set(j, sc.rest());
                        updateReach(sc.rest(), nearest, j, reach, farthest);
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
            int[] inBall;
            if (m < minPoints && !alone) {
                double[] dist = new double[n];
                IntStream.range(0, n).parallel().forEach(i -> dist[i] = Vectors.distance(c, points[i]));
                double[] sorted = dist.clone();
                Arrays.parallelSort(sorted);
                ballRadius = ballRadius(radius, m, minPoints, Arrays.copyOf(sorted, Math.min(minPoints, n)));
                double grown = ballRadius;
                inBall = IntStream.range(0, n).filter(i -> dist[i] < grown).toArray();
            } else {
                inBall = new int[m];
                for (int b = 0; b < m; b++) {
                    inBall[b] = slots.pointOf[ball[b]];
                }
                Arrays.sort(inBall);
            }
            centres.add(centre);
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
            if (Integer.bitCount(k + 1) == 1 && k + 1 >= REORDER_FROM) {
                far = slots.reorder(owned, farthest, nearest, far);
            }
            nextSlot = far;
        }
        boolean[] alone = new boolean[isolated.size()];
        for (int c = 0; c < alone.length; c++) {
            alone[c] = isolated.get(c);
        }
        return new Net(centres.stream().mapToInt(Integer::intValue).toArray(),
                radii.stream().mapToDouble(Double::doubleValue).toArray(), members.toArray(new int[0][]), alone);
    }

    /**
     * The first centre's scan: it gains every point.
     *
     * @param nearest every slot's distance from the first centre
     * @param gained  receives every slot
     * @param ball    receives the slots within r, in order
     * @return the number of slots within r
     */
    private static int first(double[] nearest, double radius, int[] gained, int[] ball) {
        int m = 0;
        for (int i = 0; i < nearest.length; i++) {
            gained[i] = i;
            if (nearest[i] < radius) {
                ball[m++] = i;
            }
        }
        return m;
    }

    /** The cells are renumbered contiguously when the number of centres reaches this and every power of two beyond. */
    static final int REORDER_FROM = 8;

    /**
     * The points in one array, row after row, in an order that keeps each cell's points together: a new centre scans
     * a few cells, and reading their points from one stretch of memory each instead of scattered over the heap makes
     * the scan several times faster on 10⁶ points. Slots are renumbered cell by cell, each cell's points in their list
     * order, so that the order of every list, and with it every choice of the net, stays the same.
     */
    private static final class Slots {
        private final int dim;
        private double[] flat;
        private int[] pointOf;
        // the arrays of the previous order, written over by the next reorder (every slot is written), and its scratch
        private double[] spareFlat;
        private int[] sparePointOf;
        private int[] spareSlot;
        private double[] spareNearest;

        Slots(double[][] points) {
            int n = points.length;
            dim = points[0].length;
            flat = new double[n * dim];
            pointOf = new int[n];
            IntStream.range(0, n).parallel().forEach(i -> {
                System.arraycopy(points[i], 0, flat, i * dim, dim);
                pointOf[i] = i;
            });
        }

        double distance(int a, int b) {
            double s = 0;
            int ao = a * dim;
            int bo = b * dim;
            for (int j = 0; j < dim; j++) {
                double t = flat[ao + j] - flat[bo + j];
                s += t * t;
            }
            return Math.sqrt(s);
        }

        /**
         * Renumbers the slots cell by cell; rewrites the lists, the farthest slots and the nearest distances.
         *
         * @return the new slot of {@code far}
         */
        int reorder(List<int[]> owned, List<Integer> farthest, double[] nearest, int far) {
            int n = pointOf.length;
            if (spareSlot == null) {
                spareSlot = new int[n];
                spareFlat = new double[n * dim];
                sparePointOf = new int[n];
                spareNearest = new double[n];
            }
            int[] newSlot = spareSlot;
            int next = 0;
            for (int[] list : owned) {
                for (int i = 0; i < list.length; i++) {
                    newSlot[list[i]] = next;
                    list[i] = next++;
                }
            }
            // every point lies in exactly one list (the lists partition the points), so every slot is renumbered
            double[] newFlat = spareFlat;
            int[] newPointOf = sparePointOf;
            double[] newNearest = spareNearest;
            for (int old = 0; old < n; old++) {
                int slot = newSlot[old];
                System.arraycopy(flat, old * dim, newFlat, slot * dim, dim);
                newPointOf[slot] = pointOf[old];
                newNearest[slot] = nearest[old];
            }
            for (int j = 0; j < farthest.size(); j++) {
                int f = farthest.get(j);
                farthest.set(j, f < 0 ? f : newSlot[f]);
            }
            spareFlat = flat;
            sparePointOf = pointOf;
            flat = newFlat;
            pointOf = newPointOf;
            System.arraycopy(newNearest, 0, nearest, 0, n);
            return newSlot[far];
        }
    }

    /** Points of the examined cells above which one centre's scan runs in parallel. */
    static final int PARALLEL_WORK = 20000;

    /**
     * What a new centre finds in one cell.
     *
     * @param ball   the cell's points within r of the new centre
     * @param gained the cell's points now nearer to the new centre than to their owner
     * @param rest   the cell's other points, which stay with their owner
     */
    private record Scan(int[] ball, int[] gained, int[] rest) {
    }

    /** Scans one cell's points from a new centre c, lowering {@code nearest} of the points it gains. */
    private static Scan scanCell(Slots slots, int centre, double radius, int[] list, double[] nearest) {
        int[] ball = new int[list.length];
        int[] gained = new int[list.length];
        int[] rest = new int[list.length];
        int m = 0;
        int g = 0;
        int keep = 0;
        for (int i : list) {
            double v = slots.distance(centre, i);
            if (v < radius) {
                ball[m++] = i;
            }
            if (v < nearest[i]) {
                nearest[i] = v;
                gained[g++] = i;
            } else {
                rest[keep++] = i;
            }
        }
        return new Scan(Arrays.copyOf(ball, m), Arrays.copyOf(gained, g), g == 0 ? list : Arrays.copyOf(rest, keep));
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

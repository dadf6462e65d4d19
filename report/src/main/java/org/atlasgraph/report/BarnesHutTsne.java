package org.atlasgraph.report;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.IntStream;
import smile.feature.extraction.PCA;

/**
 * Two-dimensional t-SNE with the Barnes–Hut approximation (van der Maaten 2014), with the defaults of scikit-learn
 * 1.3.2, which App. F.5 used: perplexity-calibrated affinities on the {@code ⌊3·perplexity + 1⌋} nearest neighbours,
 * PCA initialisation scaled to standard deviation 10⁻⁴, early exaggeration 12 for 250 iterations with momentum 0.5,
 * then 750 iterations with momentum 0.8, learning rate {@code max(n / 12 / 4, 50)}, gains with minimum 0.01, and the
 * angle θ = 0.5.
 *
 * <p>It replaces Smile's {@code smile.manifold.TSNE}, which is exact: it keeps three n×n matrices (2.4 GB at
 * n = 10,000, beyond the default heap) and costs O(n²) per iteration (34 s for 2,000 points on 2 cores); it also reads
 * its input as a distance matrix whenever the number of points equals the dimension. Deterministic: no random source
 * (the initialisation is PCA); forces are computed per point in parallel and summed in a fixed order.
 */
final class BarnesHutTsne {
    static final double THETA = 0.5;
    static final double EXAGGERATION = 12;
    static final int EXAGGERATION_ITERATIONS = 250;
    static final int ITERATIONS = 1000;
    private static final double MIN_GAIN = 0.01;
    private static final double ENTROPY_TOLERANCE = 1e-5;
    private static final int BINARY_SEARCH_STEPS = 100;

    private BarnesHutTsne() {
    }

    /**
     * Embeds a validated point cloud of at least 3 points in the plane.
     *
     * @param x          the points (not modified)
     * @param perplexity the perplexity, {@code > 0}
     * @return n rows of 2 coordinates
     */
    static double[][] embed(double[][] x, double perplexity) {
        int n = x.length;
        int k = Math.min(n - 1, (int) (3 * perplexity + 1));
        int[][] neighbours = new int[n][];
        double[][] conditional = new double[n][];
        NearestNeighbours index = NearestNeighbours.of(x);
        IntStream.range(0, n).parallel().forEach(i -> {
            neighbours[i] = index.neighbours(i, k);
            double[] d2 = new double[k];
            for (int a = 0; a < k; a++) {
                double d = index.distance(i, neighbours[i][a]);
                d2[a] = d * d;
            }
            conditional[i] = calibrate(d2, perplexity);
        });
        SymmetricAffinities p = SymmetricAffinities.of(neighbours, conditional);
        double[] y = initialise(x);
        optimise(p, y, n);
        double[][] out = new double[n][];
        for (int i = 0; i < n; i++) {
            out[i] = new double[] {y[2 * i], y[2 * i + 1]};
        }
        return out;
    }

    /**
     * p_{j|i} ∝ exp(−β d²_ij) with β found by bisection so that the entropy (natural log) is log(perplexity), as
     * scikit-learn's {@code _binary_search_perplexity}.
     */
    static double[] calibrate(double[] d2, double perplexity) {
        double target = Math.log(perplexity);
        double beta = 1;
        double lo = Double.NEGATIVE_INFINITY;
        double hi = Double.POSITIVE_INFINITY;
        double[] p = new double[d2.length];
        for (int step = 0; step < BINARY_SEARCH_STEPS; step++) {
            double sum = 0;
            for (int a = 0; a < d2.length; a++) {
                p[a] = Math.exp(-d2[a] * beta);
                sum += p[a];
            }
            if (sum == 0) {
                sum = 1e-8;
            }
            double weighted = 0;
            for (int a = 0; a < d2.length; a++) {
                p[a] /= sum;
                weighted += d2[a] * p[a];
            }
            double entropy = Math.log(sum) + beta * weighted;
            double diff = entropy - target;
            if (Math.abs(diff) <= ENTROPY_TOLERANCE) {
                break;
            }
            if (diff > 0) {
                lo = beta;
                beta = hi == Double.POSITIVE_INFINITY ? beta * 2 : (beta + hi) / 2;
            } else {
                hi = beta;
                beta = lo == Double.NEGATIVE_INFINITY ? beta / 2 : (beta + lo) / 2;
            }
        }
        return p;
    }

    /** The first two principal components, scaled so that the first has standard deviation 10⁻⁴. */
    private static double[] initialise(double[][] x) {
        double[][] pcs = PCA.fit(x).getProjection(Math.min(2, x[0].length)).apply(x);
        int n = x.length;
        double mean = 0;
        for (double[] r : pcs) {
            mean += r[0];
        }
        mean /= n;
        double var = 0;
        for (double[] r : pcs) {
            var += (r[0] - mean) * (r[0] - mean);
        }
        double std = Math.sqrt(var / n);
        double scale = std > 0 ? 1e-4 / std : 1;
        double[] y = new double[2 * n];
        for (int i = 0; i < n; i++) {
            y[2 * i] = pcs[i][0] * scale;
            y[2 * i + 1] = pcs[i].length > 1 ? pcs[i][1] * scale : 0;
        }
        return y;
    }

    private static void optimise(SymmetricAffinities p, double[] y, int n) {
        double rate = Math.max(n / EXAGGERATION / 4, 50);
        double[] update = new double[2 * n];
        double[] gains = new double[2 * n];
        Arrays.fill(gains, 1);
        double[] grad = new double[2 * n];
        double[] z = new double[n];
        QuadTree tree = new QuadTree(n);
        for (int iter = 0; iter < ITERATIONS; iter++) {
            boolean early = iter < EXAGGERATION_ITERATIONS;
            double exaggeration = early ? EXAGGERATION : 1;
            double momentum = early ? 0.5 : 0.8;
            tree.build(y);
            IntStream.range(0, n).parallel().forEach(i -> tree.repulsion(y, i, grad, z));
            double zSum = 0;
            for (int i = 0; i < n; i++) {
                zSum += z[i];
            }
            final double zTotal = zSum;
            IntStream.range(0, n).parallel().forEach(i -> {
                double ax = 0;
                double ay = 0;
                double yx = y[2 * i];
                double yy = y[2 * i + 1];
                for (int e = p.offsets[i]; e < p.offsets[i + 1]; e++) {
                    int j = p.targets[e];
                    double dx = yx - y[2 * j];
                    double dy = yy - y[2 * j + 1];
                    double q = 1 / (1 + dx * dx + dy * dy);
                    ax += p.values[e] * q * dx;
                    ay += p.values[e] * q * dy;
                }
                grad[2 * i] = 4 * (exaggeration * ax - grad[2 * i] / zTotal);
                grad[2 * i + 1] = 4 * (exaggeration * ay - grad[2 * i + 1] / zTotal);
            });
            for (int c = 0; c < 2 * n; c++) {
                gains[c] = update[c] * grad[c] < 0 ? gains[c] + 0.2 : gains[c] * 0.8;
                if (gains[c] < MIN_GAIN) {
                    gains[c] = MIN_GAIN;
                }
                update[c] = momentum * update[c] - rate * gains[c] * grad[c];
                y[c] += update[c];
            }
        }
    }

    /** P = (P_{j|i} + P_{i|j}) / Σ, stored row-wise (both directions). */
    private static final class SymmetricAffinities {
        final int[] offsets;
        final int[] targets;
        final double[] values;

        private SymmetricAffinities(int[] offsets, int[] targets, double[] values) {
            this.offsets = offsets;
            this.targets = targets;
            this.values = values;
        }

        static SymmetricAffinities of(int[][] neighbours, double[][] conditional) {
            int n = neighbours.length;
            List<Map<Integer, Double>> rows = new ArrayList<>(n);
            for (int i = 0; i < n; i++) {
                rows.add(new TreeMap<>());
            }
            double total = 0;
            for (int i = 0; i < n; i++) {
                for (int a = 0; a < neighbours[i].length; a++) {
                    int j = neighbours[i][a];
                    double v = conditional[i][a];
                    rows.get(i).merge(j, v, Double::sum);
                    rows.get(j).merge(i, v, Double::sum);
                    total += 2 * v;
                }
            }
            int[] offsets = new int[n + 1];
            for (int i = 0; i < n; i++) {
                offsets[i + 1] = offsets[i] + rows.get(i).size();
            }
            int[] targets = new int[offsets[n]];
            double[] values = new double[offsets[n]];
            for (int i = 0; i < n; i++) {
                int e = offsets[i];
                for (Map.Entry<Integer, Double> entry : rows.get(i).entrySet()) {
                    targets[e] = entry.getKey();
                    values[e] = entry.getValue() / total;
                    e++;
                }
            }
            return new SymmetricAffinities(offsets, targets, values);
        }
    }

    /**
     * A point-region quadtree over the current embedding, rebuilt every iteration; cells keep their count and centre
     * of mass. Coincident points share a leaf, so duplicates cannot make it split forever.
     */
    static final class QuadTree {
        private static final int MAX_DEPTH = 50;

        private final ThreadLocal<int[]> stacks = ThreadLocal.withInitial(() -> new int[4 * MAX_DEPTH + 8]);
        private int size;
        private boolean[] internal;
        private int[] children;
        private int[] count;
        private int[] point;
        private double[] comX;
        private double[] comY;
        private double[] centreX;
        private double[] centreY;
        private double[] half;

        QuadTree(int n) {
            allocate(4 * n + 16);
        }

        private void allocate(int capacity) {
            children = children == null ? new int[4 * capacity] : Arrays.copyOf(children, 4 * capacity);
            internal = internal == null ? new boolean[capacity] : Arrays.copyOf(internal, capacity);
            count = count == null ? new int[capacity] : Arrays.copyOf(count, capacity);
            point = point == null ? new int[capacity] : Arrays.copyOf(point, capacity);
            comX = comX == null ? new double[capacity] : Arrays.copyOf(comX, capacity);
            comY = comY == null ? new double[capacity] : Arrays.copyOf(comY, capacity);
            centreX = centreX == null ? new double[capacity] : Arrays.copyOf(centreX, capacity);
            centreY = centreY == null ? new double[capacity] : Arrays.copyOf(centreY, capacity);
            half = half == null ? new double[capacity] : Arrays.copyOf(half, capacity);
        }

        private int newNode(double cx, double cy, double h) {
            if (size == count.length) {
                allocate(2 * count.length);
            }
            int node = size++;
            Arrays.fill(children, 4 * node, 4 * node + 4, -1);
            internal[node] = false;
            count[node] = 0;
            point[node] = -1;
            comX[node] = 0;
            comY[node] = 0;
            centreX[node] = cx;
            centreY[node] = cy;
            half[node] = h;
            return node;
        }

        void build(double[] y) {
            int n = y.length / 2;
            double minX = Double.POSITIVE_INFINITY;
            double minY = Double.POSITIVE_INFINITY;
            double maxX = Double.NEGATIVE_INFINITY;
            double maxY = Double.NEGATIVE_INFINITY;
            for (int i = 0; i < n; i++) {
                minX = Math.min(minX, y[2 * i]);
                maxX = Math.max(maxX, y[2 * i]);
                minY = Math.min(minY, y[2 * i + 1]);
                maxY = Math.max(maxY, y[2 * i + 1]);
            }
            double h = Math.max(maxX - minX, maxY - minY) / 2 * (1 + 1e-6) + 1e-12;
            size = 0;
            newNode((minX + maxX) / 2, (minY + maxY) / 2, h);
            for (int i = 0; i < n; i++) {
                insert(y, i);
            }
        }

        private void insert(double[] y, int i) {
            double px = y[2 * i];
            double py = y[2 * i + 1];
            int node = 0;
            for (int depth = 0; ; depth++) {
                if (!internal[node]) {
                    if (count[node] == 0) {
                        add(node, px, py, 1);
                        point[node] = i;
                        return;
                    }
                    int old = point[node];
                    if ((y[2 * old] == px && y[2 * old + 1] == py) || depth >= MAX_DEPTH) {
                        add(node, px, py, 1);
                        return;
                    }
                    // Split: the leaf's points (all at the old position) move down into one child.
                    int moved = count[node];
                    int child = child(node, y[2 * old], y[2 * old + 1]);
                    add(child, y[2 * old], y[2 * old + 1], moved);
                    point[child] = old;
                    point[node] = -1;
                }
                add(node, px, py, 1);
                node = child(node, px, py);
            }
        }

        private void add(int node, double px, double py, int c) {
            int total = count[node] + c;
            comX[node] += (px - comX[node]) * c / total;
            comY[node] += (py - comY[node]) * c / total;
            count[node] = total;
        }

        private int child(int node, double px, double py) {
            int q = (px >= centreX[node] ? 1 : 0) + (py >= centreY[node] ? 2 : 0);
            int slot = 4 * node + q;
            if (children[slot] < 0) {
                double h = half[node] / 2;
                int created = newNode(centreX[node] + ((q & 1) != 0 ? h : -h),
                        centreY[node] + ((q & 2) != 0 ? h : -h), h);
                children[slot] = created;
                internal[node] = true;
            }
            return children[slot];
        }

        /**
         * Writes Σ_j q_ij² (y_i − y_j) into {@code force[2i..2i+1]} and Σ_j q_ij into {@code z[i]}, with
         * q_ij = 1 / (1 + |y_i − y_j|²), summarising a cell by its centre of mass when its width is below θ times
         * its distance.
         */
        void repulsion(double[] y, int i, double[] force, double[] z) {
            double px = y[2 * i];
            double py = y[2 * i + 1];
            double fx = 0;
            double fy = 0;
            double zi = 0;
            int[] stack = stacks.get();
            int top = 0;
            stack[top++] = 0;
            while (top > 0) {
                int node = stack[--top];
                if (count[node] == 0) {
                    continue;
                }
                double dx = px - comX[node];
                double dy = py - comY[node];
                double d2 = dx * dx + dy * dy;
                boolean leaf = !internal[node];
                double width = 2 * half[node];
                if (leaf || width * width < THETA * THETA * d2) {
                    if (d2 == 0) {
                        // The cell holding y_i itself: the other coincident points add q = 1 and no force.
                        zi += leaf ? count[node] - 1 : 0;
                        continue;
                    }
                    double q = 1 / (1 + d2);
                    double nq = count[node] * q;
                    zi += nq;
                    fx += nq * q * dx;
                    fy += nq * q * dy;
                } else {
                    for (int c = 0; c < 4; c++) {
                        int child = children[4 * node + c];
                        if (child >= 0) {
                            if (top == stack.length) {
                                stack = Arrays.copyOf(stack, 2 * stack.length);
                                stacks.set(stack);
                            }
                            stack[top++] = child;
                        }
                    }
                }
            }
            force[2 * i] = fx;
            force[2 * i + 1] = fy;
            z[i] = zi;
        }
    }
}

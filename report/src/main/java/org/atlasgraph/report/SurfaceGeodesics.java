package org.atlasgraph.report;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.atlasgraph.api.base.CsrDijkstra;
import org.atlasgraph.api.base.Vectors;
import org.atlasgraph.api.check.InvalidInputException;
import org.atlasgraph.report.ParametrizedSurface.Domain;
import org.atlasgraph.report.ParametrizedSurface.Gluing;

/**
 * Ground-truth geodesic distances on a {@link ParametrizedSurface}, with their error stated: the reference against
 * which Fig. 4 compares the atlas and the baselines.
 *
 * <p>Why not App. F's graph: the 5 nearest neighbours of a point of an even parameter grid are its 4 axis neighbours
 * (and one more), so paths move along the axes only and overestimate surface distances by about 23% on average and
 * up to 2× on diagonals. Here, instead:
 * <ol>
 *   <li>a parameter grid of square-ish cells (glued as the surface is) with a 7×7 stencil: edges in the 32 primitive
 *       directions {@code (a, b)}, {@code |a|, |b| ≤ 3}, {@code gcd(a, b) = 1}, each weighted by the length of its
 *       straight parameter segment in the induced metric {@code g = JᵀJ} (Simpson's rule), so graph paths deviate in
 *       direction by at most about 9° from any straight line and overestimate by at most about 1.3%;</li>
 *   <li>Dijkstra's shortest path from the exact start to the exact end, each joined by straight segments to the 49
 *       nodes of the 7×7 box around it (so that snapping to the grid does not decide which way round the surface the
 *       path goes), lifted to the covering plane, which fixes its homotopy class;</li>
 *   <li>the path, resampled to 16 segments of equal length, refined by Gauss–Newton on the discrete energy
 *       {@code Σ |x(P_{t+1}) − x(P_t)|²} (a block-tridiagonal solve per step), doubling the segments up to 256 (coarse)
 *       or 512 (fine); the minimiser is a discrete geodesic with equally spaced points;</li>
 *   <li>its length integrated in the induced metric (Simpson's rule per segment): the length of an actual curve on the
 *       surface, so never below the true distance (up to the quadrature error of about 10⁻⁸).</li>
 * </ol>
 * Each query is solved twice, at a grid of {@code cells} and {@code 2·cells} along u with 256 and 512 path segments;
 * the finer answer is the distance and the relative change between the two is its stated error ({@link GroundTruth}).
 * The straight parameter segments between the points of a discrete geodesic are slightly longer than the geodesic
 * (by O(1/segments²), 2·10⁻⁶ relative on the unit sphere at 512), so the stated change, about 3× the fine solve's
 * own error, is a conservative bound. Near a cut locus, where two homotopy classes are almost equally short, the graph
 * may pick the longer one; the refined length then exceeds the distance by at most the stencil's 1.3%, and the two
 * resolutions usually disagree there, which the stated change shows.
 */
public final class SurfaceGeodesics {
    /** Default cells along u of the coarse solve (the fine solve doubles it): 64 × 128 cells on the Klein bottle. */
    public static final int DEFAULT_CELLS = 64;

    /** Path segments of the coarse solve; the fine solve doubles them. */
    static final int SEGMENTS = 256;

    private static final int STENCIL = 3;
    private static final int FIRST_SEGMENTS = 16;
    private static final int MAX_NEWTON_STEPS = 60;
    private static final int MAX_HALVINGS = 20;
    /** Gauss–Newton stops when a step moves no point by more than this fraction of the grid spacing. */
    private static final double STEP_TOLERANCE = 1e-6;

    private final ParametrizedSurface surface;
    private final int cells;
    private Solver coarse;
    private Solver fine;

    private SurfaceGeodesics(ParametrizedSurface surface, int cells) {
        this.surface = surface;
        this.cells = cells;
    }

    /**
     * Geodesics at the default resolution.
     *
     * @param surface the surface
     * @return the solver (grids are built on first use)
     */
    public static SurfaceGeodesics on(ParametrizedSurface surface) {
        return on(surface, DEFAULT_CELLS);
    }

    /**
     * Geodesics at a chosen resolution.
     *
     * @param surface the surface
     * @param cells   cells along u of the coarse solve, in {@code [4, 1024]}; v gets as many as keep cells square in
     *                parameter units
     * @return the solver (grids are built on first use)
     * @throws InvalidInputException if {@code cells} is out of range
     */
    public static SurfaceGeodesics on(ParametrizedSurface surface, int cells) {
        if (surface == null) {
            throw new InvalidInputException("surface", "a parametrized surface", "null");
        }
        if (cells < 4 || cells > 1024) {
            throw new InvalidInputException("cells", "4 ≤ cells ≤ 1024", String.valueOf(cells));
        }
        return new SurfaceGeodesics(surface, cells);
    }

    /** @return the surface */
    public ParametrizedSurface surface() {
        return surface;
    }

    /**
     * Geodesic distances between pairs of parameter points.
     *
     * @param from rows {u, v}, one per pair (not modified); u and v may lie anywhere along a glued direction, and
     *             within the closed range along an unglued one
     * @param to   rows {u, v} of the same count (not modified)
     * @return the distances and their stated error
     * @throws InvalidInputException if the counts differ, a row is not two finite numbers, or a point lies outside an
     *                               unglued range
     */
    public GroundTruth distances(double[][] from, double[][] to) {
        double[][] a = PointClouds.copyOf("from", from, 0);
        double[][] b = PointClouds.copyOf("to", to, 0);
        if (a.length != b.length) {
            throw new InvalidInputException("to", a.length + " rows (as from)", String.valueOf(b.length));
        }
        for (int i = 0; i < a.length; i++) {
            requireInDomain("from[" + i + "]", a[i]);
            requireInDomain("to[" + i + "]", b[i]);
        }
        synchronized (this) {
            if (coarse == null) {
                coarse = new Solver(surface, cells, SEGMENTS);
                fine = new Solver(surface, 2 * cells, 2 * SEGMENTS);
            }
        }
        double[] c = coarse.distances(a, b);
        double[] f = fine.distances(a, b);
        String method = String.format(Locale.ROOT,
                "geodesic distance on the %s: Dijkstra on a %d×%d parameter grid with a 7×7 stencil (32 directions, "
                        + "edges measured in the induced metric), the path lifted to the covering plane and refined "
                        + "to %d segments by Gauss–Newton on the discrete energy, its length integrated in the induced "
                        + "metric; error stated as the change from a %d×%d grid with %d segments",
                surface.name(), fine.nu, fine.nv, fine.segments, coarse.nu, coarse.nv, coarse.segments);
        return new GroundTruth(f, c, method);
    }

    private void requireInDomain(String name, double[] p) {
        if (p.length != 2) {
            throw new InvalidInputException(name, "two parameters {u, v}", p.length + " values");
        }
        Domain d = surface.domain();
        if (d.uGluing() == Gluing.NONE && (p[0] < d.uMin() || p[0] > d.uMax())) {
            throw new InvalidInputException(name + "[0]", "u in [" + d.uMin() + ", " + d.uMax() + "]",
                    String.valueOf(p[0]));
        }
        if (!d.vPeriodic() && (p[1] < d.vMin() || p[1] > d.vMax())) {
            throw new InvalidInputException(name + "[1]", "v in [" + d.vMin() + ", " + d.vMax() + "]",
                    String.valueOf(p[1]));
        }
    }

    /** One resolution: the stencil graph and the path refinement. */
    static final class Solver {
        final ParametrizedSurface surface;
        final Domain domain;
        final int nu;
        final int nv;
        final int rows;
        final int columns;
        final double hu;
        final double hv;
        final int segments;
        final CsrDijkstra dijkstra;
        private final int dim;

        Solver(ParametrizedSurface surface, int cellsU, int segments) {
            this.surface = surface;
            this.domain = surface.domain();
            this.dim = surface.ambientDimension();
            this.nu = cellsU;
            this.nv = Math.max(4, (int) Math.round(cellsU * domain.vLength() / domain.uLength()));
            this.hu = domain.uLength() / nu;
            this.hv = domain.vLength() / nv;
            this.rows = domain.uGluing() == Gluing.NONE ? nu + 1 : nu;
            this.columns = domain.vPeriodic() ? nv : nv + 1;
            this.segments = segments;
            int[][] directions = directions();
            int n = rows * columns;
            int[] counts = new int[n + 1];
            int[][] out = new int[n][];
            double[][] w = new double[n][];
            double[] xu = new double[dim];
            double[] xv = new double[dim];
            for (int i = 0; i < rows; i++) {
                for (int j = 0; j < columns; j++) {
                    int node = i * columns + j;
                    int[] t = new int[directions.length];
                    double[] len = new double[directions.length];
                    int c = 0;
                    double u0 = domain.uMin() + i * hu;
                    double v0 = domain.vMin() + j * hv;
                    for (int[] d : directions) {
                        int target = node(i + d[0], j + d[1]);
                        if (target >= 0) {
                            t[c] = target;
                            len[c] = segmentLength(u0, v0, u0 + d[0] * hu, v0 + d[1] * hv, xu, xv);
                            c++;
                        }
                    }
                    out[node] = Arrays.copyOf(t, c);
                    w[node] = Arrays.copyOf(len, c);
                    counts[node + 1] = counts[node] + c;
                }
            }
            int[] targets = new int[counts[n]];
            double[] weights = new double[counts[n]];
            for (int v = 0; v < n; v++) {
                System.arraycopy(out[v], 0, targets, counts[v], out[v].length);
                System.arraycopy(w[v], 0, weights, counts[v], w[v].length);
            }
            dijkstra = new CsrDijkstra(counts, targets, weights);
        }

        /** The 32 primitive directions of the 7×7 stencil. */
        static int[][] directions() {
            List<int[]> list = new ArrayList<>();
            for (int a = -STENCIL; a <= STENCIL; a++) {
                for (int b = -STENCIL; b <= STENCIL; b++) {
                    if ((a != 0 || b != 0) && gcd(Math.abs(a), Math.abs(b)) == 1) {
                        list.add(new int[] {a, b});
                    }
                }
            }
            return list.toArray(new int[0][]);
        }

        private static int gcd(int a, int b) {
            return b == 0 ? a : gcd(b, a % b);
        }

        /** The node at integer grid position (i, j) after gluing, or −1 outside an unglued range. */
        int node(int i, int j) {
            if (domain.uGluing() != Gluing.NONE) {
                int wraps = Math.floorDiv(i, nu);
                i -= wraps * nu;
                if (domain.uGluing() == Gluing.PERIODIC_REFLECTING_V && (wraps & 1) != 0) {
                    j = nv - j;
                }
            } else if (i < 0 || i > nu) {
                return -1;
            }
            if (domain.vPeriodic()) {
                j = Math.floorMod(j, nv);
            } else if (j < 0 || j > nv) {
                return -1;
            }
            return i * columns + j;
        }

        /** The lift of parameter point p nearest to the reference point r of the covering plane. */
        double[] liftNear(double u, double v, double ru, double rv) {
            double bestU = u;
            double bestV = v;
            double best = Double.POSITIVE_INFINITY;
            int w0 = domain.uGluing() == Gluing.NONE ? 0 : (int) Math.round((ru - u) / domain.uLength());
            int span = domain.uGluing() == Gluing.NONE ? 0 : 1;
            for (int w = w0 - span; w <= w0 + span; w++) {
                double cu = u + w * domain.uLength();
                double cv = domain.uGluing() == Gluing.PERIODIC_REFLECTING_V && (w & 1) != 0
                        ? domain.vMin() + domain.vMax() - v : v;
                if (domain.vPeriodic()) {
                    cv += Math.round((rv - cv) / domain.vLength()) * domain.vLength();
                }
                double d = (cu - ru) * (cu - ru) + (cv - rv) * (cv - rv);
                if (d < best) {
                    best = d;
                    bestU = cu;
                    bestV = cv;
                }
            }
            return new double[] {bestU, bestV};
        }

        /**
         * Distances for pairs; the exact endpoints join the graph by straight segments to the nodes of the 7×7 box
         * around them, so that snapping to the grid does not bias which way round the surface the path goes.
         */
        double[] distances(double[][] a, double[][] b) {
            int m = a.length;
            Integer[] order = new Integer[m];
            Arrays.setAll(order, r -> r);
            Arrays.sort(order, (x, y) -> Arrays.compare(a[x], a[y]));
            double[] xu = new double[dim];
            double[] xv = new double[dim];
            double[] out = new double[m];
            int r = 0;
            while (r < m) {
                int end = r;
                while (end < m && Arrays.equals(a[order[end]], a[order[r]])) {
                    end++;
                }
                double[] source = a[order[r]];
                int[] starts = box(source);
                double[] initial = new double[starts.length];
                for (int k = 0; k < starts.length; k++) {
                    double[] lift = liftNear(nodeU(starts[k]), nodeV(starts[k]), source[0], source[1]);
                    initial[k] = segmentLength(source[0], source[1], lift[0], lift[1], xu, xv);
                }
                int[][] sinks = new int[end - r][];
                int total = 0;
                for (int s = r; s < end; s++) {
                    sinks[s - r] = box(b[order[s]]);
                    total += sinks[s - r].length;
                }
                int[] wanted = new int[total];
                for (int s = 0, k = 0; s < sinks.length; s++) {
                    for (int node : sinks[s]) {
                        wanted[k++] = node;
                    }
                }
                CsrDijkstra.Search search = NeighbourGraph.settle(dijkstra, starts, initial, wanted);
                for (int s = r; s < end; s++) {
                    double[] sink = b[order[s]];
                    if (coincide(source, sink)) {
                        out[order[s]] = 0;
                        continue;
                    }
                    int bestNode = -1;
                    double best = Double.POSITIVE_INFINITY;
                    for (int node : sinks[s - r]) {
                        double[] lift = liftNear(sink[0], sink[1], nodeU(node), nodeV(node));
                        double d = search.cost(node)
                                + segmentLength(nodeU(node), nodeV(node), lift[0], lift[1], xu, xv);
                        if (d < best) {
                            best = d;
                            bestNode = node;
                        }
                    }
                    out[order[s]] = refinedLength(liftPath(path(search, bestNode), source, sink));
                }
                r = end;
            }
            return out;
        }

        /** Whether some lift of q equals p up to rounding (the glued copies of one point). */
        boolean coincide(double[] p, double[] q) {
            double[] lift = liftNear(q[0], q[1], p[0], p[1]);
            double scale = 1e-12 * Math.max(domain.uLength(), domain.vLength());
            return Math.abs(lift[0] - p[0]) <= scale && Math.abs(lift[1] - p[1]) <= scale;
        }

        /** The distinct nodes of the 7×7 box of grid positions around the node nearest to p. */
        int[] box(double[] p) {
            int i0 = (int) Math.round((p[0] - domain.uMin()) / hu);
            int j0 = (int) Math.round((p[1] - domain.vMin()) / hv);
            int[] nodes = new int[(2 * STENCIL + 1) * (2 * STENCIL + 1)];
            int c = 0;
            for (int di = -STENCIL; di <= STENCIL; di++) {
                for (int dj = -STENCIL; dj <= STENCIL; dj++) {
                    int node = node(i0 + di, j0 + dj);
                    if (node >= 0) {
                        nodes[c++] = node;
                    }
                }
            }
            return Arrays.stream(nodes, 0, c).distinct().toArray();
        }

        private double nodeU(int node) {
            return domain.uMin() + (node / columns) * hu;
        }

        private double nodeV(int node) {
            return domain.vMin() + (node % columns) * hv;
        }

        /** The vertices of the search's cheapest path to {@code node}, source first. */
        private static int[] path(CsrDijkstra.Search search, int node) {
            int length = 0;
            for (int v = node; v >= 0; v = search.parent(v)) {
                length++;
            }
            int[] path = new int[length];
            for (int v = node, i = length - 1; v >= 0; v = search.parent(v), i--) {
                path[i] = v;
            }
            return path;
        }

        /** The grid path lifted to the covering plane between the exact endpoints: a, the lifted nodes, b. */
        double[][] liftPath(int[] nodes, double[] a, double[] b) {
            double[][] lifted = new double[nodes.length + 2][];
            lifted[0] = new double[] {a[0], a[1]};
            for (int k = 0; k < nodes.length; k++) {
                double[] previous = lifted[k];
                lifted[k + 1] = liftNear(nodeU(nodes[k]), nodeV(nodes[k]), previous[0], previous[1]);
            }
            double[] last = lifted[nodes.length];
            lifted[nodes.length + 1] = liftNear(b[0], b[1], last[0], last[1]);
            return lifted;
        }

        /** Resamples, refines level by level, and integrates the final length. */
        double refinedLength(double[][] polyline) {
            double[][] path = resample(polyline, FIRST_SEGMENTS);
            if (path == null) {
                return 0;
            }
            refine(path);
            while (path.length - 1 < segments) {
                path = subdivide(path);
                refine(path);
            }
            return metricLength(path);
        }

        /** Equal ambient-chord spacing along the polyline; null when it has zero length. */
        double[][] resample(double[][] polyline, int count) {
            int n = polyline.length;
            double[] cumulative = new double[n];
            double[] x0 = new double[dim];
            double[] x1 = new double[dim];
            surface.point(polyline[0][0], polyline[0][1], x0);
            for (int k = 1; k < n; k++) {
                surface.point(polyline[k][0], polyline[k][1], x1);
                cumulative[k] = cumulative[k - 1] + Vectors.distance(x0, x1);
                System.arraycopy(x1, 0, x0, 0, dim);
            }
            double total = cumulative[n - 1];
            if (!(total > 0)) {
                return null;
            }
            double[][] out = new double[count + 1][];
            int k = 1;
            for (int s = 0; s <= count; s++) {
                double target = total * s / count;
                while (k < n - 1 && cumulative[k] < target) {
                    k++;
                }
                double span = cumulative[k] - cumulative[k - 1];
                double f = span > 0 ? Math.min(1, Math.max(0, (target - cumulative[k - 1]) / span)) : 1;
                out[s] = new double[] {
                    polyline[k - 1][0] + f * (polyline[k][0] - polyline[k - 1][0]),
                    polyline[k - 1][1] + f * (polyline[k][1] - polyline[k - 1][1])};
            }
            out[0] = polyline[0].clone();
            out[count] = polyline[n - 1].clone();
            return out;
        }

        static double[][] subdivide(double[][] path) {
            double[][] out = new double[2 * path.length - 1][];
            for (int t = 0; t < path.length; t++) {
                out[2 * t] = path[t];
                if (t + 1 < path.length) {
                    out[2 * t + 1] = new double[] {
                        (path[t][0] + path[t + 1][0]) / 2, (path[t][1] + path[t + 1][1]) / 2};
                }
            }
            return out;
        }

        /**
         * Gauss–Newton on E(P) = Σ |x(P_{t+1}) − x(P_t)|² over the interior points: the normal matrix is block
         * tridiagonal with 2×2 blocks {@code 2JᵀJ} on the diagonal and {@code −J_tᵀJ_{t+1}} beside it, solved by the
         * block Thomas algorithm; Armijo backtracking keeps every step a descent. Work arrays are allocated once per
         * call.
         */
        void refine(double[][] path) {
            int m = path.length - 1;
            if (m < 2) {
                return;
            }
            double[] pu = new double[m + 1];
            double[] pv = new double[m + 1];
            double[] tu = new double[m + 1];
            double[] tv = new double[m + 1];
            for (int t = 0; t <= m; t++) {
                pu[t] = path[t][0];
                pv[t] = path[t][1];
            }
            tu[0] = pu[0];
            tv[0] = pv[0];
            tu[m] = pu[m];
            tv[m] = pv[m];
            double[][] x = new double[m + 1][dim];
            double[][] xTrial = new double[m + 1][dim];
            double[][] ju = new double[m + 1][dim];
            double[][] jv = new double[m + 1][dim];
            for (int t = 0; t <= m; t++) {
                surface.point(pu[t], pv[t], x[t]);
                surface.tangents(pu[t], pv[t], ju[t], jv[t]);
            }
            System.arraycopy(x[0], 0, xTrial[0], 0, dim);
            System.arraycopy(x[m], 0, xTrial[m], 0, dim);
            double[] rhs = new double[2 * (m + 1)];
            double[] upper = new double[4 * (m + 1)];
            double[] cPrime = new double[4 * (m + 1)];
            double[] dPrime = new double[2 * (m + 1)];
            double[] delta = new double[2 * (m + 1)];
            double energy = energy(x);
            double tolerance = STEP_TOLERANCE * Math.min(hu, hv);
            for (int step = 0; step < MAX_NEWTON_STEPS; step++) {
                gaussNewtonSystem(x, ju, jv, m, rhs, upper);
                solveBlockTridiagonal(ju, jv, m, rhs, upper, cPrime, dPrime, delta);
                double slope = 0;
                double largest = 0;
                for (int t = 1; t < m; t++) {
                    slope -= 2 * (rhs[2 * t] * delta[2 * t] + rhs[2 * t + 1] * delta[2 * t + 1]);
                    largest = Math.max(largest, Math.max(Math.abs(delta[2 * t]), Math.abs(delta[2 * t + 1])));
                }
                if (!(slope < 0) || largest < tolerance) {
                    break;
                }
                double alpha = 1;
                int halvings = 0;
                while (true) {
                    for (int t = 1; t < m; t++) {
                        tu[t] = pu[t] + alpha * delta[2 * t];
                        tv[t] = pv[t] + alpha * delta[2 * t + 1];
                        surface.point(tu[t], tv[t], xTrial[t]);
                    }
                    double e = energy(xTrial);
                    if (e <= energy + 1e-4 * alpha * slope) {
                        energy = e;
                        break;
                    }
                    if (++halvings == MAX_HALVINGS) {
                        alpha = 0;
                        break;
                    }
                    alpha /= 2;
                }
                if (alpha == 0) {
                    break;
                }
                for (int t = 1; t < m; t++) {
                    pu[t] = tu[t];
                    pv[t] = tv[t];
                    double[] swap = x[t];
                    x[t] = xTrial[t];
                    xTrial[t] = swap;
                    surface.tangents(pu[t], pv[t], ju[t], jv[t]);
                }
                if (alpha * largest < tolerance) {
                    break;
                }
            }
            for (int t = 1; t < m; t++) {
                path[t] = new double[] {pu[t], pv[t]};
            }
        }

        /**
         * The right-hand side {@code rhs_t = J_tᵀ (x_{t−1} + x_{t+1} − 2 x_t)} (minus half the gradient of E at P_t)
         * and
         * the off-diagonal blocks {@code U_t = −J_tᵀ J_{t+1}} stored row-major.
         */
        private void gaussNewtonSystem(double[][] x, double[][] ju, double[][] jv, int m, double[] rhs,
                                       double[] upper) {
            for (int t = 1; t < m; t++) {
                double r0 = 0;
                double r1 = 0;
                double[] xp = x[t - 1];
                double[] xt = x[t];
                double[] xn = x[t + 1];
                double[] u = ju[t];
                double[] v = jv[t];
                for (int k = 0; k < dim; k++) {
                    double lap = xp[k] + xn[k] - 2 * xt[k];
                    r0 += u[k] * lap;
                    r1 += v[k] * lap;
                }
                rhs[2 * t] = r0;
                rhs[2 * t + 1] = r1;
                if (t + 1 < m) {
                    upper[4 * t] = -Vectors.dot(u, ju[t + 1]);
                    upper[4 * t + 1] = -Vectors.dot(u, jv[t + 1]);
                    upper[4 * t + 2] = -Vectors.dot(v, ju[t + 1]);
                    upper[4 * t + 3] = -Vectors.dot(v, jv[t + 1]);
                }
            }
        }

        /** The block Thomas algorithm for the system with diagonal blocks 2JᵀJ and off-diagonal blocks U_t. */
        private static void solveBlockTridiagonal(double[][] ju, double[][] jv, int m, double[] rhs, double[] upper,
                                                  double[] cp, double[] dp, double[] delta) {
            for (int t = 1; t < m; t++) {
                // Diagonal block 2JᵀJ; a tiny Levenberg shift guards a degenerate metric.
                double a = 2 * Vectors.dot(ju[t], ju[t]);
                double b = 2 * Vectors.dot(ju[t], jv[t]);
                double c = b;
                double d = 2 * Vectors.dot(jv[t], jv[t]);
                double shift = 1e-12 * (a + d);
                a += shift;
                d += shift;
                double r0 = rhs[2 * t];
                double r1 = rhs[2 * t + 1];
                if (t > 1) {
                    // Eliminate the lower block L_t = U_{t−1}ᵀ; the block [a b; c d] then need not be symmetric.
                    int q = 4 * (t - 1);
                    double l00 = upper[q];
                    double l01 = upper[q + 2];
                    double l10 = upper[q + 1];
                    double l11 = upper[q + 3];
                    a -= l00 * cp[q] + l01 * cp[q + 2];
                    b -= l00 * cp[q + 1] + l01 * cp[q + 3];
                    c -= l10 * cp[q] + l11 * cp[q + 2];
                    d -= l10 * cp[q + 1] + l11 * cp[q + 3];
                    r0 -= l00 * dp[2 * (t - 1)] + l01 * dp[2 * (t - 1) + 1];
                    r1 -= l10 * dp[2 * (t - 1)] + l11 * dp[2 * (t - 1) + 1];
                }
                double det = a * d - b * c;
                double i00 = d / det;
                double i01 = -b / det;
                double i10 = -c / det;
                double i11 = a / det;
                if (t + 1 < m) {
                    int q = 4 * t;
                    double u00 = upper[q];
                    double u01 = upper[q + 1];
                    double u10 = upper[q + 2];
                    double u11 = upper[q + 3];
                    cp[q] = i00 * u00 + i01 * u10;
                    cp[q + 1] = i00 * u01 + i01 * u11;
                    cp[q + 2] = i10 * u00 + i11 * u10;
                    cp[q + 3] = i10 * u01 + i11 * u11;
                }
                dp[2 * t] = i00 * r0 + i01 * r1;
                dp[2 * t + 1] = i10 * r0 + i11 * r1;
            }
            delta[2 * (m - 1)] = dp[2 * (m - 1)];
            delta[2 * (m - 1) + 1] = dp[2 * (m - 1) + 1];
            for (int t = m - 2; t >= 1; t--) {
                int q = 4 * t;
                double n0 = delta[2 * (t + 1)];
                double n1 = delta[2 * (t + 1) + 1];
                delta[2 * t] = dp[2 * t] - (cp[q] * n0 + cp[q + 1] * n1);
                delta[2 * t + 1] = dp[2 * t + 1] - (cp[q + 2] * n0 + cp[q + 3] * n1);
            }
        }

        private double energy(double[][] x) {
            double e = 0;
            for (int t = 0; t + 1 < x.length; t++) {
                for (int k = 0; k < dim; k++) {
                    double d = x[t + 1][k] - x[t][k];
                    e += d * d;
                }
            }
            return e;
        }

        /** The length of the polyline in parameter space, in the induced metric, by Simpson's rule per segment. */
        double metricLength(double[][] path) {
            double[] xu = new double[dim];
            double[] xv = new double[dim];
            double total = 0;
            for (int t = 0; t + 1 < path.length; t++) {
                total += segmentLength(path[t][0], path[t][1], path[t + 1][0], path[t + 1][1], xu, xv);
            }
            return total;
        }

        /** Simpson's rule for the induced length of the straight parameter segment (u0,v0)→(u1,v1). */
        double segmentLength(double u0, double v0, double u1, double v1, double[] xu, double[] xv) {
            double du = u1 - u0;
            double dv = v1 - v0;
            double s0 = speed(u0, v0, du, dv, xu, xv);
            double sm = speed((u0 + u1) / 2, (v0 + v1) / 2, du, dv, xu, xv);
            double s1 = speed(u1, v1, du, dv, xu, xv);
            return (s0 + 4 * sm + s1) / 6;
        }

        private double speed(double u, double v, double du, double dv, double[] xu, double[] xv) {
            surface.tangents(u, v, xu, xv);
            double s = 0;
            for (int k = 0; k < dim; k++) {
                double c = xu[k] * du + xv[k] * dv;
                s += c * c;
            }
            return Math.sqrt(s);
        }

    }
}

package org.atlasgraph.grassmann;

import java.util.Arrays;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import org.atlasgraph.api.AtlasGraph;
import org.atlasgraph.api.Chart;
import org.atlasgraph.api.ChartId;
import org.atlasgraph.api.ChartPoint;
import org.atlasgraph.api.Coordinates;
import org.atlasgraph.api.Transition;

/**
 * The lazy atlas graph of Gr(n,k) (§3.1): the C(n,k) Ehresmann charts, created on demand, and an ad hoc chart centred
 * at any point (Claim 3.1, eq. 3.3), with a transition between any two charts (eq. 3.4) defined where the target chart
 * can represent the point.
 *
 * <p>A chart change ({@link #changeChart}, Alg. 4) centres a new ad hoc chart at the point: the underlying Ehresmann
 * chart is identified by Alg. 7, the centre's coordinates C in it by Alg. 8, and Q_C is kept in the low-rank form of
 * {@link QaRotation}. The paper's Alg. 4 costs O(n³); this one O(nk² + k³). Ad hoc charts get the ids
 * {@code adhoc-1, adhoc-2, …} from a per-atlas serial.
 */
final class GrassmannAtlas implements AtlasGraph {
    /** The bound on |c_ij| that {@link #dominantRows} reaches; slightly above 1 so that it stops after few swaps. */
    static final double DOMINANCE = 1.05;
    /** A safety cap on the swaps of {@link #dominantRows}, per row of the index set; it converges long before. */
    private static final int MAX_SWAPS_PER_ROW = 100;
    /** Alg. 7's rows start the swaps of {@link #dominantRows} when their C stays below this (else the pivoted rows). */
    static final double MAXVOL_START = 1e3;

    private final int n;
    private final int k;
    private final AtomicLong serial = new AtomicLong();
    /** This thread's arrays for {@link #adHocAt}. */
    private final ThreadLocal<Centring> centring;

    GrassmannAtlas(int n, int k) {
        this.n = n;
        this.k = k;
        this.centring = ThreadLocal.withInitial(() -> new Centring(n, k, new SmallEigen(k), Panels.of(n, k)));
    }

    /** @return the Ehresmann chart with index set {@code upper} (sorted, 0-based) */
    GrassmannChart ehresmann(int[] upper) {
        return GrassmannChart.ehresmann(n, k, upper);
    }

    /**
     * Alg. 7 ({@code ATLAS_identify_chart}): the Ehresmann chart whose centre is closest to span(Ŷ) is given by the k
     * largest diagonal entries of the projector ŶŶᵀ, i.e. the k largest squared row norms of Ŷ (App. G.1). The paper
     * forms the n×n projector; only its diagonal is needed, O(nk).
     *
     * @param orthonormal an orthonormal basis Ŷ, n×k row-major
     * @return i₁ &lt; … &lt; i_k, ties broken towards the smaller index
     */
    int[] identifyChart(double[] orthonormal) {
        int[] upper = new int[k];
        identifyChart(orthonormal, new double[n], upper);
        return upper;
    }

    /**
     * {@link #identifyChart(double[])} into the caller's arrays: k passes over the diagonal, each taking the largest
     * entry not yet taken (the first of equal ones), then the k indices sorted; no allocation.
     *
     * @param diagonal scratch of length n
     * @param upper    receives i₁ &lt; … &lt; i_k
     */
    void identifyChart(double[] orthonormal, double[] diagonal, int[] upper) {
        for (int i = 0; i < n; i++) {
            double s = 0;
            for (int c = 0; c < k; c++) {
                double y = orthonormal[i * k + c];
                s += y * y;
            }
            diagonal[i] = s;
        }
        for (int j = 0; j < k; j++) {
            int best = -1;
            for (int i = 0; i < n; i++) {
                if (diagonal[i] != Double.NEGATIVE_INFINITY && (best < 0 || diagonal[i] > diagonal[best])) {
                    best = i;
                }
            }
            upper[j] = best;
            diagonal[best] = Double.NEGATIVE_INFINITY;
        }
        Arrays.sort(upper);
    }

    /**
     * A fallback for the rare subspaces where the rows that Alg. 7 picks are linearly dependent (e.g. span{e₁+e₂,
     * e₃+e₄} in R⁴ ties all row norms and may pick rows 1 and 2): greedy row selection by pivoted Gram–Schmidt (QR
     * with column pivoting of Ŷᵀ), which always returns k independent rows of a full-rank Ŷ. O(nk²).
     *
     * @param orthonormal an orthonormal basis Ŷ, n×k row-major (not modified)
     * @return i₁ &lt; … &lt; i_k with Ŷ_I invertible
     */
    int[] pivotedRows(double[] orthonormal) {
        double[] residual = orthonormal.clone();
        double[] norm2 = new double[n];
        boolean[] chosen = new boolean[n];
        for (int i = 0; i < n; i++) {
            for (int c = 0; c < k; c++) {
                norm2[i] += residual[i * k + c] * residual[i * k + c];
            }
        }
        int[] upper = new int[k];
        double[] q = new double[k];
        for (int s = 0; s < k; s++) {
            int p = -1;
            for (int i = 0; i < n; i++) {
                if (!chosen[i] && (p < 0 || norm2[i] > norm2[p])) {
                    p = i;
                }
            }
            chosen[p] = true;
            upper[s] = p;
            double len = Math.sqrt(norm2[p]);
            for (int c = 0; c < k; c++) {
                q[c] = residual[p * k + c] / len;
            }
            for (int i = 0; i < n; i++) {
                if (chosen[i]) {
                    continue;
                }
                double alpha = 0;
                for (int c = 0; c < k; c++) {
                    alpha += residual[i * k + c] * q[c];
                }
                double s2 = 0;
                for (int c = 0; c < k; c++) {
                    residual[i * k + c] -= alpha * q[c];
                    s2 += residual[i * k + c] * residual[i * k + c];
                }
                norm2[i] = s2;
            }
        }
        Arrays.sort(upper);
        return upper;
    }

    /**
     * A dominant ("maxvol") set of k rows of Ŷ: starting from {@link #pivotedRows}, a row of Ŷ_J is swapped into Ŷ_I
     * while some coefficient |c_ij| of C = Ŷ_J Ŷ_I⁻¹ exceeds {@link #DOMINANCE}; each swap multiplies |det Ŷ_I| by
     * |c_ij| &gt; {@link #DOMINANCE}, so the loop ends, and C is updated by a rank-one formula in O(nk) per swap
     * (Goreinov, Oseledets, Savostyanov et al., "How to find a good submatrix", 2010). The resulting Ehresmann chart
     * holds the point within max |c_ij| ≤ {@link #DOMINANCE}.
     *
     * @param orthonormal an orthonormal basis Ŷ, n×k row-major (not modified)
     * @return i₁ &lt; … &lt; i_k
     */
    int[] dominantRows(double[] orthonormal) {
        int[] upper = pivotedRows(orthonormal);
        GrassmannChart start = ehresmann(upper);
        double[] c = start.coordinatesOf(start.toFrame(orthonormal)).orElseThrow(() -> new ArithmeticException(
                "dominantRows: the pivoted rows of a full-rank basis were singular"));
        return dominantRows(upper, c);
    }

    /**
     * The swaps of {@link #dominantRows(double[])} from a given start.
     *
     * @param start the index set to start from (not modified)
     * @param c     C = Ŷ_J Ŷ_I⁻¹ in its chart (overwritten)
     * @return i₁ &lt; … &lt; i_k
     */
    private int[] dominantRows(int[] start, double[] c) {
        int[] upper = start.clone();
        swapToDominant(upper, ehresmann(upper).lower.clone(), c, new double[k]);
        return upper;
    }

    /**
     * The swaps of {@link #dominantRows(double[])} in place, without allocation.
     *
     * @param upper    the index set to start from; receives the dominant one, increasing
     * @param lower    its complement (overwritten: left in no particular order)
     * @param c        C = Ŷ_J Ŷ_I⁻¹ in φ_upper (overwritten)
     * @param pivotRow scratch of length k
     * @return the number of swaps
     */
    private int swapToDominant(int[] upper, int[] lower, double[] c, double[] pivotRow) {
        int m = n - k;
        int best = 0;
        for (int i = 1; i < c.length; i++) {
            if (Math.abs(c[i]) > Math.abs(c[best])) {
                best = i;
            }
        }
        int swap = 0;
        for (; swap < MAX_SWAPS_PER_ROW * k && Math.abs(c[best]) > DOMINANCE; swap++) {
            int r = best / k;
            int col = best % k;
            double pivot = c[best];
            System.arraycopy(c, r * k, pivotRow, 0, k);
            // The rank-one update, each row's largest |c_ij| taken on the way (C is too large for the cache at large
            // k: a second pass to find the next pivot cost as much as the update).
            int bestRow = 0;
            double bestValue = -1;
            for (int i = 0; i < m; i++) {
                int o = i * k;
                double largest;
                if (i == r) {
                    for (int j = 0; j < k; j++) {
                        c[o + j] = -pivotRow[j] / pivot;
                    }
                    c[o + col] = 1 / pivot;
                    largest = Dense.maxAbs(c, o, k);
                } else {
                    double f = c[o + col] / pivot;
                    largest = Math.abs(f);
                    for (int j = 0; j < k; j++) {
                        double v = c[o + j] - f * pivotRow[j];
                        c[o + j] = v;
                        largest = Math.max(largest, Math.abs(v));
                    }
                    // Its (col) entry is f; the v computed there is c_i,col − (c_i,col/pivot)·pivot, zero to rounding.
                    c[o + col] = f;
                }
                if (largest > bestValue) {
                    bestValue = largest;
                    bestRow = i;
                }
            }
            best = bestRow * k;
            for (int j = 1; j < k; j++) {
                if (Math.abs(c[bestRow * k + j]) > Math.abs(c[best])) {
                    best = bestRow * k + j;
                }
            }
            int t = upper[col];
            upper[col] = lower[r];
            lower[r] = t;
        }
        Arrays.sort(upper);
        return swap;
    }

    /**
     * The body of Alg. 4 ({@code ATLAS_transition_map}) without its n×n matrices: a new ad hoc chart centred at
     * span(Ŷ). The underlying Ehresmann chart is the one of Alg. 7 when the point lies in its domain of trust; else
     * (Alg. 7's rows are nearly dependent, and C would be large) the {@link #dominantRows}, so that C, and with it
     * the rotation Q_C, stays well conditioned: Q_C's accuracy degrades like ε‖C‖². The arithmetic is that of the
     * running mean's chart changes ({@link #moveTo}, this thread's arrays), so the first update of a mean, which
     * locates its first sample here, runs code its chart changes keep compiled.
     *
     * @param orthonormal an orthonormal basis Ŷ of the centre, n×k row-major (not modified)
     * @return the chart; the centre has coordinates 0 in it
     */
    GrassmannChart adHocAt(double[] orthonormal) {
        GrassmannChart chart = GrassmannChart.movable(nextAdHocId(), n, k);
        moveTo(chart, orthonormal, centring.get(), null);
        return chart;
    }

    /**
     * Centres a {@link GrassmannChart#movable} chart at span(Ŷ) as {@link #adHocAt} describes, in the workspace's
     * arrays: Alg. 7's rows when C = Ŷ_J Ŷ_I⁻¹ lies in their domain of trust; else the rows of a nearby chart when
     * given (the chart a running mean moves from: its rows held the old centre within {@link #DOMINANCE}, and
     * usually hold the new one within it or a few swaps from it), else Alg. 7's, made {@link #dominantRows} by the
     * swaps. At Gr(2000,500), where Alg. 7's rows never hold a GPD sample in trust, the swaps from them took 50–65
     * rank-one updates of the 6-MB C per chart change (about 60 ms), from the previous chart's rows none or one.
     * No allocation unless the start's rows are singular or give |c_ij| above {@link #MAXVOL_START} (then the
     * pivoted rows start the swaps). O(nk² + k³).
     *
     * @param chart       the chart to move
     * @param orthonormal an orthonormal basis Ŷ of the new centre, n×k row-major (not modified)
     * @param w           the workspace
     * @param near        the increasing rows of a chart near the new centre, or {@code null}
     * @throws ArithmeticException if no k rows of Ŷ are independent
     */
    void moveTo(GrassmannChart chart, double[] orthonormal, Centring w, int[] near) {
        identifyChart(orthonormal, w.diagonal, w.upper);
        double largest = coordinates(orthonormal, w) ? Dense.maxAbs(w.c) : Double.POSITIVE_INFINITY;
        if (!(largest < GrassmannChart.TRUST_BOUND) && near != null) {
            System.arraycopy(near, 0, w.upper, 0, k);
            largest = coordinates(orthonormal, w) ? Dense.maxAbs(w.c) : Double.POSITIVE_INFINITY;
        }
        finishMove(chart, orthonormal, w, largest);
    }

    /**
     * {@link Grassmann#locate}'s chart for an orthonormal basis Ŷ: Alg. 7's Ehresmann chart when Ŷ's coordinates C
     * there are inside its domain of trust (C into {@code out}), else an ad hoc chart centred at span(Ŷ) as
     * {@link #adHocAt} makes it ({@code out} untouched), from the same C: Alg. 7 and Alg. 8 run once.
     *
     * @param orthonormal an orthonormal basis Ŷ, n×k row-major (not modified)
     * @param out         receives C, (n−k)×k, when the chart is an Ehresmann chart
     * @return the chart
     */
    GrassmannChart locate(double[] orthonormal, double[] out) {
        Centring w = centring.get();
        identifyChart(orthonormal, w.diagonal, w.upper);
        double largest = coordinates(orthonormal, w) ? Dense.maxAbs(w.c) : Double.POSITIVE_INFINITY;
        if (largest < GrassmannChart.TRUST_BOUND) {
            System.arraycopy(w.c, 0, out, 0, out.length);
            return ehresmann(w.upper);
        }
        GrassmannChart chart = GrassmannChart.movable(nextAdHocId(), n, k);
        finishMove(chart, orthonormal, w, largest);
        return chart;
    }

    /**
     * {@link #moveTo} after the start's rows and C: where C is not in the domain of trust the swaps to the dominant
     * rows, from the start when its |c_ij| stay below {@link #MAXVOL_START}, else from the rows that LU with partial
     * pivoting takes (the native BLAS) or the pivoted rows; C again after any swap (the rank-one updates drift);
     * then the move.
     */
    private void finishMove(GrassmannChart chart, double[] orthonormal, Centring w, double largest) {
        if (!(largest < GrassmannChart.TRUST_BOUND)) {
            LargeKernels blas = w.panels.blas();
            int swaps;
            if (largest <= MAXVOL_START) {
                swaps = swapToDominant(w.upper, w.lower, w.c, w.pivotRow);
            } else if (blas != null && blas.pivotRows(orthonormal, n, k, w.upper) && coordinates(orthonormal, w)) {
                swaps = swapToDominant(w.upper, w.lower, w.c, w.pivotRow);
            } else {
                System.arraycopy(dominantRows(orthonormal), 0, w.upper, 0, k);
                swaps = -1;
            }
            if (swaps != 0 && !coordinates(orthonormal, w)) {
                throw new ArithmeticException(
                        "moveTo: no k rows of the centre's basis are independent; it is not of full rank");
            }
        }
        chart.moveTo(w.upper, w.c, centreGram(w), w.eig, w.panels);
    }

    /**
     * CᵀC = AᵀŶ_JᵀŶ_J A = AᵀA − I for A = Ŷ_I⁻¹, as Ŷ_IᵀŶ_I + Ŷ_JᵀŶ_J = ŶᵀŶ = I: k³ instead of (n−k)k² below
     * {@link GrassmannKernels#BLAS_FROM_K}, where Ŷ's departure from orthonormality (times ‖A‖²) stays far below
     * the 10⁻¹² at which the tests compare the chart with {@link #adHocAt}'s; from it on (DGEMM makes CᵀC cheap) and
     * there that departure grows with k, {@code null}: C's own Gram matrix.
     */
    private double[] centreGram(Centring w) {
        if (k >= GrassmannKernels.BLAS_FROM_K) {
            return null;
        }
        double[] a = w.inverse;
        for (int i = 0; i < k; i++) {
            for (int j = i; j < k; j++) {
                double s = i == j ? -1 : 0;
                for (int r = 0; r < k; r++) {
                    s += a[r * k + i] * a[r * k + j];
                }
                w.gram[i * k + j] = s;
                w.gram[j * k + i] = s;
            }
        }
        return w.gram;
    }

    /**
     * C = Ŷ_J A, A = Ŷ_I⁻¹ (in w.inverse), for I = w.upper and J its complement (into w.lower); {@code false} when
     * Ŷ_I is numerically singular.
     */
    private boolean coordinates(double[] orthonormal, Centring w) {
        for (int j = 0; j < k; j++) {
            System.arraycopy(orthonormal, w.upper[j] * k, w.top, j * k, k);
        }
        int j = 0;
        int c = 0;
        for (int i = 0; i < n; i++) {
            if (j < k && w.upper[j] == i) {
                j++;
            } else {
                w.lower[c++] = i;
            }
        }
        if (!Dense.invert(w.top, k, w.inverse, w.lu)) {
            return false;
        }
        w.panels.product(orthonormal, w.lower, w.inverse, w.c);
        return true;
    }

    /** @return the id of a new ad hoc chart, {@code adhoc-N} from this atlas's serial */
    ChartId nextAdHocId() {
        return new ChartId("adhoc-" + serial.incrementAndGet());
    }

    /** The arrays of {@link #moveTo} for one Gr(n,k): O(nk), made once per running mean. */
    static final class Centring {
        final double[] diagonal;
        final int[] upper;
        final int[] lower;
        final double[] top;
        final double[] inverse;
        final double[] lu;
        final double[] gram;
        /** C, exactly m×k (its length bounds the dominant rows' swaps). */
        final double[] c;
        final double[] pivotRow;
        final SmallEigen eig;
        final Panels panels;

        /**
         * @param eig    an eigendecomposition workspace for k (the caller may use it between calls)
         * @param panels the products' kernels for this (n, k) (the caller may use them between calls)
         */
        Centring(int n, int k, SmallEigen eig, Panels panels) {
            diagonal = new double[n];
            upper = new int[k];
            lower = new int[n - k];
            top = new double[k * k];
            inverse = new double[k * k];
            lu = new double[k * k];
            gram = new double[k * k];
            c = new double[(n - k) * k];
            pivotRow = new double[k];
            this.eig = eig;
            this.panels = panels;
        }
    }

    /** {@inheritDoc} Any two charts of this Gr(n,k) are joined, through the lift and ingestion of eq. (3.4). */
    @Override
    public Optional<Transition> transition(Chart from, Chart to) {
        if (from instanceof GrassmannChart a && to instanceof GrassmannChart b && a.n == n && a.k == k && b.n == n
                && b.k == k) {
            return Optional.of(new GrassmannTransition(a, b));
        }
        return Optional.empty();
    }

    /** {@inheritDoc} Here Alg. 4: a new ad hoc chart centred at q, in which q has coordinates 0. */
    @Override
    public ChartPoint changeChart(ChartPoint q) {
        GrassmannChart chart = adHocAt(q.chart().toAmbient(q.xi()));
        return new ChartPoint(chart, Coordinates.zeros(chart.dimension()));
    }
}

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

    GrassmannAtlas(int n, int k) {
        this.n = n;
        this.k = k;
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
        double[] diagonal = new double[n];
        for (int i = 0; i < n; i++) {
            double s = 0;
            for (int c = 0; c < k; c++) {
                double y = orthonormal[i * k + c];
                s += y * y;
            }
            diagonal[i] = s;
        }
        // The k-th largest value, then the rows above it and, in increasing order, as many rows equal to it as fit:
        // the k largest, ties towards the smaller index, without sorting boxed indices.
        double[] sorted = diagonal.clone();
        Arrays.sort(sorted);
        double kth = sorted[n - k];
        int above = 0;
        for (double d : diagonal) {
            if (d > kth) {
                above++;
            }
        }
        int ties = k - above;
        int[] upper = new int[k];
        int j = 0;
        for (int i = 0; i < n && j < k; i++) {
            if (diagonal[i] > kth || (diagonal[i] == kth && ties-- > 0)) {
                upper[j++] = i;
            }
        }
        return upper;
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
        int[] lower = ehresmann(upper).lower.clone();
        int m = n - k;
        double[] pivotRow = new double[k];
        for (int swap = 0; swap < MAX_SWAPS_PER_ROW * k; swap++) {
            int best = 0;
            for (int i = 1; i < c.length; i++) {
                if (Math.abs(c[i]) > Math.abs(c[best])) {
                    best = i;
                }
            }
            if (!(Math.abs(c[best]) > DOMINANCE)) {
                break;
            }
            int r = best / k;
            int col = best % k;
            double pivot = c[best];
            System.arraycopy(c, r * k, pivotRow, 0, k);
            for (int i = 0; i < m; i++) {
                if (i == r) {
                    continue;
                }
                double f = c[i * k + col] / pivot;
                for (int j = 0; j < k; j++) {
                    c[i * k + j] -= f * pivotRow[j];
                }
                c[i * k + col] = f;
            }
            for (int j = 0; j < k; j++) {
                c[r * k + j] = -pivotRow[j] / pivot;
            }
            c[r * k + col] = 1 / pivot;
            int t = upper[col];
            upper[col] = lower[r];
            lower[r] = t;
        }
        Arrays.sort(upper);
        return upper;
    }

    /**
     * The body of Alg. 4 ({@code ATLAS_transition_map}) without its n×n matrices: a new ad hoc chart centred at
     * span(Ŷ). The underlying Ehresmann chart is the one of Alg. 7 when the point lies in its domain of trust; else
     * (Alg. 7's rows are nearly dependent, and C would be large) the {@link #dominantRows}, so that C, and with it
     * the rotation Q_C, stays well conditioned: Q_C's accuracy degrades like ε‖C‖².
     *
     * @param orthonormal an orthonormal basis Ŷ of the centre, n×k row-major (not modified)
     * @return the chart; the centre has coordinates 0 in it
     */
    GrassmannChart adHocAt(double[] orthonormal) {
        int[] upper = identifyChart(orthonormal);
        Optional<double[]> identified = ehresmann(upper).coordinatesOf(ehresmann(upper).toFrame(orthonormal));
        Optional<double[]> centre = identified.filter(c -> Dense.maxAbs(c) < GrassmannChart.TRUST_BOUND);
        if (centre.isEmpty()) {
            // Alg. 7's rows, when they are independent enough, are a better start for the swaps than the pivoted
            // rows (O(nk²) of scalar Gram–Schmidt): few swaps reach the dominant set. C is recomputed below either way.
            Optional<double[]> start = identified.filter(c -> Dense.maxAbs(c) <= MAXVOL_START);
            upper = start.isPresent() ? dominantRows(upper, start.get()) : dominantRows(orthonormal);
            centre = ehresmann(upper).coordinatesOf(ehresmann(upper).toFrame(orthonormal));
        }
        double[] c = centre.orElseThrow(() -> new ArithmeticException(
                "adHocAt: no k rows of the centre's basis are independent; it is not of full rank"));
        return GrassmannChart.adHoc(new ChartId("adhoc-" + serial.incrementAndGet()), n, k, upper, c);
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

package org.atlasgraph.grassmann;

import java.util.Arrays;
import java.util.Optional;
import org.atlasgraph.api.Chart;
import org.atlasgraph.api.ChartId;
import org.atlasgraph.api.Coordinates;
import org.atlasgraph.api.check.Checks;
import org.atlasgraph.api.check.InvalidInputException;

/**
 * A chart of the Grassmann atlas graph: the Ehresmann chart φ_I of §3.1.1, or an ad hoc chart φ_{C,I} of §3.1.2
 * (eq. 3.3) centred at the point with Ehresmann coordinates C.
 *
 * <p>Both rest on {@code span(Q (I_k; B))} with Q = P_I Q_C orthogonal: P_I the permutation of eq. (3.1) that puts
 * rows i₁ &lt; … &lt; i_k first, Q_C the rotation of Claim 3.1 ({@link QaRotation}; the identity for Ehresmann
 * charts). These "orthonormal-frame" coordinates B ∈ R^{(n−k)×k} (row-major) are the paper's: the frame of an n×k
 * matrix X is Qᵀ X = (X_U; X_L), the chart map {@code X ↦ X_L X_U⁻¹} (App. G.1, eq. G.1), and the domain of trust
 * {@code |b_ij| < 1} (Claim C.1).
 *
 * <p><b>Published coordinates of ad hoc charts.</b> An ad hoc chart publishes {@code H = S_m B} instead of B, with
 * S_m = (I + CCᵀ)^{-1/2} (for Ehresmann charts S_m = I and H = B). Why: with N = X_I + Cᵀ X_J,
 * {@code E = X_J N⁻¹} is a chart of its own ({@code span X = span((I − CᵀE); E)}), and B = S_m⁻¹(E − E₀)S_k⁻¹ with
 * E₀ = C(I + CᵀC)⁻¹, S_k = (I + CᵀC)^{-1/2}: every coordinate system here is an affine image of every other. So
 * H = (E − E₀)S_k⁻¹ = X_J N⁻¹S_k⁻¹ − C S_k, which costs 2(n−k)k² multiply-adds to ingest where B costs 3(n−k)k²
 * (B needs the extra rank-k term of S_m⁻¹). Quasi-Euclidean steps and online means are affine-equivariant, so they
 * produce the same points in H as in B; the metric in H is {@code ḡ_B(S_m⁻¹U, S_m⁻¹V)}, constant-coefficient
 * equivalent to B's and hence still stationary at the centre. The domain of trust is unchanged as a set of subspaces:
 * {@link #contains} tests |b_ij| &lt; 1 on B = S_m⁻¹H = H + WΨWᵀH.
 *
 * <p>{@link #toAmbient} returns the orthonormal basis {@code Q (I; B)(I + BᵀB)^{-1/2}}, the polar factor of the lift,
 * and {@link #pushForward} the horizontal lift at exactly that basis, so the chart agrees with the ambient
 * {@link GrassmannGeometry}. Memory O(nk); every operation O(nk² + k³).
 */
final class GrassmannChart implements Chart {
    /** The bound of the domain of trust on every |b_ij| (Claim C.1: beyond it another chart centre is closer). */
    static final double TRUST_BOUND = 1.0;

    private final ChartId id;
    final int n;
    final int k;
    final int m;
    /** i₁ &lt; … &lt; i_k, 0-based. */
    final int[] upper;
    /** The complement of {@link #upper}, increasing. */
    final int[] lower;
    final QaRotation rotation;
    /** W̃: W widened to n rows (zero rows at I) and {@link #widePitch} columns, for the vector kernels; or null. */
    private final double[] wide;
    /** W widened to {@link #widePitch} columns only (m rows), for the vector kernels; or null. */
    private final double[] padded;
    /** This thread's last point of this chart and what the chart's maps need there ({@link #local}). */
    private final ThreadLocal<Local> last = new ThreadLocal<>();
    /** The centre C of an ad hoc chart, m×k row-major, made on first use by the metric; null before. */
    private volatile double[] centre;
    /** How often {@link #moveTo} has moved this chart: caches of its arrays compare it. */
    private int generation;

    /**
     * What the chart's maps need at one point: its orthonormal-frame coordinates B and functions of K = I + BᵀB.
     * Recognised by the identity of the (immutable) coordinates: an optimizer embeds a point, converts a gradient and
     * takes inner products there, each of which needs the same O(nk² + k³) preparation. The arrays are shared: read
     * only.
     *
     * @param xi          the published coordinates
     * @param b           B = S_m⁻¹ξ (ξ's own array for an Ehresmann chart)
     * @param gram        K itself
     * @param inverse     K⁻¹
     * @param inverseRoot K^{-1/2}
     * @param root        K^{1/2}
     */
    record Local(Coordinates xi, double[] b, double[] gram, double[] inverse, double[] inverseRoot, double[] root) {
    }

    private GrassmannChart(ChartId id, int n, int k, int[] upper, QaRotation rotation) {
        this.id = id;
        this.n = n;
        this.k = k;
        this.m = n - k;
        this.upper = upper;
        this.lower = complement(n, upper);
        this.rotation = rotation;
        SmallKernels vector = GrassmannKernels.VECTOR;
        if (!rotation.isIdentity() && vector != null && k <= vector.maxK()) {
            int pitch = widePitch();
            wide = new double[n * pitch];
            padded = new double[m * pitch];
            for (int i = 0; i < m; i++) {
                System.arraycopy(rotation.w, i * k, wide, lower[i] * pitch, k);
                System.arraycopy(rotation.w, i * k, padded, i * pitch, k);
            }
        } else {
            wide = null;
            padded = null;
        }
    }

    /** @return W̃ of an ad hoc chart (read only) when the vector kernels take k, else {@code null} */
    double[] wide() {
        return wide;
    }

    /** @return W of an ad hoc chart padded to {@link #widePitch()} columns when the vector kernels take k, else null */
    double[] padded() {
        return padded;
    }

    /** @return the row length of {@link #wide()}: k rounded up to a multiple of 4 */
    int widePitch() {
        return (k + 3) & ~3;
    }

    /**
     * @param upper the index set i₁ &lt; … &lt; i_k, 0-based (copied)
     * @return the Ehresmann chart φ_I with id {@code E{i₁,…,i_k}}
     */
    static GrassmannChart ehresmann(int n, int k, int[] upper) {
        StringBuilder b = new StringBuilder("E{");
        for (int j = 0; j < k; j++) {
            b.append(j == 0 ? "" : ",").append(upper[j]);
        }
        return new GrassmannChart(new ChartId(b.append('}').toString()), n, k, upper.clone(), QaRotation.identity());
    }

    /**
     * @param id     the new chart's id
     * @param upper  the index set of the underlying Ehresmann chart (copied)
     * @param centre the centre's coordinates C in that chart, (n−k)×k (not modified)
     * @return the ad hoc chart φ_{C,I}, centred at φ_I⁻¹(C)
     */
    static GrassmannChart adHoc(ChartId id, int n, int k, int[] upper, double[] centre) {
        return new GrassmannChart(id, n, k, upper.clone(), QaRotation.of(centre, n - k, k));
    }

    /**
     * An ad hoc chart that {@link #moveTo} centres: once, by {@link GrassmannAtlas#adHocAt}, or at every chart change
     * of a running mean, in place so that the change allocates nothing (that chart is never handed out: a user gets
     * a {@link #copy}).
     *
     * @param id the chart's id
     * @return an ad hoc chart of Gr(n,k) that must be moved before use
     */
    static GrassmannChart movable(ChartId id, int n, int k) {
        int[] upper = new int[k];
        for (int j = 0; j < k; j++) {
            upper[j] = j;
        }
        return new GrassmannChart(id, n, k, upper, QaRotation.blank(n - k, k));
    }

    /**
     * Centres this {@link #movable} chart at φ_I⁻¹(C), in place and without allocation: the rows, Q_C
     * ({@link QaRotation#set}) and the kernels' widened W. O(nk² + k³).
     *
     * @param indices the index set I, increasing (copied)
     * @param c       the centre's coordinates C in φ_I, (n−k)×k (not modified)
     * @param cGram   CᵀC when the caller has it (k×k, overwritten), else {@code null}
     * @param eig     an eigendecomposition workspace for k
     * @param panels  the products' kernels for this (n, k)
     */
    void moveTo(int[] indices, double[] c, double[] cGram, SmallEigen eig, Panels panels) {
        System.arraycopy(indices, 0, upper, 0, k);
        sortedComplement(n, upper, lower);
        rotation.set(c, cGram, eig, panels);
        if (wide != null) {
            int pitch = widePitch();
            Arrays.fill(wide, 0);
            for (int i = 0; i < m; i++) {
                System.arraycopy(rotation.w, i * k, wide, lower[i] * pitch, k);
                System.arraycopy(rotation.w, i * k, padded, i * pitch, k);
            }
        }
        centre = null;
        generation++;
    }

    /** @return how often {@link #moveTo} has moved this chart (caches of its arrays compare it) */
    int generation() {
        return generation;
    }

    /**
     * @param newId the copy's id
     * @return an immutable copy of this chart under a new id, sharing no array with it
     */
    GrassmannChart copy(ChartId newId) {
        return new GrassmannChart(newId, n, k, upper.clone(), rotation.copy());
    }

    private static int[] complement(int n, int[] upper) {
        boolean[] in = new boolean[n];
        for (int i : upper) {
            in[i] = true;
        }
        int[] lower = new int[n - upper.length];
        int c = 0;
        for (int i = 0; i < n; i++) {
            if (!in[i]) {
                lower[c++] = i;
            }
        }
        return lower;
    }

    /** lower ← the complement of the increasing index set upper in 0..n−1, increasing; no allocation. */
    private static void sortedComplement(int n, int[] upper, int[] lower) {
        int j = 0;
        int c = 0;
        for (int i = 0; i < n; i++) {
            if (j < upper.length && upper[j] == i) {
                j++;
            } else {
                lower[c++] = i;
            }
        }
    }

    /** @return whether this is an ad hoc chart (Q_C ≠ I) */
    boolean isAdHoc() {
        return !rotation.isIdentity();
    }

    /**
     * An n×k matrix in chart frame: Qᵀ X split into its first k rows and the remaining n − k.
     *
     * @param top    X_U, k×k row-major
     * @param bottom X_L, (n−k)×k row-major
     */
    record Frame(double[] top, double[] bottom) {
    }

    /** @return Qᵀ x for an n×k row-major x (not modified), O(nk²) */
    Frame toFrame(double[] x) {
        double[] top = new double[k * k];
        double[] bottom = new double[m * k];
        for (int j = 0; j < k; j++) {
            System.arraycopy(x, upper[j] * k, top, j * k, k);
        }
        for (int i = 0; i < m; i++) {
            System.arraycopy(x, lower[i] * k, bottom, i * k, k);
        }
        rotation.applyTranspose(top, bottom, k);
        return new Frame(top, bottom);
    }

    /** @return Q (top; bottom), a new n×k array; the frame's arrays are overwritten */
    double[] fromFrame(Frame f) {
        rotation.apply(f.top, f.bottom, k);
        double[] x = new double[n * k];
        for (int j = 0; j < k; j++) {
            System.arraycopy(f.top, j * k, x, upper[j] * k, k);
        }
        for (int i = 0; i < m; i++) {
            System.arraycopy(f.bottom, i * k, x, lower[i] * k, k);
        }
        return x;
    }

    /**
     * The chart map on a frame, {@code X_L X_U⁻¹} (Alg. 8 / eq. G.1), published.
     *
     * @return H = S_m B, or empty when X_U is numerically singular (the point is not in this chart's domain)
     */
    Optional<double[]> coordinatesOf(Frame f) {
        double[] inverse = new double[k * k];
        if (!Dense.invert(f.top, k, inverse, new double[k * k])) {
            return Optional.empty();
        }
        return Optional.of(published(Dense.mult(f.bottom, m, k, inverse, k)));
    }

    /**
     * @param h published coordinates (or a published tangent vector), (n−k)×k (not modified)
     * @return the orthonormal-frame coordinates B = S_m⁻¹ h: a new array, or h itself for an Ehresmann chart
     */
    double[] orthonormal(double[] h) {
        return rotation.scaleRows(h, true);
    }

    /**
     * @param b orthonormal-frame coordinates (or a tangent vector), (n−k)×k (not modified)
     * @return the published H = S_m b: a new array, or b itself for an Ehresmann chart
     */
    double[] published(double[] b) {
        return rotation.scaleRows(b, false);
    }

    /** @return the unnormalized lift Q (I; B) of published coordinates h, a new n×k array spanning φ⁻¹(h) */
    double[] lift(double[] h) {
        double[] top = new double[k * k];
        for (int j = 0; j < k; j++) {
            top[j * k + j] = 1;
        }
        return fromFrame(new Frame(top, orthonormal(h).clone()));
    }

    @Override
    public ChartId id() {
        return id;
    }

    @Override
    public int dimension() {
        return m * k;
    }

    /**
     * {@inheritDoc} Here every |b_ij| &lt; 1 (Claim C.1), with B = S_m⁻¹ξ the orthonormal-frame coordinates; on ad hoc
     * charts B is formed as {@link #local} forms it, because the point a retraction tests is the point an optimizer
     * embeds and differentiates at next, which then finds B and the functions of K prepared.
     */
    @Override
    public boolean contains(Coordinates xi) {
        requireDimension("xi", xi);
        return isAdHoc() ? Dense.maxAbs(local(xi).b()) < TRUST_BOUND : xi.maxAbs() < TRUST_BOUND;
    }

    /** {@inheritDoc} Here {@code Q (I; B) (I + BᵀB)^{-1/2}}, the orthonormal polar basis of the lift. */
    @Override
    public double[] toAmbient(Coordinates xi) {
        requireDimension("xi", xi);
        Local at = local(xi);
        double[] inverseRoot = at.inverseRoot();
        return Checks.requireFiniteResult("toAmbient",
                fromFrame(new Frame(inverseRoot.clone(), Dense.mult(at.b(), m, k, inverseRoot, k))));
    }

    /**
     * {@inheritDoc} With K = I + BᵀB, N = K^{-1/2} and E = K⁻¹Bᵀτ the horizontal lift at {@link #toAmbient} is
     * {@code Q (−E N; (τ − B E) N)}: the derivative of the lift Q(I; B + tτ), projected off the subspace and carried
     * to the polar basis (B and τ in orthonormal-frame coordinates, S_m⁻¹ of the published ones).
     */
    @Override
    public double[] pushForward(Coordinates xi, Coordinates tau) {
        requireDimension("xi", xi);
        requireDimension("tau", tau);
        Local at = local(xi);
        double[] b = at.b();
        double[] t = orthonormal(tau.toArray());
        double[] inverse = at.inverse();
        double[] inverseRoot = at.inverseRoot();
        double[] e = Dense.mult(inverse, k, k, Dense.multTransA(b, m, k, t, k), k);
        Dense.multAdd(-1, Dense.wrap(m, k, b), Dense.wrap(k, k, e), Dense.wrap(m, k, t));
        double[] top = Dense.mult(e, k, k, inverseRoot, k);
        for (int i = 0; i < top.length; i++) {
            top[i] = -top[i];
        }
        return Checks.requireFiniteResult("pushForward",
                fromFrame(new Frame(top, Dense.mult(t, m, k, inverseRoot, k))));
    }

    /**
     * {@inheritDoc} With (u_U; u_L) = Qᵀ v the result is {@code (u_L − B u_U)(I + BᵀB)^{1/2}}: the vertical part of v
     * (v = Ŷ Ω) cancels exactly, and on horizontal vectors this inverts {@link #pushForward}; published as S_m times
     * that.
     */
    @Override
    public Coordinates tangentCoordinates(Coordinates xi, double[] ambient) {
        requireDimension("xi", xi);
        Checks.requireFiniteOfLength("ambient", ambient, n * k, "n·k for Gr(" + n + "," + k + ")");
        Local at = local(xi);
        Frame u = toFrame(ambient);
        Dense.multAdd(-1, Dense.wrap(m, k, at.b()), Dense.wrap(k, k, u.top), Dense.wrap(m, k, u.bottom));
        return Coordinates.ofComputed("tangentCoordinates", published(Dense.mult(u.bottom, m, k, at.root(), k)));
    }

    /**
     * {@inheritDoc} Here the adjoint of {@link #pushForward} in closed form, O(nk² + k³) instead of d push-forwards:
     * with (e_U; e_L) = Qᵀ e, K = I + BᵀB and N = K^{-1/2}, {@code (e_L − B K⁻¹(e_U + Bᵀe_L)) N}, then S_m⁻¹ (the
     * adjoint of the published-to-orthonormal change, S_m being symmetric) for ad hoc charts.
     *
     * @throws InvalidInputException if the covector's length is not n·k or an entry is not finite
     */
    @Override
    public Coordinates pullBack(Coordinates xi, double[] covector) {
        requireDimension("xi", xi);
        Checks.requireFiniteOfLength("covector", covector, n * k, "n·k for Gr(" + n + "," + k + ")");
        Local at = local(xi);
        double[] b = at.b();
        Frame e = toFrame(covector);
        double[] a = Dense.multTransA(b, m, k, e.bottom, k);
        for (int i = 0; i < a.length; i++) {
            a[i] += e.top[i];
        }
        double[] s = Dense.mult(at.inverse(), k, k, a, k);
        Dense.multAdd(-1, Dense.wrap(m, k, b), Dense.wrap(k, k, s), Dense.wrap(m, k, e.bottom));
        double[] g = Dense.mult(e.bottom, m, k, at.inverseRoot(), k);
        return Coordinates.ofComputed("pullBack", orthonormal(g));
    }

    /**
     * @param xi published coordinates of a point of this chart (of the right dimension)
     * @return B and the functions of K at ξ: this thread's last ones when ξ is the same object, else computed
     *     (O(nk² + k³))
     */
    Local local(Coordinates xi) {
        Local at = last.get();
        if (at != null && at.xi() == xi) {
            return at;
        }
        double[] b = orthonormal(xi.toArray());
        double[] gram = Dense.identityPlusGram(b, m, k);
        Dense.SymmetricEigen eig = Dense.symmetricEigen(gram, k);
        at = new Local(xi, b, gram, eig.apply(s -> 1 / s), eig.apply(s -> 1 / Math.sqrt(s)), eig.apply(Math::sqrt));
        last.set(at);
        return at;
    }

    /** @return the centre C of an ad hoc chart, m×k row-major (read only); not for Ehresmann charts (empty) */
    double[] centre() {
        double[] c = centre;
        if (c == null) {
            c = rotation.centre();
            centre = c;
        }
        return c;
    }

    private void requireDimension(String name, Coordinates c) {
        if (c.dimension() != m * k) {
            throw new InvalidInputException(name, "length " + m * k + " ((n−k)·k for chart "
                    + id + " of Gr(" + n + "," + k + "))", String.valueOf(c.dimension()));
        }
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof GrassmannChart c && c.id.equals(id);
    }

    @Override
    public int hashCode() {
        return id.hashCode();
    }

    @Override
    public String toString() {
        return (isAdHoc() ? "AdHocChart[" : "EhresmannChart[") + id + "]";
    }
}

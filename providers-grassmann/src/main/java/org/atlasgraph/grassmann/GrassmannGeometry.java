package org.atlasgraph.grassmann;

import java.util.Arrays;
import org.atlasgraph.api.capability.ExactGeometry;
import org.atlasgraph.api.check.Checks;
import org.atlasgraph.api.check.InvalidInputException;
import org.atlasgraph.api.check.NotOnManifoldException;
import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.factory.DecompositionFactory_DDRM;
import org.ejml.interfaces.decomposition.QRDecomposition;
import org.ejml.interfaces.decomposition.SingularValueDecomposition_F64;

/**
 * Closed-form geometry of Gr(n,k) on orthonormal n×k bases, Manopt style: a tangent vector at the basis X is its
 * horizontal lift, an n×k matrix H with XᵀH = 0, and the metric is the one induced by R^{n×k},
 * {@code g_X(H₁, H₂) = tr(H₁ᵀH₂)} ({@code AmbientMetric.INDUCED}).
 *
 * <p>The routines are those of Fig. S1: ManoptLog ({@code (Y − X XᵀY)(XᵀY)⁻¹ = UΣVᵀ ↦ U arctan(Σ) Vᵀ}), ManoptExp
 * ({@code H = UΣVᵀ ↦ XV cos Σ Vᵀ + U sin Σ Vᵀ}, then QR), GifeeLog/GifeeExp and ManoptRet, with parallel transport
 * along geodesics (Edelman–Arias–Smith 1998, eq. 2.68) and the distance from principal angles. They are the baselines
 * of the online Fréchet mean (§3.2), so they run on per-thread EJML workspaces: a step allocates its n×k result and
 * nothing else of size n×k. QR factors are sign-fixed (R's diagonal positive), so a step by 0 returns X itself. The
 * geodesic step is the "exp" scheme; {@link #gifeeStep} and {@link #retractionStep} are the manifold's "gifee" and
 * "retraction" {@code AmbientSchemes}.
 *
 * <p>Base points (p of exp, log, parallel transport and every step) must be orthonormal within
 * {@link #ORTHONORMAL_TOLERANCE}; other points (q, and both points of {@link #distance}) may be any full-rank n×k
 * basis.
 */
final class GrassmannGeometry implements ExactGeometry {
    /**
     * Largest accepted |pᵀp − I| entry of a base point: loose enough for bases stored in single precision, tight
     * enough that the closed forms stay accurate to that level.
     */
    static final double ORTHONORMAL_TOLERANCE = 1e-6;

    /** Largest accepted |pᵀv| entry of a tangent vector v at p, relative to max(1, max |v|). */
    static final double HORIZONTAL_TOLERANCE = 1e-6;

    private final int n;
    private final int k;
    private final String label;
    private final ThreadLocal<Workspace> workspace;

    GrassmannGeometry(int n, int k) {
        this.n = n;
        this.k = k;
        this.label = "Gr(" + n + "," + k + ")";
        this.workspace = ThreadLocal.withInitial(() -> new Workspace(n, k));
    }

    /** Buffers and decompositions of one thread; EJML reuses their storage from call to call. */
    private static final class Workspace {
        final DMatrixRMaj p = new DMatrixRMaj(1, 1);
        final DMatrixRMaj q = new DMatrixRMaj(1, 1);
        final DMatrixRMaj xtx;
        final DMatrixRMaj xty;
        final DMatrixRMaj inverse;
        final DMatrixRMaj kk;
        final DMatrixRMaj a;
        final DMatrixRMaj z;
        final DMatrixRMaj xv;
        final DMatrixRMaj u;
        final DMatrixRMaj v;
        final DMatrixRMaj qrQ;
        final DMatrixRMaj qrR;
        final double[] sigma;
        final double[] scratch;
        final SingularValueDecomposition_F64<DMatrixRMaj> svd;
        final QRDecomposition<DMatrixRMaj> qr;

        Workspace(int n, int k) {
            xtx = new DMatrixRMaj(k, k);
            xty = new DMatrixRMaj(k, k);
            inverse = new DMatrixRMaj(k, k);
            kk = new DMatrixRMaj(k, k);
            a = new DMatrixRMaj(n, k);
            z = new DMatrixRMaj(n, k);
            xv = new DMatrixRMaj(n, k);
            u = new DMatrixRMaj(n, k);
            v = new DMatrixRMaj(k, k);
            qrQ = new DMatrixRMaj(n, k);
            qrR = new DMatrixRMaj(k, k);
            sigma = new double[k];
            scratch = new double[k * k];
            svd = DecompositionFactory_DDRM.svd(n, k, true, true, true);
            qr = DecompositionFactory_DDRM.qr(n, k);
        }

        DMatrixRMaj bindP(double[] data, int n, int k) {
            return bind(p, data, n, k);
        }

        DMatrixRMaj bindQ(double[] data, int n, int k) {
            return bind(q, data, n, k);
        }

        private static DMatrixRMaj bind(DMatrixRMaj m, double[] data, int n, int k) {
            m.data = data;
            m.numRows = n;
            m.numCols = k;
            return m;
        }
    }

    /** {@inheritDoc} ManoptExp of Fig. S1: {@code XV cos Σ Vᵀ + U sin Σ Vᵀ} for {@code v = UΣVᵀ}, then QR. */
    @Override
    public double[] exp(double[] p, double[] v) {
        Workspace w = workspace.get();
        DMatrixRMaj x = basePoint(w, "p", p);
        requireHorizontal(x, "v", v);
        return manoptExp(w, x, w.bindQ(v, n, k), 1);
    }

    /**
     * {@inheritDoc} ManoptLog of Fig. S1.
     *
     * @throws InvalidInputException if a principal angle between p and q is π/2 (XᵀY singular): the logarithm is not
     *                               unique there
     */
    @Override
    public double[] log(double[] p, double[] q) {
        Workspace w = workspace.get();
        DMatrixRMaj x = basePoint(w, "p", p);
        manoptLog(w, x, otherPoint(w, "q", q));
        double[] out = new double[n * k];
        logFromSvd(w, out);
        return out;
    }

    /**
     * {@inheritDoc} With {@code Log_X(Y) = U Θ Vᵀ} the transported vector is {@code ξ + (−XV sin Θ + U(cos Θ − I)) Uᵀξ}
     * (Edelman–Arias–Smith eq. 2.68), horizontal at the geodesic's end basis Z = XV cos Θ Vᵀ + U sin Θ Vᵀ; it is then
     * expressed at the given basis q of the same subspace by the k×k factor Zᵀq.
     */
    @Override
    public double[] parallelTransport(double[] p, double[] v, double[] q) {
        Workspace w = workspace.get();
        DMatrixRMaj x = basePoint(w, "p", p);
        requireHorizontal(x, "v", v);
        requireOrthonormal("q", q);
        manoptLog(w, x, w.bindQ(q, n, k));
        double[] theta = w.sigma;
        for (int i = 0; i < k; i++) {
            theta[i] = Math.atan(theta[i]);
        }
        DMatrixRMaj xi = DMatrixRMaj.wrap(n, k, v);
        Dense.multTransA(w.u, xi, w.kk);
        Dense.mult(x, w.v, w.xv);
        double[] c = new double[n * k];
        double[] z = w.a.data;
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < k; j++) {
                int o = i * k + j;
                double xv = w.xv.data[o];
                double u = w.u.data[o];
                c[o] = -xv * Math.sin(theta[j]) + u * (Math.cos(theta[j]) - 1);
                z[o] = xv * Math.cos(theta[j]) + u * Math.sin(theta[j]);
            }
        }
        double[] transported = v.clone();
        Dense.multAdd(1, DMatrixRMaj.wrap(n, k, c), w.kk, DMatrixRMaj.wrap(n, k, transported));
        Dense.multTransB(w.a, w.v, w.z);
        Dense.multTransA(w.z, w.bindQ(q, n, k), w.kk);
        double[] out = new double[n * k];
        Dense.mult(DMatrixRMaj.wrap(n, k, transported), w.kk, DMatrixRMaj.wrap(n, k, out));
        return Checks.requireFiniteResult("parallelTransport", out);
    }

    /**
     * {@inheritDoc} Here {@code sqrt(Σ θ_i²)} over the principal angles θ_i between the column spaces, which may be
     * given by any full-rank bases.
     */
    @Override
    public double distance(double[] p, double[] q) {
        double[] angles = principalAngles(orthonormalize("p", p), orthonormalize("q", q), n, k);
        double s = 0;
        for (double a : angles) {
            s += a * a;
        }
        return Math.sqrt(s);
    }

    /** {@inheritDoc} ManoptLog, then ManoptExp of t·L (the MANOPT scheme of §3.2). */
    @Override
    public double[] geodesicStep(double[] p, double[] q, double t) {
        Checks.requireFinite("t", t);
        Workspace w = workspace.get();
        DMatrixRMaj x = basePoint(w, "p", p);
        manoptLog(w, x, otherPoint(w, "q", q));
        logFromSvd(w, w.a.data);
        return manoptExp(w, x, w.a, t);
    }

    /**
     * GifeeLog then GifeeExp of Fig. S1 (the GiFEE scheme of §3.2, Chakraborty and Vemuri), with the paper's t = 1/i
     * generalised to any t: {@code A = (I − X(XᵀX)⁻¹Xᵀ)Y(XᵀY)⁻¹ = UΣVᵀ}, Θ = arctan Σ, result QR of
     * {@code XV cos(tΘ) + U sin(tΘ)}. (Fig. S1 prints "UV cos"; the GiFEE paper and the geodesic formula have XV.)
     *
     * @return a new orthonormal basis
     */
    double[] gifeeStep(double[] p, double[] q, double t) {
        Checks.requireFinite("t", t);
        Workspace w = workspace.get();
        DMatrixRMaj x = basePoint(w, "p", p);
        DMatrixRMaj y = otherPoint(w, "q", q);
        Dense.multTransA(x, y, w.xty);
        if (!Dense.invert(w.xtx.data, k, w.inverse.data, w.scratch)) {
            throw new InvalidInputException("p", "a basis of full rank", "XᵀX singular");
        }
        Dense.mult(w.inverse, w.xty, w.kk);
        System.arraycopy(y.data, 0, w.a.data, 0, n * k);
        Dense.multAdd(-1, x, w.kk, w.a);
        rightDivideByXty(w, y);
        double[] theta = w.sigma;
        for (int j = 0; j < k; j++) {
            theta[j] = Math.atan(theta[j]);
        }
        Dense.mult(x, w.v, w.xv);
        double[] z = w.z.data;
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < k; j++) {
                int o = i * k + j;
                z[o] = w.xv.data[o] * Math.cos(t * theta[j]) + w.u.data[o] * Math.sin(t * theta[j]);
            }
        }
        return orthonormalFactor(w, w.z, "gifee");
    }

    /**
     * ManoptLog then ManoptRet of Fig. S1 (the MANOPT-RET scheme of §3.2): the polar (Stiefel) retraction
     * {@code X + tL = UΣVᵀ ↦ UVᵀ}, then QR as in the figure.
     *
     * @return a new orthonormal basis
     */
    double[] retractionStep(double[] p, double[] q, double t) {
        Checks.requireFinite("t", t);
        Workspace w = workspace.get();
        DMatrixRMaj x = basePoint(w, "p", p);
        manoptLog(w, x, otherPoint(w, "q", q));
        logFromSvd(w, w.a.data);
        double[] z = w.z.data;
        for (int i = 0; i < n * k; i++) {
            z[i] = x.data[i] + t * w.a.data[i];
        }
        svd(w, w.z, "retraction");
        Dense.multTransB(w.u, w.v, w.z);
        return orthonormalFactor(w, w.z, "retraction");
    }

    /** ManoptLog: leaves U, σ (= tan of the principal angles) and V of (Y − X XᵀY)(XᵀY)⁻¹ in the workspace. */
    private void manoptLog(Workspace w, DMatrixRMaj x, DMatrixRMaj y) {
        Dense.multTransA(x, y, w.xty);
        System.arraycopy(y.data, 0, w.a.data, 0, n * k);
        Dense.multAdd(-1, x, w.xty, w.a);
        rightDivideByXty(w, y);
    }

    /** a ← a (XᵀY)⁻¹, then the thin SVD of a into the workspace. */
    private void rightDivideByXty(Workspace w, DMatrixRMaj y) {
        if (!Dense.invert(w.xty.data, k, w.inverse.data, w.scratch)) {
            throw new InvalidInputException("q", "a point whose principal angles to p are all below π/2",
                    "XᵀY singular (a principal angle of π/2: the logarithm is not unique)");
        }
        Dense.mult(w.a, w.inverse, w.z);
        svd(w, w.z, "log");
    }

    private void svd(Workspace w, DMatrixRMaj m, String operation) {
        if (!w.svd.decompose(m)) {
            throw new ArithmeticException(operation + ": the thin SVD of an " + n + "×" + k
                    + " matrix did not converge");
        }
        System.arraycopy(w.svd.getSingularValues(), 0, w.sigma, 0, k);
        w.svd.getU(w.u, false);
        w.svd.getV(w.v, false);
    }

    /** out = U arctan(Σ) Vᵀ from the SVD in the workspace. */
    private void logFromSvd(Workspace w, double[] out) {
        double[] scaled = w.xv.data;
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < k; j++) {
                scaled[i * k + j] = w.u.data[i * k + j] * Math.atan(w.sigma[j]);
            }
        }
        Dense.multTransB(w.xv, w.v, DMatrixRMaj.wrap(n, k, out));
        Checks.requireFiniteResult("log", out);
    }

    /** ManoptExp of t·h: SVD of h, then QR of {@code XV cos(tΣ) Vᵀ + U sin(tΣ) Vᵀ}. */
    private double[] manoptExp(Workspace w, DMatrixRMaj x, DMatrixRMaj h, double t) {
        for (int i = 0; i < n * k; i++) {
            w.z.data[i] = t * h.data[i];
        }
        svd(w, w.z, "exp");
        Dense.mult(x, w.v, w.xv);
        double[] a = w.a.data;
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < k; j++) {
                int o = i * k + j;
                a[o] = w.xv.data[o] * Math.cos(w.sigma[j]) + w.u.data[o] * Math.sin(w.sigma[j]);
            }
        }
        Dense.multTransB(w.a, w.v, w.z);
        return orthonormalFactor(w, w.z, "exp");
    }

    /** @return the sign-fixed Q of the thin QR of z (a new n×k array) */
    private double[] orthonormalFactor(Workspace w, DMatrixRMaj z, String operation) {
        if (!w.qr.decompose(z)) {
            throw new ArithmeticException(operation + ": QR of an " + n + "×" + k + " matrix failed");
        }
        w.qr.getQ(w.qrQ, true);
        w.qr.getR(w.qrR, true);
        double[] out = w.qrQ.data.clone();
        for (int j = 0; j < k; j++) {
            if (w.qrR.get(j, j) < 0) {
                for (int i = 0; i < n; i++) {
                    out[i * k + j] = -out[i * k + j];
                }
            }
        }
        return Checks.requireFiniteResult(operation, out);
    }

    private DMatrixRMaj basePoint(Workspace w, String name, double[] p) {
        Checks.requireFiniteOfLength(name, p, n * k, "n·k for " + label);
        DMatrixRMaj x = w.bindP(p, n, k);
        Dense.gram(x, w.xtx);
        requireOrthonormal(name, Dense.identityDefect(w.xtx.data, k));
        return x;
    }

    private DMatrixRMaj otherPoint(Workspace w, String name, double[] q) {
        Checks.requireFiniteOfLength(name, q, n * k, "n·k for " + label);
        return w.bindQ(q, n, k);
    }

    private void requireOrthonormal(String name, double[] p) {
        Checks.requireFiniteOfLength(name, p, n * k, "n·k for " + label);
        requireOrthonormal(name, Dense.orthonormalityDefect(p, n, k));
    }

    private static void requireOrthonormal(String name, double defect) {
        if (!(defect <= ORTHONORMAL_TOLERANCE)) {
            throw new InvalidInputException(name, "an orthonormal n×k basis (|pᵀp − I| ≤ "
                    + Checks.number(ORTHONORMAL_TOLERANCE) + ")", "|pᵀp − I| = " + Checks.number(defect));
        }
    }

    private void requireHorizontal(DMatrixRMaj x, String name, double[] v) {
        Checks.requireFiniteOfLength(name, v, n * k, "n·k for " + label);
        double[] xtv = Dense.multTransA(x.data, n, k, v, k);
        double scale = 1;
        for (double e : v) {
            scale = Math.max(scale, Math.abs(e));
        }
        double worst = 0;
        for (double e : xtv) {
            worst = Math.max(worst, Math.abs(e));
        }
        if (worst > HORIZONTAL_TOLERANCE * scale) {
            throw new InvalidInputException(name, "a horizontal tangent vector at p (|pᵀv| ≤ "
                    + Checks.number(HORIZONTAL_TOLERANCE) + "·max(1, |v|))", "|pᵀv| = " + Checks.number(worst));
        }
    }

    /**
     * An orthonormal basis of the column space of a full-rank n×k array: the sign-fixed thin QR's Q, by one Cholesky
     * QR step where the array is nearly orthonormal ({@link Dense#nearlyOrthonormalQ}: nk² multiply-adds against
     * Householder's 2nk² and the singular values of R, with or without the native BLAS), else by {@link Dense#thinQr}.
     *
     * @throws NotOnManifoldException if the array is not of full column rank
     */
    double[] orthonormalize(String name, double[] x) {
        Checks.requireFiniteOfLength(name, x, n * k, "n·k for " + label);
        double[] q = Dense.nearlyOrthonormalQ(x, n, k);
        if (q != null) {
            return q;
        }
        Dense.ThinQr qr = Dense.thinQr(x, n, k);
        double condition = qr.condition();
        if (!(condition <= Grassmann.CONDITION_LIMIT)) {
            throw new NotOnManifoldException(name, Grassmann.rankDefect(condition));
        }
        return qr.q();
    }

    /**
     * The principal angles between the column spaces of two orthonormal n×k bases, ascending, each accurate near 0
     * and near π/2: with M = Q₁ᵀQ₂ and S = Q₂ − Q₁M, the eigenvalues of MᵀM are cos²θ_i and those of SᵀS are sin²θ_i,
     * and θ_i = atan2(sin θ_i, cos θ_i) (the sine–cosine pairing of Knyazev and Argentati). O(nk² + k³).
     *
     * @return θ₁ ≤ … ≤ θ_k in [0, π/2]
     */
    static double[] principalAngles(double[] q1, double[] q2, int n, int k) {
        double[] m = Dense.multTransA(q1, n, k, q2, k);
        double[] s = q2.clone();
        Dense.multAdd(-1, Dense.wrap(n, k, q1), Dense.wrap(k, k, m), Dense.wrap(n, k, s));
        double[] cos2 = Dense.symmetricEigen(Dense.gram(m, k, k), k).values();
        double[] sin2 = Dense.symmetricEigen(Dense.gram(s, n, k), k).values();
        Arrays.sort(cos2);
        Arrays.sort(sin2);
        double[] theta = new double[k];
        for (int i = 0; i < k; i++) {
            theta[i] = Math.atan2(Math.sqrt(Math.max(sin2[i], 0)), Math.sqrt(Math.max(cos2[k - 1 - i], 0)));
        }
        Arrays.sort(theta);
        return theta;
    }
}

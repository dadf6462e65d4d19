package org.example.hyperbolic;

import org.atlasgraph.api.base.Vectors;
import org.atlasgraph.api.capability.ExactGeometry;
import org.atlasgraph.api.check.Checks;

/**
 * Closed-form geometry of the hyperboloid model: exp, log, parallel transport and distance, in the Minkowski metric.
 * The formulas are written with {@code ⟨q − p, q − p⟩_L = 4 sinh²(d/2)}, which keeps full accuracy for nearby points
 * where {@code arcosh(−⟨p, q⟩_L)} loses half the digits.
 */
final class HyperboloidGeometry implements ExactGeometry {
    private final int n;

    HyperboloidGeometry(int n) {
        this.n = n;
    }

    /** {@inheritDoc} {@code cosh‖v‖ p + sinh‖v‖ v/‖v‖} with {@code ‖v‖ = √⟨v, v⟩_L}. */
    @Override
    public double[] exp(double[] p, double[] v) {
        check("p", p);
        check("v", v);
        double t = Math.sqrt(Math.max(0, Minkowski.dot(v, v)));
        if (t == 0) {
            return p.clone();
        }
        double[] q = Vectors.plusScaled(Vectors.scaled(p, Math.cosh(t)), Math.sinh(t) / t, v);
        return Checks.requireFiniteResult("exp", Minkowski.normalized(q));
    }

    /**
     * {@inheritDoc} With w = q − p and {@code m = ⟨w, w⟩_L}: d = 2 arsinh(√m / 2) and
     * {@code Log_p q = (d / sinh d)(w − (m/2) p)}, where {@code w − (m/2) p = q + ⟨p, q⟩_L p} is tangent at p.
     */
    @Override
    public double[] log(double[] p, double[] q) {
        check("p", p);
        check("q", q);
        double[] w = Vectors.minus(q, p);
        double m = Math.max(0, Minkowski.dot(w, w));
        double d = 2 * asinh(Math.sqrt(m) / 2);
        double f = d == 0 ? 1 : d / Math.sinh(d);
        return Checks.requireFiniteResult("log", Vectors.scaled(Vectors.plusScaled(w, -m / 2, p), f));
    }

    /** {@inheritDoc} {@code v + ⟨q, v⟩_L / (1 − ⟨p, q⟩_L) · (p + q)}. */
    @Override
    public double[] parallelTransport(double[] p, double[] v, double[] q) {
        check("p", p);
        check("v", v);
        check("q", q);
        double f = Minkowski.dot(q, v) / (1 - Minkowski.dot(p, q));
        double[] r = v.clone();
        for (int i = 0; i < r.length; i++) {
            r[i] += f * (p[i] + q[i]);
        }
        return Checks.requireFiniteResult("parallelTransport", r);
    }

    /** {@inheritDoc} {@code 2 arsinh(√⟨q − p, q − p⟩_L / 2)}. */
    @Override
    public double distance(double[] p, double[] q) {
        check("p", p);
        check("q", q);
        double[] w = Vectors.minus(q, p);
        return 2 * asinh(Math.sqrt(Math.max(0, Minkowski.dot(w, w))) / 2);
    }

    /** arsinh for x ≥ 0, accurate for small x too: {@code log1p(x + x²/(1 + √(1 + x²)))}. */
    private static double asinh(double x) {
        return Math.log1p(x + x * x / (1 + Math.sqrt(1 + x * x)));
    }

    private void check(String name, double[] a) {
        Checks.requireFiniteOfLength(name, a, n + 1, "ambient dimension of H^" + n);
    }
}

package org.atlasgraph.sphere;

import org.atlasgraph.api.base.Vectors;
import org.atlasgraph.api.check.Checks;
import org.atlasgraph.api.check.InvalidInputException;
import org.atlasgraph.api.capability.ExactGeometry;

/**
 * Closed-form geometry of S^{n-1} with the round metric: great-circle exp, log, parallel transport and distance.
 * The closed forms are those of unit vectors; nearly unit vectors (within {@link #POINT_TOLERANCE}: data stored in
 * single precision, the points of an atlas learned from sphere data) are taken as they are, and points farther off are
 * refused by name. Every finite answer is computed without overflow, and an answer that would not be finite is an
 * {@link InvalidInputException} naming the input.
 *
 * <p>Immutable and thread-safe.
 */
final class SphereGeometry implements ExactGeometry {
    /**
     * Largest accepted |‖x‖ − 1| of a point given to the closed forms: far looser than {@link Sphere#UNIT_TOLERANCE}
     * (callers compare a learned atlas with these forms at its own points), tight enough that no product overflows.
     */
    static final double POINT_TOLERANCE = 0.5;

    private final int n;

    SphereGeometry(int n) {
        this.n = n;
    }

    /** {@inheritDoc} {@code cos‖v‖ p + sin‖v‖ v/‖v‖}. */
    @Override
    public double[] exp(double[] p, double[] v) {
        point("p", p);
        check("v", v);
        double t = Vectors.norm(v);
        if (t == 0) {
            return p.clone();
        }
        if (!Double.isFinite(t)) {
            throw new InvalidInputException("v", "a tangent vector of finite norm", "‖v‖ beyond "
                    + Checks.number(Double.MAX_VALUE));
        }
        double[] r = new double[n];
        double c = Math.cos(t);
        double s = Math.sin(t) / t;
        for (int i = 0; i < n; i++) {
            r[i] = c * p[i] + s * v[i];
        }
        return Checks.requireFiniteResult("exp", Vectors.normalized(r));
    }

    /**
     * {@inheritDoc} {@code θ u} with θ = atan2(‖q − (p·q)p‖, p·q) and u the unit vector along q − (p·q)p; atan2 keeps
     * full accuracy for nearby and for nearly antipodal points.
     *
     * @throws InvalidInputException if q is antipodal to p, where the logarithm is not unique
     */
    @Override
    public double[] log(double[] p, double[] q) {
        point("p", p);
        point("q", q);
        double pq = Vectors.dot(p, q);
        double[] w = Vectors.plusScaled(q, -pq, p);
        double nw = Vectors.norm(w);
        double theta = Math.atan2(nw, pq);
        if (nw == 0) {
            if (pq > 0) {
                return new double[n];
            }
            throw new InvalidInputException("q", "a point that is not antipodal to p", "q = −p",
                    "the logarithm of an antipodal point is not unique");
        }
        return Vectors.scaled(w, theta / nw);
    }

    /**
     * {@inheritDoc} With u the unit direction of Log_p q and θ = d(p, q):
     * {@code v + (u·v)((cos θ − 1)u − sin θ p)}.
     */
    @Override
    public double[] parallelTransport(double[] p, double[] v, double[] q) {
        check("v", v);
        double[] l = log(p, q);
        double theta = Vectors.norm(l);
        if (theta == 0) {
            return v.clone();
        }
        double[] u = Vectors.scaled(l, 1 / theta);
        // Linear in v: computed on v scaled to entries of at most 1, so that u·v cannot overflow.
        double m = 0;
        for (double vi : v) {
            m = Math.max(m, Math.abs(vi));
        }
        double f = Math.max(1, m);
        double[] r = f > 1 ? Vectors.scaled(v, 1 / f) : v.clone();
        double uv = Vectors.dot(u, r);
        for (int i = 0; i < n; i++) {
            r[i] += uv * ((Math.cos(theta) - 1) * u[i] - Math.sin(theta) * p[i]);
            r[i] *= f;
            if (!Double.isFinite(r[i])) {
                throw new InvalidInputException("v", "a tangent vector whose transport is finite", "|vᵢ| up to "
                        + Checks.number(m));
            }
        }
        return r;
    }

    /** {@inheritDoc} {@code atan2(‖q − (p·q)p‖, p·q)}, accurate at all angles (unlike acos near 0 and π). */
    @Override
    public double distance(double[] p, double[] q) {
        point("p", p);
        point("q", q);
        double pq = Vectors.dot(p, q);
        return Math.atan2(Vectors.norm(Vectors.plusScaled(q, -pq, p)), pq);
    }

    private void check(String name, double[] a) {
        Checks.requireFiniteOfLength(name, a, n, "ambient dimension of S^" + (n - 1));
    }

    /** Requires a point near the sphere: finite, of length n, of norm 1 within {@link #POINT_TOLERANCE}. */
    private void point(String name, double[] a) {
        check(name, a);
        double defect = Math.abs(Vectors.norm(a) - 1);
        if (!(defect <= POINT_TOLERANCE)) {
            throw new InvalidInputException(name, "a unit vector (|‖x‖ − 1| ≤ " + Checks.number(POINT_TOLERANCE)
                    + ")", "|‖x‖ − 1| = " + Checks.number(defect));
        }
    }
}

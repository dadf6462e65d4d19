package org.atlasgraph.tck;

import java.util.random.RandomGenerator;
import org.atlasgraph.api.ChartPoint;
import org.atlasgraph.api.Coordinates;
import org.atlasgraph.api.TangentVector;
import org.atlasgraph.api.Metric;
import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.factory.DecompositionFactory_DDRM;
import org.ejml.interfaces.decomposition.EigenDecomposition_F64;

/**
 * Rules MET-1…4: the metric ḡ_ξ of eq. (2.2) as the provider's {@link Metric} computes it, against the pull-back of the
 * manifold's stated ambient metric {@code g} (not the Euclidean product of R^D, unless that is the metric stated).
 */
final class MetricChecks {
    /**
     * Largest d for which MET-1 forms the d×d Gram matrix (d² inner products) and checks its eigenvalues; above it,
     * symmetry and positivity are checked on {@link #SPARSE_PROBES} random vectors and as many basis vectors, because
     * d can be 750,000 (Gr(2000,500)).
     */
    static final int DENSE_LIMIT = 100;
    /** Random vectors and basis vectors probed per point when d &gt; {@link #DENSE_LIMIT}. */
    static final int SPARSE_PROBES = 32;
    /**
     * Smallest accepted λ_min/λ_max of ḡ_ξ: below 1e-12 the metric is numerically singular (raise() would lose
     * every digit), which is as bad as indefinite for an optimizer.
     */
    static final double CONDITION_FLOOR = 1e-12;

    private MetricChecks() {
    }

    /** MET-1: symmetric positive definite. */
    static RuleResult symmetricPositiveDefinite(Probe probe) {
        Evidence ev = probe.evidence(RuleId.MET_1);
        RandomGenerator rng = probe.random(RuleId.MET_1);
        int d = probe.manifold().dimension();
        for (Probe.Case c : probe.cases()) {
            ev.guard(c.label(), () -> {
                if (d <= DENSE_LIMIT) {
                    dense(probe, ev, c);
                } else {
                    sparse(probe, ev, c, rng);
                }
            });
        }
        return ev.result();
    }

    private static void dense(Probe probe, Evidence ev, Probe.Case c) {
        ChartPoint p = c.point();
        Metric g = probe.manifold().metric();
        int d = p.chart().dimension();
        TangentVector[] basis = new TangentVector[d];
        for (int i = 0; i < d; i++) {
            double[] e = new double[d];
            e[i] = 1;
            basis[i] = p.tangent(Coordinates.of(e));
        }
        DMatrixRMaj gram = new DMatrixRMaj(d, d);
        double diagonal = 0;
        for (int i = 0; i < d; i++) {
            for (int j = 0; j < d; j++) {
                gram.set(i, j, g.inner(p, basis[i], basis[j]));
            }
            diagonal = Math.max(diagonal, Math.abs(gram.get(i, i)));
        }
        double asymmetry = 0;
        DMatrixRMaj symmetric = new DMatrixRMaj(d, d);
        for (int i = 0; i < d; i++) {
            for (int j = 0; j < d; j++) {
                asymmetry = Math.max(asymmetry, Math.abs(gram.get(i, j) - gram.get(j, i)));
                symmetric.set(i, j, (gram.get(i, j) + gram.get(j, i)) / 2);
            }
        }
        ev.atMost("max|G_ij − G_ji|/max|G_ii|", asymmetry / diagonal, Probe.ALGEBRAIC, c.label());
        EigenDecomposition_F64<DMatrixRMaj> eig = DecompositionFactory_DDRM.eig(d, false, true);
        if (!eig.decompose(symmetric)) {
            ev.violation("the eigenvalues of the Gram matrix did not converge", c.label());
            return;
        }
        double min = Double.POSITIVE_INFINITY;
        double max = Double.NEGATIVE_INFINITY;
        for (int i = 0; i < eig.getNumberOfEigenvalues(); i++) {
            double lambda = eig.getEigenvalue(i).getReal();
            min = Math.min(min, lambda);
            max = Math.max(max, lambda);
        }
        ev.atLeast("λ_min/λ_max of G", max > 0 ? min / max : -1, CONDITION_FLOOR, c.label() + ", d=" + d
                + " (Gram matrix of the basis)");
    }

    private static void sparse(Probe probe, Evidence ev, Probe.Case c, RandomGenerator rng) {
        ChartPoint p = c.point();
        Metric g = probe.manifold().metric();
        int d = p.chart().dimension();
        for (int k = 0; k < SPARSE_PROBES; k++) {
            TangentVector u = p.tangent(probe.unitTangent(p, rng));
            TangentVector v = p.tangent(probe.unitTangent(p, rng));
            ev.atMost("|ḡ(u,v) − ḡ(v,u)| for unit u, v", Math.abs(g.inner(p, u, v) - g.inner(p, v, u)),
                    Probe.ALGEBRAIC, c.label() + ", d=" + d + " (random probes)");
            ev.atLeast("ḡ(u,u)/‖Dφ⁻¹u‖_g²", g.inner(p, u, u), CONDITION_FLOOR, c.label() + ", random unit u");
            double[] e = new double[d];
            int i = rng.nextInt(d);
            e[i] = 1;
            Coordinates basis = Coordinates.of(e);
            ev.atLeast("ḡ(e_i,e_i)/‖Dφ⁻¹e_i‖_g²", g.inner(p, p.tangent(basis), p.tangent(basis))
                    / Math.pow(probe.norm(p, basis), 2), CONDITION_FLOOR, c.label() + ", i=" + i);
        }
    }

    /** MET-2: {@code ḡ(u, v)} equals the stated ambient metric of the pushed-forward vectors. */
    static RuleResult pullBack(Probe probe) {
        Evidence ev = probe.evidence(RuleId.MET_2);
        RandomGenerator rng = probe.random(RuleId.MET_2);
        Metric g = probe.manifold().metric();
        for (Probe.Case c : probe.cases()) {
            ChartPoint p = c.point();
            ev.guard(c.label(), () -> {
                Coordinates u = probe.unitTangent(p, rng);
                Coordinates v = probe.unitTangent(p, rng);
                ev.atMost("|ḡ(u,v) − g_x(Dφ⁻¹u, Dφ⁻¹v)| for unit u, v",
                        Math.abs(g.inner(p, p.tangent(u), p.tangent(v)) - probe.ambientInner(p, u, v)),
                        Probe.ALGEBRAIC, c.label());
                ev.atMost("|ḡ(u,u) − 1| for unit u", Math.abs(g.inner(p, p.tangent(u), p.tangent(u)) - 1),
                        Probe.ALGEBRAIC, c.label());
            });
        }
        return ev.result();
    }

    /** MET-3: {@code g_x(Dφ⁻¹raise(ω), Dφ⁻¹v) = ω·v}, in the stated metric so that MET-3 tests raise() alone. */
    static RuleResult raiseInverts(Probe probe) {
        Evidence ev = probe.evidence(RuleId.MET_3);
        RandomGenerator rng = probe.random(RuleId.MET_3);
        Metric g = probe.manifold().metric();
        for (Probe.Case c : probe.cases()) {
            ChartPoint p = c.point();
            ev.guard(c.label(), () -> {
                Coordinates omega = Probe.gaussian(p.chart().dimension(), rng);
                TangentVector w = g.raise(p, omega);
                if (!w.chart().id().equals(p.chart().id())) {
                    ev.violation("raise(ω) is in chart " + w.chart().id() + ", not in p's chart", c.label());
                    return;
                }
                Coordinates v = probe.unitTangent(p, rng);
                double expected = omega.dot(v);
                double size = probe.norm(p, w.tau()) + Math.abs(expected);
                ev.atMost("|g_x(Dφ⁻¹raise(ω), Dφ⁻¹v) − ω·v|/(‖raise(ω)‖ + |ω·v|) for unit v",
                        Math.abs(probe.ambientInner(p, w.tau(), v) - expected) / size, Probe.ALGEBRAIC,
                        c.label());
            });
        }
        return ev.result();
    }

    /**
     * MET-4: the Riemannian gradient of a Euclidean gradient e represents the differential {@code w ↦ e·Dφ⁻¹w} of the
     * function: {@code g_x(Dφ⁻¹grad, Dφ⁻¹w) = e·Dφ⁻¹w} for unit w, measured in the stated ambient metric (so that
     * MET-4 tests riemannianGradient() alone) relative to {@code ‖grad‖_g + |e·Dφ⁻¹w|}.
     */
    static RuleResult riemannianGradient(Probe probe) {
        Evidence ev = probe.evidence(RuleId.MET_4);
        RandomGenerator rng = probe.random(RuleId.MET_4);
        Metric g = probe.manifold().metric();
        for (Probe.Case c : probe.cases()) {
            ChartPoint p = c.point();
            ev.guard(c.label(), () -> {
                double[] e = Probe.gaussian(probe.manifold().ambientDimension(), rng).toArray();
                TangentVector grad = g.riemannianGradient(p, e);
                Coordinates w = probe.unitTangent(p, rng);
                double[] pushed = probe.push(p, w);
                double expected = 0;
                for (int i = 0; i < e.length; i++) {
                    expected += e[i] * pushed[i];
                }
                double size = probe.norm(p, grad.tau()) + Math.abs(expected);
                ev.atMost("|g_x(Dφ⁻¹grad, Dφ⁻¹w) − e·Dφ⁻¹w|/(‖grad‖ + |e·Dφ⁻¹w|) for unit w",
                        Math.abs(probe.ambientInner(p, grad.tau(), w) - expected) / size, Probe.ALGEBRAIC,
                        c.label());
            });
        }
        return ev.result();
    }
}

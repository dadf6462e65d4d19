package org.atlasgraph.tck;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.random.RandomGenerator;
import org.atlasgraph.api.ChartPoint;
import org.atlasgraph.api.Coordinates;
import org.atlasgraph.api.Manifold;
import org.atlasgraph.api.check.Checks;
import org.atlasgraph.api.Distance;
import org.atlasgraph.api.capability.ExactGeometry;
import org.atlasgraph.api.capability.Geodesics;

/**
 * Rules DST-1…4: the geodesic distance of the manifold's {@link Geodesics} capability (closed-form where it has
 * {@link ExactGeometry}, the shortest paths of Alg. 2 on a learned atlas). Pairs are far (consecutive test points,
 * anywhere on M) and near (p and Ret_p(τ) with ‖τ‖ = 0.1); triples add nearly collinear ones (p, Ret_p(τ), Ret_p(2τ)),
 * where the triangle inequality is tight.
 */
final class DistanceChecks {
    /** Step (× length scale) of the near pairs and of the collinear triples. */
    private static final double NEAR_STEP = 0.1;

    private DistanceChecks() {
    }

    private record Pair(ChartPoint p, ChartPoint q, String where) {
    }

    private record Triple(ChartPoint p, ChartPoint q, ChartPoint r, String where) {
    }

    /** DST-1: symmetry. */
    static RuleResult symmetric(Probe probe) {
        if (probe.distance().isEmpty()) {
            return Evidence.skipped(RuleId.DST_1, Probe.NO_GEODESICS);
        }
        Evidence ev = probe.evidence(RuleId.DST_1);
        Distance d = probe.distance().get();
        double bound = probe.settings().accuracy().distance();
        for (Pair pair : pairs(probe, ev, RuleId.DST_1)) {
            ev.guard(pair.where(), () -> {
                double pq = d.distance(pair.p(), pair.q());
                double qp = d.distance(pair.q(), pair.p());
                ev.atMost("|d(p,q) − d(q,p)|/d(p,q)", Math.abs(pq - qp) / floor(probe, Math.max(pq, qp)), bound,
                        pair.where() + ", d(p,q)=" + pq);
            });
        }
        return ev.result();
    }

    /** DST-2: {@code d(p, p) = 0}, also with p expressed in another chart, and {@code d ≥ 0}. */
    static RuleResult zeroDiagonal(Probe probe) {
        if (probe.distance().isEmpty()) {
            return Evidence.skipped(RuleId.DST_2, Probe.NO_GEODESICS);
        }
        Evidence ev = probe.evidence(RuleId.DST_2);
        Distance d = probe.distance().get();
        RandomGenerator rng = probe.random(RuleId.DST_2);
        double bound = probe.settings().accuracy().roundTrip() * probe.scale();
        for (Probe.Case c : probe.cases()) {
            ev.guard(c.label(), () -> {
                ev.atMost("d(p, p)", d.distance(c.point(), c.point()), bound, c.label());
                Optional<ChartPoint> other = probe.sameInOtherChart(c.point(), rng);
                if (other.isPresent()) {
                    ev.atMost("d(p, p')", d.distance(c.point(), other.get()), bound,
                            c.label() + ", p' = p in chart " + other.get().chart().id());
                }
            });
        }
        for (Pair pair : pairs(probe, ev, RuleId.DST_2)) {
            ev.guard(pair.where(), () -> ev.atLeast("d(p, q)", d.distance(pair.p(), pair.q()), 0, pair.where()));
        }
        return ev.result();
    }

    /** DST-3: the triangle inequality, with relative slack {@code Accuracy.distance()}. */
    static RuleResult triangle(Probe probe) {
        if (probe.distance().isEmpty()) {
            return Evidence.skipped(RuleId.DST_3, Probe.NO_GEODESICS);
        }
        Evidence ev = probe.evidence(RuleId.DST_3);
        Distance d = probe.distance().get();
        double bound = probe.settings().accuracy().distance();
        for (Triple t : triples(probe, ev)) {
            ev.guard(t.where(), () -> {
                double pq = d.distance(t.p(), t.q());
                double qr = d.distance(t.q(), t.r());
                double pr = d.distance(t.p(), t.r());
                ev.atMost("(d(p,r) − d(p,q) − d(q,r))/(d(p,q) + d(q,r))", (pr - pq - qr) / floor(probe, pq + qr),
                        bound, t.where());
            });
        }
        return ev.result();
    }

    /** DST-4: agreement with {@link ExactGeometry#distance}. */
    static RuleResult exact(Probe probe) {
        if (probe.exact().isEmpty()) {
            return Evidence.skipped(RuleId.DST_4, Probe.NO_EXACT);
        }
        if (probe.distance().isEmpty()) {
            return Evidence.skipped(RuleId.DST_4, Probe.NO_GEODESICS);
        }
        Distance d = probe.distance().get();
        ExactGeometry exact = probe.exact().get();
        Manifold m = probe.manifold();
        Evidence ev = probe.evidence(RuleId.DST_4);
        double bound = probe.settings().accuracy().distance();
        for (Pair pair : pairs(probe, ev, RuleId.DST_4)) {
            ev.guard(pair.where(), () -> {
                double reference = exact.distance(m.embed(pair.p()), m.embed(pair.q()));
                double measured = d.distance(pair.p(), pair.q());
                ev.atMost("|d(p,q) − d_exact(p,q)|/d_exact", Math.abs(measured - reference) / floor(probe, reference),
                        bound, pair.where() + ", d_exact=" + reference);
            });
        }
        return ev.result();
    }

    private static double floor(Probe probe, double d) {
        return Math.max(d, Probe.ROUNDING_FLOOR * probe.scale());
    }

    private static List<Pair> pairs(Probe probe, Evidence ev, RuleId id) {
        RandomGenerator rng = probe.random(id);
        List<Probe.Case> cases = probe.cases();
        List<Pair> pairs = new ArrayList<>();
        for (int i = 0; i < cases.size(); i++) {
            Probe.Case c = cases.get(i);
            Probe.Case next = cases.get((i + 1) % cases.size());
            pairs.add(new Pair(c.point(), next.point(), c.label() + " and " + next.label()));
            String where = c.label() + " and Ret_p(τ), ‖τ‖=" + Checks.number(NEAR_STEP * probe.scale());
            Coordinates tau = probe.unitTangent(c.point(), rng).scale(NEAR_STEP * probe.scale());
            probe.retract(ev, c.point(), tau, where).ifPresent(q -> pairs.add(new Pair(c.point(), q, where)));
        }
        return pairs;
    }

    private static List<Triple> triples(Probe probe, Evidence ev) {
        RandomGenerator rng = probe.random(RuleId.DST_3);
        List<Probe.Case> cases = probe.cases();
        List<Triple> triples = new ArrayList<>();
        for (int i = 0; i < cases.size(); i++) {
            Probe.Case c = cases.get(i);
            ChartPoint p = c.point();
            triples.add(new Triple(p, cases.get((i + 1) % cases.size()).point(),
                    cases.get((i + 2) % cases.size()).point(), c.label() + " and the next two test points"));
            String where = c.label() + ", q = Ret_p(τ), r = Ret_p(2τ), ‖τ‖=" + Checks.number(NEAR_STEP * probe.scale());
            Coordinates tau = probe.unitTangent(p, rng).scale(NEAR_STEP * probe.scale());
            Optional<ChartPoint> q = probe.retract(ev, p, tau, where);
            Optional<ChartPoint> r = probe.retract(ev, p, tau.scale(2), where);
            if (q.isPresent() && r.isPresent()) {
                triples.add(new Triple(p, q.get(), r.get(), where));
            }
        }
        return triples;
    }
}

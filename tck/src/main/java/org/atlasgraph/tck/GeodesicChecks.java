package org.atlasgraph.tck;

import java.util.random.RandomGenerator;
import org.atlasgraph.api.ChartPoint;
import org.atlasgraph.api.capability.ExactGeometry;
import org.atlasgraph.api.check.Checks;

/**
 * Rules GEO-1…3: the closed-form geometry ({@link ExactGeometry}) that other rules take as their reference is itself
 * consistent: log inverts exp, its length is the distance, and parallel transport keeps inner products, all in the
 * manifold's stated metric. The second point is {@code q = Exp_p(v)} for a random tangent v of a few lengths up to the
 * length scale, inside any injectivity radius the kit could meet.
 */
final class GeodesicChecks {
    /** Lengths of v (× length scale). */
    private static final double[] RADII = {0.1, 0.5, 1.0};

    private GeodesicChecks() {
    }

    /** One pair: p, x = embed(p), q = Exp_x(v) with ‖v‖_g = r·s. */
    private record Pair(ChartPoint p, double[] x, double[] q, double length, String where) {
    }

    /** One check on a pair. */
    private interface PairCheck {
        void check(Evidence ev, ExactGeometry exact, Pair pair, RandomGenerator rng);
    }

    /** GEO-1: {@code Exp_p(Log_p q) = q}, by the exact distance relative to d(p, q). */
    static RuleResult expOfLog(Probe probe) {
        double bound = probe.settings().accuracy().roundTrip();
        return forEachPair(probe, RuleId.GEO_1, (ev, exact, pair, rng) -> {
            double[] back = exact.exp(pair.x(), exact.log(pair.x(), pair.q()));
            ev.atMost("d(Exp_p(Log_p q), q)/d(p, q)", exact.distance(back, pair.q()) / pair.length(), bound,
                    pair.where());
        });
    }

    /** GEO-2: {@code ‖Log_p q‖_g = d(p, q)}, relative to d(p, q). */
    static RuleResult lengthOfLog(Probe probe) {
        double bound = probe.settings().accuracy().roundTrip();
        return forEachPair(probe, RuleId.GEO_2, (ev, exact, pair, rng) -> {
            double length = probe.ambientNorm(pair.x(), exact.log(pair.x(), pair.q()));
            double d = exact.distance(pair.x(), pair.q());
            ev.atMost("|‖Log_p q‖_g − d(p, q)|/d(p, q)", Math.abs(length - d) / d, bound,
                    pair.where() + ", d(p, q)=" + Checks.number(d) + ", ‖Log_p q‖_g=" + Checks.number(length));
        });
    }

    /** GEO-3: {@code g_q(Pu, Pw) = g_p(u, w)} and {@code g_q(Pu, Pu) = g_p(u, u)} for unit u, w. */
    static RuleResult isometricTransport(Probe probe) {
        return forEachPair(probe, RuleId.GEO_3, (ev, exact, pair, rng) -> {
            ChartPoint p = pair.p();
            double[] u = probe.push(p, probe.unitTangent(p, rng));
            double[] w = probe.push(p, probe.unitTangent(p, rng));
            double[] pu = exact.parallelTransport(pair.x(), u, pair.q());
            double[] pw = exact.parallelTransport(pair.x(), w, pair.q());
            double cross = Math.abs(probe.inner(pair.q(), pu, pw) - probe.inner(pair.x(), u, w));
            double norm = Math.abs(probe.inner(pair.q(), pu, pu) - probe.inner(pair.x(), u, u));
            ev.atMost("max(|g_q(Pu,Pw) − g_p(u,w)|, |g_q(Pu,Pu) − 1|) for unit u, w", Math.max(cross, norm),
                    Probe.ALGEBRAIC, pair.where());
        });
    }

    private static RuleResult forEachPair(Probe probe, RuleId id, PairCheck check) {
        if (probe.exact().isEmpty()) {
            return Evidence.skipped(id, Probe.NO_EXACT);
        }
        ExactGeometry exact = probe.exact().get();
        Evidence ev = probe.evidence(id);
        RandomGenerator rng = probe.random(id);
        for (Probe.Case c : probe.cases()) {
            ChartPoint p = c.point();
            for (double r : RADII) {
                double length = r * probe.scale();
                String where = c.label() + ", q = Exp_p(v), ‖v‖_g=" + Checks.number(length);
                ev.guard(where, () -> {
                    double[] x = probe.manifold().embed(p);
                    double[] q = exact.exp(x, probe.push(p, probe.unitTangent(p, rng).scale(length)));
                    check.check(ev, exact, new Pair(p, x, q, length, where), rng);
                });
            }
        }
        return ev.result();
    }
}

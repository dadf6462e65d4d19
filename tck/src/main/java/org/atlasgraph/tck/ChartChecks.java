package org.atlasgraph.tck;

import java.util.random.RandomGenerator;
import org.atlasgraph.api.ChartPoint;
import org.atlasgraph.api.Coordinates;

/**
 * Rules CHT-2 and CHT-3: {@code Chart.tangentCoordinates}, the way back from ambient vectors to representatives
 * (§4.2.4), is the left inverse of {@code pushForward} and the projection orthogonal in the manifold's stated metric,
 * which the Riemannian log, the ambient transport route and, for the induced metric, the Riemannian gradient use.
 */
final class ChartChecks {
    private ChartChecks() {
    }

    /** CHT-2: {@code tangentCoordinates(ξ, Dφ⁻¹(ξ)τ) = τ}, measured as {@code ‖Dφ⁻¹(τ' − τ)‖_g} for unit τ. */
    static RuleResult leftInverse(Probe probe) {
        Evidence ev = probe.evidence(RuleId.CHT_2);
        RandomGenerator rng = probe.random(RuleId.CHT_2);
        double bound = probe.settings().accuracy().roundTrip();
        for (Probe.Case c : probe.cases()) {
            ChartPoint p = c.point();
            ev.guard(c.label(), () -> {
                Coordinates tau = probe.unitTangent(p, rng);
                Coordinates back = p.chart().tangentCoordinates(p.xi(), probe.push(p, tau));
                ev.atMost("‖Dφ⁻¹(tangentCoordinates(Dφ⁻¹τ) − τ)‖/‖τ‖", probe.norm(p, back.minus(tau)), bound,
                        c.label());
            });
        }
        return ev.result();
    }

    /**
     * CHT-3: for a random ambient v and τ = tangentCoordinates(ξ, v), the residual v − Dφ⁻¹τ is orthogonal in the
     * stated metric to a random unit tangent w: {@code |g_x(Dφ⁻¹w, v − Dφ⁻¹τ)|}, relative to
     * {@code ‖Dφ⁻¹τ‖_g + √|g_x(v, v)|} (v is not tangent, and the stated metric may be indefinite off the tangent
     * space, as Minkowski's is).
     */
    static RuleResult metricProjection(Probe probe) {
        Evidence ev = probe.evidence(RuleId.CHT_3);
        RandomGenerator rng = probe.random(RuleId.CHT_3);
        double bound = probe.settings().accuracy().roundTrip();
        for (Probe.Case c : probe.cases()) {
            ChartPoint p = c.point();
            ev.guard(c.label(), () -> {
                double[] x = probe.manifold().embed(p);
                double[] v = Probe.gaussian(x.length, rng).toArray();
                Coordinates tau = p.chart().tangentCoordinates(p.xi(), v);
                double[] residual = Probe.difference(v, probe.push(p, tau));
                double[] w = probe.push(p, probe.unitTangent(p, rng));
                double size = probe.norm(p, tau) + probe.ambientNorm(x, v);
                ev.atMost("|g_x(Dφ⁻¹w, v − Dφ⁻¹τ)|/(‖Dφ⁻¹τ‖ + ‖v‖) for unit w",
                        Math.abs(probe.inner(x, w, residual)) / size, bound, c.label());
            });
        }
        return ev.result();
    }
}

package org.atlasgraph.tck;

import java.util.Optional;
import org.atlasgraph.api.ChartPoint;
import org.atlasgraph.api.Manifold;
import org.atlasgraph.api.check.Checks;
import org.atlasgraph.api.check.Defect;

/** Rules MAN-1…3 and CHT-1: points, their charts and ingestion of ambient arrays. */
final class ManifoldChecks {
    private ManifoldChecks() {
    }

    /** MAN-1: {@code locate(embed(p))} is p, compared as points (not by chart id). */
    static RuleResult locateOfEmbed(Probe probe) {
        Evidence ev = probe.evidence(RuleId.MAN_1);
        Manifold m = probe.manifold();
        double bound = probe.settings().accuracy().roundTrip() * probe.scale();
        for (Probe.Case c : probe.cases()) {
            ev.guard(c.label(), () -> {
                ChartPoint q = m.locate(m.embed(c.point()));
                ev.atMost("d(locate(embed(p)), p)", probe.pointDistance(q, c.point()), bound,
                        c.label() + ", located in chart " + q.chart().id());
            });
        }
        return ev.result();
    }

    /** MAN-2: {@code coordinatesIn(chart of p, embed(p))} gives back ξ_p. */
    static RuleResult coordinatesInOwnChart(Probe probe) {
        Evidence ev = probe.evidence(RuleId.MAN_2);
        Manifold m = probe.manifold();
        double bound = probe.settings().accuracy().roundTrip() * probe.scale();
        for (Probe.Case c : probe.cases()) {
            ChartPoint p = c.point();
            ev.guard(c.label(), () -> {
                Optional<ChartPoint> q = m.coordinatesIn(p.chart(), m.embed(p));
                if (q.isEmpty()) {
                    ev.violation("coordinatesIn(chart of p, embed(p)) is empty", c.label());
                } else if (!q.get().chart().id().equals(p.chart().id())) {
                    ev.violation("coordinatesIn answered in chart " + q.get().chart().id() + ", not in the chart "
                            + "asked for", c.label());
                } else {
                    ev.atMost("‖Dφ⁻¹(ξ' − ξ_p)‖", probe.norm(p, q.get().xi().minus(p.xi())), bound, c.label());
                }
            });
        }
        return ev.result();
    }

    /**
     * MAN-3: dimensions agree and sampled points pass {@code checkPoint}. Measured on the manifold as given, so that
     * the defect is reported here with its value (the validating view refuses such an embedding in every other rule).
     */
    static RuleResult shapes(Probe probe) {
        Evidence ev = probe.evidence(RuleId.MAN_3);
        Manifold m = probe.raw();
        int d = m.dimension();
        int ambient = m.ambientDimension();
        if (d < 1 || ambient < d) {
            ev.violation("dimension() = " + d + ", ambientDimension() = " + ambient + ", expected 1 ≤ d ≤ D",
                    "the manifold itself");
        }
        for (Probe.Case c : probe.cases()) {
            ChartPoint p = c.point();
            ev.guard(c.label(), () -> {
                double[] x = m.embed(p);
                Optional<Defect> defect = m.checkPoint(x);
                if (p.chart().dimension() != d) {
                    ev.violation("chart dimension " + p.chart().dimension() + ", expected d = " + d, c.label());
                } else if (x.length != ambient) {
                    ev.violation("embed(p) has length " + x.length + ", expected D = " + ambient, c.label());
                } else if (!isFinite(x)) {
                    ev.violation("embed(p) has a non-finite entry", c.label());
                } else if (defect.isPresent()) {
                    ev.violation("checkPoint(embed(p)) reports " + defect.get().found()
                            + " > " + Checks.number(defect.get().tolerance()),
                            c.label());
                } else {
                    ev.held("d = " + d + ", D = " + ambient + ", checkPoint(embed(p)) empty", c.label());
                }
            });
        }
        return ev.result();
    }

    /** CHT-1: sampled points and freshly located points lie in their chart's domain of trust. */
    static RuleResult locatedPointsInChart(Probe probe) {
        Evidence ev = probe.evidence(RuleId.CHT_1);
        Manifold m = probe.manifold();
        for (Probe.Case c : probe.cases()) {
            ev.guard(c.label(), () -> {
                if (!c.offCentre()) {
                    requireContained(ev, "sampled point", c.point(), c.label());
                }
                requireContained(ev, "locate(embed(p))", m.locate(m.embed(c.point())), c.label());
            });
        }
        return ev.result();
    }

    private static void requireContained(Evidence ev, String what, ChartPoint q, String where) {
        if (q.chart().contains(q.xi())) {
            ev.held(what + " inside chart " + q.chart().id(), where);
        } else {
            ev.violation(what + " outside the domain of trust of its chart " + q.chart().id() + " (‖ξ‖ = "
                    + Checks.number(q.xi().norm()) + ")", where);
        }
    }

    static boolean isFinite(double[] x) {
        for (double v : x) {
            if (!Double.isFinite(v)) {
                return false;
            }
        }
        return true;
    }
}

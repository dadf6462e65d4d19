package org.atlasgraph.tck;

import java.util.Optional;
import java.util.random.RandomGenerator;
import org.atlasgraph.api.ChartPoint;
import org.atlasgraph.api.Coordinates;
import org.atlasgraph.api.Manifold;
import org.atlasgraph.api.TangentVector;
import org.atlasgraph.api.check.Checks;
import org.atlasgraph.api.check.Defect;
import org.atlasgraph.api.capability.ExactGeometry;

/** Rules RET-1…3 (the retraction, §2.2, §2.4, Claim 2.1) and INV-1…2 (its inverse, §4.2.5). */
final class RetractionChecks {
    /** Step radii (× length scale) of RET-3: from well inside a chart to one length scale, which leaves it. */
    private static final double[] VALIDITY_RADII = {0.25, 0.5, 1.0};
    /** Step radii (× length scale) of INV-1 and INV-2: "near p", from tiny to half a length scale. */
    private static final double[] INVERSE_RADII = {1e-3, 0.1, 0.5};

    private RetractionChecks() {
    }

    /** RET-1: {@code Ret_p(0) = p}. */
    static RuleResult zeroStep(Probe probe) {
        Evidence ev = probe.evidence(RuleId.RET_1);
        Manifold m = probe.manifold();
        double bound = probe.settings().accuracy().roundTrip() * probe.scale();
        for (Probe.Case c : probe.cases()) {
            ev.guard(c.label(), () -> {
                ChartPoint q = m.retraction().retract(c.point(), c.point().zeroTangent())
                        .orElseThrow(() -> Probe.empty("retract"));
                ev.atMost("d(Ret_p(0), p)", probe.pointDistance(q, c.point()), bound, c.label());
            });
        }
        return ev.result();
    }

    /**
     * RET-2: the defect of {@code Ret_p(tτ)} shrinks like t². With exact geometry the defect is the exact distance
     * between {@code Ret_p(tτ)} and {@code Exp_p(Dφ⁻¹tτ)}; without it, the chart-coordinate defect
     * {@code ‖Dφ⁻¹(φ_α(Ret_p(tτ)) − ξ_p − tτ)‖} in p's chart α, which is O(t²) exactly when D Ret_p(0) = id.
     */
    static RuleResult firstOrder(Probe probe) {
        Evidence ev = probe.evidence(RuleId.RET_2);
        Manifold m = probe.manifold();
        RandomGenerator rng = probe.random(RuleId.RET_2);
        double[] steps = SlopeFit.standardSteps();
        double s = probe.scale();
        Optional<ExactGeometry> exact = probe.exact();
        String method = exact.isPresent() ? "defect d(Ret_p(tτ), Exp_p(tτ))"
                : "defect ‖φ_α(Ret_p(tτ)) − ξ_p − tτ‖ (no exact geometry)";
        for (Probe.Case c : probe.cases()) {
            ChartPoint p = c.point();
            String where = c.label() + ", ‖τ‖=1, " + method;
            ev.guard(where, () -> {
                Coordinates tau = probe.unitTangent(p, rng);
                double[] defects = new double[steps.length];
                for (int k = 0; k < steps.length; k++) {
                    Coordinates step = tau.scale(steps[k] * s);
                    ChartPoint q = m.retraction().retract(p, p.tangent(step)).orElseThrow(() -> Probe.empty("retract"));
                    if (exact.isPresent()) {
                        double[] e = exact.get().exp(m.embed(p), probe.push(p, step));
                        defects[k] = probe.ambientDistance(m.embed(q), e) / s;
                    } else {
                        Coordinates inP = q.sameChart(p) ? q.xi() : m.coordinatesIn(p.chart(), m.embed(q))
                                .orElseThrow(() -> new IllegalStateException("Ret_p(tτ) cannot be expressed in "
                                        + "p's chart")).xi();
                        defects[k] = probe.norm(p, inP.minus(p.xi()).minus(step)) / s;
                    }
                }
                ev.slope(SlopeFit.of(steps, defects, Probe.ROUNDING_FLOOR, 2), 2,
                        probe.settings().accuracy().slope(), where);
            });
        }
        return ev.result();
    }

    /** RET-3: steps up to the length scale give finite valid points inside their chart. */
    static RuleResult validResult(Probe probe) {
        Evidence ev = probe.evidence(RuleId.RET_3);
        Manifold m = probe.manifold();
        RandomGenerator rng = probe.random(RuleId.RET_3);
        for (Probe.Case c : probe.cases()) {
            ChartPoint p = c.point();
            for (double r : VALIDITY_RADII) {
                String where = c.label() + ", ‖τ‖=" + Checks.number(r * probe.scale());
                ev.guard(where, () -> {
                    ChartPoint q = m.retraction().retract(p, p.tangent(probe.unitTangent(p, rng)
                            .scale(r * probe.scale()))).orElseThrow(() -> Probe.empty("retract"));
                    double[] x = m.embed(q);
                    Optional<Defect> defect = m.checkPoint(x);
                    if (q.chart().dimension() != m.dimension() || x.length != m.ambientDimension()) {
                        ev.violation("Ret_p(τ) in a chart of dimension " + q.chart().dimension() + " embedding to "
                                + "length " + x.length, where);
                    } else if (!ManifoldChecks.isFinite(x)) {
                        ev.violation("embed(Ret_p(τ)) is not finite", where);
                    } else if (defect.isPresent()) {
                        ev.violation("checkPoint(embed(Ret_p(τ))) reports " + defect.get().what() + " off by "
                                + Checks.number(defect.get().measured()), where);
                    } else if (!q.chart().contains(q.xi())) {
                        ev.violation("Ret_p(τ) outside the domain of trust of its chart " + q.chart().id()
                                + " (‖ξ‖ = " + Checks.number(q.xi().norm()) + ")", where);
                    } else {
                        ev.held("Ret_p(τ) valid and inside chart " + q.chart().id(), where);
                    }
                });
            }
        }
        return ev.result();
    }

    /** INV-1: {@code Log^Ret_p(Ret_p(τ)) = τ}. */
    static RuleResult inverseOfRetraction(Probe probe) {
        Evidence ev = probe.evidence(RuleId.INV_1);
        Manifold m = probe.manifold();
        RandomGenerator rng = probe.random(RuleId.INV_1);
        double bound = probe.settings().accuracy().roundTrip();
        for (Probe.Case c : probe.cases()) {
            ChartPoint p = c.point();
            for (double r : INVERSE_RADII) {
                double size = r * probe.scale();
                String where = c.label() + ", ‖τ‖=" + Checks.number(size);
                ev.guard(where, () -> {
                    Coordinates tau = probe.unitTangent(p, rng).scale(size);
                    ChartPoint q = m.retraction().retract(p, p.tangent(tau)).orElseThrow(() -> Probe.empty("retract"));
                    TangentVector v = m.inverseRetraction().inverseRetract(p, q)
                            .orElseThrow(() -> Probe.empty("inverseRetract"));
                    if (!v.chart().id().equals(p.chart().id())) {
                        ev.violation("Log^Ret_p(q) is in chart " + v.chart().id() + ", not in p's chart", where);
                    } else {
                        ev.atMost("‖Log^Ret_p(Ret_p(τ)) − τ‖/‖τ‖", probe.norm(p, v.tau().minus(tau)) / size, bound,
                                where + ", q in chart " + q.chart().id());
                    }
                });
            }
        }
        return ev.result();
    }

    /**
     * INV-2: {@code Ret_p(Log^Ret_p(q)) = q} for q located afresh near p (typically in another chart), relative to
     * d(p, q); for approximate tolerances relative to max(d(p, q), length scale), since the charts of a learned atlas
     * disagree on their overlaps by their fit residual however close q is to p.
     */
    static RuleResult retractionOfInverse(Probe probe) {
        Evidence ev = probe.evidence(RuleId.INV_2);
        Manifold m = probe.manifold();
        RandomGenerator rng = probe.random(RuleId.INV_2);
        double bound = probe.settings().accuracy().roundTrip();
        boolean approximate = !probe.settings().accuracy().isExact();
        for (Probe.Case c : probe.cases()) {
            ChartPoint p = c.point();
            for (double r : INVERSE_RADII) {
                double size = r * probe.scale();
                String where = c.label() + ", d(p, q) ≈ " + Checks.number(size);
                ev.guard(where, () -> {
                    Coordinates sigma = probe.unitTangent(p, rng).scale(size);
                    ChartPoint q = m.locate(m.embed(m.retraction().retract(p, p.tangent(sigma))
                            .orElseThrow(() -> Probe.empty("retract"))));
                    ChartPoint back = m.retraction().retract(p, m.inverseRetraction().inverseRetract(p, q)
                                    .orElseThrow(() -> Probe.empty("inverseRetract")))
                            .orElseThrow(() -> Probe.empty("retract"));
                    // learned charts disagree by a fixed amount (their fit residual), not one proportional to the
                    // step, so an approximate provider's defect is measured relative to the length scale at least
                    double denominator = approximate ? Math.max(size, probe.scale()) : size;
                    ev.atMost(approximate ? "d(Ret_p(Log^Ret_p(q)), q)/max(d(p, q), length scale)"
                                    : "d(Ret_p(Log^Ret_p(q)), q)/d(p, q)", probe.pointDistance(back, q) / denominator,
                            bound, where + ", q in chart " + q.chart().id());
                });
            }
        }
        return ev.result();
    }
}

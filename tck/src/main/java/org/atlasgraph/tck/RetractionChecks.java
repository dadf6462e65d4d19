package org.atlasgraph.tck;

import java.util.Optional;
import java.util.random.RandomGenerator;
import org.atlasgraph.api.ChartPoint;
import org.atlasgraph.api.Coordinates;
import org.atlasgraph.api.Manifold;
import org.atlasgraph.api.TangentVector;
import org.atlasgraph.api.capability.ExactGeometry;
import org.atlasgraph.api.check.Checks;
import org.atlasgraph.api.check.Defect;

/** Rules RET-1…3 and RET-5 (the retraction, §2.2, §2.4, Claim 2.1) and INV-1…2 (its inverse, §4.2.5). */
final class RetractionChecks {
    /** Step radii (× length scale) of RET-3: from well inside a chart to one length scale, which leaves it. */
    private static final double[] VALIDITY_RADII = {0.25, 0.5, 1.0};
    /**
     * Step radii (× length scale) of RET-5: several length scales, far enough to cross a bounded image (the Klein
     * ball) and to take several chart changes in one step.
     */
    private static final double[] LONG_RADII = {2, 4, 8};
    /** Step radii (× length scale) of INV-1 and INV-2: "near p", from tiny to half a length scale. */
    private static final double[] INVERSE_RADII = {1e-3, 0.1, 0.5};

    private RetractionChecks() {
    }

    /** RET-1: {@code Ret_p(0) = p}; a zero step crosses no edge, so even a learned atlas must answer. */
    static RuleResult zeroStep(Probe probe) {
        Evidence ev = probe.evidence(RuleId.RET_1);
        Manifold m = probe.manifold();
        double bound = probe.settings().accuracy().roundTrip() * probe.scale();
        for (Probe.Case c : probe.cases()) {
            ev.guard(c.label(), () -> {
                Optional<ChartPoint> q = m.retraction().retract(c.point(), c.point().zeroTangent());
                if (q.isEmpty()) {
                    ev.violation("Ret_p(0) answered empty: a zero step crosses no edge", c.label());
                } else {
                    ev.atMost("d(Ret_p(0), p)", probe.pointDistance(q.get(), c.point()), bound, c.label());
                }
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
                    Optional<ChartPoint> q = probe.retract(ev, p, step, where);
                    if (q.isEmpty()) {
                        return;
                    }
                    if (exact.isPresent()) {
                        double[] e = exact.get().exp(m.embed(p), probe.push(p, step));
                        defects[k] = probe.ambientDistance(m.embed(q.get()), e) / s;
                    } else {
                        Optional<ChartPoint> inP = q.get().sameChart(p) ? q
                                : m.coordinatesIn(p.chart(), m.embed(q.get()));
                        if (inP.isEmpty()) {
                            ev.violation("Ret_p(tτ) for t = " + Checks.number(steps[k]) + " cannot be expressed in "
                                    + "p's chart (coordinatesIn is empty)", where);
                            return;
                        }
                        defects[k] = probe.norm(p, inP.get().xi().minus(p.xi()).minus(step)) / s;
                    }
                }
                ev.slope(SlopeFit.of(steps, defects, Probe.ROUNDING_FLOOR, 2), 2,
                        probe.settings().accuracy().slope(), where);
            });
        }
        return ev.result();
    }

    /** RET-3: steps up to the length scale give finite valid points inside their chart's domain of trust. */
    static RuleResult validResult(Probe probe) {
        Evidence ev = probe.evidence(RuleId.RET_3);
        Manifold m = probe.manifold();
        RandomGenerator rng = probe.random(RuleId.RET_3);
        for (Probe.Case c : probe.cases()) {
            ChartPoint p = c.point();
            for (double r : VALIDITY_RADII) {
                String where = c.label() + ", ‖τ‖=" + Checks.number(r * probe.scale());
                ev.guard(where, () -> probe.retract(ev, p, probe.unitTangent(p, rng).scale(r * probe.scale()), where)
                        .ifPresent(q -> {
                            if (validPoint(probe, ev, q, where)) {
                                if (q.chart().contains(q.xi())) {
                                    ev.held("Ret_p(τ) valid and inside chart " + q.chart().id(), where);
                                } else {
                                    ev.violation("Ret_p(τ) outside the domain of trust of its chart " + q.chart().id()
                                            + " (‖ξ‖ = " + Checks.number(q.xi().norm()) + ")", where);
                                }
                            }
                        }));
            }
        }
        return ev.result();
    }

    /**
     * RET-5: steps of several length scales give valid points in the image of their chart. The step is taken with the
     * manifold as given, so that a point outside the image is reported here, with its coordinates, rather than by the
     * validating view.
     */
    static RuleResult longSteps(Probe probe) {
        Evidence ev = probe.evidence(RuleId.RET_5);
        RandomGenerator rng = probe.random(RuleId.RET_5);
        for (Probe.Case c : probe.cases()) {
            ChartPoint p = c.point();
            for (double r : LONG_RADII) {
                String where = c.label() + ", ‖τ‖=" + Checks.number(r * probe.scale());
                ev.guard(where, () -> {
                    Coordinates tau = probe.unitTangent(p, rng).scale(r * probe.scale());
                    Optional<ChartPoint> q = probe.raw().retraction().retract(p, p.tangent(tau));
                    if (q.isEmpty()) {
                        if (probe.approximate()) {
                            ev.edge("Ret_p(τ)", where);
                        } else {
                            ev.violation("Ret_p(τ) answered empty on an exact atlas: an atlas without edges must "
                                    + "answer every step", where);
                        }
                    } else if (!q.get().chart().inImage(q.get().xi())) {
                        ev.violation("Ret_p(τ) outside the image of its chart " + q.get().chart().id() + " (inImage "
                                + "is false at ‖ξ‖ = " + Checks.number(q.get().xi().norm()) + ")", where);
                    } else if (validPoint(probe, ev, q.get(), where)) {
                        ev.held("Ret_p(τ) valid and in the image of chart " + q.get().chart().id(), where);
                    }
                });
            }
        }
        return ev.result();
    }

    /** Records a violation and answers false unless q has the right shapes and passes checkPoint. */
    private static boolean validPoint(Probe probe, Evidence ev, ChartPoint q, String where) {
        Manifold m = probe.raw();
        double[] x = m.embed(q);
        if (q.chart().dimension() != m.dimension() || x.length != m.ambientDimension()) {
            ev.violation("Ret_p(τ) in a chart of dimension " + q.chart().dimension() + " embedding to length "
                    + x.length, where);
            return false;
        }
        if (!ManifoldChecks.isFinite(x)) {
            ev.violation("embed(Ret_p(τ)) is not finite", where);
            return false;
        }
        Optional<Defect> defect = m.checkPoint(x);
        if (defect.isPresent()) {
            ev.violation("checkPoint(embed(Ret_p(τ))) reports " + defect.get().found()
                    + " > " + Checks.number(defect.get().tolerance()), where);
            return false;
        }
        return true;
    }

    /** INV-1: {@code Log^Ret_p(Ret_p(τ)) = τ}. */
    static RuleResult inverseOfRetraction(Probe probe) {
        Evidence ev = probe.evidence(RuleId.INV_1);
        RandomGenerator rng = probe.random(RuleId.INV_1);
        double bound = probe.settings().accuracy().roundTrip();
        for (Probe.Case c : probe.cases()) {
            ChartPoint p = c.point();
            for (double r : INVERSE_RADII) {
                double size = r * probe.scale();
                String where = c.label() + ", ‖τ‖=" + Checks.number(size);
                ev.guard(where, () -> {
                    Coordinates tau = probe.unitTangent(p, rng).scale(size);
                    probe.retract(ev, p, tau, where).ifPresent(q -> probe.inverseRetract(ev, p, q, where)
                            .ifPresent(v -> ev.atMost("‖Log^Ret_p(Ret_p(τ)) − τ‖/‖τ‖",
                                    probe.norm(p, v.tau().minus(tau)) / size, bound,
                                    where + ", q in chart " + q.chart().id())));
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
        boolean approximate = probe.approximate();
        for (Probe.Case c : probe.cases()) {
            ChartPoint p = c.point();
            for (double r : INVERSE_RADII) {
                double size = r * probe.scale();
                String where = c.label() + ", d(p, q) ≈ " + Checks.number(size);
                ev.guard(where, () -> {
                    Coordinates sigma = probe.unitTangent(p, rng).scale(size);
                    Optional<ChartPoint> near = probe.retract(ev, p, sigma, where);
                    if (near.isEmpty()) {
                        return;
                    }
                    ChartPoint q = m.locate(m.embed(near.get()));
                    Optional<TangentVector> log = probe.inverseRetract(ev, p, q, where);
                    Optional<ChartPoint> back = log.flatMap(v -> probe.retract(ev, p, v.tau(), where));
                    // learned charts disagree by a fixed amount (their fit residual), not one proportional to the
                    // step, so an approximate provider's defect is measured relative to the length scale at least
                    double denominator = approximate ? Math.max(size, probe.scale()) : size;
                    back.ifPresent(b -> ev.atMost(approximate
                                    ? "d(Ret_p(Log^Ret_p(q)), q)/max(d(p, q), length scale)"
                                    : "d(Ret_p(Log^Ret_p(q)), q)/d(p, q)", probe.pointDistance(b, q) / denominator,
                            bound, where + ", q in chart " + q.chart().id()));
                });
            }
        }
        return ev.result();
    }
}

package org.atlasgraph.tck;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.random.RandomGenerator;
import org.atlasgraph.api.Chart;
import org.atlasgraph.api.ChartPoint;
import org.atlasgraph.api.Coordinates;
import org.atlasgraph.api.Manifold;
import org.atlasgraph.api.Transition;
import org.atlasgraph.api.check.Checks;

/**
 * Rules TRN-1…4: the transition maps ψ_αβ = φ_β∘φ_α⁻¹ of eq. (2.1), their differentials and their cocycle. Pairs of
 * overlapping charts are found near the test points: α is the chart of p, β the chart of p located afresh (for a lazy
 * atlas, centred at p) or of a point located a short step away (where p is off-centre), or a neighbour in a finite
 * atlas; so the maps are tested at chart centres and away from them, on both sides. Triples α, β, γ are two such β
 * with α, which tests transitions between two charts neither of which is the test point's own.
 */
final class TransitionChecks {
    /**
     * Step (× length scale) of the central differences of TRN-3: truncation h²|ψ'''|/6 ≈ 2e-11·|ψ'''| and rounding
     * ulp/h ≈ 1e-11, both well below {@link #FINITE_DIFFERENCE_TOLERANCE}.
     */
    private static final double FINITE_DIFFERENCE_STEP = 1e-5;
    /** Relative agreement of Dψ_αβ with central differences; leaves room for |ψ'''| up to 1e4. */
    static final double FINITE_DIFFERENCE_TOLERANCE = 1e-6;
    /** Transitions composed around a triangle in TRN-4, each contributing its own defect. */
    static final int COCYCLE_TERMS = 3;

    private TransitionChecks() {
    }

    /** One overlap: p in chart α, the same point in chart β, and the transitions both ways. */
    private record Overlap(Probe.Case c, ChartPoint p, ChartPoint inBeta, Transition forward,
                           Optional<Transition> backward) {
        String where() {
            return c.label() + ", ψ from chart " + p.chart().id() + " to chart " + inBeta.chart().id() + " (‖ξ‖ there "
                    + Checks.number(inBeta.xi().norm()) + ")";
        }
    }

    /** TRN-1: {@code ψ_βα(ψ_αβ(ξ)) = ξ}. */
    static RuleResult roundTrip(Probe probe) {
        double bound = probe.settings().accuracy().roundTrip();
        return forEachOverlap(probe, RuleId.TRN_1, (ev, o, y) -> {
            Optional<Coordinates> z = o.backward().flatMap(t -> t.apply(y));
            if (z.isEmpty()) {
                ev.violation("ψ_βα(ψ_αβ(ξ_p)) is empty (or there is no transition back from β to α)", o.where());
            } else {
                ev.atMost("‖Dφ_α⁻¹(ψ_βα(ψ_αβ(ξ)) − ξ)‖", probe.norm(o.p(), z.get().minus(o.p().xi())) / probe.scale(),
                        bound, o.where());
            }
        });
    }

    /** TRN-2: {@code φ_β⁻¹(ψ_αβ(ξ)) = φ_α⁻¹(ξ)}, compared as points. */
    static RuleResult samePoint(Probe probe) {
        double bound = probe.settings().accuracy().roundTrip();
        return forEachOverlap(probe, RuleId.TRN_2, (ev, o, y) -> ev.atMost("d(φ_β⁻¹(ψ_αβ(ξ)), p)",
                probe.pointDistance(new ChartPoint(o.inBeta().chart(), y), o.p()) / probe.scale(), bound, o.where()));
    }

    /**
     * TRN-3: {@code Dψ_αβ(ξ)τ} against central differences of ψ_αβ, measured in β's metric norm for a unit τ. The
     * bound is the larger of {@link #FINITE_DIFFERENCE_TOLERANCE} and the round-trip tolerance: an approximate
     * atlas may compute Dψ̃ by the ambient route of §4.2.4, which matches the derivative of ψ̃ only that well.
     */
    static RuleResult differential(Probe probe) {
        RandomGenerator rng = probe.random(RuleId.TRN_3);
        double bound = Math.max(FINITE_DIFFERENCE_TOLERANCE, probe.settings().accuracy().roundTrip());
        double h = FINITE_DIFFERENCE_STEP * probe.scale();
        return forEachOverlap(probe, RuleId.TRN_3, (ev, o, y) -> {
            Coordinates xi = o.p().xi();
            Coordinates tau = probe.unitTangent(o.p(), rng);
            Optional<Coordinates> plus = o.forward().apply(xi.plus(tau.scale(h)));
            Optional<Coordinates> minus = o.forward().apply(xi.minus(tau.scale(h)));
            if (plus.isEmpty() || minus.isEmpty()) {
                ev.violation("ψ_αβ is empty within " + h + " of ξ_p although chart β represents p", o.where());
                return;
            }
            Coordinates fd = plus.get().minus(minus.get()).scale(1 / (2 * h));
            Coordinates analytic = o.forward().pushForward(xi, tau);
            ev.atMost("‖Dψ_αβ(ξ)τ − finite difference‖/‖τ‖",
                    probe.norm(new ChartPoint(o.inBeta().chart(), y), analytic.minus(fd)), bound,
                    o.where() + ", h=" + h);
        });
    }

    /**
     * TRN-4: {@code ψ_βγ(ψ_αβ(ξ_p)) = ψ_αγ(ξ_p)} where charts α, β and γ all hold p, compared in γ as
     * {@code ‖Dφ_γ⁻¹(difference)‖_g} relative to the length scale. The bound is {@value #COCYCLE_TERMS} times the
     * round-trip tolerance: the defect of a composition around a triangle is at most the sum of the three pairwise
     * defects, each of which TRN-2 bounds by the round-trip tolerance (an approximate atlas's transitions are each off
     * by up to their declared bound).
     */
    static RuleResult cocycle(Probe probe) {
        List<Triple> triples = triples(probe);
        if (triples.isEmpty()) {
            return Evidence.skipped(RuleId.TRN_4, "no three charts joined by transitions and holding one point were "
                    + "found near the test points (locate() near each point answered in fewer than two charts other "
                    + "than the point's own, or AtlasGraph.transition() was empty)");
        }
        Evidence ev = probe.evidence(RuleId.TRN_4);
        double bound = COCYCLE_TERMS * probe.settings().accuracy().roundTrip();
        for (Triple t : triples) {
            ev.guard(t.where(), () -> {
                Optional<Coordinates> viaBeta = t.ab().apply(t.p().xi()).flatMap(t.bg()::apply);
                Optional<Coordinates> direct = t.ag().apply(t.p().xi());
                if (viaBeta.isEmpty() || direct.isEmpty()) {
                    ev.violation("ψ_βγ(ψ_αβ(ξ_p)) or ψ_αγ(ξ_p) is empty although all three charts hold p", t.where());
                } else {
                    ev.atMost("‖Dφ_γ⁻¹(ψ_βγ(ψ_αβ(ξ)) − ψ_αγ(ξ))‖/s", probe.norm(new ChartPoint(t.ag().to(),
                            direct.get()), viaBeta.get().minus(direct.get())) / probe.scale(), bound, t.where());
                }
            });
        }
        return ev.result();
    }

    /**
     * Three charts holding p: α its own, β and γ two others, with the three transitions α→β, β→γ, α→γ. β and γ hold p
     * when ψ_αβ and ψ_αγ carry ξ_p into their domains of trust: a chart found near p need not reach p itself, and a
     * learned atlas's transition is defined on the chart's image (beyond its domain of trust), where ψ_βγ may
     * rightly be undefined.
     */
    private record Triple(ChartPoint p, Transition ab, Transition bg, Transition ag, String where) {
    }

    private static List<Triple> triples(Probe probe) {
        Manifold m = probe.manifold();
        RandomGenerator rng = probe.random(RuleId.TRN_4);
        List<Triple> result = new ArrayList<>();
        for (Probe.Case c : probe.cases()) {
            ChartPoint p = c.point();
            List<ChartPoint> others = otherChartsOrNone(probe, p, rng);
            for (int i = 0; i < others.size(); i++) {
                for (int j = i + 1; j < others.size(); j++) {
                    Chart beta = others.get(i).chart();
                    Chart gamma = others.get(j).chart();
                    Optional<Transition> ab = m.atlas().transition(p.chart(), beta);
                    Optional<Transition> bg = m.atlas().transition(beta, gamma);
                    Optional<Transition> ag = m.atlas().transition(p.chart(), gamma);
                    if (ab.isPresent() && bg.isPresent() && ag.isPresent() && holds(ab.get(), p)
                            && holds(ag.get(), p)) {
                        result.add(new Triple(p, ab.get(), bg.get(), ag.get(), c.label() + ", α = " + p.chart().id()
                                + ", β = " + beta.id() + ", γ = " + gamma.id()));
                    }
                }
            }
        }
        return result;
    }

    /** @return whether the transition carries ξ_p into the domain of trust of its target chart */
    private static boolean holds(Transition t, ChartPoint p) {
        return t.apply(p.xi()).filter(t.to()::contains).isPresent();
    }

    /** One check at an overlap, given y = ψ_αβ(ξ_p). */
    private interface OverlapCheck {
        void check(Evidence ev, Overlap o, Coordinates y);
    }

    /**
     * Runs a check at every overlap found near the test points, after requiring that ψ_αβ is defined at ξ_p (it
     * must be: chart β represents p); skips the rule when there is no overlap.
     */
    private static RuleResult forEachOverlap(Probe probe, RuleId id, OverlapCheck check) {
        List<Overlap> overlaps = overlaps(probe, id);
        if (overlaps.isEmpty()) {
            return Evidence.skipped(id, "no two overlapping charts joined by a transition were found near the test "
                    + "points (locate() near each point answered in the point's own chart, or "
                    + "AtlasGraph.transition() was empty)");
        }
        Evidence ev = probe.evidence(id);
        for (Overlap o : overlaps) {
            ev.guard(o.where(), () -> {
                Optional<Coordinates> y = o.forward().apply(o.p().xi());
                if (y.isEmpty()) {
                    ev.violation("ψ_αβ(ξ_p) is empty although chart β represents p", o.where());
                } else {
                    check.check(ev, o, y.get());
                }
            });
        }
        return ev.result();
    }

    private static List<Overlap> overlaps(Probe probe, RuleId id) {
        Manifold m = probe.manifold();
        RandomGenerator rng = probe.random(id);
        List<Overlap> result = new ArrayList<>();
        for (Probe.Case c : probe.cases()) {
            for (ChartPoint other : otherChartsOrNone(probe, c.point(), rng)) {
                m.atlas().transition(c.point().chart(), other.chart()).ifPresent(forward -> result.add(new Overlap(c,
                        c.point(), other, forward, m.atlas().transition(other.chart(), c.point().chart()))));
            }
        }
        return result;
    }

    /**
     * @return p in the other charts found near it; none where locating or retracting near p failed, which the rules
     *     of those primitives report
     */
    private static List<ChartPoint> otherChartsOrNone(Probe probe, ChartPoint p, RandomGenerator rng) {
        try {
            return probe.otherCharts(p, rng);
        } catch (RuntimeException e) {
            return List.of();
        }
    }
}

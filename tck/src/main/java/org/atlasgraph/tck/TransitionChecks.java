package org.atlasgraph.tck;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.random.RandomGenerator;
import org.atlasgraph.api.ChartPoint;
import org.atlasgraph.api.Coordinates;
import org.atlasgraph.api.Manifold;
import org.atlasgraph.api.Transition;

/**
 * Rules TRN-1…3: the transition maps ψ_αβ = φ_β∘φ_α⁻¹ of eq. (2.1) and their differentials. Pairs of overlapping
 * charts are found near the test points: α is the chart of p, β the chart of a point located near p that can also
 * represent p, which works for lazy atlases (a chart per located point) and finite ones alike.
 */
final class TransitionChecks {
    /**
     * Step (× length scale) of the central differences of TRN-3: truncation h²|ψ'''|/6 ≈ 2e-11·|ψ'''| and rounding
     * ulp/h ≈ 1e-11, both well below {@link #FINITE_DIFFERENCE_TOLERANCE}.
     */
    private static final double FINITE_DIFFERENCE_STEP = 1e-5;
    /** Relative agreement of Dψ_αβ with central differences; leaves room for |ψ'''| up to 1e4. */
    static final double FINITE_DIFFERENCE_TOLERANCE = 1e-6;

    private TransitionChecks() {
    }

    /** One overlap: p in chart α, the same point in chart β, and the transitions both ways. */
    private record Overlap(Probe.Case c, ChartPoint p, ChartPoint inBeta, Transition forward,
                           Optional<Transition> backward) {
        String where() {
            return c.label() + ", ψ from chart " + p.chart().id() + " to chart " + inBeta.chart().id();
        }
    }

    /** TRN-1: {@code ψ_βα(ψ_αβ(ξ)) = ξ}. */
    static RuleResult roundTrip(Probe probe) {
        Evidence ev = probe.evidence(RuleId.TRN_1);
        List<Overlap> overlaps = overlaps(probe, RuleId.TRN_1);
        if (overlaps.isEmpty()) {
            return noOverlaps(RuleId.TRN_1);
        }
        double bound = probe.settings().tolerances().roundTrip();
        for (Overlap o : overlaps) {
            ev.guard(o.where(), () -> {
                Optional<Coordinates> y = o.forward().apply(o.p().xi());
                if (y.isEmpty()) {
                    ev.violation("ψ_αβ(ξ_p) is empty although chart β represents p", o.where());
                } else if (o.backward().isEmpty()) {
                    ev.violation("there is ψ_αβ but no transition back from β to α", o.where());
                } else {
                    Optional<Coordinates> z = o.backward().get().apply(y.get());
                    if (z.isEmpty()) {
                        ev.violation("ψ_βα(ψ_αβ(ξ_p)) is empty", o.where());
                    } else {
                        ev.atMost("‖Dφ_α⁻¹(ψ_βα(ψ_αβ(ξ)) − ξ)‖", probe.norm(o.p(), z.get().minus(o.p().xi()))
                                / probe.scale(), bound, o.where());
                    }
                }
            });
        }
        return ev.result();
    }

    /** TRN-2: {@code φ_β⁻¹(ψ_αβ(ξ)) = φ_α⁻¹(ξ)}, compared as points. */
    static RuleResult samePoint(Probe probe) {
        Evidence ev = probe.evidence(RuleId.TRN_2);
        List<Overlap> overlaps = overlaps(probe, RuleId.TRN_2);
        if (overlaps.isEmpty()) {
            return noOverlaps(RuleId.TRN_2);
        }
        double bound = probe.settings().tolerances().roundTrip();
        for (Overlap o : overlaps) {
            ev.guard(o.where(), () -> {
                Optional<Coordinates> y = o.forward().apply(o.p().xi());
                if (y.isEmpty()) {
                    ev.violation("ψ_αβ(ξ_p) is empty although chart β represents p", o.where());
                } else {
                    ChartPoint moved = new ChartPoint(o.inBeta().chart(), y.get());
                    ev.atMost("d(φ_β⁻¹(ψ_αβ(ξ)), p)", probe.pointDistance(moved, o.p()) / probe.scale(), bound,
                            o.where());
                }
            });
        }
        return ev.result();
    }

    /**
     * TRN-3: {@code Dψ_αβ(ξ)τ} against central differences of ψ_αβ, measured in β's induced norm for a unit τ. The
     * bound is the larger of {@link #FINITE_DIFFERENCE_TOLERANCE} and the round-trip tolerance: an approximate
     * atlas may compute Dψ̃ by the ambient route of §4.2.4, which matches the derivative of ψ̃ only that well.
     */
    static RuleResult differential(Probe probe) {
        Evidence ev = probe.evidence(RuleId.TRN_3);
        List<Overlap> overlaps = overlaps(probe, RuleId.TRN_3);
        if (overlaps.isEmpty()) {
            return noOverlaps(RuleId.TRN_3);
        }
        RandomGenerator rng = probe.random(RuleId.TRN_3);
        double bound = Math.max(FINITE_DIFFERENCE_TOLERANCE, probe.settings().tolerances().roundTrip());
        double h = FINITE_DIFFERENCE_STEP * probe.scale();
        for (Overlap o : overlaps) {
            ev.guard(o.where(), () -> {
                Coordinates xi = o.p().xi();
                Coordinates tau = probe.unitTangent(o.p(), rng);
                Optional<Coordinates> plus = o.forward().apply(xi.plus(tau.scale(h)));
                Optional<Coordinates> minus = o.forward().apply(xi.minus(tau.scale(h)));
                Optional<Coordinates> y = o.forward().apply(xi);
                if (plus.isEmpty() || minus.isEmpty() || y.isEmpty()) {
                    ev.violation("ψ_αβ is empty within " + h + " of ξ_p although chart β represents p", o.where());
                    return;
                }
                Coordinates fd = plus.get().minus(minus.get()).scale(1 / (2 * h));
                Coordinates analytic = o.forward().pushForward(xi, tau);
                ChartPoint at = new ChartPoint(o.inBeta().chart(), y.get());
                ev.atMost("‖Dψ_αβ(ξ)τ − finite difference‖/‖τ‖", probe.norm(at, analytic.minus(fd)), bound,
                        o.where() + ", h=" + h);
            });
        }
        return ev.result();
    }

    private static List<Overlap> overlaps(Probe probe, RuleId id) {
        Manifold m = probe.manifold();
        RandomGenerator rng = probe.random(id);
        List<Overlap> result = new ArrayList<>();
        for (Probe.Case c : probe.cases()) {
            try {
                Optional<ChartPoint> other = probe.sameInOtherChart(c.point(), rng);
                Optional<Transition> forward = other.flatMap(q -> m.atlas().transition(c.point().chart(), q.chart()));
                if (forward.isPresent()) {
                    result.add(new Overlap(c, c.point(), other.get(), forward.get(),
                            m.atlas().transition(other.get().chart(), c.point().chart())));
                }
            } catch (RuntimeException e) {
                // Locating or retracting near p failed: the rules of those primitives report it; no overlap here.
            }
        }
        return result;
    }

    private static RuleResult noOverlaps(RuleId id) {
        return Evidence.skipped(id, "no two overlapping charts joined by a transition were found near the test "
                + "points (locate() near each point answered in the point's own chart, or AtlasGraph.transition() "
                + "was empty)");
    }
}

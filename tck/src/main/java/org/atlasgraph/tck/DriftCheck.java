package org.atlasgraph.tck;

import java.util.Optional;
import java.util.random.RandomGenerator;
import org.atlasgraph.api.ChartPoint;
import org.atlasgraph.api.Coordinates;
import org.atlasgraph.api.Manifold;
import org.atlasgraph.api.Retraction;
import org.atlasgraph.api.check.Checks;
import org.atlasgraph.api.check.Defect;

/**
 * Rule RET-4: a long walk of retraction steps does not drift off the manifold. An optimizer takes millions of steps;
 * a point in chart coordinates cannot leave M, but a chart built from its predecessor (a centre or a basis carried
 * along rather than computed afresh) can accumulate rounding until {@code φ⁻¹} no longer lands on M or
 * {@code coordinatesIn} no longer inverts it. Rules that take a handful of steps cannot see that.
 *
 * <p>The walk starts at the first test point and goes in legs of {@value #LEG} steps of length {@value #STEP} × the
 * length scale: each leg in a random direction, or back toward the start once the walk is more than {@value
 * #HOME_RADIUS} length scales away (so that it stays in a bounded region of a non-compact manifold). A leg spans one
 * length scale, so the walk leaves its chart's domain of trust every few legs and changes chart now and then. At
 * {@value #CHECKPOINTS} checkpoints, and at the end, the point must pass {@code checkPoint} and round-trip through
 * {@code coordinatesIn} of its own chart to {@value #DRIFT_BOUND} of the length scale.
 */
final class DriftCheck {
    /** Length of one step, × length scale. */
    static final double STEP = 1e-3;
    /** Steps per leg: a leg spans one length scale. */
    static final int LEG = 1000;
    /** Distance from the start (× length scale) beyond which legs head back toward it. */
    static final double HOME_RADIUS = 2;
    /** Number of checkpoints along the walk, the last at its end. */
    static final int CHECKPOINTS = 8;
    /**
     * Largest accepted round-trip defect {@code ‖Dφ⁻¹(φ(φ⁻¹(ξ)) − ξ)‖_g} relative to the length scale after the walk:
     * exact charts built afresh keep it at a few ulps (1e-15); 1e-10 leaves five orders of magnitude for charts with
     * condition numbers up to 1e5 and catches an error of 1e-13 per chart change after a thousand of them.
     */
    static final double DRIFT_BOUND = 1e-10;

    private DriftCheck() {
    }

    /** RET-4. */
    static RuleResult drift(Probe probe) {
        if (probe.approximate()) {
            return Evidence.skipped(RuleId.RET_4, "approximate atlas (declared accuracy: " + probe.settings().accuracy()
                    + "): its round trips hold only to the declared bound and its charts end where its data end, so "
                    + "a long walk has no exact invariant to keep");
        }
        Evidence ev = probe.evidence(RuleId.RET_4);
        Manifold m = probe.manifold();
        RandomGenerator rng = probe.random(RuleId.RET_4);
        Retraction retraction = m.retraction();
        Probe.Case first = probe.baseCases().get(0);
        ChartPoint start = first.point();
        double[] home = m.embed(start);
        int steps = probe.settings().driftSteps();
        int checkEvery = Math.max(1, steps / CHECKPOINTS);
        String walk = "walk of " + steps + " steps of " + Checks.number(STEP * probe.scale()) + " from "
                + first.label();
        ev.guard(walk, () -> {
            ChartPoint p = start;
            Coordinates step = null;
            int changes = 0;
            for (int k = 0; k < steps; k++) {
                if (k % LEG == 0) {
                    step = legStep(probe, p, home, rng);
                }
                Optional<ChartPoint> q = retraction.retract(p, p.tangent(step));
                if (q.isEmpty()) {
                    ev.violation("Ret_p(τ) answered empty at step " + (k + 1) + " on an exact atlas", walk);
                    return;
                }
                if (!q.get().sameChart(p)) {
                    changes++;
                }
                p = q.get();
                if ((k + 1) % checkEvery == 0 || k + 1 == steps) {
                    String where = walk + ", after " + (k + 1) + " steps and " + changes + " chart changes, in chart "
                            + p.chart().id() + " at ‖ξ‖=" + Checks.number(p.xi().norm());
                    if (!checkpoint(probe, ev, p, where)) {
                        return;
                    }
                }
            }
        });
        return ev.result();
    }

    /** @return the step of the next leg at p: homeward when p is far from the start, else in a random direction */
    private static Coordinates legStep(Probe probe, ChartPoint p, double[] home, RandomGenerator rng) {
        Manifold m = probe.manifold();
        Coordinates direction = probe.unitTangent(p, rng);
        if (probe.ambientDistance(m.embed(p), home) > HOME_RADIUS * probe.scale()) {
            Optional<ChartPoint> homeInChart = m.coordinatesIn(p.chart(), home);
            if (homeInChart.isPresent()) {
                Coordinates toward = homeInChart.get().xi().minus(p.xi());
                direction = toward.scale(1 / probe.norm(p, toward));
            }
        }
        return direction.scale(STEP * probe.scale());
    }

    /** Records the checks at one checkpoint; answers false after a violation (the walk stops there). */
    private static boolean checkpoint(Probe probe, Evidence ev, ChartPoint p, String where) {
        Manifold raw = probe.raw();
        double[] x = raw.embed(p);
        Optional<Defect> defect = raw.checkPoint(x);
        if (defect.isPresent()) {
            ev.violation("checkPoint(embed(p)) reports " + defect.get().found()
                    + " > " + Checks.number(defect.get().tolerance()), where);
            return false;
        }
        Optional<ChartPoint> again = raw.coordinatesIn(p.chart(), x);
        if (again.isEmpty()) {
            ev.violation("coordinatesIn(own chart, embed(p)) is empty", where);
            return false;
        }
        double roundTrip = probe.norm(p, again.get().xi().minus(p.xi())) / probe.scale();
        ev.atMost("‖Dφ⁻¹(φ(φ⁻¹(ξ)) − ξ)‖/s", roundTrip, DRIFT_BOUND, where);
        return roundTrip <= DRIFT_BOUND;
    }
}

package org.atlasgraph.tck;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;
import java.util.random.RandomGenerator;
import java.util.regex.Pattern;
import org.atlasgraph.api.Chart;
import org.atlasgraph.api.ChartPoint;
import org.atlasgraph.api.Coordinates;
import org.atlasgraph.api.Manifold;
import org.atlasgraph.api.TangentVector;
import org.atlasgraph.api.Transition;
import org.atlasgraph.api.check.Checks;

/**
 * Rules ERR-1…6: untrusted input is rejected at the public boundary with an {@link IllegalArgumentException} whose
 * message names the input in the house format {@code "<input>: expected …, found …"} (the name may carry an index,
 * {@code ambient[2]:}), and valid input never yields a silent NaN. These rules call the manifold as given
 * ({@link Probe#raw()}), not through the validating view, which would reject the bad input itself.
 */
final class ErrorChecks {
    /** Step radii (× length scale) far beyond any chart: the result must be a point or a loud failure. */
    private static final double[] LARGE_STEPS = {3, 30, 300};
    /** Base points used by the input-rejection rules; rejection does not depend on where p is. */
    private static final int REJECTION_POINTS = 2;

    private ErrorChecks() {
    }

    /** ERR-1: wrong-length ambient arrays. */
    static RuleResult wrongLengthAmbient(Probe probe) {
        Evidence ev = probe.evidence(RuleId.ERR_1);
        Manifold m = probe.raw();
        for (Probe.Case c : rejectionCases(probe)) {
            double[] x = m.embed(c.point());
            for (int length : new int[] {0, x.length - 1, x.length + 1}) {
                double[] wrong = Arrays.copyOf(x, length);
                String where = c.label() + ", ambient of length " + length + " (D = " + x.length + ")";
                ingestionRejects(ev, m, c.point(), wrong, where);
            }
        }
        return ev.result();
    }

    /** ERR-2: NaN and ±∞ in ambient arrays. */
    static RuleResult nonFiniteAmbient(Probe probe) {
        Evidence ev = probe.evidence(RuleId.ERR_2);
        Manifold m = probe.raw();
        for (Probe.Case c : rejectionCases(probe)) {
            double[] x = m.embed(c.point());
            for (double bad : new double[] {Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY}) {
                for (int i : new int[] {0, x.length - 1}) {
                    double[] wrong = x.clone();
                    wrong[i] = bad;
                    ingestionRejects(ev, m, c.point(), wrong, c.label() + ", ambient[" + i + "] = " + bad);
                }
            }
        }
        return ev.result();
    }

    /** ERR-3: wrong-length coordinates, tangents, covectors and ambient vectors at charts, transitions, metric. */
    static RuleResult wrongLengthCoordinates(Probe probe) {
        Evidence ev = probe.evidence(RuleId.ERR_3);
        Manifold m = probe.raw();
        RandomGenerator rng = probe.random(RuleId.ERR_3);
        for (Probe.Case c : rejectionCases(probe)) {
            ChartPoint p = c.point();
            Chart chart = p.chart();
            int d = chart.dimension();
            Coordinates tau = probe.unitTangent(p, rng);
            Optional<Transition> transition = probe.sameInOtherChart(p, rng)
                    .flatMap(q -> m.atlas().transition(chart, q.chart()));
            for (int length : new int[] {d - 1, d + 1}) {
                Coordinates wrong = Coordinates.zeros(length);
                String where = c.label() + ", length " + length + " (d = " + d + ")";
                rejects(ev, "Chart.toAmbient(xi)", "xi", () -> chart.toAmbient(wrong), where);
                rejects(ev, "Chart.pushForward(xi, tau)", "tau", () -> chart.pushForward(p.xi(), wrong), where);
                rejects(ev, "Chart.pushForward(xi, tau)", "xi", () -> chart.pushForward(wrong, tau), where);
                rejects(ev, "Chart.tangentCoordinates(xi, ambient)", "ambient",
                        () -> chart.tangentCoordinates(p.xi(), new double[m.ambientDimension() + length - d]), where);
                rejects(ev, "Metric.raise(p, covector)", "covector", () -> m.metric().raise(p, wrong), where);
                if (transition.isPresent()) {
                    Transition t = transition.get();
                    rejects(ev, "Transition.apply(xi)", "xi", () -> t.apply(wrong), where);
                    rejects(ev, "Transition.pushForward(xi, tau)", "tau", () -> t.pushForward(p.xi(), wrong), where);
                }
            }
        }
        return ev.result();
    }

    /** ERR-4: a tangent vector in another chart than its base point's. */
    static RuleResult tangentInWrongChart(Probe probe) {
        Evidence ev = probe.evidence(RuleId.ERR_4);
        Manifold m = probe.raw();
        RandomGenerator rng = probe.random(RuleId.ERR_4);
        for (Probe.Case c : rejectionCases(probe)) {
            ChartPoint p = c.point();
            Optional<ChartPoint> other = probe.sameInOtherChart(p, rng);
            if (other.isEmpty()) {
                continue;
            }
            ChartPoint q = other.get();
            TangentVector foreign = q.tangent(probe.unitTangent(q, rng));
            TangentVector own = p.tangent(probe.unitTangent(p, rng));
            String where = c.label() + ", tangent given in chart " + q.chart().id();
            rejects(ev, "retract(p, tau)", "tau", () -> m.retraction().retract(p, foreign), where);
            rejects(ev, "transport(p, tau, q)", "tau", () -> m.vectorTransport().transport(p, foreign, p), where);
            rejects(ev, "Metric.inner(p, u, v)", "u", () -> m.metric().inner(p, foreign, own), where);
            rejects(ev, "Metric.inner(p, u, v)", "v", () -> m.metric().inner(p, own, foreign), where);
        }
        if (ev.checks() == 0) {
            return Evidence.skipped(RuleId.ERR_4, "no second chart was found near the test points (the atlas "
                    + "answered in the point's own chart every time), so there is no foreign tangent vector to give");
        }
        return ev.result();
    }

    /** ERR-5: the off-manifold fixture points. */
    static RuleResult offManifoldAmbient(Probe probe) {
        List<double[]> invalid = probe.fixtures().invalidAmbientPoints();
        if (invalid.isEmpty()) {
            return Evidence.skipped(RuleId.ERR_5, "no off-manifold ambient points were given (override "
                    + "invalidAmbientPoints() in ManifoldVerification, or use TckFixtures.withInvalidAmbientPoints)");
        }
        Evidence ev = probe.evidence(RuleId.ERR_5);
        Manifold m = probe.raw();
        ChartPoint p = probe.baseCases().get(0).point();
        for (int k = 0; k < invalid.size(); k++) {
            double[] x = invalid.get(k);
            String where = "fixture point " + k + " " + Arrays.toString(Arrays.copyOf(x, Math.min(x.length, 6)))
                    + (x.length > 6 ? "…" : "");
            ev.guard(where, () -> {
                if (m.checkPoint(x).isEmpty()) {
                    ev.violation("checkPoint accepted it", where);
                } else {
                    ev.held("checkPoint reported " + m.checkPoint(x).get().what(), where);
                }
            });
            ingestionRejects(ev, m, p, x, where);
        }
        return ev.result();
    }

    /** ERR-6: finite outputs on valid input, including far points and steps far beyond any chart. */
    static RuleResult finiteOutputs(Probe probe) {
        Evidence ev = probe.evidence(RuleId.ERR_6);
        Manifold m = probe.raw();
        RandomGenerator rng = probe.random(RuleId.ERR_6);
        List<Probe.Case> cases = probe.cases();
        for (int i = 0; i < cases.size(); i++) {
            Probe.Case c = cases.get(i);
            ChartPoint p = c.point();
            ChartPoint far = cases.get((i + cases.size() / 2 + 1) % cases.size()).point();
            String where = c.label();
            ev.guard(where, () -> {
                Coordinates tau = probe.unitTangent(p, rng);
                finite(ev, "embed(p)", () -> m.embed(p), where);
                finite(ev, "Chart.pushForward(ξ_p, τ)", () -> p.chart().pushForward(p.xi(), tau), where);
                finite(ev, "Metric.inner(p, τ, τ)", () -> scalar(m.metric().inner(p, p.tangent(tau),
                        p.tangent(tau))), where);
                probe.distance().ifPresent(d -> finite(ev, "distance(p, q) for a far q",
                        () -> scalar(d.distance(p, far)), where));
                finite(ev, "inverseRetract(p, q) for a far q", () -> m.inverseRetraction().inverseRetract(p, far)
                        .map(t -> t.tau().toArray()).orElse(new double[0]), where);
                for (double r : LARGE_STEPS) {
                    // an empty answer (the edge of a learned atlas) has no output to check; RET-5 judges emptiness
                    finite(ev, "embed(Ret_p(τ)) for ‖τ‖ = " + Checks.number(r * probe.scale()),
                            () -> m.retraction().retract(p, p.tangent(tau.scale(r * probe.scale()))).map(m::embed)
                                    .orElse(new double[0]), where);
                }
                Optional<ChartPoint> farInP = m.coordinatesIn(p.chart(), m.embed(far));
                if (farInP.isPresent()) {
                    ChartPoint f = farInP.get();
                    String farWhere = where + ", far point at ‖ξ‖=" + Checks.number(f.xi().norm()) + " in p's chart";
                    finite(ev, "Chart.toAmbient(ξ)", () -> f.chart().toAmbient(f.xi()), farWhere);
                    finite(ev, "Chart.pushForward(ξ, τ)", () -> f.chart().pushForward(f.xi(), tau), farWhere);
                    finite(ev, "Metric.inner(q, τ, τ)", () -> scalar(m.metric().inner(f, f.tangent(tau),
                            f.tangent(tau))), farWhere);
                }
            });
        }
        return ev.result();
    }

    private static List<Probe.Case> rejectionCases(Probe probe) {
        List<Probe.Case> base = probe.baseCases();
        return new ArrayList<>(base.subList(0, Math.min(REJECTION_POINTS, base.size())));
    }

    private static void ingestionRejects(Evidence ev, Manifold m, ChartPoint p, double[] x, String where) {
        rejects(ev, "locate(ambient)", "ambient", () -> m.locate(x), where);
        rejects(ev, "coordinatesIn(chart, ambient)", "ambient", () -> m.coordinatesIn(p.chart(), x), where);
    }

    /**
     * Records whether {@code call} throws an IllegalArgumentException whose message names {@code input} as the
     * house format does: the name (optionally with an index) followed by a colon.
     */
    static void rejects(Evidence ev, String call, String input, Supplier<?> body, String where) {
        try {
            Object result = body.get();
            ev.violation(call + " accepted it and returned " + abbreviate(result), where);
        } catch (IllegalArgumentException e) {
            String message = String.valueOf(e.getMessage());
            if (names(message, input)) {
                ev.held(call + " rejected it naming '" + input + "'", where);
            } else {
                ev.violation(call + " threw an IllegalArgumentException that does not name '" + input + "' as "
                        + "\"" + input + ": expected …\": \"" + message + "\"", where);
            }
        } catch (RuntimeException e) {
            ev.violation(call + " threw " + Probe.describe(e) + " instead of an IllegalArgumentException naming '"
                    + input + "'", where);
        }
    }

    /** @return whether the message names the input as the house format does: {@code input:} or {@code input[i]:} */
    static boolean names(String message, String input) {
        return Pattern.compile("(^|[^\\w'])" + Pattern.quote(input) + "(\\[\\d+])?:").matcher(message).find();
    }

    private static void finite(Evidence ev, String call, Supplier<double[]> body, String where) {
        try {
            double[] values = body.get();
            for (int i = 0; i < values.length; i++) {
                if (!Double.isFinite(values[i])) {
                    ev.violation(call + " returned " + values[i] + " at index " + i, where);
                    return;
                }
            }
            ev.held(call + " finite", where);
        } catch (IllegalArgumentException | ArithmeticException e) {
            ev.held(call + " failed loudly (" + e.getClass().getSimpleName() + ")", where);
        } catch (RuntimeException e) {
            ev.violation(call + " threw " + Probe.describe(e), where);
        }
    }

    private static double[] scalar(double v) {
        return new double[] {v};
    }

    private static String abbreviate(Object result) {
        String s = result instanceof double[] a ? Arrays.toString(a) : String.valueOf(result);
        return s.length() > 80 ? s.substring(0, 80) + "…" : s;
    }
}

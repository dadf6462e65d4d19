package org.atlasgraph.tck;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.random.RandomGenerator;
import org.atlasgraph.api.ChartPoint;
import org.atlasgraph.api.Coordinates;
import org.atlasgraph.api.Manifold;
import org.atlasgraph.api.TangentVector;
import org.atlasgraph.api.check.Checks;
import org.atlasgraph.api.capability.ExactGeometry;

/**
 * Rules VT-1…5: the vector transport of §2.4.1 (identity on representatives within a chart, differentials across
 * charts) and its accuracy as an approximation of parallel transport (App. B).
 *
 * <p>App. B's bound O(‖σ‖‖τ‖²) holds only where the Christoffel symbols of the chart vanish: the identity transport
 * differs from parallel transport by {@code τ^m σ^l ∫Γ^k_ml dt}, which is first order unless Γ = 0. So VT-4 asks for
 * first order everywhere and VT-5 for second order at points where the chart's metric is stationary. Stationarity is
 * decided numerically (see {@link #metricDerivative}), not declared by the provider.
 */
final class TransportChecks {
    /** Step (× length scale) to the destination q in VT-1. */
    private static final double LINEARITY_STEP = 0.2;
    /**
     * A chart's metric counts as stationary at ξ when every sampled first derivative of the chart metric (times the
     * length scale) is below this. Central differences with h = 1e-4 have truncation error ≈ h²|∂³ḡ| ≈ 1e-8 and
     * rounding ≈ ulp/h ≈ 1e-12, both far below it, while a non-stationary chart has |∂ḡ| of the order of the offset
     * from its centre (0.6 at the sphere's off-centre points).
     */
    static final double STATIONARY_TOLERANCE = 1e-6;
    /** Step (× length scale) of the central differences of the metric. */
    private static final double STATIONARY_STEP = 1e-4;
    /** Random directions of the stationarity test, besides the radial one. */
    private static final int STATIONARY_DIRECTIONS = 3;

    private TransportChecks() {
    }

    /** VT-1: linearity, to a destination in p's chart and to one located afresh. */
    static RuleResult linear(Probe probe) {
        Evidence ev = probe.evidence(RuleId.VT_1);
        Manifold m = probe.manifold();
        RandomGenerator rng = probe.random(RuleId.VT_1);
        for (Probe.Case c : probe.cases()) {
            ChartPoint p = c.point();
            ev.guard(c.label(), () -> {
                Coordinates tau = probe.unitTangent(p, rng).scale(LINEARITY_STEP * probe.scale());
                Optional<ChartPoint> reached = probe.retract(ev, p, tau, c.label());
                if (reached.isEmpty()) {
                    return;
                }
                ChartPoint near = reached.get();
                List<ChartPoint> destinations = List.of(near, m.locate(m.embed(near)));
                for (ChartPoint q : destinations) {
                    String where = c.label() + ", q = Ret_p(τ) in chart " + q.chart().id() + ", ‖τ‖="
                            + Checks.number(LINEARITY_STEP * probe.scale());
                    Coordinates sigma = probe.unitTangent(p, rng);
                    Coordinates rho = probe.unitTangent(p, rng);
                    double a = 4 * rng.nextDouble() - 2;
                    double b = 4 * rng.nextDouble() - 2;
                    TangentVector ts = m.vectorTransport().transport(p, p.tangent(sigma), q);
                    TangentVector tr = m.vectorTransport().transport(p, p.tangent(rho), q);
                    TangentVector tc = m.vectorTransport().transport(p, p.tangent(sigma.scale(a).plus(rho.scale(b))),
                            q);
                    if (!sameChart(ev, q, where, ts, tr, tc)) {
                        continue;
                    }
                    Coordinates combined = ts.tau().scale(a).plus(tr.tau().scale(b));
                    double size = Math.abs(a) * probe.norm(q, ts.tau()) + Math.abs(b) * probe.norm(q, tr.tau());
                    ev.atMost("‖T(aσ+bρ) − aT(σ) − bT(ρ)‖/(|a|‖Tσ‖ + |b|‖Tρ‖)",
                            probe.norm(q, tc.tau().minus(combined)) / size, Probe.ALGEBRAIC, where);
                }
            });
        }
        return ev.result();
    }

    /** VT-2: T_{p→p} = id, and to the same point in another chart it is the change of representative. */
    static RuleResult identity(Probe probe) {
        Evidence ev = probe.evidence(RuleId.VT_2);
        Manifold m = probe.manifold();
        RandomGenerator rng = probe.random(RuleId.VT_2);
        for (Probe.Case c : probe.cases()) {
            ChartPoint p = c.point();
            ev.guard(c.label(), () -> {
                Coordinates sigma = probe.unitTangent(p, rng);
                TangentVector same = m.vectorTransport().transport(p, p.tangent(sigma), p);
                if (sameChart(ev, p, c.label(), same)) {
                    ev.atMost("‖T_{p→p}σ − σ‖/‖σ‖", probe.norm(p, same.tau().minus(sigma)), Probe.ALGEBRAIC,
                            c.label());
                }
                Optional<ChartPoint> other = probe.sameInOtherChart(p, rng);
                if (other.isPresent()) {
                    ChartPoint q = other.get();
                    String where = c.label() + ", p also expressed in chart " + q.chart().id();
                    TangentVector moved = m.vectorTransport().transport(p, p.tangent(sigma), q);
                    if (sameChart(ev, q, where, moved)) {
                        ev.atMost("‖T_{p→p'}σ − σ‖/‖σ‖ as tangent vectors",
                                probe.tangentDefect(p, sigma, q, moved.tau()),
                                probe.settings().accuracy().roundTrip(), where);
                    }
                }
            });
        }
        return ev.result();
    }

    /** VT-3: {@code |‖T_{p→q}σ‖/‖σ‖ − 1|} shrinks at least like t. */
    static RuleResult normPreserved(Probe probe) {
        Evidence ev = probe.evidence(RuleId.VT_3);
        Manifold m = probe.manifold();
        RandomGenerator rng = probe.random(RuleId.VT_3);
        double[] steps = SlopeFit.standardSteps();
        for (Probe.Case c : probe.cases()) {
            ChartPoint p = c.point();
            String where = c.label() + ", ‖σ‖=1, q = Ret_p(tτ), ‖τ‖=1, defect |‖Tσ‖/‖σ‖ − 1|";
            ev.guard(where, () -> {
                Coordinates tau = probe.unitTangent(p, rng);
                Coordinates sigma = probe.unitTangent(p, rng);
                double[] defects = new double[steps.length];
                for (int k = 0; k < steps.length; k++) {
                    Optional<ChartPoint> q = probe.retract(ev, p, tau.scale(steps[k] * probe.scale()), where);
                    if (q.isEmpty()) {
                        return;
                    }
                    TangentVector w = m.vectorTransport().transport(p, p.tangent(sigma), q.get());
                    defects[k] = Math.abs(probe.norm(q.get(), w.tau()) - 1);
                }
                ev.slope(SlopeFit.of(steps, defects, Probe.ROUNDING_FLOOR, 1), 1,
                        probe.settings().accuracy().slope(), where);
            });
        }
        return ev.result();
    }

    /** VT-4: agreement with exact parallel transport to first order, at every test point. */
    static RuleResult firstOrder(Probe probe) {
        if (probe.exact().isEmpty()) {
            return Evidence.skipped(RuleId.VT_4, Probe.NO_EXACT);
        }
        Evidence ev = probe.evidence(RuleId.VT_4);
        RandomGenerator rng = probe.random(RuleId.VT_4);
        for (Probe.Case c : probe.cases()) {
            parallelTransportRate(probe, ev, rng, c, 1, c.label());
        }
        return ev.result();
    }

    /** VT-5: agreement with exact parallel transport to second order, at points where the metric is stationary. */
    static RuleResult secondOrderAtCentres(Probe probe) {
        if (probe.exact().isEmpty()) {
            return Evidence.skipped(RuleId.VT_5, Probe.NO_EXACT);
        }
        Evidence ev = probe.evidence(RuleId.VT_5);
        RandomGenerator rng = probe.random(RuleId.VT_5);
        List<String> notStationary = new ArrayList<>();
        for (Probe.Case c : probe.cases()) {
            double derivative = metricDerivative(probe, c.point(), rng);
            if (derivative <= STATIONARY_TOLERANCE) {
                parallelTransportRate(probe, ev, rng, c, 2,
                        c.label() + ", |∂ḡ|=" + Checks.number(derivative) + " (stationary)");
            } else {
                notStationary.add(Checks.number(derivative));
            }
        }
        if (notStationary.size() == probe.cases().size()) {
            return Evidence.skipped(RuleId.VT_5, "no test point is the centre of a chart with stationary metric "
                    + "(|∂ḡ| > " + Checks.number(STATIONARY_TOLERANCE) + " at all of them: " + notStationary
                    + "); App. B's second-order bound needs vanishing Christoffel symbols");
        }
        return ev.result();
    }

    /**
     * The largest first derivative of the chart metric {@code g_x(Dφ⁻¹(ξ)v, Dφ⁻¹(ξ)w)} (the pull-back of the stated
     * ambient metric) at ξ_p, by central differences along random directions and the radial direction ξ_p itself,
     * times the length scale. It is zero exactly when the Christoffel symbols vanish at ξ_p
     * (∂_k g_ij = Γ_ki,j + Γ_kj,i); the pull-back is computed here rather than taken from the provider's Metric, so a
     * broken Metric cannot hide or fake stationarity.
     */
    static double metricDerivative(Probe probe, ChartPoint p, RandomGenerator rng) {
        double h = STATIONARY_STEP * probe.scale();
        List<Coordinates> directions = new ArrayList<>();
        if (p.xi().norm() > 0) {
            directions.add(p.xi().scale(1 / probe.norm(p, p.xi())));
        }
        for (int i = 0; i < STATIONARY_DIRECTIONS; i++) {
            directions.add(probe.unitTangent(p, rng));
        }
        double worst = 0;
        for (Coordinates u : directions) {
            Coordinates v = probe.unitTangent(p, rng);
            Coordinates w = probe.unitTangent(p, rng);
            ChartPoint plus = new ChartPoint(p.chart(), p.xi().plus(u.scale(h)));
            ChartPoint minus = new ChartPoint(p.chart(), p.xi().minus(u.scale(h)));
            double dvw = (probe.ambientInner(plus, v, w) - probe.ambientInner(minus, v, w)) / (2 * h);
            double duu = (probe.ambientInner(plus, u, u) - probe.ambientInner(minus, u, u)) / (2 * h);
            worst = Math.max(worst, Math.max(Math.abs(dvw), Math.abs(duu)) * probe.scale());
        }
        return worst;
    }

    /**
     * The defect {@code ‖Dφ_q⁻¹T_{p→q}σ − P_{p→q}Dφ_p⁻¹σ‖} for q = Ret_p(tτ), as t runs over the standard steps, and
     * the order it shrinks with.
     */
    private static void parallelTransportRate(Probe probe, Evidence ev, RandomGenerator rng, Probe.Case c,
                                              double order, String label) {
        Manifold m = probe.manifold();
        ExactGeometry exact = probe.exact().orElseThrow();
        ChartPoint p = c.point();
        double[] steps = SlopeFit.standardSteps();
        String where = label + ", ‖σ‖=1, q = Ret_p(tτ), ‖τ‖=1, defect ‖Tσ − Pσ‖";
        ev.guard(where, () -> {
            Coordinates tau = probe.unitTangent(p, rng);
            Coordinates sigma = probe.unitTangent(p, rng);
            double[] x = m.embed(p);
            double[] v = probe.push(p, sigma);
            double[] defects = new double[steps.length];
            for (int k = 0; k < steps.length; k++) {
                Optional<ChartPoint> reached = probe.retract(ev, p, tau.scale(steps[k] * probe.scale()), where);
                if (reached.isEmpty()) {
                    return;
                }
                ChartPoint q = reached.get();
                double[] y = m.embed(q);
                double[] transported = probe.push(q, m.vectorTransport().transport(p, p.tangent(sigma), q).tau());
                double[] parallel = exact.parallelTransport(x, v, y);
                double[] diff = new double[y.length];
                for (int i = 0; i < diff.length; i++) {
                    diff[i] = transported[i] - parallel[i];
                }
                defects[k] = Math.sqrt(probe.inner(y, diff, diff));
            }
            ev.slope(SlopeFit.of(steps, defects, Probe.ROUNDING_FLOOR, order), order,
                    probe.settings().accuracy().slope(), where);
        });
    }

    private static boolean sameChart(Evidence ev, ChartPoint q, String where, TangentVector... results) {
        for (TangentVector r : results) {
            if (!r.chart().id().equals(q.chart().id())) {
                ev.violation("transport answered in chart " + r.chart().id() + ", not in q's chart " + q.chart().id(),
                        where);
                return false;
            }
        }
        return true;
    }
}

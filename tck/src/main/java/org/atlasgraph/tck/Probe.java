package org.atlasgraph.tck;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.random.RandomGenerator;
import org.atlasgraph.api.Chart;
import org.atlasgraph.api.ChartPoint;
import org.atlasgraph.api.Coordinates;
import org.atlasgraph.api.Distance;
import org.atlasgraph.api.Manifold;
import org.atlasgraph.api.TangentVector;
import org.atlasgraph.api.capability.ExactGeometry;
import org.atlasgraph.api.capability.Geodesics;
import org.atlasgraph.api.capability.Sampler;
import org.atlasgraph.api.check.Checks;
import org.atlasgraph.api.validate.ValidatingManifold;

/**
 * The kit's view of the manifold under test: the seeded test points, and measurements that do not trust the
 * primitives being tested.
 *
 * <p>Every primitive is called through {@link ValidatingManifold} ({@link #manifold()}), so that a malformed answer (a
 * point outside its chart's image, a vector in the wrong chart, an embedding that fails {@code checkPoint}, a
 * non-finite inner product) is reported with a precise message; only the ERR rules, which test the provider's own
 * rejection of bad input, use the manifold as given ({@link #raw()}).
 *
 * <p>The kit's own measurements (sizes, distances, chart push-forwards) are instruments, not calls under test, and
 * use the manifold as given, so that a primitive that fails validation fails the rules that call it rather than every
 * rule. Sizes of tangent vectors are measured in the ambient space, {@code ‖Dφ⁻¹τ‖_g} in the manifold's stated metric
 * {@code Manifold.ambientMetric()}, never with the provider's {@code Metric}, which has rules of its own (MET-1…4).
 * Distances between points are {@link ExactGeometry#distance} where it exists (it does not depend on the ambient
 * representative of a quotient such as the Grassmannian), else the chord {@code √|g_x(y − x, y − x)|} of the embedded
 * points in the stated metric, which agrees with the geodesic distance to first order for the nearby points the
 * round-trip rules compare. Nothing here assumes that the metric is the induced one or that the sampler is uniform.
 */
final class Probe {
    /**
     * Off-centre radius, in units of the length scale: the off-centre copy of a sampled point p is
     * {@code ξ_p + 0.3u} with ‖u‖ = 1, inside the sphere's trust region ‖ξ‖ &lt; 1 (45°) with room for the steps of the
     * rate rules; halved until the chart contains it.
     */
    static final double OFF_CENTRE_RADIUS = 0.3;
    /** Halvings of the off-centre radius before a point is tested at its centre only (0.3 → 0.005). */
    static final int OFF_CENTRE_HALVINGS = 6;
    /**
     * Length of the geodesic probe that compares two representatives of one tangent vector through the exact
     * exponential map (see {@link #tangentDefect}); the comparison loses ulp/1e-3 ≈ 1e-13 to rounding.
     */
    static final double TANGENT_PROBE = 1e-3;
    /**
     * Relative bound of the algebraic identities every provider meets to rounding, approximate or not (linearity of
     * transport, T_{p→p} = id, symmetry and agreement of the metric): 1e-9 is about 1e7 ulps, room for sums of up to
     * 1e6 terms and a conditioning of 1e3.
     */
    static final double ALGEBRAIC = 1e-9;
    /**
     * Defects (relative to the length scale) at or below this are rounding and carry no rate information: 1e-12 is
     * about 1e4 ulps of a unit-scale coordinate.
     */
    static final double ROUNDING_FLOOR = 1e-12;
    /** Skip reason of the rules that compare with the exact geometry. */
    static final String NO_EXACT = "manifold has no ExactGeometry (Manifold.capability(ExactGeometry.class) is empty)";
    /** Skip reason of the distance rules. */
    static final String NO_GEODESICS = "manifold has no Geodesics (Manifold.capability(Geodesics.class) is empty)";
    /** Step radii (× length scale) at which another chart is sought near a point. */
    private static final double[] NEIGHBOUR_RADII = {0.1, 0.3};
    private static final long SEED_MIX = 0x9E3779B97F4A7C15L;

    private final Manifold manifold;
    private final Manifold raw;
    private final TckSettings settings;
    private final TckFixtures fixtures;
    private List<Case> cases;

    /**
     * One test point: a sampled point (or fixture point) as drawn, or its off-centre copy.
     *
     * @param sample    index of the draw
     * @param offCentre whether this is the off-centre copy
     * @param point     the point
     */
    record Case(int sample, boolean offCentre, ChartPoint point) {
        /** @return e.g. {@code "sample 3 off-centre (chart gnomonic-7, ‖ξ‖=0.3)"} */
        String label() {
            return "sample " + sample + (offCentre ? " off-centre" : "") + " (chart " + point.chart().id()
                    + ", ‖ξ‖=" + Checks.number(point.xi().norm()) + ")";
        }
    }

    Probe(Manifold manifold, TckSettings settings, TckFixtures fixtures) {
        this.raw = manifold instanceof ValidatingManifold v ? v.unwrap() : manifold;
        this.manifold = ValidatingManifold.of(raw);
        this.settings = settings;
        this.fixtures = fixtures;
    }

    /** @return the manifold under test behind a {@link ValidatingManifold}: what every rule but ERR-n calls */
    Manifold manifold() {
        return manifold;
    }

    /** @return the manifold under test as given, for the rules that test its own rejection of bad input */
    Manifold raw() {
        return raw;
    }

    /** @return whether the manifold is held to declared approximate bounds rather than {@code Accuracy.EXACT} */
    boolean approximate() {
        return !settings.accuracy().isExact();
    }

    TckSettings settings() {
        return settings;
    }

    TckFixtures fixtures() {
        return fixtures;
    }

    /** @return the manifold's closed-form geometry, the reference of several rules */
    Optional<ExactGeometry> exact() {
        return manifold.capability(ExactGeometry.class);
    }

    /** @return the manifold's geodesic distance, when it has {@link Geodesics} */
    Optional<Distance> distance() {
        return manifold.capability(Geodesics.class).map(g -> g);
    }

    /**
     * {@code Ret_p(τ)} through the validating view. An empty answer is recorded: as a violation on an exact atlas (a
     * manifold without edges must answer), as an edge case on an approximate one (a learned atlas ends where its data
     * end).
     *
     * @return the point, or empty after recording why
     */
    Optional<ChartPoint> retract(Evidence ev, ChartPoint p, Coordinates tau, String where) {
        Optional<ChartPoint> q = manifold.retraction().retract(p, p.tangent(tau));
        if (q.isEmpty()) {
            unanswered(ev, "Ret_p(τ) for ‖τ‖ = " + Checks.number(norm(p, tau)), "an atlas without edges must "
                    + "answer every step", where);
        }
        return q;
    }

    /**
     * {@code Log^Ret_p(q)} through the validating view, for q a short step from p; an empty answer is recorded as in
     * {@link #retract}.
     *
     * @return the tangent vector, or empty after recording why
     */
    Optional<TangentVector> inverseRetract(Evidence ev, ChartPoint p, ChartPoint q, String where) {
        Optional<TangentVector> v = manifold.inverseRetraction().inverseRetract(p, q);
        if (v.isEmpty()) {
            unanswered(ev, "Log^Ret_p(q) for q at distance " + Checks.number(pointDistance(p, q)) + " from p",
                    "p's chart must reach a point this close", where);
        }
        return v;
    }

    private void unanswered(Evidence ev, String what, String why, String where) {
        if (approximate()) {
            ev.edge(what, where);
        } else {
            ev.violation(what + " answered empty on an exact atlas: " + why, where);
        }
    }

    double scale() {
        return settings.lengthScale();
    }

    Evidence evidence(RuleId id) {
        return new Evidence(id, this);
    }

    /**
     * @return a random source for one rule, derived from the seed and the rule's ID, so that it depends neither on the
     *     order rules run in nor on the rules added later
     */
    RandomGenerator random(RuleId id) {
        return new SplittableRandom(settings.seed() ^ (SEED_MIX * id.id().hashCode()));
    }

    /**
     * The test points: {@code samples} draws from the sampler (or the fixture points), each followed by its
     * off-centre copy. Drawn once per kit from the seed alone, so sample i is the same point in every rule.
     *
     * @throws IllegalStateException if there is neither a sampler nor a points fixture
     */
    synchronized List<Case> cases() {
        if (cases == null) {
            cases = drawCases();
        }
        return cases;
    }

    /** @return the base cases only (as drawn, not off-centre) */
    List<Case> baseCases() {
        return cases().stream().filter(c -> !c.offCentre()).toList();
    }

    private List<Case> drawCases() {
        RandomGenerator rng = new SplittableRandom(settings.seed());
        List<ChartPoint> base = new ArrayList<>();
        Optional<Sampler> sampler = manifold.capability(Sampler.class);
        if (sampler.isPresent()) {
            for (int i = 0; i < settings.samples(); i++) {
                base.add(sampler.get().sample(rng));
            }
        } else {
            base.addAll(fixtures.points());
        }
        if (base.isEmpty()) {
            throw new IllegalStateException("no points to test: the manifold has no Sampler capability "
                    + "(Manifold.capability(Sampler.class) is empty) and no points fixture was given "
                    + "(TckFixtures.withPoints or ManifoldVerification.points())");
        }
        List<Case> result = new ArrayList<>();
        for (int i = 0; i < base.size(); i++) {
            ChartPoint p = base.get(i);
            result.add(new Case(i, false, p));
            int sample = i;
            offCentre(p, rng).ifPresent(q -> result.add(new Case(sample, true, q)));
        }
        return List.copyOf(result);
    }

    private Optional<ChartPoint> offCentre(ChartPoint p, RandomGenerator rng) {
        Coordinates u = unitTangent(p, rng);
        double r = OFF_CENTRE_RADIUS * scale();
        for (int k = 0; k <= OFF_CENTRE_HALVINGS; k++, r /= 2) {
            Coordinates xi = p.xi().plus(u.scale(r));
            if (p.chart().contains(xi)) {
                return Optional.of(new ChartPoint(p.chart(), xi));
            }
        }
        return Optional.empty();
    }

    /** @return {@code Dφ⁻¹(ξ_p)τ}, checked finite */
    double[] push(ChartPoint p, Coordinates tau) {
        return requireFinite("Chart.pushForward", p.chart().pushForward(p.xi(), tau));
    }

    /** @return the manifold's stated metric at the embedded point x, {@code g_x(u, v)} */
    double inner(double[] x, double[] u, double[] v) {
        return manifold.ambientMetric().inner(x, u, v);
    }

    /** @return {@code ‖Dφ⁻¹(ξ_p)τ‖_g}, measured in the stated ambient metric, not with the provider's Metric */
    double norm(ChartPoint p, Coordinates tau) {
        double[] v = push(p, tau);
        return Math.sqrt(inner(raw.embed(p), v, v));
    }

    /** @return {@code g_x(Dφ⁻¹u, Dφ⁻¹v)} at p, in the stated ambient metric */
    double ambientInner(ChartPoint p, Coordinates u, Coordinates v) {
        return inner(raw.embed(p), push(p, u), push(p, v));
    }

    /** @return {@code √|g_x(w, w)|} for an ambient vector w at the ambient point x */
    double ambientNorm(double[] x, double[] w) {
        return Math.sqrt(Math.abs(inner(x, w, w)));
    }

    /** @return a random representative at p whose pushed-forward vector has unit norm in the stated metric */
    Coordinates unitTangent(ChartPoint p, RandomGenerator rng) {
        double[] g = new double[p.chart().dimension()];
        for (int i = 0; i < g.length; i++) {
            g[i] = rng.nextGaussian();
        }
        Coordinates tau = Coordinates.of(g);
        double n = norm(p, tau);
        if (!(n > 0) || !Double.isFinite(n)) {
            throw new IllegalStateException("Chart.pushForward at " + p.chart().id() + " maps a random vector to "
                    + "ambient norm " + n);
        }
        return tau.scale(1 / n);
    }

    /** @return a Gaussian vector of length d (a covector or coefficients) */
    static Coordinates gaussian(int d, RandomGenerator rng) {
        double[] g = new double[d];
        for (int i = 0; i < d; i++) {
            g[i] = rng.nextGaussian();
        }
        return Coordinates.of(g);
    }

    /** @return the distance of two points as points: exact where available, else the chord in the stated metric */
    double pointDistance(ChartPoint a, ChartPoint b) {
        return ambientDistance(raw.embed(a), raw.embed(b));
    }

    /** @return the distance of two embedded points: exact where available, else {@code √|g_x(y − x, y − x)|} */
    double ambientDistance(double[] x, double[] y) {
        Optional<ExactGeometry> exact = exact();
        if (exact.isPresent()) {
            return exact.get().distance(x, y);
        }
        return ambientNorm(x, difference(y, x));
    }

    /**
     * How far two representatives of tangent vectors at one point, u in p's chart and w in q's chart (p and q the
     * same point), are from being the same tangent vector, relative to ‖u‖. With exact geometry the two are
     * compared through the points {@code Exp(ε·Dφ⁻¹u)} and {@code Exp(ε·Dφ⁻¹w)}, which does not depend on the
     * ambient representative of a quotient; without it, the pushed-forward vectors are compared directly, in the
     * stated metric.
     */
    double tangentDefect(ChartPoint p, Coordinates u, ChartPoint q, Coordinates w) {
        double[] a = push(p, u);
        double[] b = push(q, w);
        double size = norm(p, u);
        Optional<ExactGeometry> exact = exact();
        if (exact.isPresent()) {
            double eps = TANGENT_PROBE * scale() / size;
            double[] ea = exact.get().exp(raw.embed(p), scaled(a, eps));
            double[] eb = exact.get().exp(raw.embed(q), scaled(b, eps));
            return exact.get().distance(ea, eb) / (eps * size);
        }
        return ambientNorm(raw.embed(p), difference(a, b)) / size;
    }

    /**
     * The same point expressed in charts other than its own: the chart of p located afresh (for a lazy atlas, a chart
     * centred at p), the charts of points located a short step away (where p is off-centre), and for a finite atlas
     * the neighbours of p's chart, each with p's coordinates there from {@code coordinatesIn}. Distinct charts, in that
     * order; empty for a manifold whose atlas always answers with p's chart (a single-chart atlas).
     */
    List<ChartPoint> otherCharts(ChartPoint p, RandomGenerator rng) {
        double[] x = manifold.embed(p);
        List<Chart> candidates = new ArrayList<>();
        candidates.add(manifold.locate(x).chart());
        for (double r : NEIGHBOUR_RADII) {
            Coordinates step = unitTangent(p, rng).scale(r * scale());
            manifold.retraction().retract(p, p.tangent(step))
                    .ifPresent(q -> candidates.add(manifold.locate(manifold.embed(q)).chart()));
        }
        manifold.atlas().asGraph().filter(g -> g.containsVertex(p.chart()))
                .ifPresent(g -> g.outgoingEdgesOf(p.chart()).forEach(t -> candidates.add(t.to())));
        Map<Object, ChartPoint> found = new LinkedHashMap<>();
        for (Chart beta : candidates) {
            if (!beta.id().equals(p.chart().id()) && !found.containsKey(beta.id())) {
                manifold.coordinatesIn(beta, x).ifPresent(inBeta -> found.put(beta.id(), inBeta));
            }
        }
        return List.copyOf(found.values());
    }

    /** @return the first of {@link #otherCharts}, if any */
    Optional<ChartPoint> sameInOtherChart(ChartPoint p, RandomGenerator rng) {
        return otherCharts(p, rng).stream().findFirst();
    }

    /** @return {@code a − b}, a new array */
    static double[] difference(double[] a, double[] b) {
        double[] r = new double[a.length];
        for (int i = 0; i < r.length; i++) {
            r[i] = a[i] - b[i];
        }
        return r;
    }

    static double[] scaled(double[] v, double f) {
        double[] r = new double[v.length];
        for (int i = 0; i < v.length; i++) {
            r[i] = f * v[i];
        }
        return r;
    }

    static double[] requireFinite(String operation, double[] values) {
        for (int i = 0; i < values.length; i++) {
            if (!Double.isFinite(values[i])) {
                throw new ArithmeticException(operation + " returned " + values[i] + " at index " + i);
            }
        }
        return values;
    }

    /** @return the exception's class and message, for a failure message */
    static String describe(Throwable e) {
        return e.getClass().getSimpleName() + (e.getMessage() == null ? "" : ": " + e.getMessage());
    }
}

package org.atlasgraph.tck;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.random.RandomGenerator;
import org.atlasgraph.api.Chart;
import org.atlasgraph.api.ChartPoint;
import org.atlasgraph.api.Coordinates;
import org.atlasgraph.api.Manifold;
import org.atlasgraph.api.capability.Sampler;
import org.atlasgraph.api.check.Checks;
import org.atlasgraph.api.Distance;
import org.atlasgraph.api.capability.ExactGeometry;
import org.atlasgraph.api.capability.Geodesics;

/**
 * The kit's view of the manifold under test: the seeded test points, and measurements that do not trust the
 * primitives being tested.
 *
 * <p>Sizes of tangent vectors are measured in the ambient space ({@code ‖Dφ⁻¹τ‖}, in the manifold's stated metric
 * {@code Manifold.ambientMetric()}), never with the provider's {@code Metric}, which has rules of its own (MET-1…3);
 * distances between points with {@link ExactGeometry#distance} where it exists (it does not depend on the ambient
 * representative of a quotient such as the Grassmannian), else the Euclidean distance of the embedded points.
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
        this.manifold = manifold;
        this.settings = settings;
        this.fixtures = fixtures;
    }

    Manifold manifold() {
        return manifold;
    }

    TckSettings settings() {
        return settings;
    }

    TckFixtures fixtures() {
        return fixtures;
    }

    Optional<ExactGeometry> exact() {
        return manifold.capability(ExactGeometry.class);
    }

    /** @return the manifold's geodesic distance, when it has {@link Geodesics} */
    Optional<Distance> distance() {
        return manifold.capability(Geodesics.class).map(g -> g);
    }

    /** @return the failure of a primitive that answered empty where it must answer */
    static IllegalStateException empty(String operation) {
        return new IllegalStateException(operation + " answered empty (cannot do it here) at a test point a short "
                + "step from a sampled point, where it must answer");
    }

    double scale() {
        return settings.lengthScale();
    }

    Evidence evidence(RuleId id) {
        return new Evidence(id, this);
    }

    /** @return a random source for one rule, derived from the seed and the rule, independent of rule order */
    RandomGenerator random(RuleId id) {
        return new SplittableRandom(settings.seed() ^ (SEED_MIX * (id.ordinal() + 1)));
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
            throw new IllegalStateException("no points to test: Manifold.sampler() is empty and no points "
                    + "fixture was given (TckFixtures.withPoints or ManifoldVerification.points())");
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

    /** @return {@code ‖Dφ⁻¹(ξ_p)τ‖}, the induced norm measured without the provider's Metric */
    double norm(ChartPoint p, Coordinates tau) {
        double[] v = push(p, tau);
        return Math.sqrt(inner(manifold.embed(p), v, v));
    }

    /** @return {@code ⟨Dφ⁻¹u, Dφ⁻¹v⟩} at p */
    double inducedInner(ChartPoint p, Coordinates u, Coordinates v) {
        return inner(manifold.embed(p), push(p, u), push(p, v));
    }

    /** @return a random representative at p whose pushed-forward vector has unit ambient norm */
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

    /** @return the distance of two points as points: exact where available, else Euclidean in the ambient space */
    double pointDistance(ChartPoint a, ChartPoint b) {
        return ambientDistance(manifold.embed(a), manifold.embed(b));
    }

    /** @return the distance of two embedded points: exact where available, else Euclidean */
    double ambientDistance(double[] x, double[] y) {
        if (manifold.capability(ExactGeometry.class).isPresent()) {
            return manifold.capability(ExactGeometry.class).get().distance(x, y);
        }
        double s = 0;
        for (int i = 0; i < x.length; i++) {
            s += (x[i] - y[i]) * (x[i] - y[i]);
        }
        return Math.sqrt(s);
    }

    /**
     * How far two representatives of tangent vectors at one point, u in p's chart and w in q's chart (p and q the
     * same point), are from being the same tangent vector, relative to ‖u‖. With exact geometry the two are
     * compared through the points {@code Exp(ε·Dφ⁻¹u)} and {@code Exp(ε·Dφ⁻¹w)}, which does not depend on the
     * ambient representative of a quotient; without it, the pushed-forward vectors are compared directly.
     */
    double tangentDefect(ChartPoint p, Coordinates u, ChartPoint q, Coordinates w) {
        double[] a = push(p, u);
        double[] b = push(q, w);
        double size = norm(p, u);
        if (manifold.capability(ExactGeometry.class).isPresent()) {
            ExactGeometry exact = manifold.capability(ExactGeometry.class).get();
            double eps = TANGENT_PROBE * scale() / size;
            double[] ea = exact.exp(manifold.embed(p), scaled(a, eps));
            double[] eb = exact.exp(manifold.embed(q), scaled(b, eps));
            return exact.distance(ea, eb) / (eps * size);
        }
        double s = 0;
        for (int i = 0; i < a.length; i++) {
            s += (a[i] - b[i]) * (a[i] - b[i]);
        }
        return Math.sqrt(s) / size;
    }

    /**
     * The same point expressed in a chart other than its own: the chart of a point located near p (or of p itself),
     * or else a neighbour of p's chart in the graph of a finite atlas, with p's coordinates there from
     * {@code coordinatesIn}. Empty for a manifold whose atlas always answers with p's chart (a single-chart atlas).
     */
    Optional<ChartPoint> sameInOtherChart(ChartPoint p, RandomGenerator rng) {
        double[] x = manifold.embed(p);
        List<Chart> candidates = new ArrayList<>();
        candidates.add(manifold.locate(x).chart());
        for (double r : NEIGHBOUR_RADII) {
            Coordinates step = unitTangent(p, rng).scale(r * scale());
            ChartPoint q = manifold.retraction().retract(p, p.tangent(step)).orElseThrow(() -> Probe.empty("retract"));
            candidates.add(manifold.locate(manifold.embed(q)).chart());
        }
        manifold.atlas().asGraph().filter(g -> g.containsVertex(p.chart()))
                .ifPresent(g -> g.outgoingEdgesOf(p.chart()).forEach(t -> candidates.add(t.to())));
        for (Chart beta : candidates) {
            if (!beta.id().equals(p.chart().id())) {
                Optional<ChartPoint> inBeta = manifold.coordinatesIn(beta, x);
                if (inBeta.isPresent()) {
                    return inBeta;
                }
            }
        }
        return Optional.empty();
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

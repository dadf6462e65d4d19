package org.atlasgraph.sphere;

import java.util.Optional;
import java.util.random.RandomGenerator;
import org.atlasgraph.api.AmbientMetric;
import org.atlasgraph.api.Chart;
import org.atlasgraph.api.ChartPoint;
import org.atlasgraph.api.Coordinates;
import org.atlasgraph.api.Metric;
import org.atlasgraph.api.TangentVector;
import org.atlasgraph.api.base.AtlasManifold;
import org.atlasgraph.api.base.GeodesicPowerSampling;
import org.atlasgraph.api.base.Vectors;
import org.atlasgraph.api.capability.ChartCentring;
import org.atlasgraph.api.capability.ExactGeometry;
import org.atlasgraph.api.capability.GeodesicPowerDistribution;
import org.atlasgraph.api.capability.Sampler;
import org.atlasgraph.api.check.Checks;
import org.atlasgraph.api.check.Defect;
import org.atlasgraph.api.check.InvalidInputException;

/**
 * The unit sphere S^{n-1} = {x ∈ R^n : ‖x‖ = 1} with the round metric (induced by R^n), for any n ≥ 2.
 *
 * <p>Atlas: a gnomonic chart centred at every point (see {@code GnomonicChart}); a point is located in the chart
 * centred at itself, and a retraction that carries a point more than 45° from its chart centre moves it to a chart
 * centred at the new point. Primitives: the generic ones of {@link AtlasManifold}, and the metric in closed form.
 * Capabilities: exact great-circle geometry ({@link ExactGeometry}, hence geodesics), the uniform sampler, the geodesic
 * power distribution with δ_max = π (the diameter) and re-centring at a point ({@link ChartCentring}). Ambient points
 * are unit vectors of length n, accepted within {@link #UNIT_TOLERANCE} of norm 1 and normalized.
 *
 * <p>Instances are immutable and thread-safe.
 */
public final class Sphere extends AtlasManifold {
    /** Largest accepted |‖x‖ − 1| of an ambient point: loose enough for data stored in single precision. */
    public static final double UNIT_TOLERANCE = 1e-6;

    private final int n;
    private final SphereAtlas atlas = new SphereAtlas();

    private Sphere(int n) {
        super(AmbientMetric.INDUCED);
        this.n = n;
        SphereGeometry exact = new SphereGeometry(n);
        Sampler uniform = new Sampler() {
            @Override
            public ChartPoint sample(RandomGenerator rng) {
                return locate(uniform(rng));
            }

            @Override
            public String distribution() {
                return "uniform measure";
            }
        };
        provide(ExactGeometry.class, exact);
        provide(Sampler.class, uniform);
        provide(GeodesicPowerDistribution.class, new GeodesicPowerSampling(this, exact, uniform, Math.PI));
        provide(ChartCentring.class, p -> atlas.changeChart(p));
    }

    /**
     * @param n the ambient dimension, ≥ 2
     * @return S^{n-1} ⊂ R^n
     * @throws InvalidInputException if n &lt; 2
     */
    public static Sphere of(int n) {
        if (n < 2) {
            throw new InvalidInputException("n", "an integer ≥ 2 (S^{n-1} ⊂ R^n)", String.valueOf(n));
        }
        return new Sphere(n);
    }

    @Override
    public String name() {
        return "S^" + (n - 1);
    }

    @Override
    public int dimension() {
        return n - 1;
    }

    @Override
    public int ambientDimension() {
        return n;
    }

    @Override
    public SphereAtlas atlas() {
        return atlas;
    }

    /** {@inheritDoc} The point lands at the centre of a new chart. */
    @Override
    public ChartPoint locate(double[] ambient) {
        double[] x = ingest("ambient", ambient);
        return new ChartPoint(atlas.chartAt(x), Coordinates.zeros(n - 1));
    }

    /** {@inheritDoc} Empty when the point is not in the open hemisphere around the chart's centre. */
    @Override
    public Optional<ChartPoint> coordinatesIn(Chart chart, double[] ambient) {
        double[] x = ingest("ambient", ambient);
        if (!(chart instanceof GnomonicChart g) || chart.dimension() != n - 1) {
            throw new InvalidInputException("chart", "a chart of " + name(), chart.toString());
        }
        double[] xi = g.project(x);
        return xi == null ? Optional.empty()
                : Optional.of(new ChartPoint(chart, Coordinates.ofComputed("coordinatesIn", xi)));
    }

    @Override
    public Optional<Defect> checkPoint(double[] ambient) {
        double defect = Math.abs(Vectors.norm(ambient) - 1);
        return defect <= UNIT_TOLERANCE ? Optional.empty()
                : Optional.of(new Defect("‖x‖ = 1", defect, UNIT_TOLERANCE));
    }

    /**
     * {@inheritDoc} In gnomonic coordinates with s = ‖ξ‖²: {@code ḡ(u, v) = (u·v − (ξ·u)(ξ·v)/(1+s))/(1+s)}, whose
     * inverse (Sherman–Morrison) is {@code (1+s)(I + ξξᵀ)}: O(n) instead of the generic pull-back's O(n³).
     */
    @Override
    public Metric metric() {
        return new Metric() {
            @Override
            public double inner(ChartPoint p, TangentVector u, TangentVector v) {
                p.requireTangent("u", u);
                p.requireTangent("v", v);
                Coordinates xi = p.xi();
                double s = xi.dot(xi);
                return (u.tau().dot(v.tau()) - xi.dot(u.tau()) * xi.dot(v.tau()) / (1 + s)) / (1 + s);
            }

            @Override
            public TangentVector raise(ChartPoint p, Coordinates covector) {
                covector.requireDimension("covector", n - 1, "dimension of " + name());
                Coordinates xi = p.xi();
                double s = xi.dot(xi);
                return p.tangent(covector.plus(xi.scale(xi.dot(covector))).scale(1 + s));
            }

            @Override
            public TangentVector riemannianGradient(ChartPoint p, double[] euclideanGradient) {
                Checks.requireFiniteOfLength("euclidean gradient", euclideanGradient, n, "ambient dimension of "
                        + name());
                return p.tangent(p.chart().tangentCoordinates(p.xi(), euclideanGradient));
            }
        };
    }

    /**
     * A uniform random point: a normalized standard Gaussian vector.
     *
     * @param rng the only source of randomness
     * @return a new unit vector of length n
     */
    public double[] uniform(RandomGenerator rng) {
        double[] g = new double[n];
        double s;
        do {
            for (int i = 0; i < n; i++) {
                g[i] = rng.nextGaussian();
            }
            s = Vectors.norm(g);
        } while (s < 1e-12);
        return Vectors.scaled(g, 1 / s);
    }

    private double[] ingest(String name, double[] ambient) {
        Checks.requireFiniteOfLength(name, ambient, n, "ambient dimension of " + name());
        Checks.requireOnManifold(name, ambient, this::checkPoint);
        return Vectors.normalized(ambient);
    }
}

package org.atlasgraph.sphere;

import java.util.Optional;
import org.atlasgraph.api.Chart;
import org.atlasgraph.api.ChartPoint;
import org.atlasgraph.api.Coordinates;
import org.atlasgraph.api.Manifold;
import org.atlasgraph.api.Sampler;
import org.atlasgraph.api.TangentVector;
import org.atlasgraph.api.check.Checks;
import org.atlasgraph.api.check.Defect;
import org.atlasgraph.api.check.InvalidInputException;
import org.atlasgraph.api.primitive.DifferentialVectorTransport;
import org.atlasgraph.api.primitive.Distance;
import org.atlasgraph.api.primitive.ExactGeometry;
import org.atlasgraph.api.primitive.ExactPrimitives;
import org.atlasgraph.api.primitive.InverseRetraction;
import org.atlasgraph.api.primitive.Metric;
import org.atlasgraph.api.primitive.QuasiEuclideanInverseRetraction;
import org.atlasgraph.api.primitive.QuasiEuclideanRetraction;
import org.atlasgraph.api.primitive.Retraction;
import org.atlasgraph.api.primitive.VectorTransport;

/**
 * The unit sphere S^{n-1} = {x ∈ R^n : ‖x‖ = 1} with the round metric, for any n ≥ 2.
 *
 * <p>Atlas: a gnomonic chart centred at every point (see {@code GnomonicChart}); a point is located in the chart centred
 * at itself, and a retraction that carries a point more than 45° from its chart centre moves it to a chart centred at
 * the new point. Primitives: the generic quasi-Euclidean retraction, inverse retraction and differential vector
 * transport of {@code org.atlasgraph.api.primitive}; the induced metric in closed form; exact great-circle geometry.
 * Ambient points are unit vectors of length n, accepted within {@link #UNIT_TOLERANCE} of norm 1 and normalized.
 */
public final class Sphere implements Manifold {
    /** Largest accepted |‖x‖ − 1| of an ambient point: loose enough for data stored in single precision. */
    public static final double UNIT_TOLERANCE = 1e-6;

    private final int n;
    private final SphereAtlas atlas = new SphereAtlas();
    private final SphereGeometry exact;
    private final Retraction retraction;
    private final InverseRetraction inverseRetraction;
    private final VectorTransport vectorTransport;
    private final Distance distance;

    private Sphere(int n) {
        this.n = n;
        this.exact = new SphereGeometry(n);
        this.retraction = new QuasiEuclideanRetraction(atlas);
        this.inverseRetraction = new QuasiEuclideanInverseRetraction(this);
        this.vectorTransport = new DifferentialVectorTransport(this);
        this.distance = ExactPrimitives.distance(this, exact);
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

    @Override
    public Retraction retraction() {
        return retraction;
    }

    @Override
    public InverseRetraction inverseRetraction() {
        return inverseRetraction;
    }

    @Override
    public VectorTransport vectorTransport() {
        return vectorTransport;
    }

    /**
     * {@inheritDoc} In gnomonic coordinates with s = ‖ξ‖²: {@code ḡ(u, v) = (u·v − (ξ·u)(ξ·v)/(1+s))/(1+s)}, whose
     * inverse (Sherman–Morrison) is {@code (1+s)(I + ξξᵀ)}.
     */
    @Override
    public Metric metric() {
        return new Metric() {
            @Override
            public double inner(ChartPoint p, TangentVector u, TangentVector v) {
                Checks.requireSameChart("u", p, u);
                Checks.requireSameChart("v", p, v);
                Coordinates xi = p.xi();
                double s = xi.dot(xi);
                return (u.tau().dot(v.tau()) - xi.dot(u.tau()) * xi.dot(v.tau()) / (1 + s)) / (1 + s);
            }

            @Override
            public TangentVector raise(ChartPoint p, Coordinates covector) {
                Checks.requireDimension("covector", covector, n - 1, "dimension of " + name());
                Coordinates xi = p.xi();
                double s = xi.dot(xi);
                return p.tangent(covector.plus(xi.scale(xi.dot(covector))).scale(1 + s));
            }
        };
    }

    @Override
    public Distance distance() {
        return distance;
    }

    @Override
    public Optional<ExactGeometry> exact() {
        return Optional.of(exact);
    }

    /** {@inheritDoc} The uniform measure: a normalized standard Gaussian vector. */
    @Override
    public Optional<Sampler> sampler() {
        return Optional.of(rng -> {
            double[] g = new double[n];
            double s;
            do {
                for (int i = 0; i < n; i++) {
                    g[i] = rng.nextGaussian();
                }
                s = Vectors.norm(g);
            } while (s < 1e-12);
            return locate(Vectors.scaled(g, 1 / s));
        });
    }

    private double[] ingest(String name, double[] ambient) {
        Checks.requireFiniteOfLength(name, ambient, n, "ambient dimension of " + name());
        Checks.requireOnManifold(name, ambient, this::checkPoint);
        return Vectors.normalized(ambient);
    }

    @Override
    public String toString() {
        return name() + " ⊂ R^" + n;
    }
}

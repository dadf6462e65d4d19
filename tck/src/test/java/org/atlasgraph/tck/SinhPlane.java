package org.atlasgraph.tck;

import java.util.Arrays;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import org.atlasgraph.api.AtlasGraph;
import org.atlasgraph.api.Chart;
import org.atlasgraph.api.ChartId;
import org.atlasgraph.api.ChartPoint;
import org.atlasgraph.api.Coordinates;
import org.atlasgraph.api.Manifold;
import org.atlasgraph.api.Sampler;
import org.atlasgraph.api.TangentVector;
import org.atlasgraph.api.Transition;
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
 * The kit's own healthy reference manifold: the hyperplane {x_d = 0} of R^{d+1}, flat, in curved "sinh" charts
 * {@code φ_c⁻¹(ξ) = (c + sinh ξ, 0)} (componentwise) centred at any c ∈ R^d.
 *
 * <p>It is written to exercise every rule with elementary closed forms and no dependency on a provider: the metric
 * {@code diag(cosh²ξ_i)} is stationary at a chart's centre (cosh' = sinh = 0) and not elsewhere, so the identity
 * transport is second order from a centre and first order off it, exactly like the sphere's gnomonic charts; the
 * quasi-Euclidean update differs from the straight line (Exp) by {@code ½t²sinh(ξ)τ²}; transitions
 * {@code ψ(ξ) = asinh(c_α − c_β + sinh ξ)} have non-trivial differentials; and the ambient space has a direction off
 * the manifold (x_d ≠ 0) for ERR-5. The atlas is lazy, like the sphere's: a chart centred at every located point.
 */
final class SinhPlane implements Manifold {
    /** Largest accepted |x_d| of an ambient point. */
    static final double PLANE_TOLERANCE = 1e-12;
    /** Trust region of a chart: {@code max|ξ_i| < 1}. */
    static final double TRUST = 1.0;

    private final int d;
    private final AtomicLong serial = new AtomicLong();
    private final Atlas atlas = new Atlas();
    private final Geometry exact = new Geometry();
    private final Retraction retraction = new QuasiEuclideanRetraction(atlas);
    private final InverseRetraction inverseRetraction = new QuasiEuclideanInverseRetraction(this);
    private final VectorTransport vectorTransport = new DifferentialVectorTransport(this);
    private final Distance distance = ExactPrimitives.distance(this, exact);

    SinhPlane(int d) {
        if (d < 1) {
            throw new InvalidInputException("d", "an integer ≥ 1", String.valueOf(d));
        }
        this.d = d;
    }

    @Override
    public String name() {
        return "SinhPlane(" + d + ")";
    }

    @Override
    public int dimension() {
        return d;
    }

    @Override
    public int ambientDimension() {
        return d + 1;
    }

    @Override
    public AtlasGraph atlas() {
        return atlas;
    }

    @Override
    public ChartPoint locate(double[] ambient) {
        double[] x = ingest(ambient);
        return new ChartPoint(chartAt(x), Coordinates.zeros(d));
    }

    @Override
    public Optional<ChartPoint> coordinatesIn(Chart chart, double[] ambient) {
        double[] x = ingest(ambient);
        SinhChart c = own(chart);
        double[] xi = new double[d];
        for (int i = 0; i < d; i++) {
            xi[i] = asinh(x[i] - c.centre[i]);
        }
        return Optional.of(new ChartPoint(c, Coordinates.ofComputed("coordinatesIn", xi)));
    }

    @Override
    public Optional<Defect> checkPoint(double[] ambient) {
        double off = Math.abs(ambient[d]);
        return off <= PLANE_TOLERANCE ? Optional.empty() : Optional.of(new Defect("x_d = 0", off, PLANE_TOLERANCE));
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

    @Override
    public Metric metric() {
        return new Metric() {
            @Override
            public double inner(ChartPoint p, TangentVector u, TangentVector v) {
                Checks.requireSameChart("u", p, u);
                Checks.requireSameChart("v", p, v);
                double s = 0;
                for (int i = 0; i < d; i++) {
                    double c = Math.cosh(p.xi().get(i));
                    s += c * c * u.tau().get(i) * v.tau().get(i);
                }
                return s;
            }

            @Override
            public TangentVector raise(ChartPoint p, Coordinates covector) {
                covector.requireDimension("covector", d, "dimension of " + name());
                double[] r = new double[d];
                for (int i = 0; i < d; i++) {
                    double c = Math.cosh(p.xi().get(i));
                    r[i] = covector.get(i) / (c * c);
                }
                return p.tangent(Coordinates.ofComputed("raise", r));
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

    /** {@inheritDoc} A standard Gaussian point of the plane. */
    @Override
    public Optional<Sampler> sampler() {
        return Optional.of(rng -> {
            double[] x = new double[d + 1];
            for (int i = 0; i < d; i++) {
                x[i] = rng.nextGaussian();
            }
            return locate(x);
        });
    }

    /** @return a new chart centred at the first d entries of x */
    SinhChart chartAt(double[] x) {
        return new SinhChart(new ChartId("sinh-" + serial.incrementAndGet()), Arrays.copyOf(x, d));
    }

    private double[] ingest(double[] ambient) {
        Checks.requireFiniteOfLength("ambient", ambient, d + 1, "ambient dimension of " + name());
        return Checks.requireOnManifold("ambient", ambient, this::checkPoint);
    }

    private SinhChart own(Chart chart) {
        if (chart instanceof SinhChart c && c.owner() == this) {
            return c;
        }
        throw new InvalidInputException("chart", "a chart of " + name(), String.valueOf(chart));
    }

    private Coordinates checked(String name, Coordinates values) {
        return values.requireDimension(name, d, "dimension of " + name());
    }

    private static double asinh(double y) {
        return Math.log(y + Math.sqrt(y * y + 1));
    }

    /** A sinh chart centred at c. */
    final class SinhChart implements Chart {
        private final ChartId id;
        private final double[] centre;

        SinhChart(ChartId id, double[] centre) {
            this.id = id;
            this.centre = centre;
        }

        SinhPlane owner() {
            return SinhPlane.this;
        }

        @Override
        public ChartId id() {
            return id;
        }

        @Override
        public int dimension() {
            return d;
        }

        @Override
        public boolean contains(Coordinates xi) {
            return checked("xi", xi).maxAbs() < TRUST;
        }

        @Override
        public double[] toAmbient(Coordinates xi) {
            checked("xi", xi);
            double[] x = new double[d + 1];
            for (int i = 0; i < d; i++) {
                x[i] = centre[i] + Math.sinh(xi.get(i));
            }
            return x;
        }

        @Override
        public double[] pushForward(Coordinates xi, Coordinates tau) {
            checked("xi", xi);
            checked("tau", tau);
            double[] v = new double[d + 1];
            for (int i = 0; i < d; i++) {
                v[i] = Math.cosh(xi.get(i)) * tau.get(i);
            }
            return v;
        }

        @Override
        public Coordinates tangentCoordinates(Coordinates xi, double[] ambient) {
            checked("xi", xi);
            Checks.requireFiniteOfLength("ambient", ambient, d + 1, "ambient dimension of " + name());
            double[] tau = new double[d];
            for (int i = 0; i < d; i++) {
                tau[i] = ambient[i] / Math.cosh(xi.get(i));
            }
            return Coordinates.ofComputed("tangentCoordinates", tau);
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof SinhChart c && c.id.equals(id);
        }

        @Override
        public int hashCode() {
            return id.hashCode();
        }

        @Override
        public String toString() {
            return "SinhChart[" + id + "]";
        }
    }

    /** ψ_αβ(ξ) = asinh(c_α − c_β + sinh ξ), defined everywhere. */
    private final class SinhTransition implements Transition {
        private final SinhChart from;
        private final SinhChart to;

        SinhTransition(SinhChart from, SinhChart to) {
            this.from = from;
            this.to = to;
        }

        @Override
        public Chart from() {
            return from;
        }

        @Override
        public Chart to() {
            return to;
        }

        @Override
        public Optional<Coordinates> apply(Coordinates xi) {
            checked("xi", xi);
            double[] r = new double[d];
            for (int i = 0; i < d; i++) {
                r[i] = asinh(from.centre[i] - to.centre[i] + Math.sinh(xi.get(i)));
            }
            return Optional.of(Coordinates.ofComputed("transition", r));
        }

        @Override
        public Coordinates pushForward(Coordinates xi, Coordinates tau) {
            checked("xi", xi);
            checked("tau", tau);
            double[] r = new double[d];
            for (int i = 0; i < d; i++) {
                double y = from.centre[i] - to.centre[i] + Math.sinh(xi.get(i));
                r[i] = Math.cosh(xi.get(i)) * tau.get(i) / Math.sqrt(1 + y * y);
            }
            return Coordinates.ofComputed("transition.pushForward", r);
        }
    }

    /** A chart at every point; a chart change re-centres at the point that left. */
    private final class Atlas implements AtlasGraph {
        @Override
        public Optional<Transition> transition(Chart from, Chart to) {
            return Optional.of(new SinhTransition(own(from), own(to)));
        }

        @Override
        public ChartPoint changeChart(ChartPoint q) {
            return new ChartPoint(chartAt(q.chart().toAmbient(q.xi())), Coordinates.zeros(d));
        }
    }

    /** Straight lines: the plane is flat. */
    private final class Geometry implements ExactGeometry {
        @Override
        public double[] exp(double[] p, double[] v) {
            double[] r = new double[d + 1];
            for (int i = 0; i < r.length; i++) {
                r[i] = p[i] + v[i];
            }
            return r;
        }

        @Override
        public double[] log(double[] p, double[] q) {
            double[] r = new double[d + 1];
            for (int i = 0; i < r.length; i++) {
                r[i] = q[i] - p[i];
            }
            return r;
        }

        @Override
        public double[] parallelTransport(double[] p, double[] v, double[] q) {
            return v.clone();
        }

        @Override
        public double inner(double[] p, double[] u, double[] v) {
            double s = 0;
            for (int i = 0; i < u.length; i++) {
                s += u[i] * v[i];
            }
            return s;
        }

        @Override
        public double distance(double[] p, double[] q) {
            double[] l = log(p, q);
            return Math.sqrt(inner(p, l, l));
        }
    }
}

package org.atlasgraph.api.validate;

import java.util.Objects;
import java.util.Optional;
import org.atlasgraph.api.AmbientMetric;
import org.atlasgraph.api.AtlasGraph;
import org.atlasgraph.api.Capability;
import org.atlasgraph.api.Chart;
import org.atlasgraph.api.ChartPoint;
import org.atlasgraph.api.Coordinates;
import org.atlasgraph.api.InverseRetraction;
import org.atlasgraph.api.Manifold;
import org.atlasgraph.api.Metric;
import org.atlasgraph.api.Retraction;
import org.atlasgraph.api.TangentVector;
import org.atlasgraph.api.VectorTransport;
import org.atlasgraph.api.check.Checks;
import org.atlasgraph.api.check.Defect;
import org.atlasgraph.api.check.InvalidInputException;

/**
 * A decorator that checks every call into a manifold and every answer out of it, in the manner of ManifoldsBase's
 * {@code ValidationManifold}: inputs must have the right lengths, be finite and lie in their charts' images, tangent
 * vectors must sit in the chart of their base point; outputs must be finite, of the right shape, in the right chart
 * and in its image, ambient images must pass {@link Manifold#checkPoint}, and inner products must be finite with
 * {@code ḡ(v, v) ≥ 0}. A bad input is an {@link InvalidInputException} naming it; a bad answer is an
 * {@link IllegalStateException} naming the operation and the manifold, because it is the provider's fault.
 *
 * <p>It costs a membership check per output, so it is for the conformance kit, tests and {@code atlas --validate},
 * not for hot loops. Capabilities are passed through unchecked.
 */
public final class ValidatingManifold implements Manifold {
    private final Manifold manifold;

    private ValidatingManifold(Manifold manifold) {
        this.manifold = manifold;
    }

    /**
     * @param manifold the manifold to check
     * @return a validating view of it (the same object if it already is one)
     */
    public static Manifold of(Manifold manifold) {
        Objects.requireNonNull(manifold, "manifold");
        return manifold instanceof ValidatingManifold ? manifold : new ValidatingManifold(manifold);
    }

    /** @return the manifold this view checks */
    public Manifold unwrap() {
        return manifold;
    }

    @Override
    public String name() {
        return manifold.name();
    }

    @Override
    public int dimension() {
        return manifold.dimension();
    }

    @Override
    public int ambientDimension() {
        return manifold.ambientDimension();
    }

    @Override
    public AtlasGraph atlas() {
        return manifold.atlas();
    }

    @Override
    public ChartPoint locate(double[] ambient) {
        requireAmbient("ambient", ambient);
        return answer("locate", manifold.locate(ambient));
    }

    @Override
    public Optional<ChartPoint> coordinatesIn(Chart chart, double[] ambient) {
        Objects.requireNonNull(chart, "chart");
        requireAmbient("ambient", ambient);
        Optional<ChartPoint> q = manifold.coordinatesIn(chart, ambient);
        q.ifPresent(r -> {
            answer("coordinatesIn", r);
            if (!r.chart().id().equals(chart.id())) {
                throw wrong("coordinatesIn", "a point in chart " + chart.id() + ", returned one in " + r.chart().id());
            }
        });
        return q;
    }

    @Override
    public double[] embed(ChartPoint p) {
        requirePoint("p", p);
        double[] x = manifold.embed(p);
        if (x == null || x.length != ambientDimension()) {
            throw wrong("embed", "an array of length " + ambientDimension());
        }
        for (int i = 0; i < x.length; i++) {
            if (!Double.isFinite(x[i])) {
                throw wrong("embed", "finite entries, returned x[" + i + "] = " + x[i]);
            }
        }
        Optional<Defect> defect = manifold.checkPoint(x);
        if (defect.isPresent()) {
            throw wrong("embed", "a point that passes checkPoint, returned one with "
                    + defect.get().found());
        }
        return x;
    }

    @Override
    public Optional<Defect> checkPoint(double[] ambient) {
        requireAmbient("ambient", ambient);
        return manifold.checkPoint(ambient);
    }

    @Override
    public AmbientMetric ambientMetric() {
        AmbientMetric g = manifold.ambientMetric();
        return new AmbientMetric() {
            @Override
            public double inner(double[] x, double[] u, double[] v) {
                requireAmbient("x", x);
                requireAmbient("u", u);
                requireAmbient("v", v);
                return finite("ambientMetric", g.inner(x, u, v));
            }

            @Override
            public boolean isInduced() {
                return g.isInduced();
            }
        };
    }

    @Override
    public Retraction retraction() {
        Retraction r = manifold.retraction();
        return (p, tau) -> {
            requirePoint("p", p);
            p.requireTangent("tau", tau);
            Optional<ChartPoint> q = r.retract(p, tau);
            if (q == null) {
                throw wrong("retract", "an Optional, returned null");
            }
            q.ifPresent(point -> answer("retract", point));
            return q;
        };
    }

    @Override
    public InverseRetraction inverseRetraction() {
        InverseRetraction r = manifold.inverseRetraction();
        return (p, q) -> {
            requirePoint("p", p);
            requirePoint("q", q);
            Optional<TangentVector> tau = r.inverseRetract(p, q);
            if (tau == null) {
                throw wrong("inverseRetract", "an Optional, returned null");
            }
            tau.ifPresent(v -> requireAnswerIn("inverseRetract", p, v));
            return tau;
        };
    }

    @Override
    public VectorTransport vectorTransport() {
        VectorTransport t = manifold.vectorTransport();
        return (p, tau, q) -> {
            requirePoint("p", p);
            p.requireTangent("tau", tau);
            requirePoint("q", q);
            return requireAnswerIn("transport", q, t.transport(p, tau, q));
        };
    }

    @Override
    public Metric metric() {
        Metric g = manifold.metric();
        return new Metric() {
            @Override
            public double inner(ChartPoint p, TangentVector u, TangentVector v) {
                requirePoint("p", p);
                p.requireTangent("u", u);
                p.requireTangent("v", v);
                double s = finite("inner", g.inner(p, u, v));
                if (u.equals(v) && s < 0) {
                    throw wrong("inner", "ḡ(v, v) ≥ 0, returned " + Checks.number(s));
                }
                return s;
            }

            @Override
            public TangentVector raise(ChartPoint p, Coordinates covector) {
                requirePoint("p", p);
                covector.requireDimension("covector", dimension(), "dimension of " + name());
                return requireAnswerIn("raise", p, g.raise(p, covector));
            }

            @Override
            public TangentVector riemannianGradient(ChartPoint p, double[] euclideanGradient) {
                requirePoint("p", p);
                requireAmbient("euclidean gradient", euclideanGradient);
                return requireAnswerIn("riemannianGradient", p, g.riemannianGradient(p, euclideanGradient));
            }
        };
    }

    @Override
    public <C extends Capability> Optional<C> capability(Class<C> type) {
        return manifold.capability(type);
    }

    @Override
    public String toString() {
        return manifold.toString();
    }

    private void requireAmbient(String name, double[] ambient) {
        Objects.requireNonNull(ambient, name);
        Checks.requireFiniteOfLength(name, ambient, ambientDimension(), "ambient dimension of " + name());
    }

    private void requirePoint(String name, ChartPoint p) {
        Objects.requireNonNull(p, name);
        if (p.chart().dimension() != dimension()) {
            throw new InvalidInputException(name, "a point in a chart of dimension " + dimension() + " ("
                    + name() + ")", "one in chart " + p.chart().id() + " of dimension " + p.chart().dimension());
        }
        if (!p.chart().inImage(p.xi())) {
            throw new InvalidInputException(name, "coordinates in the image of chart " + p.chart().id(),
                    p.xi().toString());
        }
    }

    private ChartPoint answer(String operation, ChartPoint q) {
        if (q == null) {
            throw wrong(operation, "a point, returned null");
        }
        if (q.chart().dimension() != dimension()) {
            throw wrong(operation, "a point in a chart of dimension " + dimension() + ", returned one in chart "
                    + q.chart().id() + " of dimension " + q.chart().dimension());
        }
        if (!q.chart().inImage(q.xi())) {
            throw wrong(operation, "a point in the image of its chart " + q.chart().id() + ", returned " + q.xi());
        }
        return q;
    }

    private TangentVector requireAnswerIn(String operation, ChartPoint base, TangentVector v) {
        if (v == null) {
            throw wrong(operation, "a tangent vector, returned null");
        }
        if (!v.chart().id().equals(base.chart().id())) {
            throw wrong(operation, "a tangent vector in chart " + base.chart().id() + ", returned one in "
                    + v.chart().id());
        }
        return v;
    }

    private double finite(String operation, double value) {
        if (!Double.isFinite(value)) {
            throw wrong(operation, "a finite value, returned " + value);
        }
        return value;
    }

    private IllegalStateException wrong(String operation, String what) {
        return new IllegalStateException(operation + " of " + name() + ": expected " + what);
    }
}

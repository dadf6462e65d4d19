package org.atlasgraph.api;

import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import org.atlasgraph.api.base.AtlasManifold;
import org.atlasgraph.api.check.Checks;
import org.atlasgraph.api.check.Defect;

/**
 * A test fixture: Euclidean R^d with charts ξ = s·(x − c) (a centre c and a scale s &gt; 0), trusted on ‖ξ‖ &lt; 1. The
 * scale makes transitions and their differentials non-trivial while every answer stays known in closed form.
 */
public final class FlatManifold extends AtlasManifold {
    private final int d;
    private final double scale;
    private final double imageRadius;
    private final AtomicLong serial = new AtomicLong();
    private final AtlasGraph atlas = new AtlasGraph() {
        @Override
        public Optional<Transition> transition(Chart from, Chart to) {
            return Optional.of(new Shift((Translated) from, (Translated) to));
        }

        @Override
        public ChartPoint changeChart(ChartPoint q) {
            return new ChartPoint(chartAt(q.chart().toAmbient(q.xi())), Coordinates.zeros(d));
        }
    };

    /**
     * @param d     dimension
     * @param scale the coordinate scale s of every chart
     */
    public FlatManifold(int d, double scale) {
        this(d, scale, Double.POSITIVE_INFINITY);
    }

    /**
     * @param d          dimension
     * @param scale      the coordinate scale s of every chart
     * @param imageRadius every chart's image is the ball ‖ξ‖ &lt; imageRadius (&gt; 1, the radius of trust)
     */
    public FlatManifold(int d, double scale, double imageRadius) {
        super(AmbientMetric.INDUCED);
        this.d = d;
        this.scale = scale;
        this.imageRadius = imageRadius;
    }

    /** @return a new chart centred at c */
    public Translated chartAt(double[] centre) {
        return new Translated(new ChartId("flat-" + serial.incrementAndGet()), centre.clone(), scale, imageRadius);
    }

    /** A chart ξ = s(x − c) with image ‖ξ‖ &lt; imageRadius. */
    public record Translated(ChartId id, double[] centre, double scale, double imageRadius) implements Chart {
        @Override
        public int dimension() {
            return centre.length;
        }

        @Override
        public boolean contains(Coordinates xi) {
            return xi.norm() < 1;
        }

        @Override
        public boolean inImage(Coordinates xi) {
            return xi.norm() < imageRadius;
        }

        @Override
        public double[] toAmbient(Coordinates xi) {
            if (!inImage(xi)) {
                throw new IllegalArgumentException("xi outside the image: " + xi);
            }
            double[] x = xi.toArray();
            for (int i = 0; i < x.length; i++) {
                x[i] = centre[i] + x[i] / scale;
            }
            return x;
        }

        double[] coordinates(double[] x) {
            double[] xi = new double[x.length];
            for (int i = 0; i < x.length; i++) {
                xi[i] = scale * (x[i] - centre[i]);
            }
            return xi;
        }

        @Override
        public double[] pushForward(Coordinates xi, Coordinates tau) {
            return tau.scale(1 / scale).toArray();
        }

        @Override
        public Coordinates tangentCoordinates(Coordinates xi, double[] ambient) {
            return Coordinates.of(ambient).scale(scale);
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Translated t && t.id.equals(id);
        }

        @Override
        public int hashCode() {
            return id.hashCode();
        }
    }

    private record Shift(Translated from, Translated to) implements Transition {
        @Override
        public Optional<Coordinates> apply(Coordinates xi) {
            return Optional.of(Coordinates.of(to.coordinates(from.toAmbient(xi))));
        }

        @Override
        public Coordinates pushForward(Coordinates xi, Coordinates tau) {
            return tau.scale(to.scale / from.scale);
        }
    }

    @Override
    public String name() {
        return "R^" + d;
    }

    @Override
    public int dimension() {
        return d;
    }

    @Override
    public int ambientDimension() {
        return d;
    }

    @Override
    public AtlasGraph atlas() {
        return atlas;
    }

    @Override
    public ChartPoint locate(double[] ambient) {
        Checks.requireFiniteOfLength("ambient", ambient, d, "");
        return new ChartPoint(chartAt(ambient), Coordinates.zeros(d));
    }

    @Override
    public Optional<ChartPoint> coordinatesIn(Chart chart, double[] ambient) {
        Checks.requireFiniteOfLength("ambient", ambient, d, "");
        return Optional.of(new ChartPoint(chart, Coordinates.of(((Translated) chart).coordinates(ambient))));
    }

    @Override
    public Optional<Defect> checkPoint(double[] ambient) {
        return Optional.empty();
    }

    @Override
    public Metric metric() {
        return new Metric() {
            @Override
            public double inner(ChartPoint p, TangentVector u, TangentVector v) {
                return u.tau().dot(v.tau()) / (scale * scale);
            }

            @Override
            public TangentVector raise(ChartPoint p, Coordinates covector) {
                return p.tangent(covector.scale(scale * scale));
            }
        };
    }
}

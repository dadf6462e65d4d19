package org.example.flat;

import java.util.List;
import java.util.Optional;
import java.util.random.RandomGenerator;
import org.atlasgraph.api.AmbientMetric;
import org.atlasgraph.api.AtlasGraph;
import org.atlasgraph.api.Chart;
import org.atlasgraph.api.ChartId;
import org.atlasgraph.api.ChartPoint;
import org.atlasgraph.api.Coordinates;
import org.atlasgraph.api.Manifold;
import org.atlasgraph.api.Transition;
import org.atlasgraph.api.base.AtlasManifold;
import org.atlasgraph.api.capability.ExactGeometry;
import org.atlasgraph.api.capability.Sampler;
import org.atlasgraph.api.check.Checks;
import org.atlasgraph.api.check.Defect;
import org.atlasgraph.api.spi.ManifoldProvider;
import org.atlasgraph.api.spi.ParameterSpec;
import org.atlasgraph.api.spi.ProviderParameters;

/**
 * A provider written outside atlasgraph, compiled and packed into a jar by the CLI's plug-in tests: the Euclidean
 * space R^d with a single identity chart, exact geometry and a Gaussian sampler. Nothing in atlas names it.
 */
public final class FlatPlane extends AtlasManifold {
    private final int d;
    private final IdentityChart chart;
    private final AtlasGraph atlas;

    FlatPlane(int d) {
        super(AmbientMetric.INDUCED);
        this.d = d;
        this.chart = new IdentityChart(d);
        this.atlas = new AtlasGraph() {
            @Override
            public Optional<Transition> transition(Chart from, Chart to) {
                return Optional.of(new Transition() {
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
                        return Optional.of(xi.requireDimension("xi", d, name()));
                    }

                    @Override
                    public Coordinates pushForward(Coordinates xi, Coordinates tau) {
                        xi.requireDimension("xi", d, name());
                        return tau.requireDimension("tau", d, name());
                    }
                });
            }

            @Override
            public ChartPoint changeChart(ChartPoint q) {
                return q;
            }
        };
        provide(ExactGeometry.class, new ExactGeometry() {
            @Override
            public double[] exp(double[] p, double[] v) {
                double[] q = p.clone();
                for (int i = 0; i < q.length; i++) {
                    q[i] += v[i];
                }
                return q;
            }

            @Override
            public double[] log(double[] p, double[] q) {
                double[] v = q.clone();
                for (int i = 0; i < v.length; i++) {
                    v[i] -= p[i];
                }
                return v;
            }

            @Override
            public double[] parallelTransport(double[] p, double[] v, double[] q) {
                return v.clone();
            }

            @Override
            public double distance(double[] p, double[] q) {
                return Coordinates.of(log(p, q)).norm();
            }
        });
        provide(Sampler.class, new Sampler() {
            @Override
            public ChartPoint sample(RandomGenerator rng) {
                double[] x = new double[d];
                for (int i = 0; i < d; i++) {
                    x[i] = rng.nextGaussian();
                }
                return locate(x);
            }

            @Override
            public String distribution() {
                return "standard normal";
            }
        });
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
        Checks.requireFiniteOfLength("ambient", ambient, d, "ambient dimension of " + name());
        return new ChartPoint(chart, Coordinates.of(ambient));
    }

    @Override
    public Optional<ChartPoint> coordinatesIn(Chart c, double[] ambient) {
        return Optional.of(new ChartPoint(c, locate(ambient).xi()));
    }

    @Override
    public Optional<Defect> checkPoint(double[] ambient) {
        return Optional.empty();
    }

    /** The chart ξ = x, trusted everywhere. */
    record IdentityChart(int dimension) implements Chart {
        @Override
        public ChartId id() {
            return new ChartId("identity");
        }

        @Override
        public boolean contains(Coordinates xi) {
            return true;
        }

        @Override
        public double[] toAmbient(Coordinates xi) {
            return xi.requireDimension("xi", dimension, "identity chart").toArray();
        }

        @Override
        public double[] pushForward(Coordinates xi, Coordinates tau) {
            xi.requireDimension("xi", dimension, "identity chart");
            return tau.requireDimension("tau", dimension, "identity chart").toArray();
        }

        @Override
        public Coordinates tangentCoordinates(Coordinates xi, double[] ambient) {
            xi.requireDimension("xi", dimension, "identity chart");
            return Coordinates.of(Checks.requireLength("ambient", ambient, dimension, "identity chart"));
        }
    }

    /** Registers {@code flat-plane} with one parameter, the dimension d. */
    public static final class Provider implements ManifoldProvider {
        /** Called by the service loader. */
        public Provider() {
        }

        @Override
        public String name() {
            return "flat-plane";
        }

        @Override
        public String description() {
            return "Euclidean space R^d in one identity chart, from a plug-in jar.";
        }

        @Override
        public List<ParameterSpec> parameters() {
            return List.of(ParameterSpec.optional("d", ParameterSpec.Type.INTEGER, "dimension, d ≥ 1", "2"));
        }

        @Override
        public Manifold create(ProviderParameters parameters) {
            int d = parameters.integer("d");
            if (d < 1) {
                throw parameters.outOfRange("d", "an integer ≥ 1");
            }
            return new FlatPlane(d);
        }
    }
}

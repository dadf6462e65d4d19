package org.atlasgraph.optim;

import java.util.Optional;
import org.atlasgraph.api.AmbientMetric;
import org.atlasgraph.api.AtlasGraph;
import org.atlasgraph.api.Chart;
import org.atlasgraph.api.ChartId;
import org.atlasgraph.api.ChartPoint;
import org.atlasgraph.api.Coordinates;
import org.atlasgraph.api.Transition;
import org.atlasgraph.api.base.AtlasManifold;
import org.atlasgraph.api.check.Checks;
import org.atlasgraph.api.check.Defect;

/**
 * A test fixture whose metric is not the one induced by its embedding: R^d in one identity chart with the constant
 * metric {@code g(u, v) = Σ w_i u_i v_i}. The Riemannian gradient of a function with Euclidean gradient e is
 * {@code (e_i / w_i)}, while projecting e orthogonally onto the tangent space (all of R^d) would leave it unchanged:
 * the two differ unless every weight is 1.
 */
public final class WeightedPlane extends AtlasManifold {
    private final double[] weights;
    private final Chart chart;

    /** @param weights the metric's positive weights w_i, one per dimension (copied) */
    public WeightedPlane(double... weights) {
        super(weighted(weights.clone()));
        this.weights = weights.clone();
        this.chart = new Identity(weights.length);
    }

    /** @return w_i */
    public double weight(int i) {
        return weights[i];
    }

    private static AmbientMetric weighted(double[] weights) {
        return (x, u, v) -> {
            double s = 0;
            for (int i = 0; i < u.length; i++) {
                s += weights[i] * u[i] * v[i];
            }
            return s;
        };
    }

    /** The chart ξ = x, trusted everywhere. */
    private record Identity(int dimension) implements Chart {
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
            return xi.toArray();
        }

        @Override
        public double[] pushForward(Coordinates xi, Coordinates tau) {
            return tau.toArray();
        }

        /** {@inheritDoc} The tangent space is all of R^d, so the metric projection is the identity. */
        @Override
        public Coordinates tangentCoordinates(Coordinates xi, double[] ambient) {
            return Coordinates.of(ambient);
        }
    }

    @Override
    public String name() {
        return "R^" + weights.length + " (weighted)";
    }

    @Override
    public int dimension() {
        return weights.length;
    }

    @Override
    public int ambientDimension() {
        return weights.length;
    }

    @Override
    public AtlasGraph atlas() {
        return new AtlasGraph() {
            @Override
            public Optional<Transition> transition(Chart from, Chart to) {
                return Optional.empty();
            }

            @Override
            public ChartPoint changeChart(ChartPoint q) {
                return q;
            }
        };
    }

    @Override
    public ChartPoint locate(double[] ambient) {
        Checks.requireFiniteOfLength("ambient", ambient, weights.length, "ambient dimension of " + name());
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
}

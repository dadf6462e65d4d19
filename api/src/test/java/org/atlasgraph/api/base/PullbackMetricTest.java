package org.atlasgraph.api.base;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.Optional;
import org.atlasgraph.api.AmbientMetric;
import org.atlasgraph.api.AtlasGraph;
import org.atlasgraph.api.Chart;
import org.atlasgraph.api.ChartId;
import org.atlasgraph.api.ChartPoint;
import org.atlasgraph.api.Coordinates;
import org.atlasgraph.api.TangentVector;
import org.atlasgraph.api.Transition;
import org.atlasgraph.api.check.Defect;
import org.junit.jupiter.api.Test;

/**
 * The generic metric and gradient against a closed form: R² with the metric g_x = diag(1, 4) (not the induced one) in
 * the identity chart. The gradient of f(x) = c·x is G⁻¹c = (c₀, c₁/4), and the induced shortcut (projection) would give
 * c — so this test fails if the base ever assumes the embedding's metric.
 */
class PullbackMetricTest {
    private static final double TOL = 1e-14;
    private static final AmbientMetric STRETCHED = (x, u, v) -> u[0] * v[0] + 4 * u[1] * v[1];

    private final Identity plane = new Identity();

    @Test
    void innerIsTheAmbientMetricOfThePushedForwardVectors() {
        ChartPoint p = plane.locate(new double[] {0.3, -2});
        double g = plane.metric().inner(p, p.tangent(Coordinates.of(1, 2)), p.tangent(Coordinates.of(3, -1)));
        assertThat(g).as("1·3 + 4·2·(−1)").isCloseTo(-5, within(TOL));
    }

    @Test
    void raiseSolvesWithTheGramMatrixAndGradientGoesThroughTheMetric() {
        ChartPoint p = plane.locate(new double[] {1, 1});
        TangentVector raised = plane.metric().raise(p, Coordinates.of(2, 8));
        assertThat(raised.tau().toArray()).as("G⁻¹ω").containsExactly(new double[] {2, 2}, within(TOL));
        TangentVector grad = plane.metric().riemannianGradient(p, new double[] {2, 8});
        assertThat(grad.tau().toArray()).as("egrad2rgrad, not the projection")
                .containsExactly(new double[] {2, 2}, within(TOL));
        TangentVector v = p.tangent(Coordinates.of(0.7, -1.3));
        assertThat(plane.metric().inner(p, grad, v)).as("⟨grad f, v⟩ = df(v) = c·v")
                .isCloseTo(2 * 0.7 + 8 * -1.3, within(1e-13));
    }

    /** R² in one chart, ξ = x, with the stretched metric. */
    private static final class Identity extends AtlasManifold {
        private final Chart chart = new Chart() {
            private final ChartId id = new ChartId("identity");

            @Override
            public ChartId id() {
                return id;
            }

            @Override
            public int dimension() {
                return 2;
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

            @Override
            public Coordinates tangentCoordinates(Coordinates xi, double[] ambient) {
                return Coordinates.of(ambient);
            }
        };

        Identity() {
            super(STRETCHED);
        }

        @Override
        public String name() {
            return "R² with diag(1, 4)";
        }

        @Override
        public int dimension() {
            return 2;
        }

        @Override
        public int ambientDimension() {
            return 2;
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
            return new ChartPoint(chart, Coordinates.of(ambient));
        }

        @Override
        public Optional<ChartPoint> coordinatesIn(Chart c, double[] ambient) {
            return Optional.of(locate(ambient));
        }

        @Override
        public Optional<Defect> checkPoint(double[] ambient) {
            return Optional.empty();
        }
    }
}

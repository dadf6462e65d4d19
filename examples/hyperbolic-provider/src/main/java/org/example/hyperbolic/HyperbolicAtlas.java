package org.example.hyperbolic;

import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import org.atlasgraph.api.AtlasGraph;
import org.atlasgraph.api.Chart;
import org.atlasgraph.api.ChartId;
import org.atlasgraph.api.ChartPoint;
import org.atlasgraph.api.Coordinates;
import org.atlasgraph.api.Transition;

/**
 * The lazy atlas of H^n: a Poincaré-ball chart centred at every point, created on demand, and a transition between
 * any two charts. A chart change re-centres at the point that left its chart's domain of trust, so updates start at a
 * chart centre, where the chart metric is stationary.
 */
final class HyperbolicAtlas implements AtlasGraph {
    private final AtomicLong serial = new AtomicLong();

    /** @return a new chart centred at {@code centre}, a point of H^n */
    PoincareChart chartAt(double[] centre) {
        return new PoincareChart(new ChartId("poincare-" + serial.incrementAndGet()), centre);
    }

    @Override
    public Optional<Transition> transition(Chart from, Chart to) {
        if (from instanceof PoincareChart a && to instanceof PoincareChart b) {
            return Optional.of(new PoincareTransition(a, b));
        }
        return Optional.empty();
    }

    @Override
    public ChartPoint changeChart(ChartPoint q) {
        double[] x = Minkowski.normalized(q.chart().toAmbient(q.xi()));
        return new ChartPoint(chartAt(x), Coordinates.zeros(x.length - 1));
    }
}

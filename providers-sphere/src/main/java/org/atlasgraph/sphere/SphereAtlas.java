package org.atlasgraph.sphere;

import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import org.atlasgraph.api.AtlasGraph;
import org.atlasgraph.api.Chart;
import org.atlasgraph.api.ChartId;
import org.atlasgraph.api.ChartPoint;
import org.atlasgraph.api.Coordinates;
import org.atlasgraph.api.Transition;
import org.atlasgraph.api.check.Checks;

/**
 * The lazy atlas of S^{n-1}: a gnomonic chart centred at every point, created on demand, and a transition between any
 * two charts (defined on the overlap of their hemispheres). A chart change re-centres: the new chart is centred at the
 * point that left the old one, so every quasi-Euclidean update starts at a chart centre, where the identity transport
 * is second-order accurate.
 *
 * <p>Thread-safe: charts are immutable, and their serial numbers come from an atomic counter, so two threads sharing
 * the atlas get distinct charts (whose ids, and only ids, depend on the interleaving).
 */
final class SphereAtlas implements AtlasGraph {
    private final AtomicLong serial = new AtomicLong();

    /** @return a new chart centred at the unit vector {@code centre} */
    GnomonicChart chartAt(double[] centre) {
        return new GnomonicChart(new ChartId("gnomonic-" + serial.incrementAndGet()), centre);
    }

    @Override
    public Optional<Transition> transition(Chart from, Chart to) {
        Checks.requireNonNull("from", from, "a chart");
        Checks.requireNonNull("to", to, "a chart");
        if (from instanceof GnomonicChart a && to instanceof GnomonicChart b) {
            return Optional.of(new GnomonicTransition(a, b));
        }
        return Optional.empty();
    }

    @Override
    public ChartPoint changeChart(ChartPoint q) {
        Checks.requireNonNull("q", q, "a chart point");
        double[] x = q.chart().toAmbient(q.xi());
        return new ChartPoint(chartAt(x), Coordinates.zeros(x.length - 1));
    }
}

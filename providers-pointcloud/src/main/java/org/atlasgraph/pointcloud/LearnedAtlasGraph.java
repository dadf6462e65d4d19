package org.atlasgraph.pointcloud;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.BiFunction;
import org.atlasgraph.api.AtlasGraph;
import org.atlasgraph.api.Chart;
import org.atlasgraph.api.ChartPoint;
import org.atlasgraph.api.Transition;
import org.jgrapht.Graph;
import org.jgrapht.graph.AsUnmodifiableGraph;
import org.jgrapht.graph.builder.GraphTypeBuilder;

/**
 * The finite atlas graph of a learned atlas: its charts as vertices and, for every pair of charts whose balls share
 * training points, the transition maps ψ̃_αβ and ψ̃_βα as directed edges (§4.1), in a JGraphT graph.
 */
final class LearnedAtlasGraph implements AtlasGraph {
    private final Map<Long, QuadraticTransition> transitions = new HashMap<>();
    private final Graph<Chart, Transition> view;
    private final BiFunction<QuadraticChart, double[], ChartPoint> chartChange;

    /**
     * @param charts      the charts, by index
     * @param neighbours  for each chart, the charts it overlaps
     * @param tolerance   the atlas's off-surface tolerance (the extent of an overlap)
     * @param chartChange re-expresses a point of a chart, given by its coordinates, in the chart the atlas prefers
     */
    LearnedAtlasGraph(List<QuadraticChart> charts, int[][] neighbours, double tolerance,
                      BiFunction<QuadraticChart, double[], ChartPoint> chartChange) {
        this.chartChange = chartChange;
        Graph<Chart, Transition> g = GraphTypeBuilder.<Chart, Transition>directed().allowingMultipleEdges(false)
                .allowingSelfLoops(false).weighted(false).buildGraph();
        charts.forEach(g::addVertex);
        for (QuadraticChart a : charts) {
            for (int j : neighbours[a.index()]) {
                QuadraticChart b = charts.get(j);
                QuadraticTransition t = new QuadraticTransition(a, b, tolerance);
                transitions.put(key(a.index(), j), t);
                g.addEdge(a, b, t);
            }
        }
        this.view = new AsUnmodifiableGraph<>(g);
    }

    private static long key(int from, int to) {
        return ((long) from << 32) | to;
    }

    /** {@inheritDoc} Present for charts of this atlas that overlap. */
    @Override
    public Optional<Transition> transition(Chart from, Chart to) {
        if (from instanceof QuadraticChart a && to instanceof QuadraticChart b) {
            return Optional.ofNullable(transitions.get(key(a.index(), b.index())));
        }
        return Optional.empty();
    }

    /**
     * {@inheritDoc} The point's ambient image φ̃_α⁻¹(ξ) is located afresh: the chart with the nearest centre among
     * those whose domain of trust contains it (§4.2.2); in a gap between the domains, the same chart while ξ is within
     * its fitted disc, else the nearest chart that represents the point within its own disc. The point never moves.
     *
     * @throws org.atlasgraph.api.check.InvalidInputException if the point has left its chart's fitted disc and no
     *     chart represents it
     */
    @Override
    public ChartPoint changeChart(ChartPoint q) {
        if (!(q.chart() instanceof QuadraticChart c)) {
            throw new IllegalArgumentException("not a chart of this atlas: " + q.chart());
        }
        return chartChange.apply(c, q.xi().toArray());
    }

    @Override
    public Optional<Graph<Chart, Transition>> asGraph() {
        return Optional.of(view);
    }
}

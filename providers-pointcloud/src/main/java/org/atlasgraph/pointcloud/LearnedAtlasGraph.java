package org.atlasgraph.pointcloud;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.atlasgraph.api.AtlasGraph;
import org.atlasgraph.api.Chart;
import org.atlasgraph.api.ChartPoint;
import org.atlasgraph.api.Transition;
import org.atlasgraph.api.base.Vectors;
import org.atlasgraph.api.check.Checks;
import org.atlasgraph.api.check.InvalidInputException;
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
    private final ChartMembership membership;

    /**
     * @param charts      the charts, by index
     * @param neighbours  for each chart, the charts it overlaps
     * @param tolerance   the atlas's off-surface tolerance (the extent of an overlap)
     * @param membership  the charts' membership, which re-expresses a point in the chart the atlas prefers
     */
    LearnedAtlasGraph(List<QuadraticChart> charts, int[][] neighbours, double tolerance,
                      ChartMembership membership) {
        this.membership = membership;
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
     * @throws InvalidInputException naming {@code q} if it is not in a chart of this atlas, or if it has left its
     *     chart's fitted disc where no chart represents it (the data end there; the retraction answers empty there)
     */
    @Override
    public ChartPoint changeChart(ChartPoint q) {
        QuadraticChart c = membership.own(q.chart());
        double[] xi = q.xi().toArray();
        return membership.changeChart(c, xi).orElseThrow(() -> new InvalidInputException("q",
                "a point that a chart of the learned atlas represents", "one that leaves the fitted disc of "
                + c.id() + " (‖ξ‖ = " + Checks.number(Vectors.norm(xi)) + ", ρ = "
                + Checks.number(c.coordinateRadius()) + ") where no chart represents it", "the data end there"));
    }

    @Override
    public Optional<Graph<Chart, Transition>> asGraph() {
        return Optional.of(view);
    }
}

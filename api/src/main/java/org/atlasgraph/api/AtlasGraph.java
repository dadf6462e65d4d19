package org.atlasgraph.api;

import java.util.Optional;
import org.jgrapht.Graph;

/**
 * The atlas graph G = (V, E) of §2.1.2: compressed charts as vertices, transition maps as edges.
 *
 * <p>An atlas may be finite (a learned point-cloud atlas) or implicit and lazy (Gr(n,k) has C(n,k) Ehresmann charts
 * plus an ad hoc chart centred at every point; the sphere has a chart centred at every point). Lazy atlases create
 * charts and transitions on demand and expose no {@link #asGraph() graph view}.
 */
public interface AtlasGraph {
    /**
     * The transition from one chart to another.
     *
     * @param from source chart α
     * @param to   target chart β
     * @return ψ_αβ, or empty when the charts do not overlap or the atlas has no such edge
     */
    Optional<Transition> transition(Chart from, Chart to);

    /**
     * The chart change of a quasi-Euclidean retraction (§2.4; Alg. 4 for Gr(n,k), §4.2.2 for point clouds): expresses
     * a point that has left its chart's domain of trust in the chart the atlas prefers for it (an ad hoc chart centred
     * at it, or the neighbouring chart that now contains it).
     *
     * @param q a point, typically with {@code !q.chart().contains(q.xi())}
     * @return the same point in the preferred chart
     */
    ChartPoint changeChart(ChartPoint q);

    /**
     * A JGraphT view of a finite atlas, for algorithms that walk the graph (shortest paths, plots).
     *
     * @return the graph with charts as vertices and transitions as directed edges, or empty for lazy atlases
     */
    default Optional<Graph<Chart, Transition>> asGraph() {
        return Optional.empty();
    }
}

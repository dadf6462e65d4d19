package org.atlasgraph.api.primitive;

import java.util.Objects;
import org.atlasgraph.api.AtlasGraph;
import org.atlasgraph.api.ChartPoint;
import org.atlasgraph.api.Coordinates;
import org.atlasgraph.api.TangentVector;
import org.atlasgraph.api.check.Checks;

/**
 * The quasi-Euclidean update of §2.4: ξ ↦ ξ + τ in the chart of p, followed by the atlas's chart change when the result
 * leaves the chart's domain of trust (Alg. 1's {@code |a| ≥ 1} test for Gr(n,k), the positive quartic for point
 * clouds). Within one chart it is a retraction (Claim 2.1, App. A.1).
 */
public final class QuasiEuclideanRetraction implements Retraction {
    private final AtlasGraph atlas;

    /** @param atlas the atlas whose {@link AtlasGraph#changeChart} is used when a step leaves its chart */
    public QuasiEuclideanRetraction(AtlasGraph atlas) {
        this.atlas = Objects.requireNonNull(atlas, "atlas");
    }

    /** {@inheritDoc} */
    @Override
    public ChartPoint retract(ChartPoint p, TangentVector tau) {
        Checks.requireSameChart("tau", p, tau);
        Coordinates xi = p.xi().plus(tau.tau());
        ChartPoint q = new ChartPoint(p.chart(), xi);
        return p.chart().contains(xi) ? q : atlas.changeChart(q);
    }
}

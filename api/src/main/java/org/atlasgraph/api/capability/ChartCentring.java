package org.atlasgraph.api.capability;

import org.atlasgraph.api.Capability;
import org.atlasgraph.api.ChartPoint;

/**
 * Re-expresses a point in a chart centred at it (coordinates 0): the sphere's gnomonic chart at the point, the
 * Grassmannian's ad hoc chart of Claim 3.1. Chart-coordinate algorithms use it to keep their chart's distortion
 * second order around the current estimate (a consistent online Fréchet mean re-centres at the estimate).
 */
@FunctionalInterface
public interface ChartCentring extends Capability {
    /**
     * @param p a point
     * @return the same point at the centre of a chart
     */
    ChartPoint centredAt(ChartPoint p);
}

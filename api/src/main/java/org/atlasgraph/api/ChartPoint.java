package org.atlasgraph.api;

import org.atlasgraph.api.check.Checks;
import org.atlasgraph.api.check.InvalidInputException;

/**
 * A point of the manifold given by its representative ξ in a compressed chart (§2.1.1): the value on which every
 * primitive operates.
 *
 * @param chart the chart
 * @param xi    coordinates in the chart, of dimension {@code chart.dimension()}
 */
public record ChartPoint(Chart chart, Coordinates xi) {
    /**
     * Validates that the coordinates have the chart's dimension (entries are finite by construction of
     * {@link Coordinates}).
     *
     * @throws InvalidInputException if the dimension differs
     */
    public ChartPoint {
        Checks.requireNonNull("chart", chart, "a chart");
        Checks.requireNonNull("xi", xi, "coordinates in the chart");
        if (xi.dimension() != chart.dimension()) {
            throw new InvalidInputException("xi", "length " + chart.dimension() + " (dimension of chart " + chart.id()
                    + ")", String.valueOf(xi.dimension()));
        }
    }

    /**
     * @param other another point
     * @return whether both are expressed in the same chart (equal ids)
     */
    public boolean sameChart(ChartPoint other) {
        Checks.requireNonNull("other", other, "a chart point");
        return chart.id().equals(other.chart.id());
    }

    /**
     * A tangent vector at this point.
     *
     * @param tau representative in this point's chart
     * @return the tangent vector
     */
    public TangentVector tangent(Coordinates tau) {
        return new TangentVector(chart, tau);
    }

    /**
     * Requires a tangent vector to be expressed in this point's chart, as every primitive taking {@code (p, τ)} does.
     *
     * @param name the tangent's name in the message, e.g. {@code "tau"}
     * @param tau  the tangent vector
     * @return {@code tau}
     * @throws InvalidInputException if the charts differ, or {@code tau} is {@code null}
     */
    public TangentVector requireTangent(String name, TangentVector tau) {
        Checks.requireNonNull(name, tau, "a tangent vector at " + chart.id());
        if (!tau.chart().id().equals(chart.id())) {
            throw new InvalidInputException(name, "a tangent vector in the chart of its base point, " + chart.id(),
                    "one in chart " + tau.chart().id());
        }
        return tau;
    }

    /** @return the zero tangent vector at this point */
    public TangentVector zeroTangent() {
        return new TangentVector(chart, Coordinates.zeros(chart.dimension()));
    }
}

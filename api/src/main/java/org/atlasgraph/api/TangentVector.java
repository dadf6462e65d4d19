package org.atlasgraph.api;

import org.atlasgraph.api.check.Checks;
import org.atlasgraph.api.check.InvalidInputException;

/**
 * A representative tangent vector τ ∈ T_ξ V ≅ R^d in the chart of its base point (§2.2). The base point is passed
 * separately to every primitive (ManifoldsBase's {@code f(M, p, X)} order); the chart is carried so that a vector
 * expressed in the wrong chart is rejected rather than silently misread.
 *
 * @param chart the chart of the base point
 * @param tau   the representative, of dimension {@code chart.dimension()}
 */
public record TangentVector(Chart chart, Coordinates tau) {
    /**
     * Validates the dimension.
     *
     * @throws InvalidInputException if {@code tau} does not have the chart's dimension
     */
    public TangentVector {
        Checks.requireNonNull("chart", chart, "the chart of the base point");
        Checks.requireNonNull("tau", tau, "coordinates of a tangent vector");
        if (tau.dimension() != chart.dimension()) {
            throw new InvalidInputException("tau", "length " + chart.dimension() + " (dimension of chart "
                    + chart.id() + ")", String.valueOf(tau.dimension()));
        }
    }

    /**
     * @param factor a finite scalar
     * @return {@code factor · τ}
     */
    public TangentVector scale(double factor) {
        return new TangentVector(chart, tau.scale(factor));
    }

    /**
     * @param other a tangent vector in the same chart
     * @return {@code τ + σ}
     * @throws InvalidInputException if the charts differ
     */
    public TangentVector plus(TangentVector other) {
        requireSameChart(other);
        return new TangentVector(chart, tau.plus(other.tau));
    }

    /**
     * @param other a tangent vector in the same chart
     * @return {@code τ − σ}
     * @throws InvalidInputException if the charts differ
     */
    public TangentVector minus(TangentVector other) {
        requireSameChart(other);
        return new TangentVector(chart, tau.minus(other.tau));
    }

    private void requireSameChart(TangentVector other) {
        if (!chart.id().equals(other.chart.id())) {
            throw new InvalidInputException("other", "a tangent vector in chart " + chart.id(),
                    "one in chart " + other.chart.id());
        }
    }
}
